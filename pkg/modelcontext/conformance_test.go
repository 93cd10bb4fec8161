package modelcontext_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/modelcontext/modelcontexttest"
	"github.com/agentschema/agentschema/pkg/models"
)

const conformance = "../../testdata/conformance"

func init() { modelcontexttest.Register(component.Default) }

// loadCases reads the AutoGen-recorded cases.
func loadCases(t testing.TB) []modelcontexttest.Case {
	t.Helper()
	cases, err := modelcontexttest.LoadCases(conformance + "/contexts")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// encodeMessages is the JSON array of msgs, each in its canonical form.
func encodeMessages(t testing.TB, msgs []gen.LLMMessage) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteByte('[')
	for i, m := range msgs {
		if i > 0 {
			b.WriteByte(',')
		}
		data, err := wire.Marshal(m)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		b.Write(data)
	}
	b.WriteByte(']')
	return b.Bytes()
}

func sameJSON(t testing.TB, what string, got, want []byte) {
	t.Helper()
	if err := modelcontexttest.SameJSON(got, want); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// variant is one way of building a case's context.
type variant struct {
	name string
	// build returns the context, or the error building it gave.
	build func(t *testing.T, c *modelcontexttest.Case) (modelcontext.ChatCompletionContext, error)
}

// fromParams builds the context with the constructor, the client wrapped
// by wrap (token-limited cases).
func fromParams(wrap func(models.ChatCompletionClient) models.ChatCompletionClient) func(*testing.T, *modelcontexttest.Case) (modelcontext.ChatCompletionContext, error) {
	return func(t *testing.T, c *modelcontexttest.Case) (modelcontext.ChatCompletionContext, error) {
		var client models.ChatCompletionClient
		if c.TokenCounter != nil {
			cl, err := c.Client()
			if err != nil {
				t.Fatal(err)
			}
			client = wrap(cl)
		}
		return c.New(client)
	}
}

// fromComponent loads the context from the case's AutoGen component.
func fromComponent(t *testing.T, c *modelcontexttest.Case) (modelcontext.ChatCompletionContext, error) {
	return modelcontext.Load(context.Background(), c.Component)
}

func identity(c models.ChatCompletionClient) models.ChatCompletionClient { return c }

var variants = []variant{
	{"params", fromParams(identity)},
	{"params-recount", fromParams(modelcontexttest.Opaque)},
	{"component", fromComponent},
}

// TestConformance checks every recorded case: the view, the saved state
// and the component dump, for a context made with the constructor (with
// the per-message counting client and, for token-limited cases, with the
// same client made opaque so that the context recounts as AutoGen does)
// and for one loaded from AutoGen's component config.
func TestConformance(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, c := range loadCases(t) {
		if c.Steps != nil || c.Error != nil {
			continue
		}
		for _, v := range variants {
			if v.name == "params-recount" && c.TokenCounter == nil {
				continue
			}
			t.Run(c.Name+"/"+v.name, func(t *testing.T) {
				n++
				cc, err := v.build(t, &c)
				if err != nil {
					t.Fatal(err)
				}
				msgs, err := modelcontexttest.DecodeMessages(c.Messages)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range msgs {
					if err := cc.AddMessage(ctx, m); err != nil {
						t.Fatal(err)
					}
				}
				view, err := cc.GetMessages(ctx)
				if err != nil {
					t.Fatal(err)
				}
				sameJSON(t, "view", encodeMessages(t, view), c.View)
				state, err := cc.SaveState(ctx)
				if err != nil {
					t.Fatal(err)
				}
				sameJSON(t, "state", state, c.State)
				dump, err := component.Dump(cc.(component.Component))
				if err != nil {
					t.Fatal(err)
				}
				sameJSON(t, "component", dump, c.Component)

				// The state loads back, in a context of the same config
				// without messages, to the same view.
				fresh, err := v.build(t, &c)
				if err != nil {
					t.Fatal(err)
				}
				if err := fresh.LoadState(ctx, state); err != nil {
					t.Fatal(err)
				}
				again, err := fresh.GetMessages(ctx)
				if err != nil {
					t.Fatal(err)
				}
				sameJSON(t, "view after LoadState", encodeMessages(t, again), c.View)
			})
		}
	}
	if n < 300 {
		t.Errorf("only %d case runs", n)
	}
}

// TestConformanceTokenCounters checks the counting rules against the
// counts each token-limited case records: every message alone (without
// tools) and all of them together (with the case's tools).
func TestConformanceTokenCounters(t *testing.T) {
	for _, c := range loadCases(t) {
		if c.TokenCounter == nil {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			client, err := c.Client()
			if err != nil {
				t.Fatal(err)
			}
			all, err := modelcontexttest.DecodeMessages(append(append([]json.RawMessage{}, c.InitialMessages...), c.Messages...))
			if err != nil {
				t.Fatal(err)
			}
			if len(all) != len(c.TokenCounter.PerMessage) {
				t.Fatalf("%d messages, %d counts", len(all), len(c.TokenCounter.PerMessage))
			}
			mc := client.(models.MessageCounter)
			for i, m := range all {
				got, _ := client.CountTokens(all[i : i+1])
				each, _ := mc.MessageTokens(m)
				if got != c.TokenCounter.PerMessage[i] || each != got {
					t.Errorf("message %d: CountTokens %d, MessageTokens %d, want %d", i, got, each, c.TokenCounter.PerMessage[i])
				}
			}
			tools, err := c.Tools()
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := client.CountTokens(all, tools...); got != c.TokenCounter.CountAll {
				t.Errorf("count of all: %d, want %d", got, c.TokenCounter.CountAll)
			}
		})
	}
}

