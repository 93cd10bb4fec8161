package serve_test

import (
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/serve"
)

// FuzzDecodeRunRequest: any body is a request or an *agentschema.Fault,
// never a panic.
func FuzzDecodeRunRequest(f *testing.F) {
	for _, seed := range []string{
		``, `{}`, `{"task": "hi"}`, `{"task": null}`, `{"task": 3}`, `[]`, `null`, `{"messages": []}`,
		`{"messages": [{"type": "TextMessage", "source": "user", "content": "hi"}]}`,
		`{"messages": [{"type": "MultiModalMessage", "source": "u", "content": ["a", {"data": "x", "format": "png"}]}]}`,
		`{"messages": [{"type": "ToolCallRequestEvent", "source": "a", "content": []}]}`,
		"{\n\"task\": \"a\",,\n}", `{"task": "a", "messages": []}`, `{"x": 1}`, `{"messages": {}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := serve.DecodeRunRequest(body)
		if err != nil {
			var fault *agentschema.Fault
			if !errors.As(err, &fault) {
				t.Fatalf("%q: %T %v is not a Fault", body, err, err)
			}
			return
		}
		if len(req.TaskJSON) == 0 {
			t.Fatalf("%q: no task JSON", body)
		}
	})
}
