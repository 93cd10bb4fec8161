package modelcontext_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
)

// FuzzLoadState feeds LoadState arbitrary bytes: it must not panic, a
// refused state must leave the history as it was, and an accepted one
// must save and load back to the same state.
func FuzzLoadState(f *testing.F) {
	for _, s := range []string{`{}`, `{"messages":[]}`, `{"messages":[{"content":"no type"}]}`, `null`, `[`,
		`{"messages":[{"content":"hi","type":"SystemMessage"},{"content":[],"thought":null,"source":"a","type":"AssistantMessage"}]}`,
		`{"messages":[{"content":["x",{"data":"iVBORw0KGgo="}],"source":"u","type":"UserMessage"}]}`} {
		f.Add([]byte(s))
	}
	if cases, err := filepath.Glob(conformance + "/contexts/45*.json"); err == nil {
		for _, name := range cases {
			if data, err := os.ReadFile(name); err == nil {
				f.Add(data)
			}
		}
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, state []byte) {
		cc, _ := modelcontext.NewBuffered(3, modelcontext.WithInitialMessages())
		_ = cc.LoadState(ctx, []byte(`{"messages":[{"content":"before","type":"SystemMessage"}]}`))
		before, _ := cc.SaveState(ctx)
		if err := cc.LoadState(ctx, state); err != nil {
			if after, _ := cc.SaveState(ctx); !bytes.Equal(before, after) {
				t.Fatalf("a refused state changed the history: %v", err)
			}
			return
		}
		saved, err := cc.SaveState(ctx)
		if err != nil {
			return // e.g. an image that does not encode back; nothing to compare
		}
		if _, err := cc.GetMessages(ctx); err != nil {
			t.Fatal(err)
		}
		if err := cc.LoadState(ctx, saved); err != nil {
			t.Fatalf("a saved state does not load: %v\n%s", err, saved)
		}
		again, _ := cc.SaveState(ctx)
		if !bytes.Equal(saved, again) {
			t.Fatalf("state changed on reload:\n%s\n%s", saved, again)
		}
	})
}

// FuzzLoad feeds Load arbitrary component configs of the four providers:
// it must not panic, and what loads must dump and load back to the same
// dump.
func FuzzLoad(f *testing.F) {
	for _, s := range []string{`{}`, `{"buffer_size":2}`, `{"head_size":1,"tail_size":1,"keep_tool_pairs":true}`,
		`{"model_client":` + replayClient + `,"token_limit":3,"tool_schema":[]}`, `{"initial_messages":[{"content":"s","type":"SystemMessage"}]}`} {
		for p := range 4 {
			f.Add(uint8(p), []byte(s))
		}
	}
	providers := []string{modelcontext.UnboundedProvider, modelcontext.BufferedProvider, modelcontext.HeadAndTailProvider, modelcontext.TokenLimitedProvider}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, p uint8, config []byte) {
		doc := envelope(providers[int(p)%len(providers)], string(config))
		cc, err := modelcontext.Load(ctx, doc)
		if err != nil {
			return
		}
		dump, err := component.Dump(cc.(component.Component))
		if err != nil {
			return
		}
		again, err := modelcontext.Load(ctx, dump)
		if err != nil {
			t.Fatalf("a dump does not load: %v\n%s", err, dump)
		}
		dump2, err := component.Dump(again.(component.Component))
		if err != nil || !bytes.Equal(dump, dump2) {
			t.Fatalf("dump changed on reload (%v):\n%s\n%s", err, dump, dump2)
		}
	})
}
