package modelcontext_test

import (
	"context"
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/modelcontext/modelcontexttest"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// benchLimit is the token-limited benchmark's limit, in replay tokens
// (words): far less than the 1,000 messages of state_1k hold, so every
// size trims.
const benchLimit = 4000

var (
	state1kOnce sync.Once
	state1k     []gen.LLMMessage
	state1kErr  error
)

// benchHistory returns n messages: state_1k.json's (written by AutoGen)
// repeated.
func benchHistory(b *testing.B, n int) []gen.LLMMessage {
	b.Helper()
	state1kOnce.Do(func() {
		data, err := os.ReadFile("../../testdata/bench/state_1k.json")
		if err != nil {
			state1kErr = err
			return
		}
		var st gen.ChatCompletionContextState
		state1kErr = st.UnmarshalJSON(data)
		state1k = st.Messages
	})
	if state1kErr != nil {
		b.Fatal(state1kErr)
	}
	out := make([]gen.LLMMessage, n)
	for i := range out {
		out[i] = state1k[i%len(state1k)]
	}
	return out
}

// BenchmarkGetMessages measures GetMessages on histories of 100, 1,000 and
// 10,000 messages: a buffer of 50, a head of 10 and tail of 40, and a
// limit of 4,000 replay tokens (the replay client counts each message
// once). Each costs O(n) or less, so n=10000 takes at most about 10 times
// n=1000.
func BenchmarkGetMessages(b *testing.B) {
	kinds := []struct {
		name string
		new  func() (modelcontext.ChatCompletionContext, error)
	}{
		{"buffered", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewBuffered(50) }},
		{"head_and_tail", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewHeadAndTail(10, 40) }},
		{"token_limited", func() (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewTokenLimited(replay.New(replay.Texts("unused")), modelcontext.WithTokenLimit(benchLimit))
		}},
	}
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			for _, n := range []int{100, 1000, 10000} {
				b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
					benchGetMessages(b, k.new, n)
				})
			}
		})
	}
}

// BenchmarkGetMessagesRecount is the token-limited case with a client
// that cannot count per message (AutoGen's recounting loop): its cost
// grows with the square of n.
func BenchmarkGetMessagesRecount(b *testing.B) {
	for _, n := range []int{100, 300} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchGetMessages(b, func() (modelcontext.ChatCompletionContext, error) {
				client := modelcontexttest.Opaque(replay.New(replay.Texts("unused")))
				return modelcontext.NewTokenLimited(client, modelcontext.WithTokenLimit(benchLimit/10))
			}, n)
		})
	}
}

func benchGetMessages(b *testing.B, newCtx func() (modelcontext.ChatCompletionContext, error), n int) {
	ctx := context.Background()
	cc, err := newCtx()
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range benchHistory(b, n) {
		if err := cc.AddMessage(ctx, m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := cc.GetMessages(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
