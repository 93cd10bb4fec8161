package tokens_test

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// tokenCase is a chat case of testdata/conformance/tokens/cases.json
// (AutoGen 0.7.5's count_tokens with tiktoken 0.14).
type tokenCase struct {
	ID                   string            `json:"id"`
	Model                string            `json:"model"`
	ModelFamily          string            `json:"model_family"`
	Messages             json.RawMessage   `json:"messages"`
	Tools                []json.RawMessage `json:"tools"`
	AddNamePrefixes      bool              `json:"add_name_prefixes"`
	IncludeNameInMessage *bool             `json:"include_name_in_message"`
	Count                int               `json:"count"`
	Error                string            `json:"error"`
}

func loadTokenCases(t *testing.T) []tokenCase {
	t.Helper()
	data, err := os.ReadFile("../../testdata/conformance/tokens/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var all, chat []tokenCase
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if c.Messages != nil {
			chat = append(chat, c)
		}
	}
	if len(chat) < 150 {
		t.Fatalf("only %d chat cases", len(chat))
	}
	return chat
}

func caseMessages(t *testing.T, raw json.RawMessage) []gen.LLMMessage {
	t.Helper()
	var st gen.ChatCompletionContextState
	if err := json.Unmarshal(append(append([]byte(`{"messages":`), raw...), '}'), &st); err != nil {
		t.Fatalf("decoding messages: %v", err)
	}
	return st.Messages
}

// TestOpenAICounterConformance checks, on every chat case AutoGen counted, that
// the per-message counts plus the overhead are AutoGen's count exactly,
// and that the cases AutoGen refuses fail with the same Python exception.
func TestOpenAICounterConformance(t *testing.T) {
	var checked, refused int
	for _, c := range loadTokenCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			msgs := caseMessages(t, c.Messages)
			est := &tokens.OpenAICounter{Model: c.Model, Options: tokens.Options{
				RawTools:             c.Tools,
				ModelFamily:          c.ModelFamily,
				AddNamePrefixes:      c.AddNamePrefixes,
				IncludeNameInMessage: c.IncludeNameInMessage,
			}}
			each, total, err := models.CountEach(est, msgs)
			if c.Error != "" {
				refused++
				var te *tokens.Error
				if !errors.As(err, &te) || string(te.Exception) != c.Error {
					t.Fatalf("CountEach error = %v, want a %s", err, c.Error)
				}
				return
			}
			checked++
			if err != nil {
				t.Fatal(err)
			}
			if total != c.Count {
				t.Errorf("CountEach total = %d, AutoGen counts %d", total, c.Count)
			}
			over, err := est.OverheadTokens()
			if err != nil {
				t.Fatal(err)
			}
			sum := over
			for i, m := range msgs {
				n, err := est.MessageTokens(m)
				if err != nil {
					t.Fatal(err)
				}
				if n != each[i] {
					t.Errorf("message %d: MessageTokens = %d, CountEach gave %d", i, n, each[i])
				}
				if n < 3 {
					t.Errorf("message %d: estimate %d is below the 3 every message costs", i, n)
				}
				sum += n
			}
			if sum != c.Count {
				t.Errorf("Σ MessageTokens + OverheadTokens = %d, AutoGen counts %d", sum, c.Count)
			}
			if len(c.Tools) == 0 && over != tokens.ReplyPrimingTokens {
				t.Errorf("Overhead without tools = %d, want %d", over, tokens.ReplyPrimingTokens)
			}
		})
	}
	if checked < 150 || refused < 5 {
		t.Errorf("checked %d counts and %d refusals", checked, refused)
	}
}

// TestOpenAICounterWorkedExamples checks the worked examples of
// testdata/conformance/TOKENS.md §6 and §9 (gpt-4o), split by hand:
// System "Hello" = 3 + 1 ("Hello") + 1 ("system") = 5; User("Hello",
// source "user") = 3 + 1 ("user") + 1 + 1 (the name and its extra token) +
// 1 ("Hello") = 7; Assistant "Hello" = 3 + 1 + 1 = 5; the priming 3;
// tool {"name":"now"} = 1 + 0 - 2 = -1, plus 12 for having tools.
func TestOpenAICounterWorkedExamples(t *testing.T) {
	sys := &gen.SystemMessage{Content: "Hello"}
	user := &gen.UserMessage{Content: gen.UserMessageContentOfText("Hello"), Source: "user"}
	asst := &gen.AssistantMessage{Content: gen.AssistantMessageContentOfText("Hello"), Source: "assistant"}
	est := &tokens.OpenAICounter{Model: "gpt-4o"}
	each, total, err := models.CountEach(est, []gen.LLMMessage{sys, user, asst})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{5, 7, 5}; len(each) != 3 || each[0] != want[0] || each[1] != want[1] || each[2] != want[2] {
		t.Errorf("estimates %v, want %v", each, want)
	}
	if total != 20 {
		t.Errorf("total %d, want 20", total)
	}
	withTool := &tokens.OpenAICounter{Model: "gpt-4o", Options: tokens.Options{RawTools: []json.RawMessage{json.RawMessage(`{"name":"now"}`)}}}
	if over, err := withTool.OverheadTokens(); err != nil || over != 14 {
		t.Errorf("overhead with tool now = %d, %v; want 3 - 1 + 12 = 14", over, err)
	}
	// Tools do not change a message's estimate.
	if n, err := withTool.MessageTokens(user); err != nil || n != 7 {
		t.Errorf("MessageTokens with tools = %d, %v", n, err)
	}
	// A message AutoGen refuses fails alone, naming its index.
	bad := &gen.UserMessage{Content: gen.UserMessageContentOfText("x"), Source: "not valid"}
	if _, _, err := models.CountEach(est, []gen.LLMMessage{sys, bad}); err == nil || !errorsAsTokens(err) {
		t.Errorf("CountEach with an invalid source: %v", err)
	}
	if _, err := est.MessageTokens(nil); err == nil {
		t.Error("MessageTokens(nil) succeeded")
	}
	var _ models.MessageCounter = est
	// The tools given to OverheadTokens count as the options' tools do.
	tool := gen.ToolSchema{Name: "now"}
	want, err := tokens.CountMessages(nil, "gpt-4o", tokens.Options{Tools: []gen.ToolSchema{tool}})
	if err != nil {
		t.Fatal(err)
	}
	if over, err := est.OverheadTokens(tool); err != nil || over != want {
		t.Errorf("OverheadTokens(now) = %d, %v; CountMessages counts %d", over, err, want)
	}
}

func errorsAsTokens(err error) bool {
	var te *tokens.Error
	return errors.As(err, &te) && te.Exception == "ValueError"
}
