package contents

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/genrt"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/internal/wire"
)

// llm decodes one AutoGen LLM message from its JSON.
func llm(t testing.TB, s string) gen.LLMMessage {
	t.Helper()
	m, err := gen.UnmarshalLLMMessage([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return m
}

func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %T: %v", v, err)
	}
	return string(b)
}

// contentsJSON is the JSON of a message's contents as a list.
func contentsJSON(t testing.TB, cs []gen.AIContent) string {
	t.Helper()
	return jsonOf(t, List(cs))
}

// tinyPNG is a 1x1 RGB PNG as pyimg (and so AutoGen) writes it.
func tinyPNG(t testing.TB) (gen.Image, string) {
	t.Helper()
	img, err := pyimg.New(1, 1, []byte{255, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	b64, err := img.EncodeBase64()
	if err != nil {
		t.Fatal(err)
	}
	return genrt.Image(wire.Image{Image: img}), b64
}

// TestFromLLMMessage checks each row of the package's mapping table; the
// expected contents are written by hand from that table.
func TestFromLLMMessage(t *testing.T) {
	_, png := tinyPNG(t)
	tests := []struct {
		name, in string
		role     Role
		author   string
		want     string
	}{
		{"system", `{"type":"SystemMessage","content":"Be brief."}`, RoleSystem, "",
			`[{"type":"text","text":"Be brief."}]`},
		{"user text", `{"type":"UserMessage","content":"hi","source":"user"}`, RoleUser, "user",
			`[{"type":"text","text":"hi"}]`},
		{"user list", `{"type":"UserMessage","content":["look",{"data":"` + png + `"},"here"],"source":"u1"}`, RoleUser, "u1",
			`[{"type":"text","text":"look"},{"type":"data","data":"` + png + `","media_type":"image/png"},{"type":"text","text":"here"}]`},
		{"user empty list", `{"type":"UserMessage","content":[],"source":"u"}`, RoleUser, "u", `[]`},
		{"assistant text", `{"type":"AssistantMessage","content":"Paris.","source":"a"}`, RoleAssistant, "a",
			`[{"type":"text","text":"Paris."}]`},
		{"assistant thought", `{"type":"AssistantMessage","content":"Paris.","thought":"capital of France","source":"a"}`, RoleAssistant, "a",
			`[{"type":"text_reasoning","text":"capital of France"},{"type":"text","text":"Paris."}]`},
		{"assistant calls", `{"type":"AssistantMessage","content":[{"id":"c1","arguments":"{\"city\":\"Paris\"}","name":"weather"},{"id":"c2","arguments":"{}","name":"now"}],"source":"a"}`, RoleAssistant, "a",
			`[{"type":"function_call","call_id":"c1","name":"weather","arguments":{"city":"Paris"}},{"type":"function_call","call_id":"c2","name":"now","arguments":{}}]`},
		{"assistant bad arguments", `{"type":"AssistantMessage","content":[{"id":"c1","arguments":"{city: Paris}","name":"weather"}],"thought":"","source":"a"}`, RoleAssistant, "a",
			`[{"type":"text_reasoning","text":""},{"type":"function_call","call_id":"c1","name":"weather","exception":"function call arguments are not a JSON object: invalid character 'c' looking for beginning of object key string","additional_properties":{"autogen.arguments":"{city: Paris}"}}]`},
		{"assistant array arguments", `{"type":"AssistantMessage","content":[{"id":"c1","arguments":"[1]","name":"f"}],"source":"a"}`, RoleAssistant, "a",
			`[{"type":"function_call","call_id":"c1","name":"f","exception":"function call arguments are not a JSON object: it is a JSON array","additional_properties":{"autogen.arguments":"[1]"}}]`},
		{"assistant no calls", `{"type":"AssistantMessage","content":[],"source":"a"}`, RoleAssistant, "a", `[]`},
		{"results", `{"type":"FunctionExecutionResultMessage","content":[{"content":"21C","name":"weather","call_id":"c1","is_error":false},{"content":"boom","name":"now","call_id":"c2","is_error":true},{"content":"","name":"x","call_id":"c3"}]}`, RoleTool, "",
			`[{"type":"function_result","call_id":"c1","result":"21C","additional_properties":{"autogen.name":"weather","autogen.is_error":false}},` +
				`{"type":"function_result","call_id":"c2","exception":"boom","additional_properties":{"autogen.name":"now"}},` +
				`{"type":"function_result","call_id":"c3","result":"","additional_properties":{"autogen.name":"x"}}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := llm(t, tt.in)
			m, err := FromLLMMessage(in)
			if err != nil {
				t.Fatal(err)
			}
			if m.Role != tt.role || m.AuthorName != tt.author {
				t.Errorf("role %q, author %q; want %q, %q", m.Role, m.AuthorName, tt.role, tt.author)
			}
			if got := contentsJSON(t, m.Contents); got != tt.want {
				t.Errorf("contents\n got %s\nwant %s", got, tt.want)
			}
			if m.RawRepresentation != in {
				t.Errorf("RawRepresentation is not the message")
			}
			// Back, with and without the raw representations.
			back, err := ToLLMMessage(m)
			if err != nil {
				t.Fatal(err)
			}
			if back != in {
				t.Errorf("ToLLMMessage did not return the unchanged original")
			}
			stripped, err := ToLLMMessage(stripRaw(m))
			if err != nil {
				t.Fatal(err)
			}
			if jsonOf(t, stripped) != jsonOf(t, in) {
				t.Errorf("without raw representations\n got %s\nwant %s", jsonOf(t, stripped), jsonOf(t, in))
			}
		})
	}
}

// stripRaw returns m without its raw representations, the contents
// copied through JSON (as after storing them).
func stripRaw(m Message) Message {
	b, err := List(m.Contents).MarshalJSON() // json.Marshal would escape <, > and & again
	if err != nil {
		panic(err)
	}
	cs, err := UnmarshalList(b, gen.UnmarshalOptions{})
	if err != nil {
		panic(err)
	}
	return Message{Role: m.Role, AuthorName: m.AuthorName, Contents: cs}
}

// TestToLLMMessage checks building AutoGen messages from contents made in
// Go, the expected JSON written by hand from the mapping rules.
func TestToLLMMessage(t *testing.T) {
	_, png := tinyPNG(t)
	dc, err := DataContentFromURI("data:image/png;base64," + png)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		m    Message
		want string
	}{
		{"system", Message{Role: RoleSystem, Contents: []gen.AIContent{&gen.TextContent{Text: "s"}}},
			`{"content":"s","type":"SystemMessage"}`},
		{"user one text", Message{Role: RoleUser, AuthorName: "u", Contents: []gen.AIContent{&gen.TextContent{Text: "hi"}}},
			`{"content":"hi","source":"u","type":"UserMessage"}`},
		{"user image", Message{Role: RoleUser, AuthorName: "u", Contents: []gen.AIContent{dc}},
			`{"content":[{"data":"` + png + `"}],"source":"u","type":"UserMessage"}`},
		{"user none", Message{Role: RoleUser, AuthorName: "u"},
			`{"content":[],"source":"u","type":"UserMessage"}`},
		{"assistant reasoning after text", Message{Role: RoleAssistant, AuthorName: "a", Contents: []gen.AIContent{&gen.TextContent{Text: "t"}, &gen.TextReasoningContent{Text: "r"}}},
			`{"content":"t","thought":"r","source":"a","type":"AssistantMessage"}`},
		{"assistant calls", Message{Role: RoleAssistant, AuthorName: "a", Contents: []gen.AIContent{
			&gen.FunctionCallContent{CallID: "c1", Name: "f", Arguments: objArgs(`{ "x" : [1, 2] }`)},
			&gen.FunctionCallContent{CallID: "c2", Name: "g"},
			&gen.FunctionCallContent{CallID: "c3", Name: "h", AdditionalProperties: gen.RawJSON(`{"autogen.arguments":"oops"}`), Exception: errors.New("bad")},
		}}, `{"content":[{"id":"c1","arguments":"{\"x\":[1,2]}","name":"f"},{"id":"c2","arguments":"{}","name":"g"},{"id":"c3","arguments":"oops","name":"h"}],"thought":null,"source":"a","type":"AssistantMessage"}`},
		{"assistant nothing", Message{Role: RoleAssistant, AuthorName: "a"},
			`{"content":[],"thought":null,"source":"a","type":"AssistantMessage"}`},
		{"tool", Message{Role: RoleTool, Contents: []gen.AIContent{
			&gen.FunctionResultContent{CallID: "c1", Result: gen.RawJSON(`"ok"`), AdditionalProperties: gen.RawJSON(`{"autogen.name":"f"}`)},
			&gen.FunctionResultContent{CallID: "c2", Result: gen.RawJSON(`{"t": 1}`), AdditionalProperties: gen.RawJSON(`{"autogen.name":"g","autogen.is_error":false}`)},
			&gen.FunctionResultContent{CallID: "c3", Exception: errors.New("no such city"), Result: gen.RawJSON(`"ignored"`), AdditionalProperties: gen.RawJSON(`{"autogen.name":"h"}`)},
			&gen.FunctionResultContent{CallID: "c4", AdditionalProperties: gen.RawJSON(`{"autogen.name":"i","other":1}`)},
		}}, `{"content":[{"content":"ok","name":"f","call_id":"c1","is_error":null},{"content":"{\"t\":1}","name":"g","call_id":"c2","is_error":false},{"content":"no such city","name":"h","call_id":"c3","is_error":true},{"content":"","name":"i","call_id":"c4","is_error":null}],"type":"FunctionExecutionResultMessage"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ToLLMMessage(tt.m)
			if err != nil {
				t.Fatal(err)
			}
			if s := jsonOf(t, got); s != tt.want {
				t.Errorf("\n got %s\nwant %s", s, tt.want)
			}
		})
	}
}

func TestToLLMMessageErrors(t *testing.T) {
	text := &gen.TextContent{Text: "t"}
	tests := []struct {
		name    string
		m       Message
		content int
		reason  string
	}{
		{"system two texts", Message{Role: RoleSystem, Contents: []gen.AIContent{text, text}}, -1, "exactly one text content"},
		{"system nothing", Message{Role: RoleSystem}, -1, "exactly one text content"},
		{"user uri", Message{Role: RoleUser, Contents: []gen.AIContent{text, &gen.UriContent{URI: "https://x", MediaType: "image/png"}}}, 1, "not uri content"},
		{"user pdf", Message{Role: RoleUser, Contents: []gen.AIContent{&gen.DataContent{Data: []byte("%PDF"), MediaType: "application/pdf"}}}, 0, "is not an image"},
		{"user bad image", Message{Role: RoleUser, Contents: []gen.AIContent{&gen.DataContent{Data: []byte("nope"), MediaType: "image/png"}}}, 0, "not an image AutoGen reads"},
		{"assistant text and calls", Message{Role: RoleAssistant, Contents: []gen.AIContent{text, &gen.FunctionCallContent{CallID: "c", Name: "f"}}}, -1, "not both"},
		{"assistant two texts", Message{Role: RoleAssistant, Contents: []gen.AIContent{text, text}}, 1, "at most one text"},
		{"assistant two thoughts", Message{Role: RoleAssistant, Contents: []gen.AIContent{&gen.TextReasoningContent{}, &gen.TextReasoningContent{}}}, 1, "at most one reasoning"},
		{"assistant usage", Message{Role: RoleAssistant, Contents: []gen.AIContent{&gen.UsageContent{}}}, 0, "not usage content"},
		{"assistant invalid arguments", Message{Role: RoleAssistant, Contents: []gen.AIContent{&gen.FunctionCallContent{CallID: "c", Name: "f", Arguments: objArgs(`{`)}}}, 0, "not valid JSON"},
		{"tool text", Message{Role: RoleTool, Contents: []gen.AIContent{text}}, 0, "not text content"},
		{"tool without name", Message{Role: RoleTool, Contents: []gen.AIContent{&gen.FunctionResultContent{CallID: "c9"}}}, 0, `result "c9" is unknown`},
		{"nil content", Message{Role: RoleUser, Contents: []gen.AIContent{nil}}, 0, "nil content"},
		{"typed nil content", Message{Role: RoleUser, Contents: []gen.AIContent{(*gen.TextContent)(nil)}}, 0, "nil content"},
		{"no role", Message{Contents: []gen.AIContent{text}}, -1, `unknown role ""`},
		{"error content", Message{Role: RoleUser, Contents: []gen.AIContent{NewErrorContent("x")}}, 0, "not error content"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ToLLMMessage(tt.m)
			var ce *ConversionError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *ConversionError", err)
			}
			if ce.Content != tt.content || ce.Message != -1 || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("got %v (content %d), want content %d and %q", err, ce.Content, tt.content, tt.reason)
			}
		})
	}
	// In a list, the message index is set.
	_, err := ToLLMMessages([]Message{{Role: RoleSystem, Contents: []gen.AIContent{text}}, {Role: "bot"}})
	var ce *ConversionError
	if !errors.As(err, &ce) || ce.Message != 1 || !strings.HasPrefix(err.Error(), "contents: message 1: ") {
		t.Errorf("ToLLMMessages error %v", err)
	}
}

