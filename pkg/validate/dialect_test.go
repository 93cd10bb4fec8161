package validate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/wire"
)

// TestDialectSchemaMode checks that schema mode reads the .NET and Agent
// Framework forms of the content types as the typed decoder (autogen mode,
// normalize) does, and reports faults at the member names the input used.
// The expected pointers and positions are derived by hand from the
// inputs; where autogen mode reports the same fault, both modes must give
// the same pointer.
func TestDialectSchemaMode(t *testing.T) {
	type want struct {
		ptr       string
		line, col int
		keyword   string
	}
	tests := []struct {
		name, title, in string
		want            []want
		// sameInAutoGen: autogen mode reports the same pointers.
		sameInAutoGen bool
	}{
		// .NET's form: "$type" (AIContent.cs [JsonDerivedType]) and camelCase.
		{"text", "AIContent", `{"$type":"text","text":"hi"}`, nil, true},
		{"reasoning with protectedData", "AIContent", `{"$type":"reasoning","text":"t","protectedData":"p"}`, nil, true},
		{"call", "AIContent", `{"$type":"functionCall","callId":"c","name":"f","arguments":{"a":1},"informationalOnly":false}`, nil, true},
		{"data as a data: URI", "AIContent", `{"$type":"data","uri":"data:image/png;base64,iVBORw0KGgo=","name":"a.png"}`, nil, true},
		{"hosted file", "AIContent", `{"$type":"hostedFile","fileId":"f","sizeInBytes":3}`, nil, true},
		{"usage with .NET counts", "AIContent", `{"$type":"usage","details":{"inputTokenCount":1,"cachedInputTokenCount":2,"reasoningTokenCount":3,"additionalCounts":{"x.y":1}}}`, nil, true},
		{"missing callId is reported by its schema name", "AIContent", `{"$type":"functionCall","name":"f"}`,
			[]want{{"/call_id", 1, 1, "required"}}, true},
		{"wrong camelCase member at its own name", "AIContent", `{"$type":"functionCall","callId":1,"name":"f"}`,
			[]want{{"/callId", 1, 34, "type"}}, true},
		{"nested camelCase count", "AIContent", `{"$type":"usage","details":{"inputTokenCount":"x"}}`,
			[]want{{"/details/inputTokenCount", 1, 47, "type"}}, true},
		{"malformed data: URI", "AIContent", `{"$type":"data","uri":"data:image/png;base64"}`,
			[]want{{"/uri", 1, 23, "contentEncoding"}}, true},
		{"unknown $type", "AIContent", `{"$type":"inputRequest","requestId":"r"}`, // InputRequestContent.cs: never written
			[]want{{"/$type", 1, 10, "discriminator"}}, false},
		{"fault in an approval request's tool call", "AIContent", `{"$type":"toolApprovalRequest","requestId":"r","toolCall":{"$type":"functionCall","callId":"c"}}`,
			[]want{{"/toolCall/name", 1, 59, "required"}}, true},
		{"code interpreter outputs", "AIContent", `{"$type":"codeInterpreterToolResult","callId":"c","outputs":[{"$type":"text","text":"1"},{"$type":"data","uri":"data:x"}]}`,
			[]want{{"/outputs/1/uri", 1, 112, "contentEncoding"}}, true},
		{"$type not a string", "AIContent", "{\n \"$type\": 7}",
			[]want{{"/$type", 2, 11, "discriminator"}}, false},

		// The Agent Framework's Python form (Content.to_dict in _types.py).
		{"AF usage_details", "AIContent", `{"type":"usage","usage_details":{"input_token_count":1,"cache_read_input_token_count":2,"reasoning_output_token_count":3}}`, nil, true},
		{"AF provider counts", "AIContent", `{"type":"usage","usage_details":{"anthropic.cache_read_input_tokens":2,"additional_counts":{"x.y":1}}}`, nil, true},
		{"AF provider count not an integer", "AIContent", `{"type":"usage","usage_details":{"input_token_count":1,"openai.x":"many"}}`,
			[]want{{"/usage_details/openai.x", 1, 67, "type"}}, true},
		{"AF error_details", "AIContent", `{"type":"error","message":"m","error_details":"d"}`, nil, true},
		{"AF usage_details wrong", "AIContent", `{"type":"usage","usage_details":{"cache_read_input_token_count":"x"}}`,
			[]want{{"/usage_details/cache_read_input_token_count", 1, 65, "type"}}, true},

		// Contents inside .NET's ChatMessage, ChatResponse and ChatResponseUpdate.
		{"message", "AIChatMessage", `{"role":"user","authorName":"u","contents":[{"$type":"text","text":"hi"}],"messageId":"m"}`, nil, true},
		{"content fault in a message", "AIChatMessage", `{"role":"assistant","contents":[{"$type":"functionCall","callId":"c"}]}`,
			[]want{{"/contents/0/name", 1, 33, "required"}}, true},
		{"response usage", "ChatResponse", `{"messages":[],"modelId":"m","usage":{"inputTokenCount":1,"cachedInputTokenCount":"z"}}`,
			[]want{{"/usage/cachedInputTokenCount", 1, 83, "type"}}, true},
		{"AF response", "ChatResponse", `{"type":"chat_response","model":"m","usage_details":{"input_token_count":1}}`, nil, true},
		{"update", "ChatResponseUpdate", `{"role":"assistant","contents":[{"$type":"text","text":"a"}],"finishReason":"stop"}`, nil, true},
		{"update with a bad content tag", "ChatResponseUpdate", `{"contents":[{"$type":"txt","text":"a"}]}`,
			[]want{{"/contents/0/$type", 1, 23, "discriminator"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Validate(tt.title, []byte(tt.in))
			var es agentschema.Faults
			if tt.want == nil {
				if err != nil {
					t.Fatalf("schema mode: %v", err)
				}
			} else {
				if !errors.As(err, &es) {
					t.Fatalf("schema mode: %v, want Errors", err)
				}
				if len(es) != len(tt.want) {
					t.Fatalf("schema mode: %d errors, want %d: %v", len(es), len(tt.want), es)
				}
				for i, w := range tt.want {
					e := es[i]
					if e.Pointer != w.ptr || e.Line != w.line || e.Column != w.col || e.Keyword != w.keyword {
						t.Errorf("error %d = %s %d:%d %s (%s), want %s %d:%d %s", i, e.Pointer, e.Line, e.Column, e.Keyword, e.Message, w.ptr, w.line, w.col, w.keyword)
					}
				}
			}
			if !tt.sameInAutoGen {
				return
			}
			aerr := (&Validator{Mode: ModeAutoGen}).Validate(tt.title, []byte(tt.in))
			var aes agentschema.Faults
			if tt.want == nil {
				if aerr != nil {
					t.Fatalf("autogen mode: %v", aerr)
				}
				return
			}
			if !errors.As(aerr, &aes) || len(aes) != len(es) {
				t.Fatalf("autogen mode: %v, want %d errors", aerr, len(es))
			}
			for i := range es {
				if aes[i].Pointer != es[i].Pointer || aes[i].Line != es[i].Line || aes[i].Column != es[i].Column {
					t.Errorf("autogen mode error %d at %s %d:%d, schema mode at %s %d:%d", i, aes[i].Pointer, aes[i].Line, aes[i].Column, es[i].Pointer, es[i].Line, es[i].Column)
				}
			}
		})
	}
}

// TestDialectTagged checks that ValidateTagged takes a document with only
// a .NET "$type" tag as an AIContent, in both modes.
func TestDialectTagged(t *testing.T) {
	for _, m := range []Mode{ModeSchema, ModeAutoGen} {
		v := &Validator{Mode: m}
		title, err := v.ValidateTagged([]byte(`{"$type":"reasoning","text":"t","protectedData":"p"}`))
		if err != nil || title != "AIContent" {
			t.Errorf("%v: %q, %v", m, title, err)
		}
		title, err = v.ValidateTagged([]byte(`{"$type":"reasoning"}`))
		var es agentschema.Faults
		if title != "AIContent" || !errors.As(err, &es) || es[0].Pointer != "/text" {
			t.Errorf("%v, missing text: %q, %v", m, title, err)
		}
		// The Agent Framework's messages carry a "type" tag.
		title, err = v.ValidateTagged([]byte(`{"type":"chat_message","role":"user","contents":[{"type":"text","text":"hi"}]}`))
		if err != nil || title != "AIChatMessage" {
			t.Errorf("%v, chat_message: %q, %v", m, title, err)
		}
	}
}

// TestDialectGoldenDocuments validates pkg/contents' .NET and Agent
// Framework documents in both modes.
func TestDialectGoldenDocuments(t *testing.T) {
	dir := filepath.Join("..", "contents", "testdata")
	for _, f := range []string{"dotnet_chat_response.json", "agentframework_chat_response.json", "chat_response.golden.json", "dotnet_chat_response_update.json"} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		title := "ChatResponse"
		if strings.Contains(f, "update") {
			title = "ChatResponseUpdate"
		}
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			if err := (&Validator{Mode: m}).Validate(title, data); err != nil {
				t.Errorf("%s, %v: %v", f, m, err)
			}
		}
	}
}

