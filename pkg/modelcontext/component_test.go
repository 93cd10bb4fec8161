package modelcontext_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// envelope wraps a config in a ComponentModel of provider.
func envelope(provider, config string) []byte {
	return []byte(`{"provider":"` + provider + `","component_type":"chat_completion_context","version":1,"component_version":1,"config":` + config + `}`)
}

const replayClient = `{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","component_type":"replay_chat_completion_client","version":1,"component_version":1,"description":"A mock chat completion client that replays predefined responses using an index-based approach.","label":"ReplayChatCompletionClient","config":{"chat_completions":["a"],"model_info":{"vision":false,"function_calling":false,"json_output":false,"family":"unknown","structured_output":false}}}`

// TestComponentConfigs checks dumps of configs written by hand from
// AutoGen's rules (CONTEXTS.md): sizes, the initial messages with their
// None fields dropped (and [] kept), token_limit dropped when None,
// tool_schema always there with the nulls of free-form properties kept,
// and the KeepToolPairs member; and that each loads back to the same
// dump, also under the private module path AutoGen accepts.
func TestComponentConfigs(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name     string
		provider string
		alias    string
		config   string
	}{
		{"unbounded empty", modelcontext.UnboundedProvider, "autogen_core.model_context._unbounded_chat_completion_context.UnboundedChatCompletionContext", `{}`},
		{"unbounded empty initial list", modelcontext.UnboundedProvider, "", `{"initial_messages":[]}`},
		{"buffered with initial", modelcontext.BufferedProvider, "autogen_core.model_context._buffered_chat_completion_context.BufferedChatCompletionContext",
			`{"buffer_size":3,"initial_messages":[{"content":"s","type":"SystemMessage"},{"content":"a","source":"x","type":"AssistantMessage"},{"content":[{"content":"r","name":"f","call_id":"1"}],"type":"FunctionExecutionResultMessage"}]}`},
		{"buffered keeping pairs", modelcontext.BufferedProvider, "", `{"buffer_size":3,"keep_tool_pairs":true}`},
		{"head and tail", modelcontext.HeadAndTailProvider, "autogen_core.model_context._head_and_tail_chat_completion_context.HeadAndTailChatCompletionContext", `{"head_size":1,"tail_size":2}`},
		{"head and tail keeping pairs", modelcontext.HeadAndTailProvider, "", `{"head_size":1,"tail_size":2,"initial_messages":[{"content":"u","source":"x","type":"UserMessage"}],"keep_tool_pairs":true}`},
		{"token limited", modelcontext.TokenLimitedProvider, "autogen_core.model_context._token_limited_chat_completion_context.TokenLimitedChatCompletionContext",
			`{"model_client":` + replayClient + `,"token_limit":7,"tool_schema":[]}`},
		{"token limited without limit, with tools", modelcontext.TokenLimitedProvider, "",
			`{"model_client":` + replayClient + `,"tool_schema":[{"parameters":{"type":"object","properties":{"x":{"type":"integer","default":null}},"required":["x"]},"name":"f","description":"d","strict":true}]}`},
		{"token limited keeping pairs", modelcontext.TokenLimitedProvider, "",
			`{"model_client":` + replayClient + `,"token_limit":7,"tool_schema":[],"keep_tool_pairs":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range []string{tt.provider, tt.alias} {
				if p == "" {
					continue
				}
				cc, err := modelcontext.Load(ctx, envelope(p, tt.config))
				if err != nil {
					t.Fatal(err)
				}
				m, err := cc.(component.Component).ComponentModel()
				if err != nil {
					t.Fatal(err)
				}
				if m.Provider != tt.provider || *m.ComponentType != "chat_completion_context" || *m.Label != tt.provider[strings.LastIndexByte(tt.provider, '.')+1:] {
					t.Errorf("envelope %s %s %s", m.Provider, *m.ComponentType, *m.Label)
				}
				if string(m.Config) != tt.config {
					t.Errorf("config\n got %s\nwant %s", m.Config, tt.config)
				}
			}
		})
	}
}

// TestComponentFromConstructors checks what contexts built in Go dump.
func TestComponentFromConstructors(t *testing.T) {
	client := replay.New(replay.Texts("a"))
	tl, err := modelcontext.NewTokenLimited(client, modelcontext.WithInitialMessages(models.NewAssistantText("a", "hi")))
	if err != nil {
		t.Fatal(err)
	}
	m, err := tl.ComponentModel()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"model_client":` + replayClient + `,"tool_schema":[],"initial_messages":[{"content":"hi","source":"a","type":"AssistantMessage"}]}`
	if string(m.Config) != want {
		t.Errorf("config\n got %s\nwant %s", m.Config, want)
	}
	u, _ := modelcontext.NewUnbounded()
	_ = u.AddMessage(context.Background(), models.NewSystemMessage("added, not initial"))
	if m, _ := u.ComponentModel(); string(m.Config) != `{}` {
		t.Errorf("unbounded config %s", m.Config)
	}
}

// TestLoadErrors checks configs AutoGen refuses.
func TestLoadErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		doc  []byte
		want string
		is   func(error) bool
	}{
		{"unknown provider", envelope("autogen_core.model_context.SummarizedChatCompletionContext", `{}`), `"autogen_core.model_context.SummarizedChatCompletionContext"`,
			func(err error) bool { var e *component.UnknownProviderError; return errors.As(err, &e) }},
		{"unknown model client", envelope(modelcontext.TokenLimitedProvider, `{"model_client":{"provider":"my.Client","config":{}}}`), `"my.Client"`,
			func(err error) bool { var e *component.UnknownProviderError; return errors.As(err, &e) }},
		{"model client not a client", envelope(modelcontext.TokenLimitedProvider, `{"model_client":`+string(envelope(modelcontext.UnboundedProvider, `{}`))+`}`), "model_client",
			func(err error) bool { var e *component.TypeError; return errors.As(err, &e) }},
		{"missing model client", envelope(modelcontext.TokenLimitedProvider, `{}`), "model_client", isWire},
		{"missing buffer size", envelope(modelcontext.BufferedProvider, `{}`), "buffer_size", isWire},
		{"bad buffer size", envelope(modelcontext.BufferedProvider, `{"buffer_size":"many"}`), "buffer_size", isWire},
		{"bad initial message", envelope(modelcontext.UnboundedProvider, `{"initial_messages":[{"content":"x"}]}`), "initial_messages/0", isWire},
		{"bad extension", envelope(modelcontext.BufferedProvider, `{"buffer_size":1,"keep_tool_pairs":"yes"}`), "keep_tool_pairs", func(error) bool { return true }},
		{"model client loads before the limit is checked", envelope(modelcontext.TokenLimitedProvider, `{"model_client":{"provider":"my.Client","config":{}},"token_limit":0}`), `"my.Client"`,
			func(err error) bool { var e *component.UnknownProviderError; return errors.As(err, &e) }},
		{"negative tail", envelope(modelcontext.HeadAndTailProvider, `{"head_size":1,"tail_size":-1}`), "tail_size must be greater than 0.", isSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cc, err := modelcontext.Load(ctx, tt.doc)
			if err == nil || !tt.is(err) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, %v; want an error with %s", cc, err, tt.want)
			}
		})
	}
}

func isWire(err error) bool { var e wire.Errors; return errors.As(err, &e) }

// TestRegisterOwnRegistry checks Register on a registry of one's own.
func TestRegisterOwnRegistry(t *testing.T) {
	r := component.NewRegistry()
	modelcontext.Register(r)
	if got := len(r.Providers()); got != 4 {
		t.Fatalf("%d providers", got)
	}
	v, err := r.Load(context.Background(), envelope(modelcontext.BufferedProvider, `{"buffer_size":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := v.(*modelcontext.Buffered); !ok || b.BufferSize() != 2 {
		t.Fatalf("%#v", v)
	}
	// The replay client is not registered in r.
	_, err = r.Load(context.Background(), envelope(modelcontext.TokenLimitedProvider, `{"model_client":`+replayClient+`}`))
	var up *component.UnknownProviderError
	if !errors.As(err, &up) {
		t.Fatalf("%v", err)
	}
}
