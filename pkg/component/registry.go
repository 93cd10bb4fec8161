package component

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/suggest"
	"github.com/agentschema/agentschema/internal/wire"
)

// Loader builds a component from its config (the ComponentModel's config
// member, a JSON object). It is AutoGen's _from_config after the config
// schema's validation: it should refuse an invalid config with an error.
// Nested components in the config are loaded with LoadModel(ctx, ...).
type Loader func(ctx context.Context, config gen.RawJSON) (any, error)

// Registry maps provider strings to Loaders. Aliases map other provider
// strings (short names) to registered ones. The zero value is not usable;
// use NewRegistry. A Registry is safe for concurrent use.
type Registry struct {
	mu      sync.RWMutex
	loaders map[string]Loader
	aliases map[string]string
}

// NewRegistry returns an empty Registry.
func NewRegistry() *Registry {
	return &Registry{loaders: map[string]Loader{}, aliases: map[string]string{}}
}

// WellKnownProviders returns AutoGen's WELL_KNOWN_PROVIDERS: short provider
// names that load_component replaces by the full provider string before
// loading. Default has them as aliases.
func WellKnownProviders() map[string]string {
	out := make(map[string]string, len(wellKnownProviders))
	for k, v := range wellKnownProviders {
		out[k] = v
	}
	return out
}

var wellKnownProviders = map[string]string{
	"azure_openai_chat_completion_client": "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
	"AzureOpenAIChatCompletionClient":     "autogen_ext.models.openai.AzureOpenAIChatCompletionClient",
	"openai_chat_completion_client":       "autogen_ext.models.openai.OpenAIChatCompletionClient",
	"OpenAIChatCompletionClient":          "autogen_ext.models.openai.OpenAIChatCompletionClient",
	"OllamaChatCompletionClient":          "autogen_ext.models.ollama.OllamaChatCompletionClient",
}

// Default is the registry used by the package-level functions. It starts
// with WellKnownProviders as aliases; packages that implement components
// register their providers in it from their init functions.
var Default = newDefault()

func newDefault() *Registry {
	r := NewRegistry()
	for alias, provider := range wellKnownProviders {
		r.Alias(alias, provider)
	}
	return r
}

