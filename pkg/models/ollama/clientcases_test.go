package ollama_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// TestRecordedCases runs every Ollama case of
// testdata/conformance/providers (calls of AutoGen's
// OllamaChatCompletionClient recorded against a fake of the Ollama API;
// see the README there) through the library: the client is loaded from
// the case's component config (with the fake server's origin), Create or
// CreateStream runs, and the requests, result, chunks, usage and error
// must be AutoGen's (clientcase.Run).
func TestRecordedCases(t *testing.T) {
	t.Setenv("OLLAMA_HOST", "")
	cases := clientcase.LoadProviders(t, "../../../testdata/conformance/providers", "ollama")
	clientcase.RunAll(t, cases, func(t *testing.T, c *clientcase.Case) { clientcase.Run(t, c, ollamaProvider) })
}

// ollamaProvider is what the Ollama cases record: a ResponseError's status
// and error text.
var ollamaProvider = clientcase.Provider{
	Headers:     []string{"accept", "content-type"},
	DecodeTool:  decodeToolSchema,
	ExceptionOf: ollama.ExceptionOf,
	CheckError: func(t *testing.T, want *clientcase.Error, err error) {
		var re *ollama.ResponseError
		if !errors.As(err, &re) {
			return
		}
		if want.StatusCode != nil && re.StatusCode != *want.StatusCode {
			t.Errorf("status %d, want %d", re.StatusCode, *want.StatusCode)
		}
		if want.Err != nil && re.Err != *want.Err {
			t.Errorf("error %q, want %q", re.Err, *want.Err)
		}
	},
}

// decodeToolSchema reads a ToolSchema. AutoGen's ToolSchema is a
// TypedDict, never validated: a parameters object without "type" is
// accepted there (tools/no-type), which the generated decoder reports as a
// missing member; that one fault is let through.
func decodeToolSchema(raw json.RawMessage) (gen.ToolSchema, error) {
	var ts gen.ToolSchema
	err := json.Unmarshal(raw, &ts)
	var faults agentschema.Faults
	if err != nil && errors.As(err, &faults) {
		for _, f := range faults {
			if f.Pointer != "/parameters/type" || f.Type != "missing" {
				return ts, err
			}
		}
		return ts, nil
	}
	return ts, err
}
