package conditions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
)

// alreadyReached is AutoGen's TerminatedException for a condition called
// after it fired.
func alreadyReached() error {
	return &agentchat.TerminatedError{Message: "Termination condition has already been reached"}
}

// flag is the fired state most conditions keep; it is safe for concurrent
// use, so that Terminated can be asked while a run checks.
type flag struct {
	mu    sync.Mutex
	fired bool
}

func (f *flag) Terminated() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fired
}

func (f *flag) set(v bool) {
	f.mu.Lock()
	f.fired = v
	f.mu.Unlock()
}

// Reset makes the condition ready for a new run.
func (f *flag) Reset(context.Context) error {
	f.set(false)
	return nil
}

// StopMessage is AutoGen's StopMessageTermination: it fires when a
// StopMessage is among the messages.
type StopMessage struct{ flag }

// NewStopMessage returns a StopMessageTermination.
func NewStopMessage() *StopMessage { return &StopMessage{} }

// Check fires on a StopMessage.
func (c *StopMessage) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if _, ok := m.(*gen.StopMessage); ok {
			c.set(true)
			return messages.NewStopMessage("StopMessageTermination", "Stop message received"), nil
		}
	}
	return nil, nil
}

// MaxMessage is AutoGen's MaxMessageTermination: it fires when the number
// of chat messages (and, with IncludeAgentEvent, events) since the last
// reset reaches MaxMessages.
type MaxMessage struct {
	maxMessages       int64
	includeAgentEvent bool

	mu    sync.Mutex
	count int64
}

// NewMaxMessage returns a MaxMessageTermination.
func NewMaxMessage(maxMessages int64, includeAgentEvent bool) *MaxMessage {
	return &MaxMessage{maxMessages: maxMessages, includeAgentEvent: includeAgentEvent}
}

// Terminated reports whether the count has reached the maximum.
func (c *MaxMessage) Terminated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.count >= c.maxMessages
}

// Check counts delta and fires at the maximum.
func (c *MaxMessage) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.count >= c.maxMessages {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if c.includeAgentEvent || messages.IsChatMessage(m) {
			c.count++
		}
	}
	if c.count >= c.maxMessages {
		return messages.NewStopMessage("MaxMessageTermination",
			fmt.Sprintf("Maximum number of messages %d reached, current message count: %d", c.maxMessages, c.count)), nil
	}
	return nil, nil
}

// Reset sets the count to 0.
func (c *MaxMessage) Reset(context.Context) error {
	c.mu.Lock()
	c.count = 0
	c.mu.Unlock()
	return nil
}

// TextMention is AutoGen's TextMentionTermination: it fires when a
// message's text (AutoGen's to_text()) contains Text. Sources, when not
// nil, limits it to messages from those sources; AutoGen's config does
// not hold sources, so a loaded condition has none.
type TextMention struct {
	flag
	text    string
	sources []string
}

// NewTextMention returns a TextMentionTermination; sources nil means any.
func NewTextMention(text string, sources []string) *TextMention {
	return &TextMention{text: text, sources: sources}
}

// Check fires on the first message that mentions the text.
func (c *TextMention) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if c.sources != nil && !slices.Contains(c.sources, messages.Source(m)) {
			continue
		}
		text, _ := messages.ToText(m)
		if strings.Contains(text, c.text) {
			c.set(true)
			return messages.NewStopMessage("TextMentionTermination", "Text '"+c.text+"' mentioned"), nil
		}
	}
	return nil, nil
}

// Functional is AutoGen's FunctionalTermination: it fires when a Go
// function says so. It has no component config, as in AutoGen.
type Functional struct {
	flag
	fn func(ctx context.Context, delta []messages.Message) (bool, error)
}

// NewFunctional returns a FunctionalTermination of fn.
func NewFunctional(fn func(ctx context.Context, delta []messages.Message) (bool, error)) *Functional {
	return &Functional{fn: fn}
}

