package replay

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

const conformance = "../../../testdata/conformance"

func user(text string) gen.LLMMessage { return models.NewUserText("user", text) }

func jsonEqual(t *testing.T, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("got invalid JSON %s: %v", got, err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("want invalid JSON %s: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestCountWords checks the replay count against Python's
// len(s.split()) (values worked out by hand from str.isspace()).
func TestCountWords(t *testing.T) {
	tests := []struct {
		name string
		text string
		want int
	}{
		{"empty", "", 0},
		{"spaces only", "   \t\n ", 0},
		{"words", "hello world", 2},
		{"runs and edges", "  a \t\n b  ", 2},
		{"NBSP separates", "a\u00a0b", 2},
		{"ideographic space", "東京\u3000大阪", 2},
		{"file/group/record/unit separators", "a\x1cb\x1dc\x1ed\x1fe", 5},
		{"NEL and line/para separators", "a\u0085b\u2028c\u2029d", 4},
		{"en quad .. hair space, narrow nbsp, mmsp, ogham", "a\u2000b\u200ac\u202fd\u205fe\u1680f", 6},
		{"vertical tab and form feed", "a\vb\fc\rd", 4},
		{"zero-width space is not space", "a\u200bb", 1},
		{"BOM is not space", "a\ufeffb", 1},
		{"mongolian vowel separator is not space", "a\u180eb", 1},
		{"NUL is not space", "a\x00b", 1},
		{"punctuation", "Hello, world! How's it going?", 5},
		{"invalid UTF-8 is a word", "a \xff b", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, m := range []gen.LLMMessage{
				models.NewSystemMessage(tt.text), user(tt.text), models.NewAssistantText("bot", tt.text),
			} {
				if got := CountWords([]gen.LLMMessage{m}); got != tt.want {
					t.Errorf("%s: %d, want %d", m.Type(), got, tt.want)
				}
			}
			if got := len(pySplit(tt.text)); got != tt.want {
				t.Errorf("pySplit: %d words %q, want %d", got, pySplit(tt.text), tt.want)
			}
		})
	}
	// List content counts 0.
	zero := []gen.LLMMessage{
		models.NewFunctionCallMessage("bot", gen.FunctionCall{ID: "1", Name: "f", Arguments: "{\"a\": \"b c\"}"}),
		models.NewFunctionExecutionResultMessage(models.NewFunctionResult("1", "f", "three words here", nil)),
		models.NewMultiModalUserMessage("user", models.TextItem("four words in text")),
		(*gen.UserMessage)(nil),
		nil,
	}
	if got := CountWords(zero); got != 0 {
		t.Fatalf("list content counted %d", got)
	}
	if got := CountWords(append(zero, user("one two"), models.NewSystemMessage("three"))); got != 3 {
		t.Fatalf("sum %d, want 3", got)
	}
}

func TestPySplit(t *testing.T) {
	got := pySplit("  Hello,\u00a0how are\u3000you?\n")
	want := []string{"Hello,", "how", "are", "you?"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q", got)
	}
	if pySplit("") != nil || pySplit(" ") != nil {
		t.Fatal("empty split")
	}
}

// contextCase is the part of a contexts/NNN.json case these tests read.
type contextCase struct {
	InitialMessages json.RawMessage `json:"initial_messages"`
	Messages        json.RawMessage `json:"messages"`
	TokenCounter    *struct {
		Client     string `json:"client"`
		CountAll   int    `json:"count_all"`
		PerMessage []int  `json:"per_message"`
	} `json:"token_counter"`
	Component json.RawMessage `json:"component"`
}

func decodeMessages(t *testing.T, raw json.RawMessage) []gen.LLMMessage {
	t.Helper()
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var st gen.ChatCompletionContextState
	if err := json.Unmarshal([]byte(`{"messages":`+string(raw)+`}`), &st); err != nil {
		t.Fatal(err)
	}
	return st.Messages
}

func loadContextCases(t *testing.T) map[string]contextCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(conformance, "contexts/*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no context cases: %v", err)
	}
	out := map[string]contextCase{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c contextCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = c
	}
	return out
}

