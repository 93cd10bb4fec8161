package anthropic

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	sdk "github.com/anthropics/anthropic-sdk-go"
	"github.com/anthropics/anthropic-sdk-go/bedrock"
	"github.com/anthropics/anthropic-sdk-go/option"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// The providers AutoGen writes for the two clients.
const (
	AnthropicProvider = "autogen_ext.models.anthropic.AnthropicChatCompletionClient"
	BedrockProvider   = "autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient"
)

const defaultBaseURL = "https://api.anthropic.com"

var anthropicSpec = component.Spec{
	Provider:      AnthropicProvider,
	ComponentType: "model",
	Description:   "Chat completion client for Anthropic's Claude models.",
	Label:         "AnthropicChatCompletionClient",
}

var bedrockSpec = component.Spec{
	Provider:      BedrockProvider,
	ComponentType: "model",
	Description:   "Chat completion client for Anthropic's Claude models on AWS Bedrock.",
	Label:         "AnthropicBedrockChatCompletionClient",
}

func init() {
	component.Register(AnthropicProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return FromConfig(config)
	})
	component.Register(BedrockProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return BedrockFromConfig(config)
	})
}

// FromConfig builds a client from the config of its component
// (AnthropicClientConfigurationConfigModel JSON, as AutoGen's
// dump_component() writes it). A config the config model refuses is
// pydantic's ValidationError (openai.ValidationError), with the faults'
// JSON pointers.
func FromConfig(config []byte, opts ...ClientOption) (*AnthropicChatCompletionClient, error) {
	var cfg gen.AnthropicClientConfigurationConfigModel
	if err := json.Unmarshal(config, &cfg); err != nil {
		return nil, openai.ConfigError("AnthropicClientConfigurationConfigModel", config, err)
	}
	return New(cfg, opts...)
}

// BedrockFromConfig builds a Bedrock client from the config of its
// component (AnthropicBedrockClientConfigurationConfigModel JSON).
func BedrockFromConfig(config []byte, opts ...ClientOption) (*AnthropicBedrockChatCompletionClient, error) {
	var cfg gen.AnthropicBedrockClientConfigurationConfigModel
	if err := json.Unmarshal(config, &cfg); err != nil {
		return nil, openai.ConfigError("AnthropicBedrockClientConfigurationConfigModel", config, err)
	}
	return NewBedrock(cfg, opts...)
}

// New returns AutoGen's AnthropicChatCompletionClient for cfg. The API key
// is cfg.APIKey or else ANTHROPIC_API_KEY (else ANTHROPIC_AUTH_TOKEN, sent
// as a bearer token); with none, each request fails with the anthropic
// library's TypeError. The base URL is cfg.BaseURL, else
// ANTHROPIC_BASE_URL, else https://api.anthropic.com.
func New(cfg gen.AnthropicClientConfigurationConfigModel, cos ...ClientOption) (*AnthropicChatCompletionClient, error) {
	c := &AnthropicChatCompletionClient{config: cfg}
	s := settingsOf(cos)
	opts := []option.RequestOption{option.WithoutEnvironmentDefaults()}
	apiKey := cfg.APIKey
	if apiKey == nil {
		if k, ok := os.LookupEnv("ANTHROPIC_API_KEY"); ok {
			apiKey = &k
		}
	}
	switch token, hasToken := os.LookupEnv("ANTHROPIC_AUTH_TOKEN"); {
	case apiKey != nil:
		opts = append(opts, option.WithAPIKey(*apiKey))
	case hasToken:
		opts = append(opts, option.WithAuthToken(token))
	default:
		c.authErr = typeError("\"Could not resolve authentication method. Expected either api_key or auth_token to be set. Or for one of the `X-Api-Key` or `Authorization` headers to be explicitly omitted\"")
	}
	u := defaultBaseURL
	if cfg.BaseURL != nil {
		u = *cfg.BaseURL
	} else if env, ok := os.LookupEnv("ANTHROPIC_BASE_URL"); ok {
		u = env
	}
	opts = append(opts, option.WithBaseURL(u))
	opts = append(opts, transportOptions(cfg.MaxRetries, cfg.Timeout, s)...)
	for k, v := range cfg.DefaultHeaders {
		opts = append(opts, option.WithHeader(k, v))
	}
	raw, err := gen.Marshal(&cfg)
	if err != nil {
		return nil, err
	}
	if err := c.init(cfg.Model, raw, cfg.ModelInfo, cfg.Timeout == nil, s, opts); err != nil {
		return nil, err
	}
	return c, nil
}