// Check calls the function; its error ends the run.
func (c *Functional) Check(ctx context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	ok, err := c.fn(ctx, delta)
	if err != nil {
		return nil, err
	}
	if ok {
		c.set(true)
		return messages.NewStopMessage("FunctionalTermination", "Functional termination condition met"), nil
	}
	return nil, nil
}

// TokenUsage is AutoGen's TokenUsageTermination: it fires when the tokens
// of the messages' models_usage since the last reset reach a limit. A nil
// limit is not checked; at least one must be set.
type TokenUsage struct {
	maxTotal, maxPrompt, maxCompletion *gen.Int

	mu                        sync.Mutex
	total, prompt, completion gen.Int
}

// NewTokenUsage returns a TokenUsageTermination; it refuses three nil
// limits with AutoGen's ValueError.
func NewTokenUsage(maxTotal, maxPrompt, maxCompletion *int64) (*TokenUsage, error) {
	if maxTotal == nil && maxPrompt == nil && maxCompletion == nil {
		return nil, &agentchat.RunError{Exception: "ValueError",
			Message: "At least one of max_total_token, max_prompt_token, or max_completion_token must be provided"}
	}
	return &TokenUsage{maxTotal: intPtr(maxTotal), maxPrompt: intPtr(maxPrompt), maxCompletion: intPtr(maxCompletion)}, nil
}

func intPtr(p *int64) *gen.Int {
	if p == nil {
		return nil
	}
	v := gen.IntOf(*p)
	return &v
}

func reached(limit *gen.Int, n gen.Int) bool { return limit != nil && n.Cmp(*limit) >= 0 }

func (c *TokenUsage) terminated() bool {
	return reached(c.maxTotal, c.total) || reached(c.maxPrompt, c.prompt) || reached(c.maxCompletion, c.completion)
}

// Terminated reports whether a limit is reached.
func (c *TokenUsage) Terminated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.terminated()
}

// Check adds the usage of delta and fires at a limit.
func (c *TokenUsage) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if u := messages.ModelsUsage(m); u != nil {
			c.prompt = c.prompt.Add(u.PromptTokens)
			c.completion = c.completion.Add(u.CompletionTokens)
			c.total = c.total.Add(u.PromptTokens).Add(u.CompletionTokens)
		}
	}
	if c.terminated() {
		return messages.NewStopMessage("TokenUsageTermination", fmt.Sprintf(
			"Token usage limit reached, total token count: %s, prompt token count: %s, completion token count: %s.",
			c.total, c.prompt, c.completion)), nil
	}
	return nil, nil
}

// Reset sets the counts to 0.
func (c *TokenUsage) Reset(context.Context) error {
	c.mu.Lock()
	c.total, c.prompt, c.completion = gen.Int{}, gen.Int{}, gen.Int{}
	c.mu.Unlock()
	return nil
}

// Handoff is AutoGen's HandoffTermination: it fires on a HandoffMessage
// to Target.
type Handoff struct {
	flag
	target string
}

// NewHandoff returns a HandoffTermination.
func NewHandoff(target string) *Handoff { return &Handoff{target: target} }

// Check fires on a handoff to the target.
func (c *Handoff) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if h, ok := m.(*gen.HandoffMessage); ok && h.Target == c.target {
			c.set(true)
			return messages.NewStopMessage("HandoffTermination",
				"Handoff to "+c.target+" from "+h.Source+" detected."), nil
		}
	}
	return nil, nil
}

// Timeout is AutoGen's TimeoutTermination: it fires at the first check
// made once the timeout has passed since it was built or reset.
type Timeout struct {
	seconds float64

	mu    sync.Mutex
	start time.Time
	fired bool
}

// NewTimeout returns a TimeoutTermination of seconds.
func NewTimeout(seconds float64) *Timeout { return &Timeout{seconds: seconds, start: time.Now()} }

// Terminated reports whether the condition has fired.
func (c *Timeout) Terminated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fired
}

