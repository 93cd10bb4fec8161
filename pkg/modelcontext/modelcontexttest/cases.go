package modelcontexttest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
)

// Case is one scenario of testdata/conformance/contexts (NNN.json),
// recorded by running AutoGen 0.7.5 (see CONTEXTS.md there).
type Case struct {
	// Name is the file's name, such as "028.json".
	Name string `json:"-"`
	// Context is "unbounded", "buffered", "head_and_tail" or
	// "token_limited".
	Context string `json:"context"`
	// Params are the constructor's arguments.
	Params Params `json:"params"`
	// Sequence names the message sequence.
	Sequence string `json:"sequence"`
	// InitialMessages are given to the constructor, Messages added after.
	InitialMessages []json.RawMessage `json:"initial_messages"`
	Messages        []json.RawMessage `json:"messages"`
	// TokenCounter is the counting rule of a token-limited case.
	TokenCounter *TokenCounter `json:"token_counter"`
	// View is get_messages(); State save_state(); Component
	// dump_component(). Unset when Error is.
	View      json.RawMessage `json:"view"`
	State     json.RawMessage `json:"state"`
	Component json.RawMessage `json:"component"`
	// Error is the constructor's exception, when it raised one.
	Error *Exception `json:"error"`
	// Steps are the operations of a "steps" case, in order.
	Steps []Step `json:"steps"`
	// Note explains the case.
	Note string `json:"note"`
}

// Params are a case's constructor arguments. Null and absent are both
// nil.
type Params struct {
	BufferSize *int64            `json:"buffer_size"`
	HeadSize   *int64            `json:"head_size"`
	TailSize   *int64            `json:"tail_size"`
	TokenLimit *int64            `json:"token_limit"`
	ToolSchema []json.RawMessage `json:"tool_schema"`
}

// TokenCounter is a token-limited case's counting rule.
type TokenCounter struct {
	// Client is "ReplayChatCompletionClient" or "CharBudgetClient".
	Client string `json:"client"`
	// MaxTokens is the CharBudgetClient's budget.
	MaxTokens int `json:"max_tokens"`
	// CountAll is count_tokens of every message with the case's tools;
	// PerMessage the count of each message alone, without tools.
	CountAll   int   `json:"count_all"`
	PerMessage []int `json:"per_message"`
}

// Exception is a Python exception a case records.
type Exception struct {
	Exception string `json:"exception"`
	Msg       string `json:"msg"`
	Type      string `json:"type"`
}

// Step is one operation of a steps case: "init" (InitialMessages),
// "add_message" (Message), "get_messages" and "save_state" (Result),
// "clear", "load_state" (State, and Error when it raised) and
// "dump_component" (Result).
type Step struct {
	Op              string            `json:"op"`
	InitialMessages []json.RawMessage `json:"initial_messages"`
	Message         json.RawMessage   `json:"message"`
	State           json.RawMessage   `json:"state"`
	Result          json.RawMessage   `json:"result"`
	Error           *Exception        `json:"error"`
}

// LoadCases reads every case of dir (testdata/conformance/contexts), in
// name order.
func LoadCases(dir string) ([]Case, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("modelcontexttest: no cases in %s", dir)
	}
	sort.Strings(names)
	cases := make([]Case, 0, len(names))
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var c Case
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		c.Name = filepath.Base(name)
		cases = append(cases, c)
	}
	return cases, nil
}

// DecodeMessages decodes LLM message dumps.
func DecodeMessages(raw []json.RawMessage) ([]gen.LLMMessage, error) {
	out := make([]gen.LLMMessage, 0, len(raw))
	for i, r := range raw {
		m, err := gen.UnmarshalLLMMessage(r)
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// Client returns the model client a token-limited case counts with: the
// replay client (with the one response "unused" the cases' configs list)
// or a CharBudgetClient of the case's max_tokens.
func (c *Case) Client() (models.ChatCompletionClient, error) {
	if c.TokenCounter == nil {
		return nil, errors.New("modelcontexttest: not a token-limited case")
	}
	switch c.TokenCounter.Client {
	case "ReplayChatCompletionClient":
		return replay.New(replay.Texts("unused")), nil
	case "CharBudgetClient":
		return &CharBudgetClient{MaxTokens: c.TokenCounter.MaxTokens}, nil
	}
	return nil, fmt.Errorf("modelcontexttest: unknown token counter %q", c.TokenCounter.Client)
}

// Tools decodes the case's tool_schema param (nil when it has none).
func (c *Case) Tools() ([]gen.ToolSchema, error) {
	if c.Params.ToolSchema == nil {
		return nil, nil
	}
	tools := make([]gen.ToolSchema, len(c.Params.ToolSchema))
	for i, raw := range c.Params.ToolSchema {
		if err := tools[i].UnmarshalJSON(raw); err != nil {
			return nil, fmt.Errorf("tool_schema %d: %w", i, err)
		}
	}
	return tools, nil
}

// New builds the case's context from its params and initial messages
// with client (used by token-limited cases only).
func (c *Case) New(client models.ChatCompletionClient) (modelcontext.ChatCompletionContext, error) {
	initial, err := DecodeMessages(c.InitialMessages)
	if err != nil {
		return nil, err
	}
	var init modelcontext.CommonOption // nil (ignored) without initial messages
	if len(initial) > 0 {
		init = modelcontext.WithInitialMessages(initial...)
	}
	switch c.Context {
	case "unbounded":
		return modelcontext.NewUnbounded(init)
	case "buffered":
		return modelcontext.NewBuffered(int(*c.Params.BufferSize), init)
	case "head_and_tail":
		return modelcontext.NewHeadAndTail(int(*c.Params.HeadSize), int(*c.Params.TailSize), init)
	case "token_limited":
		opts := []modelcontext.TokenLimitedOption{init}
		if c.Params.TokenLimit != nil {
			opts = append(opts, modelcontext.WithTokenLimit(int(*c.Params.TokenLimit)))
		}
		if c.Params.ToolSchema != nil {
			tools, err := c.Tools()
			if err != nil {
				return nil, err
			}
			opts = append(opts, modelcontext.WithToolSchema(tools...))
		}
		return modelcontext.NewTokenLimited(client, opts...)
	}
	return nil, fmt.Errorf("modelcontexttest: unknown context kind %q", c.Context)
}

// SameJSON reports whether got and want are the same JSON value with
// their object members in the same order (string escapes and white space
// aside), or what differs.
func SameJSON(got, want []byte) error {
	g, err := jsonTokens(got)
	if err != nil {
		return fmt.Errorf("got invalid JSON: %v\n%s", err, got)
	}
	w, err := jsonTokens(want)
	if err != nil {
		return fmt.Errorf("want invalid JSON: %v\n%s", err, want)
	}
	if !reflect.DeepEqual(g, w) {
		return fmt.Errorf("JSON differs\n got: %s\nwant: %s", compact(got), compact(want))
	}
	return nil
}

// jsonTokens returns data's JSON tokens, numbers as their text.
func jsonTokens(data []byte) ([]any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var out []any
	for {
		t, err := d.Token()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
}

func compact(data []byte) []byte {
	var b bytes.Buffer
	if json.Compact(&b, data) != nil {
		return data
	}
	return b.Bytes()
}