// Register makes load the Loader of provider, and of each alias. Like
// database/sql.Register, it panics if provider or an alias is empty or
// already registered, or if load is nil: registration is done once, from
// init functions.
func (r *Registry) Register(provider string, load Loader, aliases ...string) {
	if load == nil {
		panic("component: Register of a nil Loader for " + provider)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.checkFree(provider)
	r.loaders[provider] = load
	for _, a := range aliases {
		r.checkFree(a)
		r.aliases[a] = provider
	}
}

// Alias makes alias another name of provider, which need not be registered
// yet. It panics if alias is empty or already registered.
func (r *Registry) Alias(alias, provider string) {
	if provider == "" {
		panic("component: Alias of an empty provider")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.checkFree(alias)
	r.aliases[alias] = provider
}

func (r *Registry) checkFree(name string) {
	if name == "" {
		panic("component: empty provider name")
	}
	if _, ok := r.loaders[name]; ok {
		panic("component: provider " + name + " registered twice")
	}
	if _, ok := r.aliases[name]; ok {
		panic("component: provider " + name + " registered twice (as an alias)")
	}
}

// Providers returns the registered provider strings (not the aliases),
// sorted.
func (r *Registry) Providers() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	out := make([]string, 0, len(r.loaders))
	for p := range r.loaders {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// lookup returns the Loader of provider, resolving one alias, and the
// resolved provider string.
func (r *Registry) lookup(provider string) (Loader, string) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	resolved := provider
	if p, ok := r.aliases[provider]; ok {
		resolved = p
	}
	return r.loaders[resolved], resolved
}

// Load decodes a ComponentModel (JSON) and builds its component; see
// LoadModel.
func (r *Registry) Load(ctx context.Context, data []byte) (any, error) {
	if json.Valid(data) {
		if err := checkTreeSize(data); err != nil {
			return nil, &InvalidModelError{Err: err}
		}
	}
	var m gen.ComponentModel
	if err := wire.Unmarshal(data, &m); err != nil {
		return nil, &InvalidModelError{Err: err}
	}
	return r.LoadModel(ctx, &m)
}

// LoadModel builds the component m describes with the Loader registered for
// its provider (after resolving an alias), giving it m's config. An
// unknown provider is an *UnknownProviderError; a Loader's error is
// returned wrapped in a *LoadError. ctx is passed to the Loader with r
// attached, so nested components load from r too.
func (r *Registry) LoadModel(ctx context.Context, m *gen.ComponentModel) (any, error) {
	if m == nil {
		return nil, &InvalidModelError{Err: errors.New("nil ComponentModel")}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	load, resolved := r.lookup(m.Provider)
	if load == nil {
		return nil, r.unknownProvider(m.Provider, resolved)
	}
	cfg := m.Config
	if len(cfg) == 0 {
		cfg = gen.RawJSON("{}")
	}
	v, err := load(context.WithValue(ctx, registryKey{}, r), cfg)
	if err != nil {
		return nil, &LoadError{Provider: resolved, Err: err}
	}
	return v, nil
}

type registryKey struct{}

// registryFrom returns the registry a Registry's Load attached to ctx, or
// Default.
func registryFrom(ctx context.Context) *Registry {
	if r, ok := ctx.Value(registryKey{}).(*Registry); ok {
		return r
	}
	return Default
}

// Register registers a provider in Default; see Registry.Register.
func Register(provider string, load Loader, aliases ...string) {
	Default.Register(provider, load, aliases...)
}

// Load decodes a ComponentModel (JSON) and builds its component with the
// registry of ctx (inside a Loader, the registry loading it) or Default.
func Load(ctx context.Context, data []byte) (any, error) {
	return registryFrom(ctx).Load(ctx, data)
}

// LoadModel builds the component m describes with the registry of ctx
// (inside a Loader, the registry loading it) or Default.
func LoadModel(ctx context.Context, m *gen.ComponentModel) (any, error) {
	return registryFrom(ctx).LoadModel(ctx, m)
}

// LoadAs is Load for a component that must be a T (for example a
// models.ChatCompletionClient); anything else is a *TypeError, as AutoGen's
// load_component raises TypeError("Expected type does not match").
func LoadAs[T any](ctx context.Context, data []byte) (T, error) {
	var zero T
	var m gen.ComponentModel
	if err := wire.Unmarshal(data, &m); err != nil {
		return zero, &InvalidModelError{Err: err}
	}
	return LoadModelAs[T](ctx, &m)
}

// LoadModelAs is LoadModel for a component that must be a T; see LoadAs.
func LoadModelAs[T any](ctx context.Context, m *gen.ComponentModel) (T, error) {
	var zero T
	v, err := LoadModel(ctx, m)
	if err != nil {
		return zero, err
	}
	t, ok := v.(T)
	if !ok {
		return zero, &TypeError{Provider: m.Provider, Got: reflect.TypeOf(v), Want: reflect.TypeFor[T]()}
	}
	return t, nil
}

// UnknownProviderError is a ComponentModel whose provider has no Loader:
// AutoGen would fail to import it. Provider is the string in the config;
// Resolved is the provider it is an alias of, or Provider.
type UnknownProviderError struct {
	Provider string
	Resolved string
	// Package is the Go package of this module that implements the
	// provider, when one does: the program does not import it. Importing
	// it, or github.com/agentschema/agentschema/pkg/providers/all,
	// registers the provider.
	Package string
	// Suggestion is the known provider it most probably means (a typo),
	// or "".
	Suggestion string
	// NotRunnable says the provider is an AutoGen component class this
	// module knows (validate checks its config) but does not run; Reason
	// says why, when there is one to say.
	NotRunnable bool
	Reason      string
}

// Error names the provider, and the package to import when the module
// has one for it.
func (e *UnknownProviderError) Error() string {
	msg := fmt.Sprintf("component: unknown provider %q: no loader registered for it", e.Provider)
	if e.Resolved != "" && e.Resolved != e.Provider {
		msg = fmt.Sprintf("component: unknown provider %q (alias of %q): no loader registered for it", e.Provider, e.Resolved)
	}
	if e.NotRunnable {
		msg = fmt.Sprintf("component: %q is a component AutoGen has that this module does not run", e.Provider)
		if e.Reason != "" {
			msg += ": " + e.Reason
		}
		return msg + " (validate checks its config; see README, Components)"
	}
	if e.Package != "" {
		msg += fmt.Sprintf(" (import %s, or %s/pkg/providers/all, to register it)", e.Package, modulePath)
	} else if e.Suggestion != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", e.Suggestion)
	}
	return msg
}

// unknownProvider is the error for provider, which r cannot load:
// resolved is what an alias resolved to.
func (r *Registry) unknownProvider(provider, resolved string) *UnknownProviderError {
	e := &UnknownProviderError{Provider: provider, Resolved: resolved, Package: packageFor(resolved)}
	if e.Package != "" {
		return e
	}
	if info, ok := LookupProvider(resolved); ok {
		e.NotRunnable, e.Reason = true, notRunnable[info.Provider]
		return e
	}
	e.Suggestion = suggest.Nearest(provider, append(KnownProviders(), r.Providers()...))
	return e
}

const modulePath = "github.com/agentschema/agentschema"

// notRunnable says why this module does not run the AutoGen components
// whose configs it knows but which it has no loader for.
var notRunnable = map[string]string{
	"autogen_ext.agents.web_surfer.MultimodalWebSurfer":      "it drives a Chromium browser through Playwright, which this module does not have",
	"autogen_ext.auth.azure.AzureTokenProvider":              "it gets tokens with Python's azure-identity; give the Azure client an api_key or azure_ad_token instead",
	"autogen_ext.code_executors.jupyter.JupyterCodeExecutor": "it runs code in a Jupyter kernel, which this module does not start",
	"autogen_ext.memory.chromadb.ChromaDBVectorMemory":       "it needs ChromaDB's Python client and embedding functions",
}

// implementedBy names the package of this module that registers each
// provider it implements, by the provider's canonical string.
var implementedBy = func() map[string]string {
	m := map[string]string{}
	add := func(pkg string, providers ...string) {
		for _, p := range providers {
			m[p] = modulePath + "/" + pkg
		}
	}
	add("pkg/agentchat/agents", "autogen_agentchat.agents.AssistantAgent", "autogen_agentchat.agents.UserProxyAgent",
		"autogen_agentchat.agents.SocietyOfMindAgent", "autogen_agentchat.agents.MessageFilterAgent",
		"autogen_agentchat.agents.CodeExecutorAgent",
		"autogen_agentchat.tools.AgentTool", "autogen_agentchat.tools.TeamTool", "autogen_core.memory.ListMemory")
	add("pkg/agentchat/teams", "autogen_agentchat.teams.RoundRobinGroupChat", "autogen_agentchat.teams.SelectorGroupChat",
		"autogen_agentchat.teams.Swarm", "autogen_agentchat.teams.GraphFlow", "autogen_agentchat.teams.MagenticOneGroupChat")
	add("pkg/agentchat/conditions", "autogen_agentchat.conditions.StopMessageTermination",
		"autogen_agentchat.conditions.MaxMessageTermination", "autogen_agentchat.conditions.TextMentionTermination",
		"autogen_agentchat.conditions.TokenUsageTermination", "autogen_agentchat.conditions.HandoffTermination",
		"autogen_agentchat.conditions.TimeoutTermination", "autogen_agentchat.conditions.ExternalTermination",
		"autogen_agentchat.conditions.SourceMatchTermination", "autogen_agentchat.conditions.TextMessageTermination",
		"autogen_agentchat.conditions.FunctionCallTermination", "autogen_agentchat.base.AndTerminationCondition",
		"autogen_agentchat.base.OrTerminationCondition")
	add("pkg/models/openai", "autogen_ext.models.openai.OpenAIChatCompletionClient",
		"autogen_ext.models.openai.AzureOpenAIChatCompletionClient")
	add("pkg/models/ollama", "autogen_ext.models.ollama.OllamaChatCompletionClient")
	add("pkg/models/replay", "autogen_ext.models.replay.ReplayChatCompletionClient")
	add("pkg/models/anthropic", "autogen_ext.models.anthropic.AnthropicChatCompletionClient",
		"autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient")
	add("pkg/modelcontext", "autogen_core.model_context.UnboundedChatCompletionContext",
		"autogen_core.model_context.BufferedChatCompletionContext",
		"autogen_core.model_context.HeadAndTailChatCompletionContext",
		"autogen_core.model_context.TokenLimitedChatCompletionContext")
	add("pkg/workbench", "autogen_core.tools.StaticWorkbench", "autogen_core.tools.StaticStreamWorkbench")
	add("pkg/tools", "autogen_core.tools.FunctionTool")
	add("pkg/workbench/mcp", "autogen_ext.tools.mcp.McpWorkbench")
	add("pkg/tools/httptool", "autogen_ext.tools.http.HttpTool")
	add("pkg/tools/codetool", "autogen_ext.tools.code_execution.PythonCodeExecutionTool")
	add("pkg/codeexec/local", "autogen_ext.code_executors.local.LocalCommandLineCodeExecutor")
	add("pkg/codeexec/docker", "autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor")
	return m
}()

// packageFor returns the package of this module that implements provider
// (its canonical string or any alias), or "".
func packageFor(provider string) string {
	if pkg, ok := implementedBy[provider]; ok {
		return pkg
	}
	if info, ok := LookupProvider(provider); ok {
		return implementedBy[info.Provider]
	}
	return ""
}

// LoadError is a Loader's refusal of a config.
type LoadError struct {
	Provider string // the provider whose Loader failed
	Err      error
}

// Error names the provider and the Loader's error.
func (e *LoadError) Error() string {
	return fmt.Sprintf("component: loading %s: %v", e.Provider, e.Err)
}

// Unwrap returns the Loader's error.
func (e *LoadError) Unwrap() error { return e.Err }

// InvalidModelError is input that is not a ComponentModel (for example
// without provider or config, or with a config that is not an object).
// Err lists the faults with their JSON pointers.
type InvalidModelError struct {
	Err error
}

// Error describes the faults.
func (e *InvalidModelError) Error() string {
	return "component: invalid ComponentModel: " + e.Err.Error()
}

// Unwrap returns the decoding error.
func (e *InvalidModelError) Unwrap() error { return e.Err }

// TypeError is a component of another type than the one asked for (LoadAs).
type TypeError struct {
	Provider  string
	Got, Want reflect.Type
}

// Error names the provider and both types.
func (e *TypeError) Error() string {
	return fmt.Sprintf("component: Expected type does not match: provider %q built %v, not %v", e.Provider, e.Got, e.Want)
}

// NestedError is the failure of a component nested in the config being
// loaded (a workbench's tool, a team's participant): Pointer is the nested
// component's JSON pointer relative to the loaded component ("/config/tools/2").
// Loaders above place it in the whole document (agentchat.AtPointer).
type NestedError struct {
	Pointer string
	Err     error
}

// Error is "POINTER: the nested component's error".
func (e *NestedError) Error() string { return e.Pointer + ": " + e.Err.Error() }

// Unwrap returns the nested component's error.
func (e *NestedError) Unwrap() error { return e.Err }