// Check fires when the time is up.
func (c *Timeout) Check(context.Context, []messages.Message) (*gen.StopMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fired {
		return nil, alreadyReached()
	}
	if time.Since(c.start).Seconds() >= c.seconds {
		c.fired = true
		return messages.NewStopMessage("TimeoutTermination",
			"Timeout of "+pyjson.FloatRepr(c.seconds)+" seconds reached"), nil
	}
	return nil, nil
}

// Reset restarts the clock.
func (c *Timeout) Reset(context.Context) error {
	c.mu.Lock()
	c.start, c.fired = time.Now(), false
	c.mu.Unlock()
	return nil
}

// External is AutoGen's ExternalTermination: it fires at the first check
// after Set is called, from any goroutine.
type External struct {
	mu         sync.Mutex
	fired, set bool
}

// NewExternal returns an ExternalTermination.
func NewExternal() *External { return &External{} }

// Set asks the team to stop at its next check.
func (c *External) Set() {
	c.mu.Lock()
	c.set = true
	c.mu.Unlock()
}

// Terminated reports whether the condition has fired.
func (c *External) Terminated() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fired
}

// Check fires once Set was called.
func (c *External) Check(context.Context, []messages.Message) (*gen.StopMessage, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fired {
		return nil, alreadyReached()
	}
	if c.set {
		c.fired = true
		return messages.NewStopMessage("ExternalTermination", "External termination requested"), nil
	}
	return nil, nil
}

// Reset clears both the fired state and a pending Set.
func (c *External) Reset(context.Context) error {
	c.mu.Lock()
	c.fired, c.set = false, false
	c.mu.Unlock()
	return nil
}

// SourceMatch is AutoGen's SourceMatchTermination: it fires on a message
// from one of Sources.
type SourceMatch struct {
	flag
	sources []string
}

// NewSourceMatch returns a SourceMatchTermination.
func NewSourceMatch(sources []string) *SourceMatch { return &SourceMatch{sources: sources} }

// Check fires on a message from a source.
func (c *SourceMatch) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if src := messages.Source(m); slices.Contains(c.sources, src) {
			c.set(true)
			return messages.NewStopMessage("SourceMatchTermination", "'"+src+"' answered"), nil
		}
	}
	return nil, nil
}

// TextMessage is AutoGen's TextMessageTermination: it fires on a
// TextMessage (from Source, when set).
type TextMessage struct {
	flag
	source *string
}

// NewTextMessage returns a TextMessageTermination; source nil means any.
func NewTextMessage(source *string) *TextMessage { return &TextMessage{source: source} }

// Check fires on a TextMessage.
func (c *TextMessage) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		if t, ok := m.(*gen.TextMessage); ok && (c.source == nil || t.Source == *c.source) {
			c.set(true)
			return messages.NewStopMessage("TextMessageTermination", "Text message received from '"+t.Source+"'"), nil
		}
	}
	return nil, nil
}

// FunctionCall is AutoGen's FunctionCallTermination: it fires when a
// ToolCallExecutionEvent holds a result of the function.
type FunctionCall struct {
	flag
	name string
}

// NewFunctionCall returns a FunctionCallTermination.
func NewFunctionCall(functionName string) *FunctionCall { return &FunctionCall{name: functionName} }

// Check fires on an execution of the function.
func (c *FunctionCall) Check(_ context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, alreadyReached()
	}
	for _, m := range delta {
		ev, ok := m.(*gen.ToolCallExecutionEvent)
		if !ok {
			continue
		}
		for _, r := range ev.Content {
			if r.Name == c.name {
				c.set(true)
				return messages.NewStopMessage("FunctionCallTermination", "Function '"+c.name+"' was executed."), nil
			}
		}
	}
	return nil, nil
}

// And is AutoGen's AndTerminationCondition: it fires when every condition
// has fired, with their stop messages joined.
type And struct {
	conds []agentchat.TerminationCondition

	mu    sync.Mutex
	stops []*gen.StopMessage
}