// TestCountTokensContexts checks CountTokens against the per-message counts
// AutoGen's replay client gave in every token-limited context case that
// uses it.
func TestCountTokensContexts(t *testing.T) {
	client := New(nil)
	n := 0
	for name, c := range loadContextCases(t) {
		if c.TokenCounter == nil || c.TokenCounter.Client != "ReplayChatCompletionClient" {
			continue
		}
		n++
		msgs := append(decodeMessages(t, c.InitialMessages), decodeMessages(t, c.Messages)...)
		if len(msgs) != len(c.TokenCounter.PerMessage) {
			t.Fatalf("%s: %d messages, %d counts", name, len(msgs), len(c.TokenCounter.PerMessage))
		}
		for i, m := range msgs {
			if got, _ := client.CountTokens([]gen.LLMMessage{m}); got != c.TokenCounter.PerMessage[i] {
				t.Errorf("%s: message %d: %d, want %d", name, i, got, c.TokenCounter.PerMessage[i])
			}
		}
		tools := []gen.ToolSchema{{Name: "ignored"}}
		if got, _ := client.CountTokens(msgs, tools...); got != c.TokenCounter.CountAll {
			t.Errorf("%s: count_all %d, want %d", name, got, c.TokenCounter.CountAll)
		}
		if got, _ := client.RemainingTokens(msgs, tools...); got != 10000 {
			t.Errorf("%s: remaining %d", name, got)
		}
	}
	if n < 50 {
		t.Fatalf("only %d replay cases", n)
	}
}