// NewBedrock returns AutoGen's AnthropicBedrockChatCompletionClient for
// cfg: requests go to ANTHROPIC_BEDROCK_BASE_URL, else
// https://bedrock-runtime.REGION.amazonaws.com, signed with SigV4 from
// bedrock_info's keys (the session token sent as X-Amz-Security-Token). As
// in AutoGen, the config's base_url, timeout, max_retries and
// default_headers are not used: the library's defaults (2 retries) apply.
func NewBedrock(cfg gen.AnthropicBedrockClientConfigurationConfigModel, cos ...ClientOption) (*AnthropicBedrockChatCompletionClient, error) {
	if cfg.BedrockInfo == nil {
		return nil, valueError("bedrock_info is required for AnthropicBedrockChatCompletionClient")
	}
	bi := cfg.BedrockInfo
	c := &AnthropicBedrockChatCompletionClient{config: cfg}
	s := settingsOf(cos)
	awsCfg := aws.Config{Region: bi.AwsRegion,
		Credentials: credentials.NewStaticCredentialsProvider(bi.AwsAccessKey, bi.AwsSecretKey, bi.AwsSessionToken)}
	opts := transportOptions(nil, nil, s)
	// The anthropic library's Bedrock client sends no anthropic-version
	// header (the version is in the body); removed before signing.
	opts = append(opts, option.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		r.Header.Del("Anthropic-Version")
		return next(r)
	}))
	opts = append(opts, bedrock.WithConfig(awsCfg))
	if env, ok := os.LookupEnv("ANTHROPIC_BEDROCK_BASE_URL"); ok {
		opts = append(opts, option.WithBaseURL(env))
	}
	raw, err := gen.Marshal(&cfg)
	if err != nil {
		return nil, err
	}
	if err := c.init(cfg.Model, raw, cfg.ModelInfo, true, s, opts); err != nil {
		return nil, err
	}
	return c, nil
}

// createParams are the create arguments _create_args_from_config keeps
// (anthropic_message_params and model) that the request reads.
var createParams = map[string]bool{"model": true, "max_tokens": true, "temperature": true, "top_p": true,
	"top_k": true, "stop_sequences": true, "metadata": true, "thinking": true}

// init is BaseAnthropicChatCompletionClient.__init__: the create arguments
// of the config (its non-null members), the model info (given, or from
// AutoGen's table) validated.
func (c *base) init(model string, rawConfig []byte, info *gen.ModelInfo, defaultTimeout bool, s clientSettings, opts []option.RequestOption) error {
	clean, err := component.DropNone(rawConfig)
	if err != nil {
		return fmt.Errorf("anthropic: config: %w", err)
	}
	doc, err := pyjson.Parse(clean)
	if err != nil {
		return fmt.Errorf("anthropic: config: %w", err)
	}
	for i := range doc.Keys {
		if k := pyjson.KeyText(&doc.Keys[i]); createParams[k] {
			c.createArgs = append(c.createArgs, member{Key: k, Val: json.RawMessage(pyjson.AppendJSON(nil, &doc.Vals[i]))})
		}
	}
	var mi gen.ModelInfo
	if info != nil {
		mi = *info
	} else if found, ok := LookupModelInfo(model); ok {
		mi = found
	} else {
		return valueError("model_info is required when model name is not recognized")
	}
	miJSON, err := json.Marshal(mi)
	if err != nil {
		return err
	}
	if _, err := models.ValidateModelInfo(miJSON); err != nil {
		return err
	}
	c.model, c.info, c.defaultTimeout = model, mi, defaultTimeout
	c.maxResponse, c.maxEvent = s.maxResponse, s.maxEvent
	c.svc = sdk.NewClient(opts...)
	return nil
}
