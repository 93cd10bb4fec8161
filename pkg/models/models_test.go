package models

import (
	"encoding/json"
	"errors"
	"iter"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

const conformance = "../../testdata/conformance"

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(conformance + "/" + path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// TestModelFamilyConformance checks the constants, ModelFamily.ANY and the
// predicates against misc/model_family.json (AutoGen 0.7.5).
func TestModelFamilyConformance(t *testing.T) {
	var mf struct {
		Constants  map[string]string          `json:"constants"`
		ANY        []string                   `json:"ANY_literal"`
		Predicates map[string]map[string]bool `json:"predicates"`
	}
	readJSON(t, "misc/model_family.json", &mf)

	// AutoGen's constant names and this package's.
	byName := map[string]gen.ModelFamily{
		"GPT_5": FamilyGPT5, "GPT_41": FamilyGPT41, "GPT_45": FamilyGPT45, "GPT_4O": FamilyGPT4O,
		"O1": FamilyO1, "O3": FamilyO3, "O4": FamilyO4, "GPT_4": FamilyGPT4, "GPT_35": FamilyGPT35, "R1": FamilyR1,
		"GEMINI_1_5_FLASH": FamilyGemini15Flash, "GEMINI_1_5_PRO": FamilyGemini15Pro,
		"GEMINI_2_0_FLASH": FamilyGemini20Flash, "GEMINI_2_5_PRO": FamilyGemini25Pro,
		"GEMINI_2_5_FLASH": FamilyGemini25Flash,
		"CLAUDE_3_HAIKU":   FamilyClaude3Haiku, "CLAUDE_3_SONNET": FamilyClaude3Sonnet, "CLAUDE_3_OPUS": FamilyClaude3Opus,
		"CLAUDE_3_5_HAIKU": FamilyClaude35Haiku, "CLAUDE_3_5_SONNET": FamilyClaude35Sonnet,
		"CLAUDE_3_7_SONNET": FamilyClaude37Sonnet, "CLAUDE_4_OPUS": FamilyClaude4Opus, "CLAUDE_4_SONNET": FamilyClaude4Sonnet,
		"LLAMA_3_3_8B": FamilyLlama338B, "LLAMA_3_3_70B": FamilyLlama3370B, "LLAMA_4_SCOUT": FamilyLlama4Scout,
		"LLAMA_4_MAVERICK": FamilyLlama4Maverick,
		"CODESRAL":         FamilyCodestral, "OPEN_CODESRAL_MAMBA": FamilyOpenCodestralMamba, "MISTRAL": FamilyMistral,
		"MINISTRAL": FamilyMinistral, "PIXTRAL": FamilyPixtral, "UNKNOWN": FamilyUnknown,
	}
	if len(byName) != len(mf.Constants) {
		t.Errorf("%d constants here, %d in AutoGen", len(byName), len(mf.Constants))
	}
	for name, want := range mf.Constants {
		if got, ok := byName[name]; !ok || string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}

	fams := Families()
	if len(fams) != len(mf.ANY) {
		t.Fatalf("Families() has %d, ANY %d", len(fams), len(mf.ANY))
	}
	for i := range fams {
		if string(fams[i]) != mf.ANY[i] {
			t.Errorf("Families()[%d] = %q, want %q", i, fams[i], mf.ANY[i])
		}
		if !IsKnownFamily(fams[i]) {
			t.Errorf("IsKnownFamily(%q) = false", fams[i])
		}
	}
	fams[0] = "changed"
	if Families()[0] != FamilyGPT5 {
		t.Error("Families returned the package's array")
	}

	preds := map[string]func(gen.ModelFamily) bool{
		"is_openai": IsOpenAI, "is_claude": IsClaude, "is_gemini": IsGemini, "is_llama": IsLlama, "is_mistral": IsMistral,
	}
	for fam, want := range mf.Predicates {
		for name, p := range preds {
			w, ok := want[name]
			if !ok {
				t.Fatalf("%q: no %s", fam, name)
			}
			if got := p(gen.ModelFamily(fam)); got != w {
				t.Errorf("%s(%q) = %v, want %v", name, fam, got, w)
			}
		}
	}
	for _, f := range []gen.ModelFamily{"gpt-4o-mini", "Claude-3-opus", "", "GPT-4O"} {
		if IsKnownFamily(f) {
			t.Errorf("IsKnownFamily(%q) = true", f)
		}
	}
}

// TestValidateModelInfoConformance runs misc/validate_model_info.json.
func TestValidateModelInfoConformance(t *testing.T) {
	var vf struct {
		Cases []struct {
			ModelInfo json.RawMessage `json:"model_info"`
			Result    string          `json:"result"`
			Error     *struct {
				Exception string `json:"exception"`
				Msg       string `json:"msg"`
			} `json:"error"`
			Warnings []struct {
				Category string `json:"category"`
				Msg      string `json:"msg"`
			} `json:"warnings"`
		} `json:"cases"`
	}
	readJSON(t, "misc/validate_model_info.json", &vf)
	if len(vf.Cases) < 8 {
		t.Fatalf("%d cases", len(vf.Cases))
	}
	for i, c := range vf.Cases {
		warnings, err := ValidateModelInfo(c.ModelInfo)
		switch c.Result {
		case "ok":
			if err != nil {
				t.Errorf("case %d: %v", i, err)
			}
		case "error":
			var mfe *MissingFieldError
			if !errors.As(err, &mfe) || c.Error.Exception != "ValueError" {
				t.Errorf("case %d: error %v, want %s", i, err, c.Error.Exception)
			} else if err.Error() != c.Error.Msg {
				t.Errorf("case %d:\n got %q\nwant %q", i, err.Error(), c.Error.Msg)
			}
		default:
			t.Fatalf("case %d: result %q", i, c.Result)
		}
		if len(warnings) != len(c.Warnings) {
			t.Errorf("case %d: warnings %v, want %v", i, warnings, c.Warnings)
			continue
		}
		for k, w := range c.Warnings {
			if warnings[k].Category != w.Category || warnings[k].Message != w.Msg {
				t.Errorf("case %d: warning %v, want %v", i, warnings[k], w)
			}
		}
	}
}

func TestValidateModelInfoNotObject(t *testing.T) {
	for _, in := range []string{``, `null`, `[]`, `"vision"`, `{`} {
		if _, err := ValidateModelInfo([]byte(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
	w := Warning{Category: "UserWarning", Message: "m"}
	if w.String() != "UserWarning: m" {
		t.Error(w.String())
	}
}

// TestConstructors compares the constructors' JSON with AutoGen's
// model_dump(mode="json") of the same Python calls.
func TestConstructors(t *testing.T) {
	isErr := true
	thought := "why"
	calls := NewFunctionCallMessage("bot", gen.FunctionCall{ID: "c1", Name: "f", Arguments: "{}"})
	calls.Thought = &thought
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"system", NewSystemMessage("Be brief."), `{"content":"Be brief.","type":"SystemMessage"}`},
		{"user", NewUserText("alice", "hi"), `{"content":"hi","source":"alice","type":"UserMessage"}`},
		{"multimodal", NewMultiModalUserMessage("alice", TextItem("look")), `{"content":["look"],"source":"alice","type":"UserMessage"}`},
		{"multimodal empty", NewMultiModalUserMessage("alice"), `{"content":[],"source":"alice","type":"UserMessage"}`},
		{"assistant", NewAssistantText("bot", "ok"), `{"content":"ok","thought":null,"source":"bot","type":"AssistantMessage"}`},
		{"calls", calls, `{"content":[{"id":"c1","arguments":"{}","name":"f"}],"thought":"why","source":"bot","type":"AssistantMessage"}`},
		{"no calls", NewFunctionCallMessage("bot"), `{"content":[],"thought":null,"source":"bot","type":"AssistantMessage"}`},
		{"results", NewFunctionExecutionResultMessage(NewFunctionResult("c1", "f", "3", nil), NewFunctionResult("c2", "g", "boom", &isErr)),
			`{"content":[{"content":"3","name":"f","call_id":"c1","is_error":null},{"content":"boom","name":"g","call_id":"c2","is_error":true}],"type":"FunctionExecutionResultMessage"}`},
		{"no results", NewFunctionExecutionResultMessage(), `{"content":[],"type":"FunctionExecutionResultMessage"}`},
		{"text result", NewTextResult("x", FinishReasonStop, NewRequestUsage(1, 2), false),
			`{"finish_reason":"stop","content":"x","usage":{"prompt_tokens":1,"completion_tokens":2},"cached":false,"logprobs":null,"thought":null}`},
		{"calls result", NewFunctionCallsResult(nil, NewRequestUsage(0, 0), true),
			`{"finish_reason":"function_calls","content":[],"usage":{"prompt_tokens":0,"completion_tokens":0},"cached":true,"logprobs":null,"thought":null}`},
		{"default info", DefaultModelInfo(), `{"vision":false,"function_calling":false,"json_output":false,"family":"unknown","structured_output":false}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			var g, w any
			_ = json.Unmarshal(got, &g)
			if err := json.Unmarshal([]byte(tt.want), &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestMessagePredicates(t *testing.T) {
	tests := []struct {
		m            gen.LLMMessage
		call, result bool
	}{
		{NewSystemMessage("s"), false, false},
		{NewUserText("a", "u"), false, false},
		{NewAssistantText("b", "a"), false, false},
		{NewFunctionCallMessage("b"), true, false},
		{NewFunctionCallMessage("b", gen.FunctionCall{ID: "1"}), true, false},
		{NewFunctionExecutionResultMessage(), false, true},
		{(*gen.AssistantMessage)(nil), false, false},
		{(*gen.FunctionExecutionResultMessage)(nil), false, false},
		{nil, false, false},
	}
	for i, tt := range tests {
		if got := IsFunctionCallMessage(tt.m); got != tt.call {
			t.Errorf("%d: IsFunctionCallMessage = %v", i, got)
		}
		if got := IsFunctionResultMessage(tt.m); got != tt.result {
			t.Errorf("%d: IsFunctionResultMessage = %v", i, got)
		}
	}
}

func TestAddUsage(t *testing.T) {
	sum := AddUsage(NewRequestUsage(1, 2), NewRequestUsage(10, 20), NewRequestUsage(100, 200))
	if sum.PromptTokens.String() != "111" || sum.CompletionTokens.String() != "222" {
		t.Fatalf("sum %v", sum)
	}
	if z := AddUsage(); z.PromptTokens.String() != "0" || z.CompletionTokens.String() != "0" {
		t.Fatalf("empty sum %v", z)
	}
	// Python ints do not overflow.
	big := AddUsage(NewRequestUsage(math.MaxInt64, 0), NewRequestUsage(1, 0))
	if big.PromptTokens.String() != "9223372036854775808" {
		t.Fatalf("overflow: %v", big.PromptTokens)
	}
}

func TestCapabilitiesOf(t *testing.T) {
	got := CapabilitiesOf(gen.ModelInfo{Vision: true, JSONOutput: true, Family: FamilyGPT4O, StructuredOutput: true})
	if got != (gen.ModelCapabilities{Vision: true, JSONOutput: true}) {
		t.Fatalf("%+v", got)
	}
}

func TestFinishReasons(t *testing.T) {
	var got []string
	for _, r := range FinishReasons() {
		got = append(got, string(r))
	}
	// CreateResult.finish_reason's Literal in autogen_core 0.7.5.
	if strings.Join(got, ",") != "stop,length,function_calls,content_filter,unknown" {
		t.Fatal(got)
	}
}

func seqOf(events []StreamEvent, err error) iter.Seq2[StreamEvent, error] {
	return func(yield func(StreamEvent, error) bool) {
		for _, ev := range events {
			if !yield(ev, nil) {
				return
			}
		}
		if err != nil {
			yield(StreamEvent{}, err)
		}
	}
}

func TestCollectStream(t *testing.T) {
	res := NewTextResult("a b", FinishReasonStop, NewRequestUsage(0, 2), true)
	chunks, got, err := CollectStream(seqOf([]StreamEvent{{Text: "a "}, {Text: "b"}, {Result: &res}}, nil))
	if err != nil || strings.Join(chunks, "|") != "a |b" || got.Content.Text != "a b" {
		t.Fatalf("%q %v %v", chunks, got, err)
	}
	boom := errors.New("boom")
	if _, _, err := CollectStream(seqOf([]StreamEvent{{Text: "a"}}, boom)); !errors.Is(err, boom) {
		t.Fatalf("%v", err)
	}
	if _, _, err := CollectStream(seqOf([]StreamEvent{{Text: "a"}}, nil)); !errors.Is(err, ErrNoResult) {
		t.Fatalf("%v", err)
	}
	if !(StreamEvent{Result: &res}).IsResult() || (StreamEvent{Text: "x"}).IsResult() {
		t.Fatal("IsResult")
	}
}

// TestAssistantMessageOf checks the message AutoGen's AssistantAgent puts
// back into its context: AssistantMessage(content=result.content,
// source=self.name, thought=result.thought) (autogen_agentchat
// agents/_assistant_agent.py). The expected dumps are written by hand from
// AssistantMessage's fields.
func TestAssistantMessageOf(t *testing.T) {
	thought := "let me think"
	text := NewTextResult("hello", FinishReasonStop, NewRequestUsage(3, 1), false)
	text.Thought = &thought
	calls := NewFunctionCallsResult([]gen.FunctionCall{{ID: "c1", Name: "f", Arguments: `{"x":1}`}}, NewRequestUsage(3, 1), true)
	for _, tc := range []struct {
		name string
		r    gen.CreateResult
		want string
	}{
		{"text with thought", text, `{"content":"hello","thought":"let me think","source":"bot","type":"AssistantMessage"}`},
		{"function calls", calls, `{"content":[{"id":"c1","arguments":"{\"x\":1}","name":"f"}],"thought":null,"source":"bot","type":"AssistantMessage"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := AssistantMessageOf("bot", tc.r)
			got, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			var a, b any
			_ = json.Unmarshal(got, &a)
			_ = json.Unmarshal([]byte(tc.want), &b)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("got %s\nwant %s", got, tc.want)
			}
			if m.Content.IsFunctionCalls() && tc.r.Content.IsFunctionCalls() {
				m.Content.FunctionCalls[0].Name = "changed"
				if tc.r.Content.FunctionCalls[0].Name != "f" {
					t.Error("the message shares its calls with the result")
				}
			}
		})
	}
}
