package anthropic

import (
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// counter counts as AutoGen's count_tokens: cl100k_base tokens of the
// texts, with its fixed overheads.
type counter struct {
	enc *tokens.Encoding
	n   int
}

func (c *counter) add(s string) error {
	ids, err := c.enc.Encode(s)
	if err != nil {
		return err
	}
	c.n += len(ids)
	return nil
}

// CountTokens is AutoGen's count_tokens for the Anthropic clients, an
// estimate with tiktoken's cl100k_base: the first system message's tokens
// + 15 (later system messages are not counted), 10 a message plus its
// text (512 an image, a function call's name and arguments + 10, a
// result's content + 10), and for each tool its name, description,
// parameter names, types, descriptions and string enum values (2 for
// another enum value) + 20.
func (c *base) CountTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	enc, err := tokens.GetEncoding("cl100k_base")
	if err != nil {
		return 0, err
	}
	ct := &counter{enc: enc}
	for _, m := range messages {
		if s, ok := m.(*gen.SystemMessage); ok {
			if s.Content != "" {
				if err := ct.add(s.Content); err != nil {
					return 0, err
				}
				ct.n += 15
			}
			break
		}
	}
	for _, m := range messages {
		if err := ct.message(m); err != nil {
			return 0, err
		}
	}
	for _, t := range tools {
		if err := ct.tool(t); err != nil {
			return 0, err
		}
	}
	return ct.n, nil
}

func (c *counter) message(m gen.LLMMessage) error {
	switch m := m.(type) {
	case *gen.SystemMessage:
		return nil
	case *gen.UserMessage:
		c.n += 10
		if m.Content.IsText() {
			return c.add(m.Content.Text)
		}
		for _, p := range m.Content.Parts {
			if p.IsText() {
				if err := c.add(p.Text); err != nil {
					return err
				}
			} else if p.IsImage() {
				c.n += 512
			}
		}
	case *gen.AssistantMessage:
		c.n += 10
		if m.Content.IsText() {
			return c.add(m.Content.Text)
		}
		for _, fc := range m.Content.FunctionCalls {
			if err := c.add(fc.Name); err != nil {
				return err
			}
			if err := c.add(fc.Arguments); err != nil {
				return err
			}
			c.n += 10
		}
	case *gen.FunctionExecutionResultMessage:
		c.n += 10
		for _, r := range m.Content {
			if err := c.add(r.Content); err != nil {
				return err
			}
			c.n += 10
		}
	default:
		c.n += 10
	}
	return nil
}

func (c *counter) tool(t gen.ToolSchema) error {
	if err := c.add(t.Name); err != nil {
		return err
	}
	if t.Description != nil {
		if err := c.add(*t.Description); err != nil {
			return err
		}
	}
	if t.Parameters != nil && len(t.Parameters.Properties) > 0 {
		props, err := pyjson.Parse(t.Parameters.Properties)
		if err != nil {
			return err
		}
		for i := range props.Keys {
			if err := c.property(pyjson.KeyText(&props.Keys[i]), &props.Vals[i]); err != nil {
				return err
			}
		}
	}
	c.n += 20
	return nil
}

func (c *counter) property(name string, schema *pyjson.Value) error {
	if err := c.add(name); err != nil {
		return err
	}
	for _, k := range []string{"type", "description"} {
		if v, ok := schema.Get(k); ok {
			if err := c.add(pyjson.StrOf(v)); err != nil {
				return err
			}
		}
	}
	if enum, ok := schema.Get("enum"); ok && enum.Kind == pyjson.List {
		for i := range enum.List {
			if enum.List[i].Kind == pyjson.Str {
				if err := c.add(enum.List[i].Str); err != nil {
					return err
				}
			} else {
				c.n += 2
			}
		}
	}
	return nil
}

// RemainingTokens is AutoGen's remaining_tokens: the configured model's
// token limit (TokenLimit) less CountTokens.
func (c *base) RemainingTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	n, err := c.CountTokens(messages, tools...)
	if err != nil {
		return 0, err
	}
	return TokenLimit(c.model) - n, nil
}
