package contents

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// FuzzUnmarshal checks that the content decoder never panics and that
// whatever it accepts, in either form, writes JSON that reads back to the
// same JSON.
func FuzzUnmarshal(f *testing.F) {
	for _, s := range []string{
		`{"type":"text","text":"hi"}`,
		`{"type":"text_reasoning","text":"x","additional_properties":{"a":1}}`,
		`{"type":"data","data":"iVBORw0KGgo=","media_type":"image/png"}`,
		`{"type":"uri","uri":"https://x","media_type":"text/html"}`,
		`{"type":"function_call","call_id":"c1","name":"f","arguments":{"x":1},"exception":"e"}`,
		`{"type":"function_result","call_id":"c1","result":[1,"a"],"raw_representation":{"k":null}}`,
		`{"type":"error","error_code":"E","details":"d","message":null}`,
		`{"type":"usage","details":{"input_token_count":1,"additional_counts":{"openai.x":2}}}`,
		`{"$type":"text","text":"hi"}`,
		`{"$type":"reasoning","text":"hmm"}`,
		`{"$type":"functionCall","callId":"c1","name":"f","arguments":{"x":1}}`,
		`{"$type":"functionResult","callId":"c1","result":"ok"}`,
		`{"$type":"data","uri":"data:image/png;base64,iVBORw0KGgo=","mediaType":"image/png"}`,
		`{"$type":"data","uri":"data:,a%20b"}`,
		`{"$type":"usage","details":{"inputTokenCount":3,"additionalCounts":{"a.b":1}}}`,
		`{"$type":"functionCall","callId":"c","name":"f","exception":{"message":"m","innerException":null}}`,
		`{"$type":"error","message":"x"}`,
		`{"$type":"reasoning","text":"t","protectedData":"p","annotations":[{"$type":"citation"}]}`,
		`{"$type":"hostedFile","fileId":"f","sizeInBytes":3,"createdAt":"x"}`,
		`{"$type":"toolApprovalRequest","requestId":"r","toolCall":{"$type":"functionCall","callId":"c","name":"f"}}`,
		`{"$type":"codeInterpreterToolResult","callId":"c","outputs":[{"$type":"text","text":"1"}]}`,
		`{"type":"usage","usage_details":{"cache_read_input_token_count":1,"a.b":2,"additional_counts":{"a.b":3}}}`,
		`{"type":"mcp_server_tool_call","call_id":"c","tool_name":"t","arguments":"{}"}`,
		`[]`, `null`, `{}`, `{"type":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Unmarshal(data)
		if err != nil {
			if c != nil {
				t.Fatal("a value and an error")
			}
			return
		}
		out, err := Marshal(c)
		if err != nil {
			t.Fatalf("accepted %q but cannot write it: %v", data, err)
		}
		c2, err := Unmarshal(out)
		if err != nil {
			t.Fatalf("cannot read our own output %s: %v", out, err)
		}
		out2, err := Marshal(c2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("round trip changed the value:\n%s\n%s", out, out2)
		}
		if c2.Type() != c.Type() {
			t.Fatalf("type %s became %s", c.Type(), c2.Type())
		}
	})
}

// FuzzParseDataURI checks that parsing never panics and that a parsed URI
// written back with FormatDataURI parses to the same bytes and type.
func FuzzParseDataURI(f *testing.F) {
	for _, s := range []string{"data:image/png;base64,iVBORw0KGgo=", "data:,x", "data:;base64,", "data:text/plain;charset=UTF-8,%e2%82%ac", "nope", "data:a/b;base64,@"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		data, mt, err := ParseDataURI(uri)
		if err != nil {
			return
		}
		dc := &gen.DataContent{Data: data, MediaType: mt}
		data2, mt2, err := ParseDataURI(dc.URI())
		if err != nil {
			t.Fatalf("cannot parse %q (from %q): %v", dc.URI(), uri, err)
		}
		if !bytes.Equal(data, data2) || mt != mt2 {
			t.Fatalf("%q: %q %q became %q %q", uri, data, mt, data2, mt2)
		}
	})
}

// FuzzChatResponse checks that the chat response decoder (.NET's and the
// Agent Framework's forms, with their contents) never panics and that
// what it accepts writes JSON that reads back to the same JSON.
func FuzzChatResponse(f *testing.F) {
	for _, name := range []string{"dotnet_chat_response.json", "agentframework_chat_response.json", "chat_response.golden.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"messages":[{"contents":[{"$type":"usage","details":{"x.y":1}}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r gen.ChatResponse
		if err := json.Unmarshal(data, &r); err != nil {
			return
		}
		out, err := json.Marshal(&r)
		if err != nil {
			t.Fatalf("accepted %q but cannot write it: %v", data, err)
		}
		var r2 gen.ChatResponse
		if err := json.Unmarshal(out, &r2); err != nil {
			t.Fatalf("cannot read our own output %s: %v", out, err)
		}
		out2, err := json.Marshal(&r2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("round trip changed the value:\n%s\n%s", out, out2)
		}
	})
}
