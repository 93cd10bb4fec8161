package modelcontexttest

import (
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/oracleclients"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// CharBudgetProvider is the provider string the conformance cases give
// the CharBudgetClient (AutoGen cannot load it; Register makes Go's
// registry able to).
const CharBudgetProvider = oracleclients.CharBudgetProvider

// ErrNotAModel is returned by CharBudgetClient's Create and CreateStream:
// it only counts tokens.
var ErrNotAModel = oracleclients.ErrNotAModel

// CharBudgetClient is the counting rule the conformance cases define for
// token-limited contexts; see internal/oracleclients, where it lives so
// that the agentschema command can register it without importing this
// test-support package.
type CharBudgetClient = oracleclients.CharBudgetClient

// Register registers the CharBudgetClient provider with r; its config is
// {"max_tokens": N}.
func Register(r *component.Registry) { oracleclients.Register(r) }

// Tokens is the CharBudgetClient's count of one message.
func Tokens(m gen.LLMMessage) int { return oracleclients.Tokens(m) }

// opaque hides every method of a client but the ChatCompletionClient and
// component.Component ones.
type opaque struct {
	models.ChatCompletionClient
}

// ComponentModel forwards to the wrapped client when it is a component.
func (o opaque) ComponentModel() (gen.ComponentModel, error) {
	c, ok := o.ChatCompletionClient.(component.Component)
	if !ok {
		return gen.ComponentModel{}, fmt.Errorf("modelcontexttest: %T has no component config", o.ChatCompletionClient)
	}
	return c.ComponentModel()
}

// Opaque returns c without its models.MessageCounter and
// BudgetCounter methods, so a token-limited context recounts with it after
// every removal, as AutoGen does. It stays a component.Component when c is
// one.
func Opaque(c models.ChatCompletionClient) models.ChatCompletionClient { return opaque{c} }
