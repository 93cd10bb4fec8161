package component

import (
	"bytes"

	"github.com/agentschema/agentschema/gen"
)

// OllamaOptionsOf reads the options of an Ollama client config as ollama's
// Options model (gen.OllamaOptions: num_ctx, temperature, stop, ...), with
// pydantic's lax rules; nil when the config has no options. AutoGen itself
// keeps a JSON object there as an unchecked mapping (see the schema of
// OllamaClientConfigurationConfigModel), so a value Options would refuse
// (a string temperature such as "hot") loads in AutoGen and fails here,
// before Ollama would refuse it. Unknown members are ignored, as Options
// ignores them.
func OllamaOptionsOf(c *gen.OllamaClientConfigurationConfigModel) (*gen.OllamaOptions, error) {
	if c == nil || len(c.Options) == 0 || bytes.Equal(bytes.TrimSpace(c.Options), []byte("null")) {
		return nil, nil
	}
	var o gen.OllamaOptions
	if err := gen.Unmarshal(c.Options, &o); err != nil {
		return nil, err
	}
	return &o, nil
}
