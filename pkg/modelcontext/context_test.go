package modelcontext_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/modelcontext/modelcontexttest"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// kindOptions converts options that apply to several kinds to one kind's.
func kindOptions[T, O any](opts []O) []T {
	out := make([]T, 0, len(opts)+2)
	for _, o := range opts {
		out = append(out, any(o).(T))
	}
	return out
}

// kinds returns one context of each kind, empty.
func kinds(t testing.TB, opts ...modelcontext.CommonOption) map[string]modelcontext.ChatCompletionContext {
	t.Helper()
	must := func(c modelcontext.ChatCompletionContext, err error) modelcontext.ChatCompletionContext {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	return map[string]modelcontext.ChatCompletionContext{
		"unbounded":     must(modelcontext.NewUnbounded(kindOptions[modelcontext.UnboundedOption](opts)...)),
		"buffered":      must(modelcontext.NewBuffered(5, kindOptions[modelcontext.BufferedOption](opts)...)),
		"head_and_tail": must(modelcontext.NewHeadAndTail(2, 3, kindOptions[modelcontext.HeadAndTailOption](opts)...)),
		"token_limited": must(modelcontext.NewTokenLimited(replay.New(nil), append(kindOptions[modelcontext.TokenLimitedOption](opts), modelcontext.WithTokenLimit(40))...)),
	}
}

// TestLoadStateErrors checks that states AutoGen's model_validate refuses
// are *StateErrors and leave the history as it was, and that the ones it
// accepts load.
func TestLoadStateErrors(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		state string
		want  string // "" when the state loads; else part of the message
		n     int    // messages after loading
	}{
		{"empty object", `{}`, "", 0},
		{"empty list", `{"messages":[]}`, "", 0},
		{"one message", `{"messages":[{"content":"hi","type":"SystemMessage"}]}`, "", 1},
		{"unknown members ignored", `{"messages":[],"extra":1}`, "", 0},
		{"no type", `{"messages":[{"content":"no type"}]}`, "Unable to extract tag using discriminator 'type'", 0},
		{"unknown type", `{"messages":[{"content":"x","type":"ToolMessage"}]}`, "does not match any of the expected tags", 0},
		{"missing field", `{"messages":[{"content":"x","type":"UserMessage"}]}`, "/messages/0/source", 0},
		{"second bad", `{"messages":[{"content":"x","type":"SystemMessage"},{"type":"AssistantMessage"}]}`, "/messages/1", 0},
		{"null messages", `{"messages":null}`, "/messages", 0},
		{"not an object", `[]`, "ChatCompletionContextState", 0},
		{"null", `null`, "ChatCompletionContextState", 0},
		{"not JSON", `{"messages":[`, "", 0},
		{"empty input", ``, "", 0},
	}
	for name, cc := range kinds(t) {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				if err := cc.LoadState(ctx, []byte(`{"messages":[{"content":"before","source":"u","type":"UserMessage"}]}`)); err != nil {
					t.Fatal(err)
				}
				before, _ := cc.SaveState(ctx)
				err := cc.LoadState(ctx, []byte(tt.state))
				after, _ := cc.SaveState(ctx)
				bad := tt.want != "" || tt.name == "not JSON" || tt.name == "empty input"
				if !bad {
					if err != nil {
						t.Fatal(err)
					}
					all, _ := modelcontext.NewUnbounded()
					_ = all.LoadState(ctx, after)
					if got, _ := all.GetMessages(ctx); len(got) != tt.n {
						t.Fatalf("%d messages after loading, want %d", len(got), tt.n)
					}
					return
				}
				var se *modelcontext.StateError
				if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("error %v, want a StateError with %q", err, tt.want)
				}
				var we wire.Errors
				if !errors.As(err, &we) {
					t.Errorf("the StateError does not wrap wire.Errors: %v", err)
				}
				if !bytes.Equal(before, after) {
					t.Fatalf("a bad state changed the history: %s", after)
				}
			})
		}
	}
}

