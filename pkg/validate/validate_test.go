package validate

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema"
)

// faultsOf returns "POINTER KEYWORD" for each error of err.
func faultsOf(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var es agentschema.Faults
	if !errors.As(err, &es) {
		t.Fatalf("not a validate.Errors: %v", err)
	}
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.DisplayPointer() + " " + e.Keyword
	}
	return out
}

// TestOneErrorPerMistake checks that each mistake, including ones inside
// tagged unions and anyOf alternatives, gives exactly one error at the
// value at fault. The expected pointers and keywords are read off the
// inputs by hand.
func TestOneErrorPerMistake(t *testing.T) {
	tests := []struct {
		name, title, doc string
		want             []string
	}{
		{"valid state", "ChatCompletionContextState",
			`{"messages":[{"type":"SystemMessage","content":"x"},{"type":"UserMessage","content":"hi","source":"u"}]}`, nil},
		{"bad user content inside a state", "ChatCompletionContextState",
			`{"messages":[{"type":"SystemMessage","content":"x"},{"type":"SystemMessage","content":"y"},{"type":"AssistantMessage","content":"z","source":"a"},{"type":"UserMessage","content":7,"source":"u"}]}`,
			[]string{"/messages/3/content type"}},
		{"missing tag in a state", "ChatCompletionContextState",
			`{"messages":[{"content":"x","source":"u"}]}`, []string{"/messages/0/type discriminator"}},
		{"unknown tag in a state", "ChatCompletionContextState",
			`{"messages":[{"type":"TextMessage","content":"x","source":"u"}]}`, []string{"/messages/0/type discriminator"}},
		{"tag of the wrong JSON type", "LLMMessage", `{"type":3,"content":"x"}`, []string{"/type discriminator"}},
		{"union member that is not an object", "ChatCompletionContextState",
			`{"messages":[3]}`, []string{"/messages/0 type"}},
		{"missing field of the selected member", "LLMMessage",
			`{"type":"UserMessage","content":"x"}`, []string{"/source required"}},
		{"two mistakes, two errors", "ChatMessage",
			`{"type":"TextMessage","content":1,"source":null}`, []string{"/content type", "/source type"}},
		{"image item without data", "UserMessage",
			`{"content":["a",{"url":"x"}],"source":"u"}`, []string{"/content/1/data required"}},
		{"item neither string nor image", "UserMessage",
			`{"content":["a",5],"source":"u"}`, []string{"/content/1 type"}},
		{"bad base64", "UserMessage",
			`{"content":[{"data":"%%%"}],"source":"u"}`, []string{"/content/0/data contentEncoding"}},
		{"nullable field of the wrong type", "AssistantMessage",
			`{"content":"x","source":"a","thought":1}`, []string{"/thought type"}},
		{"nested model inside nullable field", "TextMessage",
			`{"content":"x","source":"a","models_usage":{"prompt_tokens":1}}`, []string{"/models_usage/completion_tokens required"}},
		{"const of a member read alone", "UserMessage",
			`{"content":"x","source":"u","type":"SystemMessage"}`, []string{"/type const"}},
		{"bad date-time", "TextMessage",
			`{"content":"x","source":"a","created_at":"yesterday"}`, []string{"/created_at format"}},
		{"tool result content union", "ToolResult",
			`{"name":"t","result":[{"type":"TextResultContent","content":"ok"},{"type":"Other"}]}`, []string{"/result/1/type discriminator"}},
		{"agent event member fault", "AgentEvent",
			`{"type":"ThoughtEvent","source":"a","content":false}`, []string{"/content type"}},
		{"several missing fields", "FunctionCall", `{}`, []string{"/arguments required", "/id required", "/name required"}},
		{"escaped member name in pointer", "TextMessage",
			`{"content":"x","source":"a","metadata":{"a/b~c":1}}`, []string{"/metadata/a~1b~0c type"}},
		{"not JSON", "UserMessage", `{"content":`, []string{"/content syntax"}},
		{"trailing garbage", "UserMessage", `{"content":"x","source":"u"} x`, []string{"/ syntax"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := faultsOf(t, Validate(tt.title, []byte(tt.doc)))
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestMessages checks the wording of the main kinds of error.
func TestMessages(t *testing.T) {
	tests := []struct{ title, doc, want string }{
		{"LLMMessage", `{"content":"x"}`,
			`missing "type" tag: expected one of "SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage"`},
		{"ResultContent", `{"type":"Nope"}`,
			`unknown "type" tag "Nope": expected one of "TextResultContent", "ImageResultContent"`},
		{"UserMessage", `{"content":null,"source":"u"}`, `expected string or array, got null`},
		{"UserMessage", `{"content":"x","source":"u","type":"Other"}`, `expected "UserMessage", got "Other"`},
		{"UserMessage", `{"content":"x"}`, `missing required property "source"`},
		{"RequestUsage", `{"prompt_tokens":1.5,"completion_tokens":1}`, `expected integer, got number 1.5`},
		{"TextMessage", `{"content":"x","source":"a","created_at":"2024-02-30T00:00:00Z"}`,
			`"2024-02-30T00:00:00Z" is not a valid date-time: no such date 2024-02-30`},
		{"FinishReason", `"done"`, `expected one of "stop", "length", "function_calls", "content_filter", "unknown", got "done"`},
		{"SystemMessage", `{"content":"` + strings.Repeat("x", 10) + `"}  [`, `invalid JSON: invalid character '[' after the top-level value`},
	}
	for _, tt := range tests {
		t.Run(tt.title, func(t *testing.T) {
			err := Validate(tt.title, []byte(tt.doc))
			var e *agentschema.Fault
			if !errors.As(err, &e) {
				t.Fatalf("no *Error: %v", err)
			}
			if e.Message != tt.want {
				t.Errorf("got  %s\nwant %s", e.Message, tt.want)
			}
		})
	}
}

// TestPositions checks pointer, offset, line and column on a document
// spread over lines; the expected positions are counted by hand.
func TestPositions(t *testing.T) {
	doc := "{\n" + // line 1
		"  \"messages\": [\n" + // line 2
		"    {\"type\": \"UserMessage\", \"source\": \"u\",\n" + // line 3
		"     \"content\": [\"ok\", 12]},\n" + // line 4: 12 at column 24
		"    {\"source\": \"u\", \"content\": \"x\"},\n" + // line 5: object at column 5
		"    {\"type\": \"AssistantMessage\", \"content\": \"x\"}\n" + // line 6: object at column 5
		"  ]\n" +
		"}\n"
	err := Validate("ChatCompletionContextState", []byte(doc))
	var es agentschema.Faults
	if !errors.As(err, &es) {
		t.Fatalf("want Errors, got %v", err)
	}
	want := []struct {
		ptr       string
		line, col int
	}{
		{"/messages/0/content/1", 4, 24},
		{"/messages/1/type", 5, 5},
		{"/messages/2/source", 6, 5},
	}
	if len(es) != len(want) {
		t.Fatalf("got %d errors, want %d: %v", len(es), len(want), es)
	}
	for i, w := range want {
		e := es[i]
		if e.Pointer != w.ptr || e.Line != w.line || e.Column != w.col {
			t.Errorf("error %d: got %s at %d:%d, want %s at %d:%d", i, e.Pointer, e.Line, e.Column, w.ptr, w.line, w.col)
		}
		if line, col := lineColOf([]byte(doc), e.Offset); line != e.Line || col != e.Column {
			t.Errorf("error %d: offset %d is %d:%d, error says %d:%d", i, e.Offset, line, col, e.Line, e.Column)
		}
	}
}

// lineColOf is a plain reference for lineCols.
func lineColOf(data []byte, off int) (int, int) {
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func TestModesAgreeOnSyntaxErrors(t *testing.T) {
	for _, doc := range []string{`{"content": "x",}`, `{"content": "\xff"}`, `{"content": "x"`, ``, `{"a": tru}`} {
		var got []string
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: m}).Validate("SystemMessage", []byte(doc))
			var e *agentschema.Fault
			if !errors.As(err, &e) {
				t.Fatalf("%v %q: no *Error: %v", m, doc, err)
			}
			if e.Keyword != "syntax" {
				t.Errorf("%v %q: keyword %q, want syntax", m, doc, e.Keyword)
			}
			got = append(got, fmt.Sprintf("%s %d:%d %s", e.Pointer, e.Line, e.Column, e.Message))
		}
		if got[0] != got[1] {
			t.Errorf("%q: schema mode says %q, autogen mode %q", doc, got[0], got[1])
		}
	}
}

func TestAutoGenMode(t *testing.T) {
	v := &Validator{Mode: ModeAutoGen}
	// AutoGen coerces a numeric string and a unix time...
	if err := v.Validate("TextMessage", []byte(`{"content":"x","source":"a","created_at":1700000000,"models_usage":{"prompt_tokens":"12","completion_tokens":1}}`)); err != nil {
		t.Errorf("autogen mode rejects what AutoGen accepts: %v", err)
	}
	// ...but not a fractional int, and reports pydantic's error type.
	err := v.Validate("RequestUsage", []byte(`{"prompt_tokens":1.5,"completion_tokens":1}`))
	var e *agentschema.Fault
	if !errors.As(err, &e) {
		t.Fatalf("no *Error: %v", err)
	}
	if e.Pointer != "/prompt_tokens" || e.Type != "int_from_float" || e.Keyword != "type" || e.Line != 1 || e.Column != 18 {
		t.Errorf("got %+v", *e)
	}
	// A missing tag in a union.
	err = v.Validate("ChatCompletionContextState", []byte(`{"messages":[{"content":"x"}]}`))
	if !errors.As(err, &e) || e.Keyword != "discriminator" || e.Type != "union_tag_not_found" {
		t.Errorf("got %v", err)
	}
}

func TestKeywordForCode(t *testing.T) {
	for code, want := range map[string]string{
		"missing": "required", "string_type": "type", "model_attributes_type": "type",
		"int_parsing": "type", "int_from_float": "type", "literal_error": "const",
		"union_tag_invalid": "discriminator", "union_tag_not_found": "discriminator",
		"datetime_from_date_parsing": "format", "json_invalid": "syntax", "limit": "syntax",
		"enum": "enum", "extra_forbidden": "additionalProperties", "something_new": "something_new",
	} {
		if got := keywordForCode(code); got != want {
			t.Errorf("keywordForCode(%q) = %q, want %q", code, got, want)
		}
	}
}

func TestUnknownType(t *testing.T) {
	for _, m := range []Mode{ModeSchema, ModeAutoGen} {
		err := (&Validator{Mode: m}).Validate("NoSuchType", []byte(`{}`))
		var ut *UnknownTypeError
		if !errors.As(err, &ut) || ut.Title != "NoSuchType" {
			t.Errorf("%v: got %v", m, err)
		}
	}
}

func TestMaxErrors(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"messages":[`)
	for i := range 30 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"UserMessage","content":1,"source":"u"}`)
	}
	b.WriteString(`]}`)
	for _, m := range []Mode{ModeSchema, ModeAutoGen} {
		v := &Validator{Mode: m, MaxErrors: 7}
		if got := len(faultsOf(t, v.Validate("ChatCompletionContextState", []byte(b.String())))); got != 7 {
			t.Errorf("%v: %d errors, want 7", m, got)
		}
		v.MaxErrors = 0
		if got := len(faultsOf(t, v.Validate("ChatCompletionContextState", []byte(b.String())))); got != 30 {
			t.Errorf("%v: %d errors, want 30", m, got)
		}
	}
}

func TestEveryTitleCompiles(t *testing.T) {
	titles := Titles()
	if len(titles) < 50 {
		t.Fatalf("only %d titles", len(titles))
	}
	for _, title := range titles {
		if _, err := reg.schema(title); err != nil {
			t.Errorf("%s: %v", title, err)
		}
	}
	for _, u := range []string{"LLMMessage", "ChatMessage", "AgentEvent", "ResultContent"} {
		if reg.unionAt(baseURL+u+".json") == nil {
			t.Errorf("%s was not rewritten as a tagged union", u)
		}
	}
}

// TestConcurrent validates from many goroutines while schemas compile
// for the first time (run with -race).
func TestConcurrent(t *testing.T) {
	docs := map[string]string{
		"ChatMessage":                `{"type":"TextMessage","content":"x","source":"a"}`,
		"AgentEvent":                 `{"type":"ThoughtEvent","content":"x","source":"a"}`,
		"ToolResult":                 `{"name":"t","result":[{"type":"TextResultContent","content":"ok"}]}`,
		"ChatCompletionContextState": `{"messages":[{"type":"SystemMessage","content":"x"}]}`,
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 8 {
		for title, doc := range docs {
			wg.Go(func() {
				if err := Validate(title, []byte(doc)); err != nil {
					errs <- fmt.Errorf("%s: %w", title, err)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{ModeSchema, ModeAutoGen} {
		got, err := ParseMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMode("strict"); err == nil {
		t.Error("ParseMode accepts an unknown mode")
	}
}

func TestDateTimeFormat(t *testing.T) {
	tests := []struct {
		s  string
		ok bool
	}{
		{"2024-01-02T03:04:05Z", true},
		{"2024-01-02T03:04:05", true}, // naive: pydantic's date-time
		{"2024-01-02t03:04:05.123456+05:30", true},
		{"2024-01-02T03:04:05.5-08:00", true},
		{"2024-01-02", false},
		{"2024-01-02 03:04:05", false},
		{"2024-01-02T03:04", false},
		{"2024-02-30T00:00:00Z", false},
		{"2024-01-02T24:00:00Z", false},
		{"2024-01-02T03:04:05.Z", false},
		{"2024-01-02T03:04:05+0530", false},
		{"2024-01-02T03:04:05+24:00", false},
		{"2024-01-02T03:04:05Zjunk", false},
		{"２０２４-01-02T03:04:05Z", false},
	}
	for _, tt := range tests {
		if err := validateDateTime(tt.s); (err == nil) != tt.ok {
			t.Errorf("%q: err %v, want ok=%v", tt.s, err, tt.ok)
		}
	}
	if err := validateDateTime(12); err != nil {
		t.Errorf("non-strings are for the type keyword: %v", err)
	}
}

func TestErrorText(t *testing.T) {
	es := agentschema.Faults{
		{Pointer: "", Line: 1, Column: 1, Message: "a"},
		{Pointer: "/x", Line: 2, Column: 3, Message: "b"},
	}
	if got, want := es.Error(), "line 1, column 1: /: a (and 1 more errors)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got, want := es[1].Error(), "line 2, column 3: /x: b"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestValidateTagged(t *testing.T) {
	tests := []struct {
		doc, title, want string // want: "POINTER KEYWORD LINE:COL" of the first error
	}{
		{`{"type":"TextMessage","content":"x","source":"a"}`, "TextMessage", ""},
		{`{"type":"ToolCallRequestEvent","content":[{"id":"1","arguments":"{}","name":1}],"source":"a"}`, "ToolCallRequestEvent", "/content/0/name type 1:77"},
		{`{"content":"x"}`, "", "/type discriminator 1:1"},
		{` {"type":"Nope"}`, "", "/type discriminator 1:10"},
		{`{"type":7}`, "", "/type discriminator 1:9"},
		{`[1]`, "", "/ type 1:1"},
		{`{"type":"TextMessage",`, "TextMessage", "/type syntax 1:23"},
		{`{"content":`, "", "/content syntax 1:12"},
	}
	for _, tt := range tests {
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			title, err := (&Validator{Mode: m}).ValidateTagged([]byte(tt.doc))
			got := ""
			var e *agentschema.Fault
			if errors.As(err, &e) {
				got = fmt.Sprintf("%s %s %d:%d", e.DisplayPointer(), e.Keyword, e.Line, e.Column)
			} else if err != nil {
				t.Fatalf("%s: %v", tt.doc, err)
			}
			if title != tt.title || got != tt.want {
				t.Errorf("%v %s: got %q %q, want %q %q", m, tt.doc, title, got, tt.title, tt.want)
			}
		}
	}
}

func TestSuggestTag(t *testing.T) {
	for tag, want := range map[string]string{
		"ToolCallRequest":   "ToolCallRequestEvent", // a prefix
		"textmessage":       "TextMessage",          // another case
		"UserMesage":        "UserMessage",          // one edit away
		"AssistantMessages": "AssistantMessage",     // the other way round
		"Banana":            "",
		"":                  "",
	} {
		if got := suggestTag(tag); got != want {
			t.Errorf("suggestTag(%q) = %q, want %q", tag, got, want)
		}
	}
}

// TestMissingPlacedAlike checks that both modes place a missing member
// at the object that lacks it (here line 3, column 5).
func TestMissingPlacedAlike(t *testing.T) {
	doc := []byte("{\"messages\": [\n" +
		"  {\"type\": \"SystemMessage\", \"content\": \"x\"},\n" +
		"    {\"type\": \"UserMessage\",\n" +
		"     \"content\": \"x\"}\n" +
		"]}")
	for _, m := range []Mode{ModeSchema, ModeAutoGen} {
		err := (&Validator{Mode: m}).Validate("ChatCompletionContextState", doc)
		var e *agentschema.Fault
		if !errors.As(err, &e) {
			t.Fatalf("%v: %v", m, err)
		}
		if e.Pointer != "/messages/1/source" || e.Keyword != "required" || e.Line != 3 || e.Column != 5 {
			t.Errorf("%v: got %s %s at %d:%d", m, e.Pointer, e.Keyword, e.Line, e.Column)
		}
	}
}
