package ollama

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/modelinfo"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// Provider is the provider AutoGen writes for the client (its
// component_provider_override). pkg/component's default registry also
// accepts the short name "OllamaChatCompletionClient" and the class's
// private module path.
const Provider = "autogen_ext.models.ollama.OllamaChatCompletionClient"

// configModel is the config model's class name, the title of its
// ValidationError.
const configModel = "BaseOllamaClientConfigurationConfigModel"

var spec = component.Spec{
	Provider:      Provider,
	ComponentType: "model",
	Description:   "Chat completion client for Ollama hosted models.",
	Label:         "OllamaChatCompletionClient",
	KeepNull:      []string{"/options", "/response_format", "/timeout"},
}

func init() {
	component.Register(Provider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return FromConfig(config)
	})
}

// FromConfig builds a client from the config of its component
// (OllamaClientConfigurationConfigModel JSON, as AutoGen's
// dump_component() writes it). A config the config model refuses is a
// *ValidationError (pydantic's text, each fault with its JSON pointer
// through errors.As *agentschema.Fault).
func FromConfig(config []byte, opts ...ClientOption) (*Client, error) {
	var cfg gen.OllamaClientConfigurationConfigModel
	if err := json.Unmarshal(config, &cfg); err != nil {
		return nil, configError(config, err)
	}
	return New(cfg, opts...)
}

// configError is the pydantic ValidationError AutoGen's load raises for a
// config the decoder refused, or the decoder's error as it is for text
// that is not JSON or is over a decoding limit.
func configError(config []byte, err error) error {
	faults, ok := pydantic.ConfigFaults(config, err)
	if !ok {
		return fmt.Errorf("ollama: invalid %s: %w", configModel, err)
	}
	ve := &ValidationError{Title: configModel}
	for _, f := range faults {
		ve.Errors = append(ve.Errors, FieldError{Loc: f.Loc, Type: f.Type, Msg: f.Msg, input: f.Input})
	}
	return ve
}

// New returns AutoGen's OllamaChatCompletionClient for cfg, refusing what
// its constructor refuses: model_info and model_capabilities together, a
// model AutoGen's Ollama table does not know without either, and a
// json_object response_format for a model without JSON output.
func New(cfg gen.OllamaClientConfigurationConfigModel, opts ...ClientOption) (*Client, error) {
	info, err := resolveModelInfo(&cfg)
	if err != nil {
		return nil, err
	}
	createArgs, err := configCreateArgs(&cfg)
	if err != nil {
		return nil, err
	}
	if !info.JSONOutput {
		if rf, ok := createArgs.get("response_format"); ok && rf.Kind == pyjson.Dict {
			t, ok := rf.Get("type")
			if !ok {
				return nil, &Error{Exception: KeyError, Message: "'type'"}
			}
			if t.Kind == pyjson.Str && t.Str == "json_object" {
				return nil, valueError("Model does not support JSON output.")
			}
		}
	}
	host := ""
	if cfg.Host != nil {
		host = *cfg.Host
	}
	if host == "" {
		host = os.Getenv("OLLAMA_HOST")
	}
	base, err := parseHost(host)
	if err != nil {
		return nil, err
	}
	c := &Client{model: cfg.Model, info: info, createArgs: createArgs, base: base, settings: settingsOf(opts)}
	c.config = cfg
	c.config.ModelInfo, c.config.ModelCapabilities = nil, nil
	return c, nil
}

// resolveModelInfo is BaseOllamaChatCompletionClient.__init__'s choice of
// model_info.
func resolveModelInfo(cfg *gen.OllamaClientConfigurationConfigModel) (gen.ModelInfo, error) {
	switch {
	case cfg.ModelInfo != nil && cfg.ModelCapabilities != nil:
		return gen.ModelInfo{}, valueError("model_capabilities and model_info are mutually exclusive")
	case cfg.ModelInfo != nil:
		return *cfg.ModelInfo, nil
	case cfg.ModelCapabilities != nil:
		// A DeprecationWarning in AutoGen; the family is "unknown".
		c := cfg.ModelCapabilities
		return gen.ModelInfo{Vision: c.Vision, FunctionCalling: c.FunctionCalling, JSONOutput: c.JSONOutput,
			Family: models.FamilyUnknown}, nil
	}
	info, ok := LookupModelInfo(cfg.Model)
	if !ok {
		return gen.ModelInfo{}, valueError("model_info is required when model name is not a valid OpenAI model")
	}
	return info, nil
}

// LookupModelInfo is AutoGen's Ollama _model_info.get_info without its
// error: the ModelInfo of the model's class (the name before its first
// ':', so "llama3.2:3b" is llama3.2's; a namespace such as
// "library/llama3.2" is not stripped and so not found), and false for
// models the table does not hold.
func LookupModelInfo(model string) (gen.ModelInfo, bool) {
	e, ok := modelinfo.OllamaLookup(model)
	if !ok {
		return gen.ModelInfo{}, false
	}
	return gen.ModelInfo{Vision: e.Vision, FunctionCalling: e.FunctionCalling, JSONOutput: e.JSONOutput,
		Family: gen.ModelFamily(e.Family), StructuredOutput: e.StructuredOutput}, true
}

// parseHost is ollama-python's _parse_host: a scheme (http by default), a
// host (127.0.0.1 by default), a port (11434 by default, 80 or 443 for an
// explicit http or https scheme) and an optional path.
func parseHost(host string) (*url.URL, error) {
	scheme, hostport, found := strings.Cut(host, "://")
	port := "11434"
	switch {
	case !found || hostport == "":
		scheme, hostport = "http", host
	case scheme == "http":
		port = "80"
	case scheme == "https":
		port = "443"
	}
	u, err := url.Parse(scheme + "://" + hostport)
	if err != nil {
		return nil, valueError(fmt.Sprintf("invalid host %q: %v", host, err))
	}
	name := strings.ToLower(u.Hostname())
	if name == "" {
		name = "127.0.0.1"
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 65535 {
			return nil, valueError("Port out of range 0-65535")
		}
		if n != 0 {
			port = strconv.Itoa(n)
		}
	}
	out := &url.URL{Scheme: scheme, Host: net.JoinHostPort(name, port)}
	if path := strings.Trim(u.Path, "/"); path != "" {
		out.Path = "/" + path
	}
	return out, nil
}

// ComponentModel returns the client's component config as AutoGen's
// dump_component() writes it: the config it was loaded from, with
// pydantic's defaults (follow_redirects true) and null members dropped,
// and without model_info and model_capabilities (AutoGen's constructor
// takes them out of the config it keeps; a client loaded from the dump of
// one with a model_info then falls back on its table).
func (c *Client) ComponentModel() (gen.ComponentModel, error) {
	cfg := c.config
	return spec.Model(&cfg)
}
