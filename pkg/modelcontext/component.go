package modelcontext

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// The provider strings of AutoGen's model contexts (their
// component_provider_override).
const (
	UnboundedProvider    = "autogen_core.model_context.UnboundedChatCompletionContext"
	BufferedProvider     = "autogen_core.model_context.BufferedChatCompletionContext"
	HeadAndTailProvider  = "autogen_core.model_context.HeadAndTailChatCompletionContext"
	TokenLimitedProvider = "autogen_core.model_context.TokenLimitedChatCompletionContext"
)

// ComponentType is the component_type of every model context.
const ComponentType = "chat_completion_context"

// keepToolPairsKey is the config member that records KeepToolPairs. It is
// not AutoGen's: AutoGen ignores it when loading, and it is written only
// for a context made with KeepToolPairs.
const keepToolPairsKey = "keep_tool_pairs"

var (
	unboundedSpec = component.Spec{
		Provider:      UnboundedProvider,
		ComponentType: ComponentType,
		Description:   "An unbounded chat completion context that keeps a view of the all the messages.",
	}
	bufferedSpec = component.Spec{
		Provider:      BufferedProvider,
		ComponentType: ComponentType,
		Description: "A buffered chat completion context that keeps a view of the last n messages,\n" +
			"    where n is the buffer size. The buffer size is set at initialization.",
	}
	headAndTailSpec = component.Spec{
		Provider:      HeadAndTailProvider,
		ComponentType: ComponentType,
		Description: "A chat completion context that keeps a view of the first n and last m messages,\n" +
			"    where n is the head size and m is the tail size. The head and tail sizes\n" +
			"    are set at initialization.",
	}
	tokenLimitedSpec = component.Spec{
		Provider:      TokenLimitedProvider,
		ComponentType: ComponentType,
		Description:   "(Experimental) A token based chat completion context maintains a view of the context up to a token limit.",
		// Free-form dicts, whose None values pydantic's exclude_none keeps:
		// a tool's parameter properties and the model client's config.
		KeepNull: []string{"/tool_schema/*/parameters/properties", "/model_client/config"},
	}
)

var (
	_ component.Component = (*Unbounded)(nil)
	_ component.Component = (*Buffered)(nil)
	_ component.Component = (*HeadAndTail)(nil)
	_ component.Component = (*TokenLimited)(nil)
)

func init() { Register(component.Default) }

// Register registers the four context providers with r, each also under
// the path of the module that defines it (for example
// "autogen_core.model_context._buffered_chat_completion_context.BufferedChatCompletionContext"),
// which AutoGen loads too. It is called for component.Default when the
// package is loaded; call it for a registry of your own.
func Register(r *component.Registry) {
	r.Register(UnboundedProvider, loadUnbounded,
		"autogen_core.model_context._unbounded_chat_completion_context.UnboundedChatCompletionContext")
	r.Register(BufferedProvider, loadBuffered,
		"autogen_core.model_context._buffered_chat_completion_context.BufferedChatCompletionContext")
	r.Register(HeadAndTailProvider, loadHeadAndTail,
		"autogen_core.model_context._head_and_tail_chat_completion_context.HeadAndTailChatCompletionContext")
	r.Register(TokenLimitedProvider, loadTokenLimited,
		"autogen_core.model_context._token_limited_chat_completion_context.TokenLimitedChatCompletionContext")
}

// Load builds a context from an AutoGen component config (a
// ComponentModel, JSON) with the component registry: the provider must be
// a registered ChatCompletionContext, such as the four of this package. A
// token-limited context's model_client is loaded with the same registry,
// so its provider's package must be imported (for example models/replay).
// Errors are component's (*component.UnknownProviderError, a
// *component.LoadError wrapping the config's decoding error or a
// *SizeError, ...).
func Load(ctx context.Context, data []byte) (ChatCompletionContext, error) {
	return component.LoadAs[ChatCompletionContext](ctx, data)
}

// extensions are the config members this package adds to AutoGen's.
type extensions struct {
	KeepToolPairs bool `json:"keep_tool_pairs"`
}

// readExtensions reads the members of config that are not AutoGen's: the
// option they set, or nil (a nil option is ignored).
func readExtensions(config []byte) (TrimOption, error) {
	if !bytes.Contains(config, []byte(keepToolPairsKey)) {
		return nil, nil
	}
	var ext extensions
	if err := json.Unmarshal(config, &ext); err != nil {
		return nil, fmt.Errorf("modelcontext: config member %q: %w", keepToolPairsKey, err)
	}
	if ext.KeepToolPairs {
		return KeepToolPairs(), nil
	}
	return nil, nil
}