// TestConformanceErrors checks the cases whose constructor raised: the
// constructor's error, and the same error when AutoGen's config with
// those params is loaded (the config schema accepts the values; only the
// constructor refuses them).
func TestConformanceErrors(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, c := range loadCases(t) {
		if c.Error == nil {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			if c.Error.Exception != "ValueError" {
				t.Fatalf("exception %s", c.Error.Exception)
			}
			var client models.ChatCompletionClient
			if c.TokenCounter != nil {
				var err error
				if client, err = c.Client(); err != nil {
					t.Fatal(err)
				}
			}
			_, err := c.New(client)
			var se *modelcontext.SizeError
			if !errors.As(err, &se) || err.Error() != c.Error.Msg {
				t.Fatalf("New: %v, want SizeError %q", err, c.Error.Msg)
			}
			_, err = modelcontext.Load(ctx, errorCaseConfig(t, &c))
			var le *component.LoadError
			if !errors.As(err, &le) || !errors.As(err, &se) || se.Error() != c.Error.Msg {
				t.Fatalf("Load: %v, want a LoadError wrapping SizeError %q", err, c.Error.Msg)
			}
		})
	}
	if n != 7 {
		t.Errorf("%d error cases, want 7", n)
	}
}

// errorCaseConfig is the component config AutoGen would dump for an error
// case's params (had the constructor accepted them).
func errorCaseConfig(t *testing.T, c *modelcontexttest.Case) []byte {
	t.Helper()
	p := c.Params
	var provider, config string
	switch c.Context {
	case "buffered":
		provider, config = modelcontext.BufferedProvider, fmt.Sprintf(`{"buffer_size":%d}`, *p.BufferSize)
	case "head_and_tail":
		provider, config = modelcontext.HeadAndTailProvider, fmt.Sprintf(`{"head_size":%d,"tail_size":%d}`, *p.HeadSize, *p.TailSize)
	case "token_limited":
		client, err := c.Client()
		if err != nil {
			t.Fatal(err)
		}
		m, err := component.Dump(client.(component.Component))
		if err != nil {
			t.Fatal(err)
		}
		provider, config = modelcontext.TokenLimitedProvider, fmt.Sprintf(`{"model_client":%s,"token_limit":%d,"tool_schema":[]}`, m, *p.TokenLimit)
	default:
		t.Fatalf("context %q", c.Context)
	}
	return []byte(fmt.Sprintf(`{"provider":%q,"component_type":"chat_completion_context","config":%s}`, provider, config))
}

// TestConformanceSteps runs the operation sequences (clear, load_state,
// save_state, dump_component).
func TestConformanceSteps(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, c := range loadCases(t) {
		if c.Steps == nil {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			var cc modelcontext.ChatCompletionContext
			var err error
			if c.Steps[0].Op != "init" {
				if cc, err = c.New(nil); err != nil {
					t.Fatal(err)
				}
			}
			for i, s := range c.Steps {
				what := fmt.Sprintf("step %d (%s)", i, s.Op)
				switch s.Op {
				case "init":
					c.InitialMessages = s.InitialMessages
					if cc, err = c.New(nil); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
				case "add_message":
					m, err := modelcontexttest.DecodeMessages([]json.RawMessage{s.Message})
					if err != nil {
						t.Fatal(err)
					}
					if err := cc.AddMessage(ctx, m[0]); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
				case "get_messages":
					view, err := cc.GetMessages(ctx)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					sameJSON(t, what, encodeMessages(t, view), s.Result)
				case "clear":
					if err := cc.Clear(ctx); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
				case "save_state":
					state, err := cc.SaveState(ctx)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					sameJSON(t, what, state, s.Result)
				case "load_state":
					before, _ := cc.SaveState(ctx)
					err := cc.LoadState(ctx, s.State)
					if s.Error == nil {
						if err != nil {
							t.Fatalf("%s: %v", what, err)
						}
						break
					}
					var se *modelcontext.StateError
					var we wire.Errors
					if !errors.As(err, &se) || !errors.As(err, &we) || len(we) == 0 || we[0].Message != s.Error.Msg {
						t.Fatalf("%s: %v, want a StateError %q", what, err, s.Error.Msg)
					}
					after, _ := cc.SaveState(ctx)
					if !bytes.Equal(before, after) {
						t.Errorf("%s: a bad state changed the context:\n%s\n%s", what, before, after)
					}
				case "dump_component":
					dump, err := component.Dump(cc.(component.Component))
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					sameJSON(t, what, dump, s.Result)
				default:
					t.Fatalf("%s: unknown op", what)
				}
			}
		})
	}
	if n != 2 {
		t.Errorf("%d steps cases, want 2", n)
	}
}

// TestComponentsJSON checks the context components of misc/components.json:
// dump what loads from each, and the same again.
func TestComponentsJSON(t *testing.T) {
	data, err := os.ReadFile(conformance + "/misc/components.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Components []struct {
			Class     string          `json:"class"`
			Component json.RawMessage `json:"component"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range file.Components {
		var probe struct {
			ComponentType string `json:"component_type"`
		}
		if err := json.Unmarshal(c.Component, &probe); err != nil {
			t.Fatal(err)
		}
		if probe.ComponentType != modelcontext.ComponentType {
			continue
		}
		n++
		t.Run(c.Class, func(t *testing.T) {
			cc, err := modelcontext.Load(context.Background(), c.Component)
			if err != nil {
				t.Fatal(err)
			}
			dump, err := component.Dump(cc.(component.Component))
			if err != nil {
				t.Fatal(err)
			}
			sameJSON(t, "dump", dump, c.Component)
		})
	}
	if n != 4 {
		t.Errorf("%d context components, want 4", n)
	}
}