func TestFromLLMMessageErrors(t *testing.T) {
	tests := []struct {
		name string
		m    gen.LLMMessage
	}{
		{"nil", nil},
		{"typed nil", (*gen.UserMessage)(nil)},
		{"user without content", &gen.UserMessage{Source: "u"}},
		{"user empty part", &gen.UserMessage{Source: "u", Content: gen.UserMessageContentOfParts([]gen.UserMessageContentItem{{}})}},
		{"user empty image", &gen.UserMessage{Source: "u", Content: gen.UserMessageContentOfParts([]gen.UserMessageContentItem{gen.UserMessageContentItemOfImage(gen.Image{})})}},
		{"assistant without content", &gen.AssistantMessage{Source: "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromLLMMessage(tt.m)
			var ce *ConversionError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *ConversionError", err)
			}
		})
	}
	_, err := FromLLMMessages([]gen.LLMMessage{&gen.SystemMessage{}, nil})
	var ce *ConversionError
	if !errors.As(err, &ce) || ce.Message != 1 {
		t.Errorf("FromLLMMessages error %v", err)
	}
}

// TestResultNamesFromCalls checks that ToLLMMessages names a result after
// the call with its id.
func TestResultNamesFromCalls(t *testing.T) {
	ms := []Message{
		{Role: RoleAssistant, AuthorName: "a", Contents: []gen.AIContent{&gen.FunctionCallContent{CallID: "c1", Name: "weather", Arguments: objArgs(`{}`)}}},
		{Role: RoleTool, Contents: []gen.AIContent{&gen.FunctionResultContent{CallID: "c1", Result: gen.RawJSON(`"sunny"`)}}},
	}
	out, err := ToLLMMessages(ms)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"content":[{"content":"sunny","name":"weather","call_id":"c1","is_error":null}],"type":"FunctionExecutionResultMessage"}`
	if got := jsonOf(t, out[1]); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	// Alone, the result cannot be named.
	if _, err := ToFunctionResult(ms[1].Contents[0].(*gen.FunctionResultContent)); err == nil {
		t.Error("ToFunctionResult without a name succeeded")
	}
}

// TestRawRepresentationStale checks that a changed content is rebuilt
// rather than replaced by its stale original.
func TestRawRepresentationStale(t *testing.T) {
	in := llm(t, `{"type":"AssistantMessage","content":[{"id":"c1","arguments":"{\"a\": 1}","name":"f"},{"id":"c2","arguments":"{\"b\":  2}","name":"g"}],"source":"a"}`)
	m, err := FromLLMMessage(in)
	if err != nil {
		t.Fatal(err)
	}
	m.Contents[1].(*gen.FunctionCallContent).Arguments = objArgs(`{"b":3}`)
	out, err := ToLLMMessage(m)
	if err != nil {
		t.Fatal(err)
	}
	// The first call is unchanged and keeps its text; the second is rebuilt.
	want := `{"content":[{"id":"c1","arguments":"{\"a\": 1}","name":"f"},{"id":"c2","arguments":"{\"b\":3}","name":"g"}],"thought":null,"source":"a","type":"AssistantMessage"}`
	if got := jsonOf(t, out); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	// A changed system text is rebuilt too.
	sm, _ := FromLLMMessage(&gen.SystemMessage{Content: "old"})
	sm.Contents[0].(*gen.TextContent).Text = "new"
	if out, _ := ToLLMMessage(sm); out.(*gen.SystemMessage).Content != "new" {
		t.Error("stale system message returned")
	}
	// A result whose exception was cleared becomes a success.
	fr := FromFunctionResult(gen.FunctionExecutionResult{Content: "boom", Name: "f", CallID: "c", IsError: ptr(true)})
	fr.Exception = nil
	fr.Result = gen.RawJSON(`"fixed"`)
	r, err := ToFunctionResult(fr)
	if err != nil || r.Content != "fixed" || r.IsError != nil {
		t.Errorf("rebuilt result %+v, %v", r, err)
	}
}

func ptr[T any](v T) *T { return &v }

func TestRequestUsage(t *testing.T) {
	u := FromRequestUsage(gen.RequestUsage{PromptTokens: *Count(10), CompletionTokens: *Count(5)})
	if got := jsonOf(t, u); got != `{"input_token_count":10,"output_token_count":5,"total_token_count":15}` {
		t.Errorf("FromRequestUsage = %s", got)
	}
	if got := jsonOf(t, ToRequestUsage(u)); got != `{"prompt_tokens":10,"completion_tokens":5}` {
		t.Errorf("ToRequestUsage = %s", got)
	}
	if got := jsonOf(t, ToRequestUsage(gen.UsageDetails{OutputTokenCount: Count(2)})); got != `{"prompt_tokens":0,"completion_tokens":2}` {
		t.Errorf("ToRequestUsage with an absent count = %s", got)
	}
}

func TestImages(t *testing.T) {
	img, png := tinyPNG(t)
	dc, err := FromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	if dc.MediaType != "image/png" || dc.Base64Data() != png {
		t.Errorf("FromImage = %s, %s", dc.MediaType, dc.Base64Data())
	}
	back, err := ToImage(dc)
	if err != nil || genrt.WireImage(back).Image != genrt.WireImage(img).Image {
		t.Errorf("ToImage did not return the original: %v", err)
	}
	// Without the raw representation, the image is loaded again.
	again, err := ToImage(&gen.DataContent{Data: dc.Data, MediaType: "image/png"})
	if err != nil {
		t.Fatal(err)
	}
	if w, h := again.Size(); w != 1 || h != 1 {
		t.Errorf("size %dx%d", w, h)
	}
	// A JPEG media type is accepted when the bytes are an image.
	if _, err := ToImage(&gen.DataContent{Data: dc.Data, MediaType: "IMAGE/jpeg"}); err != nil {
		t.Errorf("image/jpeg: %v", err)
	}
	if _, err := FromImage(gen.Image{}); err == nil {
		t.Error("FromImage of an empty image succeeded")
	}
}

// objArgs is a function call's arguments given as a JSON object.
func objArgs(s string) *gen.FunctionCallContentArguments {
	a := gen.FunctionCallContentArgumentsOfObject(gen.RawJSON(s))
	return &a
}

// TestStringArguments checks the Agent Framework's other form of a
// function call's arguments, a string (agent_framework/_types.py:
// Content.arguments: str | Mapping[str, Any] | None): read, written back
// unchanged (its to_dict writes the string as it is), and given to AutoGen's
// FunctionCall as that text, which parse_arguments and AutoGen's tools read
// as JSON.
func TestStringArguments(t *testing.T) {
	for _, in := range []string{
		`{"type":"function_call","call_id":"c1","name":"f","arguments":"{\"city\": \"Paris\"}"}`,
		`{"type":"function_call","call_id":"c1","name":"f","arguments":"not json"}`,
		`{"type":"function_call","call_id":"c1","name":"f","arguments":""}`,
	} {
		var c gen.FunctionCallContent
		if err := gen.Unmarshal([]byte(in), &c); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if c.Arguments == nil || !c.Arguments.IsText() {
			t.Fatalf("%s: arguments %+v, want the text branch", in, c.Arguments)
		}
		out, err := json.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != in {
			t.Errorf("round trip:\ngot  %s\nwant %s", out, in)
		}
		fc, err := ToFunctionCall(&c)
		if err != nil {
			t.Fatal(err)
		}
		if fc.Arguments != c.Arguments.Text {
			t.Errorf("FunctionCall arguments %q, want %q", fc.Arguments, c.Arguments.Text)
		}
	}
	// Neither form: a number is refused, as pydantic-free Python would
	// accept it but the type says str | Mapping | None.
	var c gen.FunctionCallContent
	if err := gen.Unmarshal([]byte(`{"type":"function_call","call_id":"c","name":"f","arguments":3}`), &c); err == nil {
		t.Error("number arguments accepted")
	}
}
