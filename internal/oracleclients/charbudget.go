package oracleclients

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
)

// CharBudgetProvider is the provider string the conformance cases give
// the CharBudgetClient (AutoGen cannot load it; Register makes Go's
// registry able to).
const CharBudgetProvider = "oracle_clients.CharBudgetClient"

var charBudgetSpec = component.Spec{
	Provider:      CharBudgetProvider,
	ComponentType: "model",
	Description:   "Deterministic oracle client: ~4 characters per token, +3 per message, +10 per tool.",
	Label:         "CharBudgetClient",
}

// ErrNotAModel is returned by CharBudgetClient's Create and CreateStream:
// it only counts tokens.
var ErrNotAModel = errors.New("oracleclients: CharBudgetClient only counts tokens")

// CharBudgetClient is the counting rule the conformance cases define for
// token-limited contexts (contexts/*.json, "token_counter": {"client":
// "CharBudgetClient"}), as CONTEXTS.md states it:
//
//	tokens(m) = 3 + ceil(len(content)/4) for a string content (system,
//	              user, assistant);
//	              Σ ceil(len(s)/4) over the strings + 85 per image of a
//	              multimodal user message;
//	              Σ ceil((len(name)+len(arguments))/4) over the calls of a
//	              function call message;
//	              Σ ceil(len(content)/4) over the results of a function
//	              result message
//	count_tokens(ms, tools)     = Σ tokens(m) + 10·len(tools)
//	remaining_tokens(ms, tools) = MaxTokens - count_tokens(ms, tools)  (may be negative)
//
// where len counts code points. It implements modelcontext.BudgetCounter,
// so token-limited contexts count with it in O(n); wrap it with Opaque to
// make them recount as AutoGen does. It cannot complete.
type CharBudgetClient struct {
	// MaxTokens is the client's budget (its config's max_tokens).
	MaxTokens int
}

var (
	_ models.ChatCompletionClient = (*CharBudgetClient)(nil)
	_ component.Component         = (*CharBudgetClient)(nil)
	_ modelcontext.BudgetCounter  = (*CharBudgetClient)(nil)
)

// Register registers the CharBudgetClient provider with r; its config is
// {"max_tokens": N}.
func Register(r *component.Registry) {
	r.Register(CharBudgetProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return charBudgetFromConfig(config)
	})
}

// charBudgetFromConfig reads {"max_tokens": N}.
func charBudgetFromConfig(config []byte) (*CharBudgetClient, error) {
	c := &CharBudgetClient{}
	d := wire.NewDecoder(config, wire.Options{})
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) {
		if !d.Object("model_type", "Input should be a valid dictionary") {
			return
		}
		seen := false
		for {
			name, ok := d.Next()
			if !ok {
				break
			}
			if string(name) != "max_tokens" {
				d.SkipUnknown()
				continue
			}
			seen = true
			v := d.Int()
			n, ok := v.Int64()
			if !ok || int64(int(n)) != n {
				d.Fail("int_too_big", "max_tokens does not fit an int")
				continue
			}
			c.MaxTokens = int(n)
		}
		if !d.Fatal() && !seen {
			d.Missing("max_tokens")
		}
	}))
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("modelcontexttest: invalid CharBudgetClient config: %w", err)
	}
	return c, nil
}

// quarter is ceil(code points / 4).
func quarter(s string) int { return (utf8.RuneCountInString(s) + 3) / 4 }

// Tokens returns tokens(m) of the rule.
func Tokens(m gen.LLMMessage) int {
	n := 3
	switch m := m.(type) {
	case *gen.SystemMessage:
		n += quarter(m.Content)
	case *gen.UserMessage:
		if m.Content.IsText() {
			n += quarter(m.Content.Text)
		}
		for _, it := range m.Content.Parts {
			if it.IsImage() {
				n += 85
			} else {
				n += quarter(it.Text)
			}
		}
	case *gen.AssistantMessage:
		if m.Content.IsText() {
			n += quarter(m.Content.Text)
		}
		for _, c := range m.Content.FunctionCalls {
			n += (utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Arguments) + 3) / 4
		}
	case *gen.FunctionExecutionResultMessage:
		for _, r := range m.Content {
			n += quarter(r.Content)
		}
	}
	return n
}

// MessageTokens returns tokens(m).
func (c *CharBudgetClient) MessageTokens(m gen.LLMMessage) (int, error) { return Tokens(m), nil }

// OverheadTokens returns 10 per tool.
func (c *CharBudgetClient) OverheadTokens(tools ...gen.ToolSchema) (int, error) {
	return 10 * len(tools), nil
}

// TokenBudget returns MaxTokens.
func (c *CharBudgetClient) TokenBudget() (int, error) { return c.MaxTokens, nil }

// CountTokens returns Σ tokens(m) + 10 per tool.
func (c *CharBudgetClient) CountTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	n := 10 * len(tools)
	for _, m := range messages {
		n += Tokens(m)
	}
	return n, nil
}

// RemainingTokens returns MaxTokens - CountTokens; it may be negative.
func (c *CharBudgetClient) RemainingTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	n, _ := c.CountTokens(messages, tools...)
	return c.MaxTokens - n, nil
}

// Create fails with ErrNotAModel.
func (c *CharBudgetClient) Create(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) (gen.CreateResult, error) {
	return gen.CreateResult{}, ErrNotAModel
}

// CreateStream yields ErrNotAModel.
func (c *CharBudgetClient) CreateStream(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) iter.Seq2[models.StreamEvent, error] {
	return func(yield func(models.StreamEvent, error) bool) { yield(models.StreamEvent{}, ErrNotAModel) }
}

// ActualUsage returns zero usage.
func (c *CharBudgetClient) ActualUsage() gen.RequestUsage { return gen.RequestUsage{} }

// TotalUsage returns zero usage.
func (c *CharBudgetClient) TotalUsage() gen.RequestUsage { return gen.RequestUsage{} }

// Capabilities returns no capabilities.
func (c *CharBudgetClient) Capabilities() gen.ModelCapabilities {
	return models.CapabilitiesOf(c.ModelInfo())
}

// ModelInfo returns models.DefaultModelInfo().
func (c *CharBudgetClient) ModelInfo() gen.ModelInfo { return models.DefaultModelInfo() }

// Close does nothing.
func (c *CharBudgetClient) Close() error { return nil }

// ComponentModel returns the config the cases record:
// {"max_tokens": N} under provider "oracle_clients.CharBudgetClient".
func (c *CharBudgetClient) ComponentModel() (gen.ComponentModel, error) {
	return charBudgetSpec.Model(gen.RawJSON(fmt.Sprintf(`{"max_tokens":%d}`, c.MaxTokens)))
}
