package replay

import (
	"context"
	"iter"
	"math"
	"math/big"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pystr"
	"github.com/agentschema/agentschema/pkg/models"
)

// totalAvailableTokens is the replay client's context size.
const totalAvailableTokens = 10000

// Completion is one predefined response: a text, or a full CreateResult
// when Result is set.
type Completion struct {
	// Text is the response's text, used when Result is nil.
	Text string
	// Result, when set, is returned as it is (its usage is returned
	// unchanged; only its completion_tokens count in the client's usage).
	Result *gen.CreateResult
}

// Texts returns a text Completion for each text.
func Texts(texts ...string) []Completion {
	out := make([]Completion, len(texts))
	for i, t := range texts {
		out[i] = Completion{Text: t}
	}
	return out
}

// Call is the arguments of one Create call, as the client recorded them.
type Call struct {
	Messages []gen.LLMMessage
	Options  models.CreateOptions
}

// exhaustedError is AutoGen's ValueError("No more mock responses
// available").
type exhaustedError struct{}

func (exhaustedError) Error() string { return "No more mock responses available" }

// ExceptionName is the Python class AutoGen raises.
func (exhaustedError) ExceptionName() string { return "ValueError" }

// ErrNoMoreResponses is returned by Create and CreateStream once every
// predefined response has been used (AutoGen's ValueError("No more mock
// responses available")). Reset starts over.
var ErrNoMoreResponses error = exhaustedError{}

// Client is AutoGen's ReplayChatCompletionClient. Create it with New.
type Client struct {
	completions []Completion  // fixed at New
	info        gen.ModelInfo // fixed at New

	mu     sync.Mutex
	cur    gen.RequestUsage
	total  gen.RequestUsage
	index  int
	cached bool
	rec    recorder    // the Create calls (Calls)
	words  wordCounter // the prompt tokens of each call
	prefix prefixMemo  // shared by rec and words
}

// Option configures a Client.
type Option func(*Client)

// WithModelInfo sets the client's model_info; the default is
// models.DefaultModelInfo() (nothing supported, family "unknown").
func WithModelInfo(info gen.ModelInfo) Option {
	return func(c *Client) { c.info = info }
}

// New returns a client that replays completions in order. Results are
// returned with cached set to true unless SetCached(false) is called, as
// AutoGen's client does.
func New(completions []Completion, opts ...Option) *Client {
	c := &Client{
		completions: cloneCompletions(completions),
		info:        models.DefaultModelInfo(),
		cached:      true,
		rec:         newRecorder(),
	}
	for _, o := range opts {
		o(c)
	}
	c.rec.prefix, c.words.prefix = &c.prefix, &c.prefix
	return c
}

var _ models.ChatCompletionClient = (*Client)(nil)

// next returns the response at the current index with the usage it gives
// for messages, or ErrNoMoreResponses. The caller holds c.mu.
func (c *Client) next(messages []gen.LLMMessage) (Completion, gen.RequestUsage, error) {
	if c.index >= len(c.completions) {
		return Completion{}, gen.RequestUsage{}, ErrNoMoreResponses
	}
	resp := c.completions[c.index]
	prompt := int64(c.words.count(messages))
	var usage gen.RequestUsage
	if resp.Result == nil {
		usage = models.NewRequestUsage(prompt, int64(c.words.cached(resp.Text)))
	} else {
		usage = models.NewRequestUsage(prompt, 0)
		usage.CompletionTokens = resp.Result.Usage.CompletionTokens
	}
	return resp, usage, nil
}

// result is the CreateResult returned for resp.
func (c *Client) result(resp Completion, usage gen.RequestUsage, cached bool) gen.CreateResult {
	if resp.Result != nil {
		return cloneResult(*resp.Result)
	}
	return models.NewTextResult(resp.Text, models.FinishReasonStop, usage, cached)
}

// Create returns the next predefined response. A text becomes a
// CreateResult with finish reason "stop", the client's cached value and
// the usage: prompt tokens as CountTokens counts messages, completion
// tokens the words of the text. A predefined CreateResult is returned as it
// is, and its completion_tokens count as the completion's. The call is
// recorded (Calls). Tools and the other options are otherwise ignored.
func (c *Client) Create(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) (gen.CreateResult, error) {
	if err := ctx.Err(); err != nil {
		return gen.CreateResult{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	resp, usage, err := c.next(messages)
	if err != nil {
		return gen.CreateResult{}, err
	}
	c.cur = usage
	res := c.result(resp, usage, c.cached)
	c.total = models.AddUsage(c.total, usage)
	c.index++
	c.rec.add(messages, opts)
	return res, nil
}

// CreateStream streams the next predefined response: for a text, its
// words (Python's str.split()) each followed by a space except the last,
// then the CreateResult Create would return; a predefined CreateResult
// alone. The response counts as used, and the usage is added to the
// total, once the CreateResult has been yielded; stopping earlier, or
// cancelling ctx, leaves the client as it was except for ActualUsage,
// which is set when the stream starts (as in AutoGen). Like AutoGen's
// create_stream, it does not record the call in Calls.
func (c *Client) CreateStream(ctx context.Context, messages []gen.LLMMessage, opts models.CreateOptions) iter.Seq2[models.StreamEvent, error] {
	return func(yield func(models.StreamEvent, error) bool) {
		if err := ctx.Err(); err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		c.mu.Lock()
		resp, usage, err := c.next(messages)
		if err != nil {
			c.mu.Unlock()
			yield(models.StreamEvent{}, err)
			return
		}
		c.cur = usage
		cached := c.cached
		c.mu.Unlock()

		if resp.Result == nil {
			words := pySplit(resp.Text)
			for i, w := range words {
				if err := ctx.Err(); err != nil {
					yield(models.StreamEvent{}, err)
					return
				}
				if i < len(words)-1 {
					w += " "
				}
				if !yield(models.StreamEvent{Text: w}, nil) {
					return
				}
			}
		}
		if err := ctx.Err(); err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		res := c.result(resp, usage, cached)
		yield(models.StreamEvent{Result: &res}, nil)

		c.mu.Lock()
		c.total = models.AddUsage(c.total, usage)
		c.index++
		c.mu.Unlock()
	}
}

// ActualUsage returns the usage of the latest Create or CreateStream.
func (c *Client) ActualUsage() gen.RequestUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cur
}

// TotalUsage returns the usage of every completed Create and CreateStream
// since New or Reset.
func (c *Client) TotalUsage() gen.RequestUsage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.total
}

