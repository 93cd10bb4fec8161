package contents

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
)

// TestJSONForms decodes documents in this project's form and in .NET's and
// checks the Go value's type and this project's JSON of it, written by
// hand from the schemas (type first, snake_case, null members left out).
func TestJSONForms(t *testing.T) {
	tests := []struct {
		name, in, want string
		typ            string
	}{
		{"text", `{"type":"text","text":"hi"}`, `{"type":"text","text":"hi"}`, TypeText},
		{"text member order", `{"text":"hi","type":"text"}`, `{"type":"text","text":"hi"}`, TypeText},
		{"text nulls dropped", `{"type":"text","text":"hi","additional_properties":null,"raw_representation":null}`, `{"type":"text","text":"hi"}`, TypeText},
		{"reasoning", `{"type":"text_reasoning","text":"let me think"}`, `{"type":"text_reasoning","text":"let me think"}`, TypeTextReasoning},
		{"data", `{"type":"data","data":"AAEC/w==","media_type":"application/octet-stream"}`, `{"type":"data","data":"AAEC/w==","media_type":"application/octet-stream"}`, TypeData},
		{"data unpadded", `{"type":"data","data":"AAEC/w","media_type":"application/octet-stream"}`, `{"type":"data","data":"AAEC/w==","media_type":"application/octet-stream"}`, TypeData},
		{"data empty", `{"type":"data","data":"","media_type":"text/plain"}`, `{"type":"data","data":"","media_type":"text/plain"}`, TypeData},
		{"uri", `{"type":"uri","uri":"https://example.com/a.png","media_type":"image/png"}`, `{"type":"uri","uri":"https://example.com/a.png","media_type":"image/png"}`, TypeURI},
		{"call", `{"type":"function_call","call_id":"c1","name":"f","arguments":{ "x" : 1 }}`, `{"type":"function_call","call_id":"c1","name":"f","arguments":{"x":1}}`, TypeFunctionCall},
		{"call null arguments", `{"type":"function_call","call_id":"c1","name":"f","arguments":null}`, `{"type":"function_call","call_id":"c1","name":"f"}`, TypeFunctionCall},
		{"call exception", `{"type":"function_call","call_id":"c1","name":"f","exception":"bad arguments"}`, `{"type":"function_call","call_id":"c1","name":"f","exception":"bad arguments"}`, TypeFunctionCall},
		{"result", `{"type":"function_result","call_id":"c1","result":{"temp":21.5}}`, `{"type":"function_result","call_id":"c1","result":{"temp":21.5}}`, TypeFunctionResult},
		{"result null", `{"type":"function_result","call_id":"c1","result":null}`, `{"type":"function_result","call_id":"c1"}`, TypeFunctionResult},
		{"result exception", `{"type":"function_result","call_id":"c1","exception":"boom"}`, `{"type":"function_result","call_id":"c1","exception":"boom"}`, TypeFunctionResult},
		{"error", `{"type":"error","message":"slow down","error_code":"429","details":"retry"}`, `{"type":"error","error_code":"429","details":"retry","message":"slow down"}`, TypeError},
		{"error null message", `{"type":"error","message":null}`, `{"type":"error","message":null}`, TypeError},
		{"usage", `{"type":"usage","details":{"input_token_count":3,"output_token_count":4,"total_token_count":7,"additional_counts":{"thought_token_count":2,"openai.cached":1}}}`,
			`{"type":"usage","details":{"input_token_count":3,"output_token_count":4,"total_token_count":7,"additional_counts":{"openai.cached":1,"thought_token_count":2}}}`, TypeUsage},
		{"usage empty", `{"type":"usage","details":{}}`, `{"type":"usage","details":{}}`, TypeUsage},
		{"big count", `{"type":"usage","details":{"input_token_count":123456789012345678901234567890}}`, `{"type":"usage","details":{"input_token_count":123456789012345678901234567890}}`, TypeUsage},
		{"additional properties", `{"type":"text","text":"hi","additional_properties":{"b":1,"a":[true]}}`, `{"type":"text","text":"hi","additional_properties":{"b":1,"a":[true]}}`, TypeText},
		{"raw representation JSON", `{"type":"text","text":"hi","raw_representation":{"id":"x"}}`, `{"type":"text","text":"hi","raw_representation":{"id":"x"}}`, TypeText},
		{"unknown member", `{"type":"text","text":"hi","colour":"red"}`, `{"type":"text","text":"hi"}`, TypeText},
		{"annotations kept", `{"type":"text","text":"hi","annotations":[{"type":"citation","url":"https://x"}]}`, `{"type":"text","text":"hi","annotations":[{"type":"citation","url":"https://x"}]}`, TypeText},
		{"annotations empty", `{"type":"text","text":"hi","annotations":[]}`, `{"type":"text","text":"hi","annotations":[]}`, TypeText},
		{"hosted file", `{"type":"hosted_file","file_id":"f1","name":"a.csv"}`, `{"type":"hosted_file","file_id":"f1","name":"a.csv"}`, TypeHostedFile},
		{"hosted vector store", `{"type":"hosted_vector_store","vector_store_id":"vs1"}`, `{"type":"hosted_vector_store","vector_store_id":"vs1"}`, TypeHostedVectorStore},

		// .NET's Microsoft.Extensions.AI.
		{".NET text", `{"$type":"text","text":"hi"}`, `{"type":"text","text":"hi"}`, TypeText},
		{".NET reasoning", `{"$type":"reasoning","text":"hmm","protectedData":"opaque"}`, `{"type":"text_reasoning","text":"hmm","protected_data":"opaque"}`, TypeTextReasoning},
		{".NET call", `{"$type":"functionCall","callId":"c1","name":"f","arguments":{"x":1}}`, `{"type":"function_call","call_id":"c1","name":"f","arguments":{"x":1}}`, TypeFunctionCall},
		{".NET call exception object", `{"$type":"functionCall","callId":"c1","name":"f","exception":{"className":"System.Exception","message":"bad","innerException":null,"stackTraceString":null}}`,
			`{"type":"function_call","call_id":"c1","name":"f","exception":"bad"}`, TypeFunctionCall},
		{".NET result", `{"$type":"functionResult","callId":"c1","result":"sunny"}`, `{"type":"function_result","call_id":"c1","result":"sunny"}`, TypeFunctionResult},
		{".NET data", `{"$type":"data","uri":"data:image/png;base64,iVBORw0KGgo=","mediaType":"image/png"}`, `{"type":"data","data":"iVBORw0KGgo=","media_type":"image/png"}`, TypeData},
		{".NET data type from URI", `{"$type":"data","uri":"data:image/png;base64,iVBORw0KGgo="}`, `{"type":"data","data":"iVBORw0KGgo=","media_type":"image/png"}`, TypeData},
		{".NET data mediaType wins", `{"$type":"data","uri":"data:application/octet-stream;base64,iVBORw0KGgo=","mediaType":"image/png"}`, `{"type":"data","data":"iVBORw0KGgo=","media_type":"image/png"}`, TypeData},
		{".NET data percent", `{"$type":"data","uri":"data:,a%20b"}`, `{"type":"data","data":"YSBi","media_type":"text/plain;charset=US-ASCII"}`, TypeData},
		{".NET uri", `{"$type":"uri","uri":"https://example.com/a.png","mediaType":"image/png"}`, `{"type":"uri","uri":"https://example.com/a.png","media_type":"image/png"}`, TypeURI},
		{".NET error", `{"$type":"error","message":"boom","errorCode":"E1","details":"d"}`, `{"type":"error","error_code":"E1","details":"d","message":"boom"}`, TypeError},
		{".NET usage", `{"$type":"usage","details":{"inputTokenCount":3,"outputTokenCount":4,"totalTokenCount":7,"additionalCounts":{"OutputTokenDetails.ReasoningTokenCount":2}}}`,
			`{"type":"usage","details":{"input_token_count":3,"output_token_count":4,"total_token_count":7,"additional_counts":{"OutputTokenDetails.ReasoningTokenCount":2}}}`, TypeUsage},
		{".NET additional properties", `{"$type":"text","text":"hi","additionalProperties":{"k":1}}`, `{"type":"text","text":"hi","additional_properties":{"k":1}}`, TypeText},
		{".NET tag not first", `{"text":"hi","$type":"text"}`, `{"type":"text","text":"hi"}`, TypeText},
		{"both tags", `{"type":"function_call","$type":"functionCall","call_id":"c","name":"f"}`, `{"type":"function_call","call_id":"c","name":"f"}`, TypeFunctionCall},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Unmarshal([]byte(tt.in))
			if err != nil {
				t.Fatalf("Unmarshal: %v", err)
			}
			if c.Type() != tt.typ {
				t.Errorf("Type() = %q, want %q", c.Type(), tt.typ)
			}
			out, err := Marshal(c)
			if err != nil {
				t.Fatalf("Marshal: %v", err)
			}
			if string(out) != tt.want {
				t.Errorf("JSON\n got %s\nwant %s", out, tt.want)
			}
			// json.Marshal of the concrete value gives the same JSON.
			std, err := json.Marshal(c)
			if err != nil || string(std) != tt.want {
				t.Errorf("json.Marshal = %s, %v", std, err)
			}
		})
	}
}