// FuzzDialect checks the rewrite of the .NET and Agent Framework forms:
// schema mode never fails other than with Errors, and every fault not
// about a missing member or tag points at a value the input has (the
// rewrite maps its renames back).
func FuzzDialect(f *testing.F) {
	for _, name := range []string{"dotnet_chat_response.json", "agentframework_chat_response.json"} {
		data, err := os.ReadFile(filepath.Join("..", "contents", "testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{
		`{"messages":[{"contents":[{"$type":"functionCall","callId":1}]}]}`,
		`{"usage_details":{"a.b":"x","cache_read_input_token_count":true},"model":3}`,
		`{"messages":[{"contents":[{"$type":"data","uri":"data:x"},{"$type":"nope"},{"$type":"toolApprovalRequest","toolCall":{"$type":"usage","details":{"inputTokenCount":[]}}}]}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Validate("ChatResponse", data)
		if err == nil {
			return
		}
		var es agentschema.Faults
		if !errors.As(err, &es) || len(es) == 0 {
			t.Fatalf("not Errors: %v", err)
		}
		inst, werrs := parse(data, wire.Options{})
		if werrs != nil {
			return // a syntax error
		}
		for _, e := range es {
			// (propertyNames faults are checked too: faults.go finds their
			// object again, as jsonschema v6.0.3 reports it with a location
			// slice that later siblings overwrite.)
			if e.Keyword == "required" || e.Keyword == "discriminator" {
				continue
			}
			if _, ok := lookup(inst, parsePointer(e.Pointer)); !ok {
				t.Fatalf("%q: fault at %s, which the input does not have (%s)", data, e.Pointer, e.Message)
			}
		}
	})
}

// TestDialectConcurrent validates .NET documents from several goroutines
// at once (run with -race): the rewrite's schema information is shared
// read-only.
func TestDialectConcurrent(t *testing.T) {
	docs := []string{
		`{"$type":"functionCall","callId":"c","name":"f"}`,
		`{"$type":"functionCall","name":"f"}`,
		`{"type":"usage","usage_details":{"a.b":1}}`,
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(docs))
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, d := range docs {
				err := Validate("AIContent", []byte(d))
				if (err == nil) != (i != 1) {
					errs <- fmt.Errorf("%s: %v", d, err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestPropertyNamesPointer: a member name a map refuses (propertyNames,
// AdditionalCounts' key pattern) is reported at that member, however many
// siblings the validator went through after it (jsonschema v6.0.3 reports
// such faults with a location slice that later siblings overwrite; the
// pointers here were derived by hand from the documents).
func TestPropertyNamesPointer(t *testing.T) {
	cases := []struct {
		title, in string
		want      []string
	}{
		{"UsageDetails", `{"additional_counts":{"bad":1,"x.y":2}}`, []string{"/additional_counts/bad"}},
		{"ChatResponse", `{"messages":[{"role":"assistant","contents":[{"type":"usage","details":{"additional_counts":{"no_dot":1}}},{"type":"text","text":"x"},{"type":"usage","details":{"additional_counts":{"a.b":1,"zz":2}}}]}],"usage_details":{"additional_counts":{"q":1}},"model_id":"m"}`,
			[]string{"/messages/0/contents/0/details/additional_counts/no_dot", "/messages/0/contents/2/details/additional_counts/zz", "/usage_details/additional_counts/q"}},
	}
	for _, c := range cases {
		for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: mode}).Validate(c.title, []byte(c.in))
			var es agentschema.Faults
			if !errors.As(err, &es) {
				t.Fatalf("%s %v: %v", c.title, mode, err)
			}
			var got []string
			for _, e := range es {
				got = append(got, e.Pointer)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s %v: got %q, want %q", c.title, mode, got, c.want)
			}
		}
	}
}