// NewAnd returns the conjunction of conds.
func NewAnd(conds ...agentchat.TerminationCondition) *And { return &And{conds: conds} }

// Terminated reports whether every condition has fired.
func (c *And) Terminated() bool {
	for _, x := range c.conds {
		if !x.Terminated() {
			return false
		}
	}
	return true
}

// Check checks the conditions that have not fired; it fires when none is
// left.
func (c *And) Check(ctx context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		// AutoGen's And says it with a period.
		return nil, &agentchat.TerminatedError{Message: "Termination condition has already been reached."}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	// Like asyncio.gather, every condition not yet fired is checked, even
	// after one fails; a failure keeps none of this call's stop messages.
	var pending []agentchat.TerminationCondition
	for _, x := range c.conds {
		if !x.Terminated() {
			pending = append(pending, x)
		}
	}
	stops, err := checkAll(ctx, pending, delta)
	if err != nil {
		return nil, err
	}
	anyNil := false
	for _, s := range stops {
		if s == nil {
			anyNil = true
			continue
		}
		c.stops = append(c.stops, s)
	}
	if anyNil {
		return nil, nil
	}
	return joinStops(c.stops), nil
}

// Reset resets every condition.
func (c *And) Reset(ctx context.Context) error {
	for _, x := range c.conds {
		if err := x.Reset(ctx); err != nil {
			return err
		}
	}
	c.mu.Lock()
	c.stops = nil
	c.mu.Unlock()
	return nil
}

// Or is AutoGen's OrTerminationCondition: it fires when any condition
// fires, with the stop messages of those that fired joined.
type Or struct {
	conds []agentchat.TerminationCondition
}

// NewOr returns the disjunction of conds.
func NewOr(conds ...agentchat.TerminationCondition) *Or { return &Or{conds: conds} }

// Terminated reports whether any condition has fired.
func (c *Or) Terminated() bool {
	for _, x := range c.conds {
		if x.Terminated() {
			return true
		}
	}
	return false
}

// Check checks every condition. Called after it fired, it returns
// AutoGen's RuntimeError (not a TerminatedError, as in AutoGen).
func (c *Or) Check(ctx context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	if c.Terminated() {
		return nil, &agentchat.RunError{Exception: "RuntimeError", Message: "Termination condition has already been reached"}
	}
	all, err := checkAll(ctx, c.conds, delta)
	if err != nil {
		return nil, err
	}
	var stops []*gen.StopMessage
	for _, s := range all {
		if s != nil {
			stops = append(stops, s)
		}
	}
	if len(stops) == 0 {
		return nil, nil
	}
	return joinStops(stops), nil
}

// Reset resets every condition.
func (c *Or) Reset(ctx context.Context) error {
	for _, x := range c.conds {
		if err := x.Reset(ctx); err != nil {
			return err
		}
	}
	return nil
}

// checkAll checks every condition with delta, as asyncio.gather awaits
// every call even when one raises, and returns their stop messages (nil
// for those that did not fire) or the first error.
func checkAll(ctx context.Context, conds []agentchat.TerminationCondition, delta []messages.Message) ([]*gen.StopMessage, error) {
	out := make([]*gen.StopMessage, len(conds))
	var first error
	for i, x := range conds {
		s, err := x.Check(ctx, delta)
		if err != nil && first == nil {
			first = err
		}
		out[i] = s
	}
	return out, first
}

// joinStops is the StopMessage of And and Or: contents and sources joined
// with ", ".
func joinStops(stops []*gen.StopMessage) *gen.StopMessage {
	contents := make([]string, len(stops))
	sources := make([]string, len(stops))
	for i, s := range stops {
		contents[i], sources[i] = s.Content, s.Source
	}
	return messages.NewStopMessage(strings.Join(sources, ", "), strings.Join(contents, ", "))
}