// withExtensions appends to m's config the members that are not
// AutoGen's: "keep_tool_pairs": true when keepPairs.
func withExtensions(m gen.ComponentModel, keepPairs bool) gen.ComponentModel {
	cfg := bytes.TrimRight(m.Config, " \t\r\n")
	if !keepPairs || len(cfg) < 2 || cfg[len(cfg)-1] != '}' {
		return m
	}
	out := make([]byte, 0, len(cfg)+24)
	out = append(out, cfg[:len(cfg)-1]...)
	if len(bytes.TrimSpace(cfg[1:len(cfg)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(out, `"`+keepToolPairsKey+`":true}`...)
	m.Config = out
	return m
}

// invalidConfig wraps the decoding error of a config.
func invalidConfig(name string, err error) error {
	return fmt.Errorf("modelcontext: invalid %s: %w", name, err)
}

func loadUnbounded(ctx context.Context, config gen.RawJSON) (any, error) {
	var cfg gen.UnboundedChatCompletionContextConfig
	if err := cfg.UnmarshalJSON(config); err != nil {
		return nil, invalidConfig("UnboundedChatCompletionContextConfig", err)
	}
	return NewUnbounded(WithInitialMessages(cfg.InitialMessages...))
}

func loadBuffered(ctx context.Context, config gen.RawJSON) (any, error) {
	var cfg gen.BufferedChatCompletionContextConfig
	if err := cfg.UnmarshalJSON(config); err != nil {
		return nil, invalidConfig("BufferedChatCompletionContextConfig", err)
	}
	ext, err := readExtensions(config)
	if err != nil {
		return nil, err
	}
	return newBuffered(cfg.BufferSize, ext, WithInitialMessages(cfg.InitialMessages...))
}

func loadHeadAndTail(ctx context.Context, config gen.RawJSON) (any, error) {
	var cfg gen.HeadAndTailChatCompletionContextConfig
	if err := cfg.UnmarshalJSON(config); err != nil {
		return nil, invalidConfig("HeadAndTailChatCompletionContextConfig", err)
	}
	ext, err := readExtensions(config)
	if err != nil {
		return nil, err
	}
	return newHeadAndTail(cfg.HeadSize, cfg.TailSize, ext, WithInitialMessages(cfg.InitialMessages...))
}

// loadTokenLimited builds a TokenLimited context as AutoGen's _from_config
// does: the model client first (with the registry of ctx), then the
// context, whose constructor checks the token limit.
func loadTokenLimited(ctx context.Context, config gen.RawJSON) (any, error) {
	var cfg gen.TokenLimitedChatCompletionContextConfig
	if err := cfg.UnmarshalJSON(config); err != nil {
		return nil, invalidConfig("TokenLimitedChatCompletionContextConfig", err)
	}
	ext, err := readExtensions(config)
	if err != nil {
		return nil, err
	}
	client, err := component.LoadModelAs[models.ChatCompletionClient](ctx, &cfg.ModelClient)
	if err != nil {
		return nil, fmt.Errorf("modelcontext: model_client: %w", err)
	}
	opts := []TokenLimitedOption{ext, WithInitialMessages(cfg.InitialMessages...), withTokenLimitInt(cfg.TokenLimit)}
	if cfg.ToolSchema != nil {
		opts = append(opts, WithToolSchema(cfg.ToolSchema...))
	}
	return NewTokenLimited(client, opts...)
}

// ComponentModel returns the context's component config, as AutoGen's
// dump_component() writes it: {"initial_messages": [...]} with the None
// fields of the messages dropped, or {} without initial messages.
func (u *Unbounded) ComponentModel() (gen.ComponentModel, error) {
	return unboundedSpec.Model(&gen.UnboundedChatCompletionContextConfig{InitialMessages: u.initialMessages()})
}

// ComponentModel returns the context's component config, as AutoGen's
// dump_component() writes it: {"buffer_size": N, "initial_messages":
// [...]}, without initial_messages when there are none. A context made
// with KeepToolPairs adds "keep_tool_pairs": true, which AutoGen ignores.
func (b *Buffered) ComponentModel() (gen.ComponentModel, error) {
	m, err := bufferedSpec.Model(&gen.BufferedChatCompletionContextConfig{
		BufferSize:      b.sizeCfg,
		InitialMessages: b.initialMessages(),
	})
	return withExtensions(m, b.keepPairs), err
}

// ComponentModel returns the context's component config, as AutoGen's
// dump_component() writes it: {"head_size": H, "tail_size": T,
// "initial_messages": [...]}, without initial_messages when there are
// none. A context made with KeepToolPairs adds "keep_tool_pairs": true,
// which AutoGen ignores.
func (h *HeadAndTail) ComponentModel() (gen.ComponentModel, error) {
	m, err := headAndTailSpec.Model(&gen.HeadAndTailChatCompletionContextConfig{
		HeadSize:        h.headCfg,
		TailSize:        h.tailCfg,
		InitialMessages: h.initialMessages(),
	})
	return withExtensions(m, h.keepPairs), err
}

// ComponentModel returns the context's component config, as AutoGen's
// dump_component() writes it: {"model_client": <the client's
// ComponentModel>, "token_limit": N, "tool_schema": [...],
// "initial_messages": [...]}, without token_limit and initial_messages
// when there are none; tool_schema is always there. The client must
// implement component.Component. A context made with KeepToolPairs adds
// "keep_tool_pairs": true, which AutoGen ignores.
func (t *TokenLimited) ComponentModel() (gen.ComponentModel, error) {
	c, ok := t.client.(component.Component)
	if !ok {
		return gen.ComponentModel{}, fmt.Errorf("modelcontext: the model client (%T) has no component config", t.client)
	}
	client, err := c.ComponentModel()
	if err != nil {
		return gen.ComponentModel{}, fmt.Errorf("modelcontext: model_client: %w", err)
	}
	m, err := tokenLimitedSpec.Model(&gen.TokenLimitedChatCompletionContextConfig{
		ModelClient:     client,
		TokenLimit:      t.limitCfg,
		ToolSchema:      t.tools, // never nil: AutoGen always writes "tool_schema": []
		InitialMessages: t.initialMessages(),
	})
	return withExtensions(m, t.keepPairs), err
}
