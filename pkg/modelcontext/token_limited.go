package modelcontext

import (
	"context"
	"slices"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// TokenLimited is AutoGen's TokenLimitedChatCompletionContext: its view
// is the history with messages removed from the middle (index len/2 of
// the current list, so the first message stays longest) until the model
// client's CountTokens of the view and the tool schemas is at most the
// token limit (a count equal to the limit is kept), or, without a limit,
// until the client's RemainingTokens is not negative; then a leading
// FunctionExecutionResultMessage is dropped (one only, not recounted).
// Calls and results are not kept together unless KeepToolPairs is given.
//
// With a client that implements models.MessageCounter (and, without a token
// limit, BudgetCounter) each message is counted once and GetMessages costs
// O(n); other clients are asked to recount the whole view after every
// removal, as AutoGen does. The client's methods may be called from
// several goroutines at once.
//
// It is safe for concurrent use.
type TokenLimited struct {
	history
	client    models.ChatCompletionClient
	limit     *int
	limitCfg  *gen.Int // as configured, for the component config
	tools     []gen.ToolSchema
	keepPairs bool
}

var _ ChatCompletionContext = (*TokenLimited)(nil)

// NewTokenLimited returns a token-limited context that counts with
// client. The options that apply are WithTokenLimit (a limit that is not
// greater than 0 is a *SizeError, "token_limit must be greater than
// 0."), WithToolSchema, WithInitialMessages and KeepToolPairs. A nil
// client is ErrNoClient.
func NewTokenLimited(client models.ChatCompletionClient, opts ...TokenLimitedOption) (*TokenLimited, error) {
	o := collect(opts, TokenLimitedOption.applyTokenLimited)
	if client == nil {
		return nil, ErrNoClient
	}
	t := &TokenLimited{client: client, keepPairs: o.keepPairs, tools: slices.Clone(o.tools)}
	if err := t.init(o); err != nil {
		return nil, err
	}
	if o.tokenLimit != nil {
		n, err := positive("token_limit", *o.tokenLimit)
		if err != nil {
			return nil, err
		}
		v := *o.tokenLimit
		t.limit, t.limitCfg = &n, &v
	}
	if t.tools == nil {
		t.tools = []gen.ToolSchema{}
	}
	return t, nil
}

// Client returns the model client that counts the tokens.
func (t *TokenLimited) Client() models.ChatCompletionClient { return t.client }

// TokenLimit returns the token limit (saturated at math.MaxInt), and
// false when there is none.
func (t *TokenLimited) TokenLimit() (int, bool) {
	if t.limit == nil {
		return 0, false
	}
	return *t.limit, true
}

// ToolSchema returns a copy of the tool schemas counted with the messages.
func (t *TokenLimited) ToolSchema() []gen.ToolSchema { return slices.Clone(t.tools) }

// KeepsToolPairs reports whether the context was made with KeepToolPairs.
func (t *TokenLimited) KeepsToolPairs() bool { return t.keepPairs }

// GetMessages returns the history trimmed to the token limit, as AutoGen
// does. With KeepToolPairs, unpaired calls and results are left out and a
// tool exchange is removed whole, as one unit, so the limit still holds
// (unless even an empty view is over it, when the view is empty). The
// client's errors are returned; ctx ends the counting.
func (t *TokenLimited) GetMessages(ctx context.Context) ([]gen.LLMMessage, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return trimTokens(ctx, t.client, t.snapshot(), t.limit, t.tools, t.keepPairs)
}