// TestComponentConformance loads every replay client config AutoGen dumped
// (misc/components.json and the token-limited context cases' model_client)
// through the component registry and dumps it again: the dump must equal
// AutoGen's.
func TestComponentConformance(t *testing.T) {
	var configs []json.RawMessage
	data, err := os.ReadFile(filepath.Join(conformance, "misc/components.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cf struct {
		Components []struct {
			Component json.RawMessage `json:"component"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &cf); err != nil {
		t.Fatal(err)
	}
	var outer []json.RawMessage
	for _, c := range cf.Components {
		outer = append(outer, c.Component)
	}
	for _, c := range loadContextCases(t) {
		if c.Component != nil {
			outer = append(outer, c.Component)
		}
	}
	for _, raw := range outer {
		var m gen.ComponentModel
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		if m.Provider == Provider {
			configs = append(configs, raw)
			continue
		}
		var inner struct {
			ModelClient json.RawMessage `json:"model_client"`
		}
		_ = json.Unmarshal(m.Config, &inner)
		if strings.Contains(string(inner.ModelClient), Provider) {
			configs = append(configs, inner.ModelClient)
		}
	}
	if len(configs) < 10 {
		t.Fatalf("only %d replay configs", len(configs))
	}
	ctx := context.Background()
	for _, raw := range configs {
		client, err := models.LoadClient(ctx, raw)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		got, err := component.Dump(client.(*Client))
		if err != nil {
			t.Fatal(err)
		}
		jsonEqual(t, got, raw)
	}
	t.Logf("%d replay configs", len(configs))
}

func TestComponentRoundTrip(t *testing.T) {
	thought := "thinking"
	msm := false
	res := models.NewFunctionCallsResult([]gen.FunctionCall{{ID: "c", Name: "f", Arguments: "{}"}}, models.NewRequestUsage(5, 7), false)
	res.Thought = &thought
	res.Logprobs = []gen.ChatCompletionTokenLogprob{{Token: "a", Logprob: -0.5, TopLogprobs: []gen.TopLogprob{{Logprob: -1}}}}
	info := gen.ModelInfo{Vision: true, FunctionCalling: true, Family: models.FamilyGPT4O, StructuredOutput: true}
	info.MultipleSystemMessages.Set = true
	info.MultipleSystemMessages.Value = &msm
	client := New([]Completion{{Text: "hello there"}, {Result: &res}}, WithModelInfo(info))
	got, err := component.Dump(client)
	if err != nil {
		t.Fatal(err)
	}
	// AutoGen's dump of the same client: None fields (bytes, top_logprobs'
	// bytes) dropped at every depth.
	want := `{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","component_type":"replay_chat_completion_client",
	"version":1,"component_version":1,
	"description":"A mock chat completion client that replays predefined responses using an index-based approach.",
	"label":"ReplayChatCompletionClient","config":{"chat_completions":["hello there",
	{"finish_reason":"function_calls","content":[{"id":"c","arguments":"{}","name":"f"}],"usage":{"prompt_tokens":5,"completion_tokens":7},
	"cached":false,"logprobs":[{"token":"a","logprob":-0.5,"top_logprobs":[{"logprob":-1.0}]}],"thought":"thinking"}],
	"model_info":{"vision":true,"function_calling":true,"json_output":false,"family":"gpt-4o","structured_output":true,"multiple_system_messages":false}}}`
	jsonEqual(t, got, []byte(want))

	back, err := component.LoadAs[*Client](context.Background(), got)
	if err != nil {
		t.Fatal(err)
	}
	again, err := component.Dump(back)
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(got) {
		t.Fatalf("second dump differs:\n%s\n%s", again, got)
	}
	if !reflect.DeepEqual(back.ModelInfo(), info) {
		t.Fatalf("model info %+v", back.ModelInfo())
	}
}

func TestFromConfigErrors(t *testing.T) {
	tests := []struct{ name, config, want string }{
		{"not an object", `[]`, "valid dictionary"},
		{"missing chat_completions", `{"model_info": null}`, "/chat_completions: Field required"},
		{"not a list", `{"chat_completions": "a"}`, "/chat_completions: Input should be a valid list"},
		{"bad item", `{"chat_completions": ["a", 3]}`, "/chat_completions/1: Input should be a valid string or a CreateResult object"},
		{"bad result", `{"chat_completions": [{"content": "x"}]}`, "/chat_completions/0/finish_reason: Field required"},
		{"bad model_info", `{"chat_completions": [], "model_info": {"vision": false}}`, "/model_info/function_calling: Field required"},
		{"syntax", `{"chat_completions": [`, "unexpected end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromConfig([]byte(tt.config))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
	// Through the registry the error names the provider.
	_, err := component.Load(context.Background(), []byte(`{"provider": "`+Provider+`", "config": {}}`))
	var le *component.LoadError
	if !errors.As(err, &le) || le.Provider != Provider {
		t.Fatalf("%v", err)
	}
	// Unknown members are ignored and model_info null is the default.
	c, err := FromConfig([]byte(`{"chat_completions": ["x"], "model_info": null, "extra": 1}`))
	if err != nil || c.ModelInfo() != models.DefaultModelInfo() || len(c.Completions()) != 1 {
		t.Fatalf("%v, %v", c, err)
	}
}

func usage(u gen.RequestUsage) string {
	return u.PromptTokens.String() + "/" + u.CompletionTokens.String()
}

// TestCreate follows AutoGen's create(): texts become "stop" results with
// the client's cached flag, prompt tokens are the replay count of the
// messages, a predefined result keeps its own usage and contributes its
// completion tokens; the list runs out with AutoGen's ValueError text.
func TestCreate(t *testing.T) {
	ctx := context.Background()
	pre := models.NewTextResult("predefined", models.FinishReasonLength, models.NewRequestUsage(100, 7), false)
	c := New([]Completion{{Text: "Hello, how can I help?"}, {Result: &pre}})
	msgs := []gen.LLMMessage{models.NewSystemMessage("Be nice."), user("What can you do?")}

	r, err := c.Create(ctx, msgs, models.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Content.Text != "Hello, how can I help?" || r.FinishReason != models.FinishReasonStop || !r.Cached || usage(r.Usage) != "6/5" {
		t.Fatalf("first result %+v", r)
	}
	if usage(c.ActualUsage()) != "6/5" || usage(c.TotalUsage()) != "6/5" {
		t.Fatalf("usage %s %s", usage(c.ActualUsage()), usage(c.TotalUsage()))
	}
	if rem, _ := c.RemainingTokens(nil); rem != 10000-11 {
		t.Fatalf("remaining %d", rem)
	}

	r, err = c.Create(ctx, msgs[:1], models.CreateOptions{ToolChoice: "none"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Content.Text != "predefined" || r.FinishReason != models.FinishReasonLength || r.Cached || usage(r.Usage) != "100/7" {
		t.Fatalf("second result %+v", r)
	}
	if usage(c.ActualUsage()) != "2/7" || usage(c.TotalUsage()) != "8/12" {
		t.Fatalf("usage %s %s", usage(c.ActualUsage()), usage(c.TotalUsage()))
	}

	_, err = c.Create(ctx, msgs, models.CreateOptions{})
	if !errors.Is(err, ErrNoMoreResponses) || err.Error() != "No more mock responses available" {
		t.Fatalf("exhausted: %v", err)
	}
	if calls := c.Calls(); len(calls) != 2 || len(calls[0].Messages) != 2 || calls[1].Options.ToolChoice != "none" {
		t.Fatalf("calls %+v", calls)
	}

	c.Reset()
	if usage(c.TotalUsage()) != "0/0" || usage(c.ActualUsage()) != "0/0" {
		t.Fatal("reset usage")
	}
	c.SetCached(false)
	r, err = c.Create(ctx, nil, models.CreateOptions{})
	if err != nil || r.Content.Text != "Hello, how can I help?" || r.Cached || usage(r.Usage) != "0/5" {
		t.Fatalf("after reset: %+v %v", r, err)
	}

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.Create(cctx, nil, models.CreateOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if usage(c.TotalUsage()) != "0/5" {
		t.Fatal("a cancelled Create changed the usage")
	}
}

func TestCreateReturnsCopies(t *testing.T) {
	pre := models.NewFunctionCallsResult([]gen.FunctionCall{{ID: "a", Name: "f"}}, models.NewRequestUsage(0, 1), false)
	c := New([]Completion{{Result: &pre}, {Result: &pre}})
	pre.Content.FunctionCalls[0].Name = "changed after New"
	r, _ := c.Create(context.Background(), nil, models.CreateOptions{})
	r.Content.FunctionCalls[0].Name = "changed by the caller"
	r2, _ := c.Create(context.Background(), nil, models.CreateOptions{})
	if r2.Content.FunctionCalls[0].Name != "f" {
		t.Fatalf("shared result: %q", r2.Content.FunctionCalls[0].Name)
	}
}

func TestCreateStream(t *testing.T) {
	ctx := context.Background()
	pre := models.NewTextResult("whole", models.FinishReasonStop, models.NewRequestUsage(9, 4), true)
	c := New([]Completion{{Text: " Hello,\u00a0how  are you? "}, {Result: &pre}, {Text: ""}})
	msgs := []gen.LLMMessage{user("hi there")}

	chunks, res, err := models.CollectStream(c.CreateStream(ctx, msgs, models.CreateOptions{}))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(chunks, "|") != "Hello, |how |are |you?" {
		t.Fatalf("chunks %q", chunks)
	}
	if res.Content.Text != " Hello,\u00a0how  are you? " || usage(res.Usage) != "2/4" || !res.Cached {
		t.Fatalf("result %+v", res)
	}
	if usage(c.TotalUsage()) != "2/4" {
		t.Fatalf("total %s", usage(c.TotalUsage()))
	}

	chunks, res, err = models.CollectStream(c.CreateStream(ctx, msgs, models.CreateOptions{}))
	if err != nil || len(chunks) != 0 || res.Content.Text != "whole" || usage(res.Usage) != "9/4" {
		t.Fatalf("predefined: %q %+v %v", chunks, res, err)
	}
	if usage(c.ActualUsage()) != "2/4" || usage(c.TotalUsage()) != "4/8" {
		t.Fatalf("usage %s %s", usage(c.ActualUsage()), usage(c.TotalUsage()))
	}

	// An empty text streams no chunk, only the result.
	chunks, res, err = models.CollectStream(c.CreateStream(ctx, nil, models.CreateOptions{}))
	if err != nil || len(chunks) != 0 || res.Content.Text != "" {
		t.Fatalf("empty: %q %+v %v", chunks, res, err)
	}
	if _, _, err := models.CollectStream(c.CreateStream(ctx, nil, models.CreateOptions{})); !errors.Is(err, ErrNoMoreResponses) {
		t.Fatalf("exhausted: %v", err)
	}
	if len(c.Calls()) != 0 {
		t.Fatal("CreateStream recorded a call")
	}
}

func TestCreateStreamStopsEarly(t *testing.T) {
	ctx := context.Background()
	c := New(Texts("one two three", "next"))
	for ev, err := range c.CreateStream(ctx, []gen.LLMMessage{user("a b c d")}, models.CreateOptions{}) {
		if err != nil || ev.Text != "one " {
			t.Fatalf("%+v %v", ev, err)
		}
		break
	}
	// Abandoned before its result: not used, not counted in the total,
	// but ActualUsage was set when it started (as in AutoGen).
	if usage(c.TotalUsage()) != "0/0" || usage(c.ActualUsage()) != "4/3" {
		t.Fatalf("usage %s %s", usage(c.TotalUsage()), usage(c.ActualUsage()))
	}
	r, err := c.Create(ctx, nil, models.CreateOptions{})
	if err != nil || r.Content.Text != "one two three" {
		t.Fatalf("%+v %v", r, err)
	}
	// Stopping at the result still completes the response.
	for ev := range c.CreateStream(ctx, nil, models.CreateOptions{}) {
		if ev.IsResult() {
			break
		}
	}
	if _, err := c.Create(ctx, nil, models.CreateOptions{}); !errors.Is(err, ErrNoMoreResponses) {
		t.Fatalf("the streamed response was not used: %v", err)
	}
}

func TestCreateStreamCancel(t *testing.T) {
	c := New(Texts("one two three"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var chunks []string
	var gotErr error
	for ev, err := range c.CreateStream(ctx, nil, models.CreateOptions{}) {
		if err != nil {
			gotErr = err
			continue
		}
		chunks = append(chunks, ev.Text)
		cancel()
	}
	if !errors.Is(gotErr, context.Canceled) || len(chunks) != 1 {
		t.Fatalf("chunks %q, err %v", chunks, gotErr)
	}
	if usage(c.TotalUsage()) != "0/0" {
		t.Fatal("a cancelled stream counted")
	}
	_, _, err := models.CollectStream(c.CreateStream(ctx, nil, models.CreateOptions{}))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled before start: %v", err)
	}
	r, err := c.Create(context.Background(), nil, models.CreateOptions{})
	if err != nil || r.Content.Text != "one two three" {
		t.Fatalf("%+v %v", r, err)
	}
}

func TestRemainingTokensClamps(t *testing.T) {
	pre := models.NewTextResult("x", models.FinishReasonStop, models.NewRequestUsage(0, 20000), false)
	c := New([]Completion{{Result: &pre}})
	if _, err := c.Create(context.Background(), nil, models.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if rem, err := c.RemainingTokens([]gen.LLMMessage{user("a")}); rem != 0 || err != nil {
		t.Fatalf("remaining %d, %v", rem, err)
	}
}

func TestModelInfoAndCapabilities(t *testing.T) {
	c := New(nil)
	if c.ModelInfo() != models.DefaultModelInfo() || c.Capabilities() != (gen.ModelCapabilities{}) || c.Close() != nil {
		t.Fatal("defaults")
	}
	info := gen.ModelInfo{Vision: true, JSONOutput: true, Family: models.FamilyClaude35Sonnet}
	c = New(nil, WithModelInfo(info))
	if c.ModelInfo() != info || c.Capabilities() != (gen.ModelCapabilities{Vision: true, JSONOutput: true}) {
		t.Fatal("custom")
	}
}

// TestConcurrent runs creates, streams, counts and dumps from many
// goroutines (run with -race): every response is used exactly once.
func TestConcurrent(t *testing.T) {
	const n = 64
	texts := make([]string, n)
	for i := range texts {
		texts[i] = "a b"
	}
	c := New(Texts(texts...))
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 4; k++ {
				if i%2 == 0 {
					if _, err := c.Create(context.Background(), []gen.LLMMessage{user("x")}, models.CreateOptions{}); err != nil {
						t.Error(err)
					}
				} else {
					_, _ = c.RemainingTokens(nil)
					_, _ = component.Dump(c)
					_ = c.TotalUsage()
					_ = c.Calls()
				}
			}
		}()
	}
	wg.Wait()
	if len(c.Calls()) != 16 || usage(c.TotalUsage()) != "16/32" {
		t.Fatalf("%d calls, usage %s", len(c.Calls()), usage(c.TotalUsage()))
	}
}

// FuzzFromConfig: any input either fails or gives a client whose dump
// loads back to the same dump.
func FuzzFromConfig(f *testing.F) {
	f.Add([]byte(`{"chat_completions": ["a", {"finish_reason": "stop", "content": "x", "usage": {"prompt_tokens": 1, "completion_tokens": 2}, "cached": false}]}`))
	f.Add([]byte(`{"chat_completions": [], "model_info": {"vision": 1, "function_calling": "yes", "json_output": false, "family": "x", "structured_output": false}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := FromConfig(data)
		if err != nil {
			return
		}
		m, err := c.ComponentModel()
		if err != nil {
			t.Fatal(err)
		}
		c2, err := FromConfig(m.Config)
		if err != nil {
			t.Fatalf("dump %s does not load: %v", m.Config, err)
		}
		m2, err := c2.ComponentModel()
		if err != nil || string(m2.Config) != string(m.Config) {
			t.Fatalf("dump changed: %s -> %s (%v)", m.Config, m2.Config, err)
		}
	})
}

// TestCallsShareAGrowingConversation: calls whose messages extend the
// previous call's are recorded as AutoGen's create_calls are (each call's
// own list), while sharing storage; a call that does not extend the
// previous one, and a later change to a returned list, leave the others
// as they were.
func TestCallsShareAGrowingConversation(t *testing.T) {
	c := New(Texts("a", "b", "c", "d"))
	ctx := context.Background()
	u1, u2, u3 := models.NewUserText("user", "one"), models.NewUserText("user", "two"), models.NewUserText("user", "three")
	sys := models.NewSystemMessage("other")
	convs := [][]gen.LLMMessage{{u1}, {u1, u2}, {sys, u3}, {sys, u3, u1}}
	for _, m := range convs {
		if _, err := c.Create(ctx, m, models.CreateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	calls := c.Calls()
	if len(calls) != len(convs) {
		t.Fatalf("%d calls", len(calls))
	}
	for i, want := range convs {
		if !slices.Equal(calls[i].Messages, want) {
			t.Errorf("call %d: %v, want %v", i, calls[i].Messages, want)
		}
	}
	calls[1].Messages[0] = u3
	if again := c.Calls(); again[0].Messages[0] != u1 || again[1].Messages[0] != u1 {
		t.Error("changing a returned list changed the record")
	}
	if n := len(c.rec.log); n != 5 {
		t.Errorf("the log holds %d messages, want 5 (1, +1, then 2, +1)", n)
	}
}

// TestCachedWordsAgreeWithCountWords: the client's word cache gives what
// CountWords gives (len(str.split()) per text), for a text seen again, a
// long text it does not keep, and after the cache starts again full.
func TestCachedWordsAgreeWithCountWords(t *testing.T) {
	c := New(Texts("ok"))
	long := strings.Repeat("word ", maxCachedText)
	for i, s := range []string{"a b  c", "\u3000x\u00a0y\tz\n", "", "a b  c", long, long} {
		if got, want := c.words.cached(s), countPyWords(s); got != want {
			t.Errorf("text %d: %d words, want %d", i, got, want)
		}
	}
	if _, ok := c.words.words[long]; ok {
		t.Error("a long text is kept")
	}
	for i := range maxWordCache + 1 {
		c.words.cached(strconv.Itoa(i) + " w")
	}
	if len(c.words.words) > maxWordCache {
		t.Errorf("%d texts kept, at most %d", len(c.words.words), maxWordCache)
	}
	if got := c.words.cached("a b  c"); got != 3 {
		t.Errorf("after a reset: %d words, want 3", got)
	}
}