// CountTokens counts messages AutoGen's replay way (see CountWords); tools
// are ignored. It never fails.
func (c *Client) CountTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	return CountWords(messages), nil
}

// RemainingTokens returns max(0, 10000 - total prompt tokens - total
// completion tokens). It depends on neither messages nor tools, so a
// token-limited context without a token limit never trims with this
// client. It never fails.
func (c *Client) RemainingTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	c.mu.Lock()
	total := c.total
	c.mu.Unlock()
	r := big.NewInt(totalAvailableTokens)
	r.Sub(r, total.PromptTokens.Big())
	r.Sub(r, total.CompletionTokens.Big())
	switch {
	case r.Sign() < 0:
		return 0, nil
	case !r.IsInt64() || r.Int64() > math.MaxInt:
		return math.MaxInt, nil
	}
	return int(r.Int64()), nil
}

// Capabilities returns the vision, function calling and JSON output parts
// of ModelInfo.
func (c *Client) Capabilities() gen.ModelCapabilities { return models.CapabilitiesOf(c.info) }

// ModelInfo returns the client's model_info.
func (c *Client) ModelInfo() gen.ModelInfo { return c.info }

// Close does nothing.
func (c *Client) Close() error { return nil }

// Reset starts over: the first response comes next and the usage is zero.
// The recorded calls are kept.
func (c *Client) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur = gen.RequestUsage{}
	c.total = gen.RequestUsage{}
	c.index = 0
}

// SetCached sets the cached flag of the CreateResults made from texts
// (AutoGen's set_cached_bool_value); it is true by default.
func (c *Client) SetCached(cached bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cached = cached
}

// Calls returns the arguments of every Create call so far (AutoGen's
// create_calls). Each call's message list is a fresh copy, holding the
// messages given; a long text the client kept compactly (see recorder) is
// rebuilt into an equal copy of its message.
func (c *Client) Calls() []Call {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rec.Calls()
}

// Completions returns the predefined responses.
func (c *Client) Completions() []Completion { return cloneCompletions(c.completions) }

// CountWords is the replay client's token count of messages: the number of
// words, as Python's str.split() splits, of each message whose content is
// a string (system messages, text user and assistant messages). Messages
// with list content (function calls, function results, multimodal user
// messages) count 0.
func CountWords(messages []gen.LLMMessage) int {
	n := 0
	for _, m := range messages {
		if t, ok := textOf(m); ok {
			n += countPyWords(t)
		}
	}
	return n
}

// asciiSpace marks the ASCII bytes str.isspace accepts: \t \n \v \f \r,
// the separators U+001C..U+001F and the space.
var asciiSpace = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		if pystr.IsSpaceRune(rune(c)) {
			t[c] = 1
		}
	}
	return t
}()

// countPyWords returns len(s.split()): the number of places where a
// non-space follows a space or the start. ASCII is looked up a byte at a
// time; other characters are decoded.
func countPyWords(s string) int {
	n := 0
	prev := uint8(1) // the start counts as a space
	for i := 0; i < len(s); {
		var sp uint8
		if c := s[i]; c < utf8.RuneSelf {
			sp = asciiSpace[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			if pystr.IsSpaceRune(r) {
				sp = 1
			}
			i += size
		}
		n += int(prev &^ sp)
		prev = sp
	}
	return n
}

// pySplit is Python's s.split().
func pySplit(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if pystr.IsSpaceRune(r) {
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func cloneCompletions(in []Completion) []Completion {
	out := make([]Completion, len(in))
	for i, c := range in {
		out[i] = c
		if c.Result != nil {
			r := cloneResult(*c.Result)
			out[i].Result = &r
		}
	}
	return out
}

// cloneResult copies r's slices and pointers, so callers cannot change the
// client's responses.
func cloneResult(r gen.CreateResult) gen.CreateResult {
	r.Content.FunctionCalls = slices.Clone(r.Content.FunctionCalls)
	if r.Thought != nil {
		t := *r.Thought
		r.Thought = &t
	}
	if r.Logprobs != nil {
		lp := make([]gen.ChatCompletionTokenLogprob, len(r.Logprobs))
		for i, p := range r.Logprobs {
			p.Bytes = slices.Clone(p.Bytes)
			if p.TopLogprobs != nil {
				tops := make([]gen.TopLogprob, len(p.TopLogprobs))
				for k, tp := range p.TopLogprobs {
					tp.Bytes = slices.Clone(tp.Bytes)
					tops[k] = tp
				}
				p.TopLogprobs = tops
			}
			lp[i] = p
		}
		r.Logprobs = lp
	}
	return r
}
