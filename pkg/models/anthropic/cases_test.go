package anthropic_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models"
	_ "github.com/agentschema/agentschema/pkg/models/anthropic"
)

// TestRecordedProviderCases runs every anthropic and bedrock case of
// testdata/conformance/providers (calls of AutoGen's Anthropic or Bedrock
// client recorded against a loopback fake of the API; see the README
// there) through the library: the client loaded from the case's config,
// one Create or CreateStream; the requests sent, the chunks, the result or
// the error (class and text), and the usage after must be AutoGen's
// (clientcase.Run).
func TestRecordedProviderCases(t *testing.T) {
	cases := clientcase.LoadProviders(t, "../../../testdata/conformance/providers", "anthropic", "bedrock")
	clientcase.RunAll(t, cases, func(t *testing.T, c *clientcase.Case) { clientcase.Run(t, c, anthropicProvider) })
}

// anthropicProvider is what the Anthropic and Bedrock cases record: the
// API's headers; a Bedrock client reaches the fake server through
// ANTHROPIC_BEDROCK_BASE_URL.
var anthropicProvider = clientcase.Provider{
	Headers:     []string{"x-api-key", "anthropic-version", "anthropic-beta", "content-type", "accept", "x-amz-security-token"},
	DecodeTool:  decodeTool,
	ExceptionOf: models.ExceptionOf,
	Setup: func(t *testing.T, c *clientcase.Case, origin string) {
		clearEnv(t)
		if c.Client == "bedrock" {
			t.Setenv("ANTHROPIC_BEDROCK_BASE_URL", origin)
		}
	},
}

// clearEnv removes the variables the cases were recorded without.
func clearEnv(t *testing.T) {
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "ANTHROPIC_") || strings.HasPrefix(k, "AWS_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
}

// decodeTool reads a ToolSchema of a case; parameters without a type (a
// TypedDict nothing validates in AutoGen) get type "", which the client
// treats as absent.
func decodeTool(raw json.RawMessage) (gen.ToolSchema, error) {
	var whole map[string]json.RawMessage
	if err := json.Unmarshal(raw, &whole); err != nil {
		return gen.ToolSchema{}, err
	}
	if p, ok := whole["parameters"]; ok {
		var params map[string]json.RawMessage
		if json.Unmarshal(p, &params) == nil {
			if _, has := params["type"]; !has {
				params["type"] = json.RawMessage(`""`)
				whole["parameters"], _ = json.Marshal(params)
			}
		}
	}
	fixed, _ := json.Marshal(whole)
	var ts gen.ToolSchema
	err := json.Unmarshal(fixed, &ts)
	return ts, err
}
