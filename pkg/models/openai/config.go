package openai

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/openai/openai-go/v3/azure"
	"github.com/openai/openai-go/v3/option"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// The providers AutoGen writes for the two clients (their
// component_provider_override). pkg/component's default registry also
// accepts the short names AutoGen's WELL_KNOWN_PROVIDERS lists
// ("OpenAIChatCompletionClient", "openai_chat_completion_client", and the
// Azure ones).
const (
	OpenAIProvider = "autogen_ext.models.openai.OpenAIChatCompletionClient"
	AzureProvider  = "autogen_ext.models.openai.AzureOpenAIChatCompletionClient"
)

// AutoGenVersion is the autogen-ext version whose behaviour this package
// follows; the Azure client's User-Agent names it, as AutoGen's does.
const AutoGenVersion = "0.7.5"

// The base URLs AutoGen gives models that start with gemini-, claude- and
// Llama- when the config has no base_url (_model_info.py).
const (
	geminiBaseURL    = "https://generativelanguage.googleapis.com/v1beta/openai/"
	anthropicBaseURL = "https://api.anthropic.com/v1/"
	llamaBaseURL     = "https://api.llama.com/compat/v1/"
	openAIBaseURL    = "https://api.openai.com/v1"
)

var openAISpec = component.Spec{
	Provider:      OpenAIProvider,
	ComponentType: "model",
	Description:   "Chat completion client for OpenAI hosted models.",
	Label:         "OpenAIChatCompletionClient",
	KeepNull:      []string{"/response_format/json_schema/schema"},
}

var azureSpec = component.Spec{
	Provider:      AzureProvider,
	ComponentType: "model",
	Description:   "Chat completion client for Azure OpenAI hosted models.",
	Label:         "AzureOpenAIChatCompletionClient",
	KeepNull:      []string{"/response_format/json_schema/schema"},
}

func init() {
	component.Register(OpenAIProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return OpenAIFromConfig(config)
	})
	component.Register(AzureProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return AzureFromConfig(config)
	})
}

// configError is the error of a config the config model refuses: the
// pydantic ValidationError AutoGen's load raises, built from the
// decoder's faults (their pointers, pydantic error types and messages,
// and the input values at fault), or the decoder's error as it is for
// text that is not JSON or is over a decoding limit.
func configError(model string, config []byte, err error) error {
	// The credentials never show, not even as an input value.
	faults, ok := pydantic.ConfigFaults(config, err)
	if !ok {
		return fmt.Errorf("openai: invalid %s: %w", model, err)
	}
	ve := &ValidationError{Title: model}
	for _, f := range faults {
		ve.Errors = append(ve.Errors, newFieldError(f.Loc, f.Type, f.Msg, f.Input))
	}
	return ve
}

// ConfigError is the error of a model client config its config model
// refuses: pydantic's ValidationError for title (the config model's
// name), built from the decoder's faults err (their pointers, types and
// messages) and the input values at fault in config, with every
// credential written as "**********" (api_key, azure_ad_token,
// bedrock_info's AWS keys, credential headers of default_headers, members
// named like credentials); or err itself, wrapped, when it holds no
// faults. The other model clients (Anthropic, Bedrock) use it too.
func ConfigError(title string, config []byte, err error) error {
	return configError(title, config, err)
}

// OpenAIFromConfig builds a client from the config of its component
// (OpenAIClientConfigurationConfigModel JSON, as AutoGen's
// dump_component() writes it). A config that does not decode is an error
// listing its faults with their JSON pointers.
func OpenAIFromConfig(config []byte, opts ...ClientOption) (*OpenAIChatCompletionClient, error) {
	var cfg gen.OpenAIClientConfigurationConfigModel
	if err := json.Unmarshal(config, &cfg); err != nil {
		return nil, configError("OpenAIClientConfigurationConfigModel", config, err)
	}
	return NewOpenAI(cfg, opts...)
}