// TestStateRoundTrip checks SaveState's JSON against AutoGen's form
// (every field, nulls included, images as {"data": ...}) by hand, and
// that it loads back.
func TestStateRoundTrip(t *testing.T) {
	ctx := context.Background()
	cc, _ := modelcontext.NewUnbounded()
	img, err := gen.UnmarshalLLMMessage([]byte(pngMessage))
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	for _, m := range []gen.LLMMessage{
		models.NewSystemMessage("sys"),
		img,
		models.NewFunctionCallMessage("a", gen.FunctionCall{ID: "1", Name: "f", Arguments: "{}"}),
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("1", "f", "out", nil), models.NewFunctionResult("2", "g", "bad", &yes)),
		models.NewAssistantText("a", "done"),
	} {
		if err := cc.AddMessage(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	state, err := cc.SaveState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"messages":[{"content":"sys","type":"SystemMessage"},` + pngMessage + `,` +
		`{"content":[{"id":"1","arguments":"{}","name":"f"}],"thought":null,"source":"a","type":"AssistantMessage"},` +
		`{"content":[{"content":"out","name":"f","call_id":"1","is_error":null},{"content":"bad","name":"g","call_id":"2","is_error":true}],"type":"FunctionExecutionResultMessage"},` +
		`{"content":"done","thought":null,"source":"a","type":"AssistantMessage"}]}`
	if string(state) != want {
		t.Fatalf("state\n got %s\nwant %s", state, want)
	}
	other, _ := modelcontext.NewBuffered(2)
	if err := other.LoadState(ctx, state); err != nil {
		t.Fatal(err)
	}
	again, _ := other.SaveState(ctx)
	if !bytes.Equal(again, state) {
		t.Fatalf("reloaded state differs:\n%s", again)
	}
}

// TestConstructorErrors checks sizes, options and messages the
// constructors refuse.
func TestConstructorErrors(t *testing.T) {
	client := replay.New(nil)
	tests := []struct {
		name  string
		build func() (modelcontext.ChatCompletionContext, error)
		check func(error) bool
		text  string
	}{
		{"buffer 0", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewBuffered(0) }, isSize, "buffer_size must be greater than 0."},
		{"buffer -3", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewBuffered(-3) }, isSize, "buffer_size must be greater than 0."},
		{"head checked first", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewHeadAndTail(0, 0) }, isSize, "head_size must be greater than 0."},
		{"tail", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewHeadAndTail(1, -1) }, isSize, "tail_size must be greater than 0."},
		{"token limit 0", func() (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewTokenLimited(client, modelcontext.WithTokenLimit(0))
		}, isSize, "token_limit must be greater than 0."},
		{"no client", func() (modelcontext.ChatCompletionContext, error) { return modelcontext.NewTokenLimited(nil) }, func(err error) bool { return errors.Is(err, modelcontext.ErrNoClient) }, ""},
		{"nil initial message", func() (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewUnbounded(modelcontext.WithInitialMessages(models.NewSystemMessage("s"), nil))
		}, isMessage, "modelcontext: initial message 1: nil message"},
		{"typed nil initial message", func() (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewBuffered(1, modelcontext.WithInitialMessages((*gen.UserMessage)(nil)))
		}, isMessage, ""},
		{"empty content", func() (modelcontext.ChatCompletionContext, error) {
			return modelcontext.NewBuffered(1, modelcontext.WithInitialMessages(&gen.AssistantMessage{Source: "a"}))
		}, isMessage, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := tt.build()
			if err == nil || !tt.check(err) || (tt.text != "" && err.Error() != tt.text) {
				t.Fatalf("got %v, %v; want %q", c, err, tt.text)
			}
		})
	}
}

func isSize(err error) bool    { var e *modelcontext.SizeError; return errors.As(err, &e) }
func isMessage(err error) bool { var e *modelcontext.MessageError; return errors.As(err, &e) }

// TestAddMessageErrors checks that bad messages and done contexts are
// refused, and leave the history as it was.
func TestAddMessageErrors(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for name, cc := range kinds(t) {
		ctx := context.Background()
		for _, m := range []gen.LLMMessage{nil, (*gen.SystemMessage)(nil), &gen.UserMessage{Source: "u"},
			&gen.UserMessage{Source: "u", Content: gen.UserMessageContentOfParts([]gen.UserMessageContentItem{{}})}} {
			if err := cc.AddMessage(ctx, m); !isMessage(err) {
				t.Errorf("%s: AddMessage(%#v): %v", name, m, err)
			}
		}
		if err := cc.AddMessage(done, models.NewSystemMessage("s")); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: AddMessage with a done context: %v", name, err)
		}
		for what, err := range map[string]error{
			"Clear":     cc.Clear(done),
			"LoadState": cc.LoadState(done, []byte(`{}`)),
		} {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("%s: %s with a done context: %v", name, what, err)
			}
		}
		if _, err := cc.GetMessages(done); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: GetMessages with a done context: %v", name, err)
		}
		if _, err := cc.SaveState(done); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: SaveState with a done context: %v", name, err)
		}
		if v, _ := cc.GetMessages(ctx); len(v) != 0 {
			t.Errorf("%s: %d messages after refused adds", name, len(v))
		}
	}
}

// TestViewsAreCopies checks that changing a returned view does not
// change the history, and that the initial messages slice given is not
// written to.
func TestViewsAreCopies(t *testing.T) {
	ctx := context.Background()
	initial := make([]gen.LLMMessage, 2, 10)
	initial[0], initial[1] = models.NewSystemMessage("s"), models.NewUserText("user", "u")
	for name, cc := range kinds(t, modelcontext.WithInitialMessages(initial...)) {
		_ = cc.AddMessage(ctx, models.NewAssistantText("a", "a"))
		if initial[:3][2] != nil {
			t.Fatalf("%s: AddMessage wrote into the initial messages' array", name)
		}
		v, _ := cc.GetMessages(ctx)
		for i := range v {
			v[i] = nil
		}
		if w, _ := cc.GetMessages(ctx); slices.Contains(w, nil) || len(w) == 0 {
			t.Fatalf("%s: changing a view changed the history", name)
		}
	}
}

// TestHugeSizes checks sizes beyond int64 from a config: they dump as
// given, and work as "everything".
func TestHugeSizes(t *testing.T) {
	ctx := context.Background()
	big := "100000000000000000000000000000"
	for _, cfg := range []string{
		`{"buffer_size":` + big + `}`,
		`{"head_size":` + big + `,"tail_size":` + big + `}`,
	} {
		provider := modelcontext.BufferedProvider
		if strings.Contains(cfg, "head") {
			provider = modelcontext.HeadAndTailProvider
		}
		doc := fmt.Sprintf(`{"provider":%q,"component_type":"chat_completion_context","version":1,"component_version":1,"description":null,"label":null,"config":%s}`, provider, cfg)
		cc, err := modelcontext.Load(ctx, []byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 5 {
			_ = cc.AddMessage(ctx, models.NewUserText("u", fmt.Sprint(i)))
		}
		if v, _ := cc.GetMessages(ctx); len(v) != 5 {
			t.Errorf("%s: %d messages, want 5", provider, len(v))
		}
		m, err := cc.(component.Component).ComponentModel()
		if err != nil {
			t.Fatal(err)
		}
		if string(m.Config) != cfg {
			t.Errorf("config %s, want %s", m.Config, cfg)
		}
	}
	b, _ := modelcontext.NewBuffered(math.MaxInt)
	h, _ := modelcontext.NewHeadAndTail(math.MaxInt, math.MaxInt)
	for _, cc := range []modelcontext.ChatCompletionContext{b, h} {
		_ = cc.AddMessage(ctx, models.NewUserText("u", "u"))
		if v, _ := cc.GetMessages(ctx); len(v) != 1 {
			t.Errorf("%T: %d messages", cc, len(v))
		}
	}
}

// TestConcurrentUse adds and reads from many goroutines at once (run with
// -race). Every view must be one the context could give for some prefix
// of the history, and no message is lost.
func TestConcurrentUse(t *testing.T) {
	ctx := context.Background()
	const writers, perWriter, readers = 8, 50, 8
	for name, cc := range kinds(t, modelcontext.WithInitialMessages(models.NewSystemMessage("s"))) {
		t.Run(name, func(t *testing.T) {
			var wg sync.WaitGroup
			stop := make(chan struct{})
			errs := make(chan error, writers+readers)
			for w := range writers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range perWriter {
						var m gen.LLMMessage = models.NewUserText("user", fmt.Sprintf("writer %d message %d", w, i))
						if i%5 == 4 {
							m = models.NewFunctionCallMessage("a", gen.FunctionCall{ID: "x", Name: "f"})
						}
						if err := cc.AddMessage(ctx, m); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			var rg sync.WaitGroup
			for range readers {
				rg.Add(1)
				go func() {
					defer rg.Done()
					for {
						select {
						case <-stop:
							return
						default:
						}
						v, err := cc.GetMessages(ctx)
						if err != nil {
							errs <- err
							return
						}
						if len(v) > 0 && v[0] == nil {
							errs <- errors.New("nil message in a view")
							return
						}
						if _, err := cc.SaveState(ctx); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			wg.Wait()
			close(stop)
			rg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			state, _ := cc.SaveState(ctx)
			all, _ := modelcontext.NewUnbounded()
			if err := all.LoadState(ctx, state); err != nil {
				t.Fatal(err)
			}
			if v, _ := all.GetMessages(ctx); len(v) != 1+writers*perWriter {
				t.Fatalf("%d messages, want %d", len(v), 1+writers*perWriter)
			}
			// Clear and LoadState race with reads too.
			var cg sync.WaitGroup
			for i := range 4 {
				cg.Add(1)
				go func() {
					defer cg.Done()
					if i%2 == 0 {
						_ = cc.Clear(ctx)
					} else {
						_ = cc.LoadState(ctx, state)
					}
					_, _ = cc.GetMessages(ctx)
				}()
			}
			cg.Wait()
		})
	}
}

// TestTokenLimitedClientErrors checks that a client's counting error is
// returned, on both paths.
func TestTokenLimitedClientErrors(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("boom")
	for _, c := range []models.ChatCompletionClient{newFailing(boom), modelcontexttest.Opaque(newFailing(boom))} {
		for _, opts := range [][]modelcontext.TokenLimitedOption{{modelcontext.WithTokenLimit(3)}, nil} {
			cc, err := modelcontext.NewTokenLimited(c, opts...)
			if err != nil {
				t.Fatal(err)
			}
			_ = cc.AddMessage(ctx, models.NewUserText("u", "one two three four"))
			if _, err := cc.GetMessages(ctx); !errors.Is(err, boom) {
				t.Errorf("%T %d options: %v", c, len(opts), err)
			}
		}
	}
	cc, _ := modelcontext.NewTokenLimited(bare{replay.New(nil)})
	if _, err := cc.ComponentModel(); err == nil {
		t.Error("ComponentModel of a client without a component config")
	}
}

// failing is a client whose counting fails.
type failing struct {
	*modelcontexttest.CharBudgetClient
	err error
}

func newFailing(err error) failing {
	return failing{&modelcontexttest.CharBudgetClient{MaxTokens: 5}, err}
}

func (f failing) CountTokens([]gen.LLMMessage, ...gen.ToolSchema) (int, error) { return 0, f.err }
func (f failing) RemainingTokens([]gen.LLMMessage, ...gen.ToolSchema) (int, error) {
	return 0, f.err
}
func (f failing) MessageTokens(gen.LLMMessage) (int, error) { return 0, f.err }
func (f failing) TokenBudget() (int, error)                 { return 0, f.err }

// bare is a client without a component config.
type bare struct{ models.ChatCompletionClient }

// TestOptionKinds: each option satisfies the option types of the kinds it
// applies to and no other, so giving a context an option of another kind
// does not compile (NewBuffered(5, WithTokenLimit(3)) is a type error).
func TestOptionKinds(t *testing.T) {
	for _, tc := range []struct {
		name                                       string
		opt                                        any
		unbounded, buffered, headAndTail, tokenLtd bool
	}{
		{"WithInitialMessages", modelcontext.WithInitialMessages(), true, true, true, true},
		{"KeepToolPairs", modelcontext.KeepToolPairs(), false, true, true, true},
		{"WithTokenLimit", modelcontext.WithTokenLimit(3), false, false, false, true},
		{"WithToolSchema", modelcontext.WithToolSchema(), false, false, false, true},
	} {
		_, u := tc.opt.(modelcontext.UnboundedOption)
		_, b := tc.opt.(modelcontext.BufferedOption)
		_, h := tc.opt.(modelcontext.HeadAndTailOption)
		_, l := tc.opt.(modelcontext.TokenLimitedOption)
		if u != tc.unbounded || b != tc.buffered || h != tc.headAndTail || l != tc.tokenLtd {
			t.Errorf("%s applies to unbounded %v, buffered %v, head and tail %v, token limited %v", tc.name, u, b, h, l)
		}
	}
	// A nil option is ignored.
	if _, err := modelcontext.NewBuffered(2, modelcontext.TrimOption(nil)); err != nil {
		t.Fatal(err)
	}
}
