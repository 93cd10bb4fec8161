package contents

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/agentschema/agentschema/gen"
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

// TestEstimatorConformance checks, on every chat case AutoGen counted, that
// the per-message estimates plus the overhead are AutoGen's count exactly,
// and that the cases AutoGen refuses fail with the same Python exception.
func TestEstimatorConformance(t *testing.T) {
	var checked, refused int
	for _, c := range loadTokenCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			msgs := caseMessages(t, c.Messages)
			est := &OpenAIEstimator{Model: c.Model, Options: tokens.Options{
				RawTools:             c.Tools,
				ModelFamily:          c.ModelFamily,
				AddNamePrefixes:      c.AddNamePrefixes,
				IncludeNameInMessage: c.IncludeNameInMessage,
			}}
			each, total, err := est.EstimateMessages(msgs)
			if c.Error != "" {
				refused++
				var te *tokens.Error
				if !errors.As(err, &te) || te.Exception != c.Error {
					t.Fatalf("EstimateMessages error = %v, want a %s", err, c.Error)
				}
				return
			}
			checked++
			if err != nil {
				t.Fatal(err)
			}
			if total != c.Count {
				t.Errorf("EstimateMessages total = %d, AutoGen counts %d", total, c.Count)
			}
			over, err := est.Overhead()
			if err != nil {
				t.Fatal(err)
			}
			sum := over
			for i, m := range msgs {
				n, err := est.EstimateMessage(m)
				if err != nil {
					t.Fatal(err)
				}
				if n != each[i] {
					t.Errorf("message %d: EstimateMessage = %d, EstimateMessages gave %d", i, n, each[i])
				}
				if n < 3 {
					t.Errorf("message %d: estimate %d is below the 3 every message costs", i, n)
				}
				sum += n
			}
			if sum != c.Count {
				t.Errorf("Σ EstimateMessage + Overhead = %d, AutoGen counts %d", sum, c.Count)
			}
			if len(c.Tools) == 0 && over != ReplyPrimingTokens {
				t.Errorf("Overhead without tools = %d, want %d", over, ReplyPrimingTokens)
			}
		})
	}
	if checked < 150 || refused < 5 {
		t.Errorf("checked %d counts and %d refusals", checked, refused)
	}
}

// TestEstimatorWorkedExamples checks the worked examples of
// testdata/conformance/TOKENS.md §6 and §9 (gpt-4o), split by hand:
// System "Hello" = 3 + 1 ("Hello") + 1 ("system") = 5; User("Hello",
// source "user") = 3 + 1 ("user") + 1 + 1 (the name and its extra token) +
// 1 ("Hello") = 7; Assistant "Hello" = 3 + 1 + 1 = 5; the priming 3;
// tool {"name":"now"} = 1 + 0 - 2 = -1, plus 12 for having tools.
func TestEstimatorWorkedExamples(t *testing.T) {
	sys := &gen.SystemMessage{Content: "Hello"}
	user := &gen.UserMessage{Content: gen.UserMessageContentOfString("Hello"), Source: "user"}
	asst := &gen.AssistantMessage{Content: gen.AssistantMessageContentOfString("Hello"), Source: "assistant"}
	est := &OpenAIEstimator{Model: "gpt-4o"}
	each, total, err := est.EstimateMessages([]gen.LLMMessage{sys, user, asst})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{5, 7, 5}; len(each) != 3 || each[0] != want[0] || each[1] != want[1] || each[2] != want[2] {
		t.Errorf("estimates %v, want %v", each, want)
	}
	if total != 20 {
		t.Errorf("total %d, want 20", total)
	}
	withTool := &OpenAIEstimator{Model: "gpt-4o", Options: tokens.Options{RawTools: []json.RawMessage{json.RawMessage(`{"name":"now"}`)}}}
	if over, err := withTool.Overhead(); err != nil || over != 14 {
		t.Errorf("overhead with tool now = %d, %v; want 3 - 1 + 12 = 14", over, err)
	}
	// Tools do not change a message's estimate.
	if n, err := withTool.EstimateMessage(user); err != nil || n != 7 {
		t.Errorf("EstimateMessage with tools = %d, %v", n, err)
	}
	// A message AutoGen refuses fails alone, naming its index.
	bad := &gen.UserMessage{Content: gen.UserMessageContentOfString("x"), Source: "not valid"}
	if _, _, err := est.EstimateMessages([]gen.LLMMessage{sys, bad}); err == nil || !errorsAsTokens(err) {
		t.Errorf("EstimateMessages with an invalid source: %v", err)
	}
	if _, err := est.EstimateMessage(nil); err == nil {
		t.Error("EstimateMessage(nil) succeeded")
	}
	var _ TokenEstimator = est
}

func errorsAsTokens(err error) bool {
	var te *tokens.Error
	return errors.As(err, &te) && te.Exception == "ValueError"
}