// AzureFromConfig builds a client from the config of its component
// (AzureOpenAIClientConfigurationConfigModel JSON).
func AzureFromConfig(config []byte, opts ...ClientOption) (*AzureOpenAIChatCompletionClient, error) {
	var cfg gen.AzureOpenAIClientConfigurationConfigModel
	if err := json.Unmarshal(config, &cfg); err != nil {
		return nil, configError("AzureOpenAIClientConfigurationConfigModel", config, err)
	}
	return NewAzure(cfg, opts...)
}

// WithHTTPClient sends the client's requests with hc (a proxy, a custom
// transport, a test's server).
func WithHTTPClient(hc *http.Client) ClientOption {
	return func(s *clientSettings) { s.requestOpts = append(s.requestOpts, option.WithHTTPClient(hc)) }
}

// WithMiddleware runs openai-go request middleware around each request
// (tracing, logging, metrics), after the client's own.
func WithMiddleware(mw ...option.Middleware) ClientOption {
	return func(s *clientSettings) { s.requestOpts = append(s.requestOpts, option.WithMiddleware(mw...)) }
}

// NewOpenAI returns AutoGen's OpenAIChatCompletionClient for cfg. The API
// key is cfg.APIKey or else the environment variable AutoGen (through the
// openai library) reads: OPENAI_API_KEY, or GEMINI_API_KEY,
// ANTHROPIC_API_KEY or LLAMA_API_KEY first for models whose names start
// with gemini-, claude- or Llama-. The base URL is cfg.BaseURL, else
// AutoGen's URL for those model prefixes, else OPENAI_BASE_URL, else
// https://api.openai.com/v1.
func NewOpenAI(cfg gen.OpenAIClientConfigurationConfigModel, cos ...ClientOption) (*OpenAIChatCompletionClient, error) {
	createArgs, err := createArgsOf(&cfg)
	if err != nil {
		return nil, err
	}
	apiKey, baseURL := cfg.APIKey, cfg.BaseURL
	for _, special := range []struct{ prefix, url, env string }{
		{"gemini-", geminiBaseURL, "GEMINI_API_KEY"},
		{"claude-", anthropicBaseURL, "ANTHROPIC_API_KEY"},
		{"Llama-", llamaBaseURL, "LLAMA_API_KEY"},
	} {
		if !strings.HasPrefix(cfg.Model, special.prefix) {
			continue
		}
		if baseURL == nil {
			u := special.url
			baseURL = &u
		}
		if apiKey == nil {
			if k, ok := os.LookupEnv(special.env); ok {
				apiKey = &k
			}
		}
	}
	if apiKey == nil {
		if k, ok := os.LookupEnv("OPENAI_API_KEY"); ok {
			apiKey = &k
		}
	}
	if apiKey == nil {
		return nil, &Error{Exception: "OpenAIError", Message: "The api_key client option must be set either by passing api_key to the client or by setting the OPENAI_API_KEY environment variable"}
	}
	u := openAIBaseURL
	if baseURL != nil {
		u = *baseURL
	} else if env, ok := os.LookupEnv("OPENAI_BASE_URL"); ok {
		u = env
	}
	opts := []option.RequestOption{option.WithBaseURL(u), option.WithAPIKey(*apiKey)}
	org := cfg.Organization
	if org == nil {
		if env, ok := os.LookupEnv("OPENAI_ORG_ID"); ok {
			org = &env
		}
	}
	if org != nil {
		opts = append(opts, option.WithOrganization(*org))
	}
	if env, ok := os.LookupEnv("OPENAI_PROJECT_ID"); ok {
		opts = append(opts, option.WithProject(env))
	}
	settings := settingsOf(cos)
	opts = append(opts, clientOptions(cfg.MaxRetries, cfg.Timeout, cfg.DefaultHeaders, settings)...)

	c := &OpenAIChatCompletionClient{config: cfg}
	c.maxEvent = settings.maxEvent
	if err := c.init(cfg.Model, createArgs, cfg.ModelInfo, cfg.ModelCapabilities, cfg.AddNamePrefixes, cfg.IncludeNameInMessage, opts); err != nil {
		return nil, err
	}
	return c, nil
}