// TestDecodeFaults checks what is refused, where and why.
func TestDecodeFaults(t *testing.T) {
	tests := []struct {
		name, in        string
		pointer, code   string
		messageContains string
	}{
		{"no tag", `{"text":"hi"}`, "", "union_tag_not_found", "Unable to extract tag using discriminator 'type'"},
		{"unknown tag", `{"type":"image","text":"hi"}`, "", "union_tag_invalid", "'text', 'text_reasoning', 'data', 'uri', 'function_call', 'function_result', 'error', 'usage'"},
		// InputRequestContent has only a protected constructor
		// (InputRequestContent.cs), so .NET never writes "inputRequest".
		{"unknown .NET tag", `{"$type":"inputRequest","requestId":"r"}`, "", "union_tag_invalid", "Input tag 'inputRequest' found using '$type'"},
		{".NET tag not a string", `{"$type":1}`, "", "union_tag_invalid", "found using '$type'"},
		{"our tag with $type value", `{"type":"functionCall"}`, "", "union_tag_invalid", "Input tag 'functionCall' found using 'type'"},
		{"not an object", `"hi"`, "", "model_attributes_type", "valid dictionary"},
		{"missing text", `{"type":"text"}`, "/text", "missing", "Field required"},
		{"text not a string", `{"type":"text","text":1}`, "/text", "string_type", "valid string"},
		{"tags disagree", `{"type":"text","$type":"reasoning","text":"x"}`, "/$type", "literal_error", "Input should be 'text'"},
		{"missing call id", `{"type":"function_call","name":"f"}`, "/call_id", "missing", "Field required"},
		{"arguments neither object nor string", `{"type":"function_call","call_id":"c","name":"f","arguments":[1]}`, "/arguments", "union_type", "an object or a string"},
		{"exception not text", `{"type":"function_result","call_id":"c","exception":5}`, "/exception", "string_type", "valid string"},
		{"missing message", `{"type":"error","details":"x"}`, "/message", "missing", "Field required"},
		{"missing data", `{"type":"data","media_type":"image/png"}`, "/data", "missing", "Field required"},
		{"missing media type", `{"type":"data","data":""}`, "/media_type", "missing", "Field required"},
		{"bad base64", `{"type":"data","data":"!!!!","media_type":"x/y"}`, "/data", "base64_decode", "Base64 decoding error"},
		{"base64 with spaces", `{"type":"data","data":"AA EC","media_type":"x/y"}`, "/data", "base64_decode", "white space"},
		{"data not a string", `{"type":"data","data":[1],"media_type":"x/y"}`, "/data", "bytes_type", "valid base64 string"},
		{"malformed data URI", `{"$type":"data","uri":"data:image/png;base64"}`, "/uri", "data_uri", `no ","`},
		{"not a data URI", `{"$type":"data","uri":"https://x/a.png"}`, "/uri", "data_uri", `does not start with "data:"`},
		{"bad count key", `{"type":"usage","details":{"additional_counts":{"reasoning":1}}}`, "/details/additional_counts/reasoning", "invalid_key", "Key 'reasoning' is neither a well-known count"},
		{"count not an int", `{"type":"usage","details":{"additional_counts":{"openai.x":"many"}}}`, "/details/additional_counts/openai.x", "int_parsing", ""},
		{"missing details", `{"type":"usage"}`, "/details", "missing", "Field required"},
		{"count not an int (.NET)", `{"$type":"usage","details":{"inputTokenCount":1.5}}`, "/details/inputTokenCount", "int_from_float", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Unmarshal([]byte(tt.in))
			var es agentschema.Faults
			if !errors.As(err, &es) {
				t.Fatalf("error %v is not an agentschema.Faults", err)
			}
			for _, e := range es {
				if e.Pointer == tt.pointer && e.Type == tt.code && strings.Contains(e.Message, tt.messageContains) {
					return
				}
			}
			t.Errorf("no fault at %q with code %s containing %q; got %v", tt.pointer, tt.code, tt.messageContains, es)
		})
	}
}

