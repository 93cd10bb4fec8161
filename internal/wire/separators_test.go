package wire_test

import (
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// TestEncodeSeparators checks the separators and constant runs that the
// generated encoders write as one piece (a member's comma and name, the
// null of an unset member, the {} of empty metadata, an array's brackets,
// the constant tag) and those that Key works out when members before may
// be absent: each document is in AutoGen's canonical form (hand-written,
// members in AutoGen's order), so encoding what it decodes to gives it
// back byte for byte.
func TestEncodeSeparators(t *testing.T) {
	for _, c := range []struct {
		name string
		v    interface {
			json.Unmarshaler
			json.Marshaler
		}
		doc string
	}{
		// Only optional members before "name": its comma is Key's.
		{"ToolSchema name only", new(gen.ToolSchema), `{"name":"f"}`},
		{"ToolSchema all but parameters", new(gen.ToolSchema), `{"name":"f","description":"d","strict":false}`},
		// Every member optional.
		{"UsageDetails empty", new(gen.UsageDetails), `{}`},
		{"UsageDetails second only", new(gen.UsageDetails), `{"output_token_count":2}`},
		{"UsageDetails first and third", new(gen.UsageDetails), `{"input_token_count":1,"total_token_count":3}`},
		{"ToolCallExecutionEvent empty", new(gen.ToolCallExecutionEvent),
			`{"id":"i","source":"s","models_usage":null,"metadata":{},"created_at":"2025-06-01T12:00:02.180931Z","content":[],"type":"ToolCallExecutionEvent"}`},
		{"ToolCallExecutionEvent full", new(gen.ToolCallExecutionEvent),
			`{"id":"i","source":"s","models_usage":{"prompt_tokens":1,"completion_tokens":2},"metadata":{"a":"1","b":"2"},"created_at":"2025-06-01T12:00:02Z",` +
				`"content":[{"content":"ok","name":"f","call_id":"c1","is_error":false},{"content":"no","name":"g","call_id":"c2","is_error":null}],"type":"ToolCallExecutionEvent"}`},
		{"TextMessage", new(gen.TextMessage),
			`{"id":"i","source":"user","models_usage":null,"metadata":{"k":"v"},"created_at":"2025-06-01T12:00:02.180931Z","content":"hi","type":"TextMessage"}`},
	} {
		if err := c.v.UnmarshalJSON([]byte(c.doc)); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := c.v.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if string(got) != c.doc {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.doc)
		}
	}
}