// NewAzure returns AutoGen's AzureOpenAIChatCompletionClient for cfg. The
// credential is cfg.AzureAdToken or else the AZURE_OPENAI_AD_TOKEN
// environment variable (sent as "Authorization: Bearer <token>" alone,
// even when an API key is given too), else cfg.APIKey or else
// AZURE_OPENAI_API_KEY (sent as the api-key header and as "Authorization:
// Bearer <key>", as the openai library sends it). Requests go to
// {azure_endpoint}/openai/deployments/{azure_deployment or model}/chat/completions
// with the api-version query parameter. An azure_ad_token_provider
// component is not supported (AutoGen builds it with azure-identity).
func NewAzure(cfg gen.AzureOpenAIClientConfigurationConfigModel, cos ...ClientOption) (*AzureOpenAIChatCompletionClient, error) {
	createArgs, err := azureCreateArgs(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.AzureAdTokenProvider != nil {
		return nil, valueError("azure_ad_token_provider is not supported by this client: give api_key or azure_ad_token")
	}
	if err := checkAzureEndpoint(cfg.AzureEndpoint); err != nil {
		return nil, err
	}
	apiKey, adToken, err := azureCredentials(cfg)
	if err != nil {
		return nil, err
	}
	opts := azureEndpointOptions(cfg, apiKey, adToken)
	if cfg.AzureDeployment != nil {
		opts = append(opts, deploymentRouting(*cfg.AzureDeployment))
	}
	settings := settingsOf(cos)
	opts = append(opts, clientOptions(cfg.MaxRetries, cfg.Timeout, azureHeaders(cfg.DefaultHeaders), settings)...)

	c := &AzureOpenAIChatCompletionClient{config: cfg}
	c.maxEvent = settings.maxEvent
	if err := c.init(cfg.Model, createArgs, cfg.ModelInfo, cfg.ModelCapabilities, cfg.AddNamePrefixes, cfg.IncludeNameInMessage, opts); err != nil {
		return nil, err
	}
	return c, nil
}

// placeholder is a template's "{...}" left in a value, such as Azure's
// documented "https://{your-custom-endpoint}.openai.azure.com/".
var placeholder = regexp.MustCompile(`\{[^{}]*\}`)

// checkAzureEndpoint refuses at load an azure_endpoint that cannot be
// requested: one that still holds a template's placeholder, or that is not
// an http(s) URL with a host. (AutoGen accepts it and fails at the first
// request.)
func checkAzureEndpoint(endpoint string) error {
	if p := placeholder.FindString(endpoint); p != "" {
		return valueError(fmt.Sprintf("azure_endpoint %q still holds the placeholder %s: "+
			"set it to your Azure OpenAI resource's endpoint, such as https://my-resource.openai.azure.com/", endpoint, p))
	}
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return valueError(fmt.Sprintf("azure_endpoint %q is not an http(s) URL with a host, "+
			"such as https://my-resource.openai.azure.com/", endpoint))
	}
	return nil
}

// azureCreateArgs is createArgsOf for an Azure config: the create
// arguments of the members it shares with the OpenAI config.
func azureCreateArgs(cfg gen.AzureOpenAIClientConfigurationConfigModel) (obj, error) {
	oa := gen.OpenAIClientConfigurationConfigModel{
		FrequencyPenalty: cfg.FrequencyPenalty, LogitBias: cfg.LogitBias, MaxTokens: cfg.MaxTokens, N: cfg.N,
		PresencePenalty: cfg.PresencePenalty, ResponseFormat: cfg.ResponseFormat, Seed: cfg.Seed,
		Temperature: cfg.Temperature, TopP: cfg.TopP, User: cfg.User, StreamOptions: cfg.StreamOptions,
		ParallelToolCalls: cfg.ParallelToolCalls, ReasoningEffort: cfg.ReasoningEffort, Model: cfg.Model,
		Timeout: cfg.Timeout,
	}
	if cfg.Stop != nil {
		oa.Stop = &gen.OpenAIClientConfigurationConfigModelStop{
			Type:   gen.OpenAIClientConfigurationConfigModelStopType(cfg.Stop.Type),
			Single: cfg.Stop.Single, List: cfg.Stop.List,
		}
	}
	return createArgsOf(&oa)
}