// TestDataURIFaultUnwraps checks that the data URI fault carries the
// *DataURIError.
func TestDataURIFaultUnwraps(t *testing.T) {
	_, err := Unmarshal([]byte(`{"$type":"data","uri":"data:image/png;base64,@@@@"}`))
	var de *DataURIError
	if !errors.As(err, &de) {
		t.Fatalf("errors.As(%v, *DataURIError) failed", err)
	}
	if !strings.Contains(de.Reason, "not base64") {
		t.Errorf("Reason = %q", de.Reason)
	}
}

// TestRawRepresentation checks the note's rule: raw_representation is kept
// in memory and written only when it is JSON.
func TestRawRepresentation(t *testing.T) {
	type sdkType struct{ ID string }
	tests := []struct {
		name string
		raw  any
		want string
	}{
		{"nil", nil, `{"type":"text","text":"hi"}`},
		{"Go value", &sdkType{ID: "x"}, `{"type":"text","text":"hi"}`},
		{"string", "not JSON, a Go string", `{"type":"text","text":"hi"}`},
		{"bytes", []byte(`{"a":1}`), `{"type":"text","text":"hi"}`},
		{"RawJSON", gen.RawJSON(`{"a": [1, 2]}`), `{"type":"text","text":"hi","raw_representation":{"a":[1,2]}}`},
		{"json.RawMessage", json.RawMessage(`"s"`), `{"type":"text","text":"hi","raw_representation":"s"}`},
		{"invalid RawJSON", gen.RawJSON(`{"a":`), `{"type":"text","text":"hi"}`},
		{"null RawJSON", gen.RawJSON(`null`), `{"type":"text","text":"hi"}`},
		{"gen value", &gen.FunctionCall{ID: "c"}, `{"type":"text","text":"hi"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &gen.TextContent{Text: "hi", RawRepresentation: tt.raw}
			out, err := Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Errorf("got %s, want %s", out, tt.want)
			}
			if !reflect.DeepEqual(RawRepresentationOf(c), tt.raw) {
				t.Errorf("RawRepresentationOf = %#v, want the value set", RawRepresentationOf(c))
			}
		})
	}
	// Reading keeps a JSON raw representation as RawJSON.
	c, err := Unmarshal([]byte(`{"type":"uri","uri":"u","media_type":"a/b","raw_representation":[1, {"b":null}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := RawRepresentationOf(c).(gen.RawJSON); !ok || string(r) != `[1,{"b":null}]` {
		t.Errorf("raw representation = %#v", RawRepresentationOf(c))
	}
}

// TestExceptionsAsText checks that any Go error is written as its message
// text and read back as a *MessageError with that text.
func TestExceptionsAsText(t *testing.T) {
	c := &gen.FunctionResultContent{CallID: "c", Exception: errors.New("tool \"x\" failed")}
	out, err := Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"function_result","call_id":"c","exception":"tool \"x\" failed"}`; string(out) != want {
		t.Fatalf("got %s, want %s", out, want)
	}
	back, err := Unmarshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var me *MessageError
	if !errors.As(back.(*gen.FunctionResultContent).Exception, &me) || me.Message != `tool "x" failed` {
		t.Errorf("exception read back as %#v", back.(*gen.FunctionResultContent).Exception)
	}
}

func TestList(t *testing.T) {
	in := `[{"type":"text","text":"a"},{"$type":"functionCall","callId":"c","name":"f"},{"type":"usage","details":{"input_token_count":1}}]`
	var l List
	if err := json.Unmarshal([]byte(in), &l); err != nil {
		t.Fatal(err)
	}
	if len(l) != 3 || l[1].Type() != TypeFunctionCall {
		t.Fatalf("decoded %#v", l)
	}
	out, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"type":"text","text":"a"},{"type":"function_call","call_id":"c","name":"f"},{"type":"usage","details":{"input_token_count":1}}]`
	if string(out) != want {
		t.Errorf("got %s\nwant %s", out, want)
	}
	if out, err := json.Marshal(List{}); err != nil || string(out) != `[]` {
		t.Errorf("empty list: %s, %v", out, err)
	}
	if _, err := json.Marshal(List{nil}); !errors.Is(err, ErrNilContent) {
		t.Errorf("nil content: %v", err)
	}
	if _, err := Marshal((*gen.TextContent)(nil)); !errors.Is(err, ErrNilContent) {
		t.Errorf("typed nil content: %v", err)
	}
	// Every fault of a list is reported, with its index.
	_, err = UnmarshalList([]byte(`[{"type":"text"},{"$type":"nope"},{"type":"text","text":"ok"}]`), gen.UnmarshalOptions{})
	var es agentschema.Faults
	if !errors.As(err, &es) || len(es) != 2 || es[0].Pointer != "/0/text" || es[1].Pointer != "/1" {
		t.Errorf("faults = %v", err)
	}
	if _, err := UnmarshalList([]byte(`{}`), gen.UnmarshalOptions{}); err == nil {
		t.Error("an object is not a list")
	}
}

// TestUnknownFieldsOption checks that Options reach the decoder.
func TestUnknownFieldsOption(t *testing.T) {
	in := []byte(`{"type":"text","text":"hi","extra":1}`)
	if _, err := Unmarshal(in); err != nil {
		t.Fatal(err)
	}
	if _, err := (gen.UnmarshalOptions{DisallowUnknownFields: true}).UnmarshalAIContent(in); err == nil {
		t.Error("unknown member accepted with DisallowUnknownFields")
	}
	if _, err := UnmarshalList([]byte(`[`+string(in)+`]`), gen.UnmarshalOptions{DisallowUnknownFields: true}); err == nil {
		t.Error("unknown member accepted in a list with DisallowUnknownFields")
	}
}

func TestInterfaces(t *testing.T) {
	dc := &gen.DataContent{Data: []byte("hi"), MediaType: "text/plain"}
	uc := &gen.UriContent{URI: "https://x/y", MediaType: "text/html"}
	tests := []struct {
		c                   gen.AIContent
		textual, locatable  bool
		text, uri, mediaTyp string
	}{
		{&gen.TextContent{Text: "t"}, true, false, "t", "", ""},
		{&gen.TextReasoningContent{Text: "r"}, true, false, "r", "", ""},
		{uc, true, true, "https://x/y", "https://x/y", "text/html"},
		{dc, false, true, "", "data:text/plain;base64,aGk=", "text/plain"},
		{&gen.FunctionCallContent{}, false, false, "", "", ""},
		{NewErrorContent("e"), false, false, "", "", ""},
	}
	for _, tt := range tests {
		tc, ok := tt.c.(gen.AnyTextualContent)
		if ok != tt.textual {
			t.Errorf("%T is AnyTextualContent: %v", tt.c, ok)
		}
		if ok && TextOf(tc) != tt.text {
			t.Errorf("TextOf(%T) = %q", tt.c, TextOf(tc))
		}
		lc, ok := tt.c.(gen.LocatableContent)
		if ok != tt.locatable {
			t.Errorf("%T is LocatableContent: %v", tt.c, ok)
		}
		if ok && (URIOf(lc) != tt.uri || MediaTypeOf(lc) != tt.mediaTyp) {
			t.Errorf("URIOf(%T) = %q, MediaTypeOf = %q", tt.c, URIOf(lc), MediaTypeOf(lc))
		}
	}
	// The unions decode too, and refuse other members.
	v, err := gen.UnmarshalLocatableContent([]byte(`{"$type":"uri","uri":"u","mediaType":"a/b"}`))
	if err != nil || URIOf(v) != "u" {
		t.Errorf("LocatableContent: %v, %v", v, err)
	}
	if _, err := gen.UnmarshalAnyTextualContent([]byte(`{"type":"data","data":"","media_type":"a/b"}`)); err == nil {
		t.Error("a DataContent is not an AnyTextualContent")
	}
}