// azureCredentials returns the API key and the AD token: those of cfg,
// else of the AZURE_OPENAI_API_KEY and AZURE_OPENAI_AD_TOKEN environment
// variables. Having neither is the openai library's OpenAIError.
func azureCredentials(cfg gen.AzureOpenAIClientConfigurationConfigModel) (apiKey, adToken *string, err error) {
	apiKey, adToken = cfg.APIKey, cfg.AzureAdToken
	if apiKey == nil {
		if k, ok := os.LookupEnv("AZURE_OPENAI_API_KEY"); ok {
			apiKey = &k
		}
	}
	if adToken == nil {
		if k, ok := os.LookupEnv("AZURE_OPENAI_AD_TOKEN"); ok {
			adToken = &k
		}
	}
	if apiKey == nil && adToken == nil {
		return nil, nil, &Error{Exception: "OpenAIError", Message: "Missing credentials. Please pass one of `api_key`, `azure_ad_token`, `azure_ad_token_provider`, or the `AZURE_OPENAI_API_KEY` or `AZURE_OPENAI_AD_TOKEN` environment variables."}
	}
	return apiKey, adToken, nil
}

// azureEndpointOptions point the client at the endpoint and API version
// (plain HTTP allowed when the endpoint says http) and authenticate it as
// the openai library's AzureOpenAI does: with an AD token, the header
// "Authorization: Bearer <token>" alone (the token wins over an API key);
// with an API key, the api-key header and "Authorization: Bearer <key>"
// (the OpenAI client's own auth header, which AzureOpenAI keeps).
func azureEndpointOptions(cfg gen.AzureOpenAIClientConfigurationConfigModel, apiKey, adToken *string) []option.RequestOption {
	endpoint := strings.TrimRight(cfg.AzureEndpoint, "/")
	opts := []option.RequestOption{azure.WithEndpoint(endpoint, cfg.APIVersion)}
	if u, err := url.Parse(endpoint); err == nil && u.Scheme == "http" {
		opts = append(opts, azure.WithUnsafeAllowHTTP())
	}
	if adToken != nil {
		return append(opts, azure.WithTokenCredential(staticToken(*adToken)))
	}
	bearer := "Bearer " + *apiKey
	return append(opts, azure.WithAPIKey(*apiKey), option.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		if r.Header.Get("Authorization") == "" && *apiKey != "" {
			r.Header.Set("Authorization", bearer)
		}
		return next(r)
	}))
}

// deploymentRouting rewrites the deployment segment of each request's
// path to azure_deployment: the SDK routes by the body's model, AutoGen's
// client by the configured deployment.
func deploymentRouting(azureDeployment string) option.RequestOption {
	deployment := url.PathEscape(azureDeployment)
	return option.WithMiddleware(func(r *http.Request, next option.MiddlewareNext) (*http.Response, error) {
		const seg = "/openai/deployments/"
		p := r.URL.EscapedPath()
		if i := strings.Index(p, seg); i >= 0 {
			rest := p[i+len(seg):]
			if j := strings.IndexByte(rest, '/'); j >= 0 {
				np := p[:i+len(seg)] + deployment + rest[j:]
				if unesc, err := url.PathUnescape(np); err == nil {
					r.URL.Path, r.URL.RawPath = unesc, np
				}
			}
		}
		return next(r)
	})
}

// azureHeaders are the default headers with AutoGen's User-Agent,
// "autogen-python/VERSION" followed by any User-Agent given.
func azureHeaders(defaults map[string]string) map[string]string {
	headers := map[string]string{}
	for k, v := range defaults {
		headers[k] = v
	}
	ua := "autogen-python/" + AutoGenVersion
	if v, ok := headers["User-Agent"]; ok {
		ua += " " + v
	}
	headers["User-Agent"] = ua
	return headers
}

// staticToken is an Azure AD token given as it is (azure_ad_token).
type staticToken string

func (t staticToken) GetToken(context.Context, policy.TokenRequestOptions) (azcore.AccessToken, error) {
	return azcore.AccessToken{Token: string(t), ExpiresOn: time.Now().Add(time.Hour)}, nil
}

// clientOptions are the openai client's max_retries (default 2, as the
// openai library's), timeout and default_headers, then the request options
// of the ClientOptions. The answer middleware comes first, so that it reads
// bodies through every timeout.
func clientOptions(maxRetries *gen.Int, timeout *float64, headers map[string]string, s clientSettings) []option.RequestOption {
	retries := 2
	if maxRetries != nil {
		if n, ok := maxRetries.Int64(); ok && n >= 0 && n < 1000 {
			retries = int(n)
		}
	}
	opts := []option.RequestOption{option.WithMaxRetries(retries), option.WithMiddleware(logRequests), option.WithMiddleware(answerMiddleware(s.maxResponse))}
	opts = append(opts, timeoutOptions(timeout)...)
	for k, v := range headers {
		opts = append(opts, option.WithHeader(k, v))
	}
	return append(opts, s.requestOpts...)
}

// createArgsOf is _create_args_from_config: the create arguments of the
// config (its non-null fields among the openai create parameters, model
// and timeout), refusing n.
func createArgsOf(cfg *gen.OpenAIClientConfigurationConfigModel) (obj, error) {
	raw, err := gen.Marshal(cfg)
	if err != nil {
		return nil, fmt.Errorf("openai: config: %w", err)
	}
	clean, err := component.DropNone(raw, "/response_format/json_schema/schema")
	if err != nil {
		return nil, fmt.Errorf("openai: config: %w", err)
	}
	v, err := parseOrdered(clean)
	if err != nil {
		return nil, fmt.Errorf("openai: config: %w", err)
	}
	all, _ := v.(obj)
	var args obj
	for _, m := range all {
		if !createKwargs[m.Key] {
			continue
		}
		b, err := marshal(m.Val)
		if err != nil {
			return nil, err
		}
		args = append(args, member{Key: m.Key, Val: json.RawMessage(b)})
	}
	var bad []string
	for _, k := range disallowedCreateArgs {
		if _, ok := args.Get(k); ok {
			bad = append(bad, k)
		}
	}
	if len(bad) > 0 {
		return nil, valueError("Disallowed create args are present: " + pySet(bad))
	}
	return args, nil
}

// resolveModelInfo is the model_info part of BaseOpenAIChatCompletionClient
// __init__: the given model_info, or the deprecated model_capabilities with
// family "unknown", or AutoGen's table entry for the model.
func resolveModelInfo(model string, info *gen.ModelInfo, caps *gen.ModelCapabilities) (gen.ModelInfo, error) {
	switch {
	case info != nil && caps != nil:
		return gen.ModelInfo{}, valueError("model_capabilities and model_info are mutually exclusive")
	case info != nil:
		return *info, nil
	case caps != nil:
		return gen.ModelInfo{Vision: caps.Vision, FunctionCalling: caps.FunctionCalling, JSONOutput: caps.JSONOutput, Family: models.FamilyUnknown}, nil
	}
	mi, ok := LookupModelInfo(model)
	if !ok {
		return gen.ModelInfo{}, valueError("model_info is required when model name is not a valid OpenAI model")
	}
	return mi, nil
}
