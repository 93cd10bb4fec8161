package tokens

import (
	"strings"

	"github.com/agentschema/agentschema/internal/pystr"

	"github.com/agentschema/agentschema/internal/oaitransform"

	"github.com/agentschema/agentschema/internal/bpe"
)

// This file is count_tokens_openai (AutoGen _openai_client.py) on messages
// reduced to what it reads, with the LLMMessage -> OpenAI dict transformers
// of _message_transform.py and the transformer-map choice of
// _transformation/registry.py. messages.go feeds it from the gen types.

type role uint8

const (
	roleSystem role = iota
	roleUser
	roleAssistant
	roleTool
)

// message is one LLMMessage, reduced to what counting reads.
type message struct {
	role       role
	text       string        // System content; User/Assistant string content
	multimodal bool          // User: content is a list
	parts      []contentPart // User list content
	toolCalls  bool          // Assistant: content is a list of FunctionCall
	calls      []functionCall
	thought    *string // Assistant
	source     string  // User, Assistant
	results    []functionResult
}

type contentPart struct {
	image         bool
	text          string
	width, height int
}

type functionCall struct{ id, arguments, name string }

type functionResult struct{ content, callID string }

// countOptions are the parameters of count_tokens_openai.
type countOptions struct {
	addNamePrefixes      bool
	modelFamily          string
	includeNameInMessage bool
}

// transformer is one of AutoGen's message transformer maps.
type transformer = oaitransform.Map

const (
	mapBase    = oaitransform.Base
	mapGemini  = oaitransform.Gemini
	mapClaude  = oaitransform.Claude
	mapMistral = oaitransform.Mistral
)

// transformerFor is get_transformer("openai", model, model_family).
func transformerFor(model, family string) transformer { return oaitransform.For(model, family) }

// assertValidName is AutoGen's assert_valid_name.
func assertValidName(name string) error {
	if msg := oaitransform.InvalidName(name); msg != "" {
		return valueError(msg, nil)
	}
	return nil
}

// orSpace is Python's `s or " "`.
func orSpace(s string) string {
	if s == "" {
		return " "
	}
	return s
}

type counter struct {
	enc *bpe.Encoding
	n   int
}

// add counts one str value of an OpenAI message dict.
func (c *counter) add(s string) error {
	n, err := countText(c.enc, s)
	c.n += n
	return err
}

// addName counts the "name" value, which costs one more token.
func (c *counter) addName(s string) error {
	c.n++
	return c.add(s)
}

// countMessageTokens is the message part of count_tokens_openai, including
// the final 3 reply-priming tokens.
func countMessageTokens(enc *bpe.Encoding, msgs []message, model string, o countOptions) (int, error) {
	c := &counter{enc: enc}
	tr := transformerFor(model, o.modelFamily)
	for i := range msgs {
		c.n += 3
		if err := c.message(&msgs[i], tr, o); err != nil {
			return 0, err
		}
	}
	c.n += 3
	return c.n, nil
}

func (c *counter) message(m *message, tr transformer, o countOptions) error {
	switch m.role {
	case roleSystem:
		content := m.text
		if tr != mapBase {
			content = orSpace(content)
		}
		// {"content": c, "role": "system"}
		if err := c.add(content); err != nil {
			return err
		}
		return c.add("system")
	case roleUser:
		return c.userMessage(m, tr, o)
	case roleAssistant:
		return c.assistantMessage(m, tr)
	case roleTool:
		for _, r := range m.results {
			// {"content": r.content, "role": "tool", "tool_call_id": r.call_id}
			if err := c.add(r.content); err != nil {
				return err
			}
			if err := c.add("tool"); err != nil {
				return err
			}
			if err := c.add(r.callID); err != nil {
				return err
			}
		}
		return nil
	}
	return valueError("Unknown message type", nil)
}

// userMessage counts a user message's dict: role, name (unless the
// family drops it) and content, a string or a list of parts.
func (c *counter) userMessage(m *message, tr transformer, o countOptions) error {
	if err := assertValidName(m.source); err != nil {
		return err
	}
	prefix := ""
	if o.addNamePrefixes {
		prefix = m.source + " said:\n"
	}
	content := prefix + m.text
	if !m.multimodal {
		switch tr {
		case mapGemini:
			content = orSpace(m.text) // replaces the prefixed content
		case mapClaude:
			if m.text == "" || pystr.IsSpace(m.text) {
				return nil // no dict at all
			}
		}
	}
	// {"role": "user", "name": source, "content": content}
	if err := c.add("user"); err != nil {
		return err
	}
	if o.includeNameInMessage && tr != mapMistral {
		if err := c.addName(m.source); err != nil {
			return err
		}
	}
	if !m.multimodal {
		return c.add(content)
	}
	for idx, p := range m.parts {
		if p.image {
			n, err := VisionTokens(p.width, p.height)
			if err != nil {
				return err
			}
			c.n += n
			continue
		}
		var part string
		if strings.HasPrefix(p.text, "http://") || strings.HasPrefix(p.text, "https://") {
			part = `{"type": "image_url", "image_url": {"url": ` + PyJSONDumpsString(p.text) + `}}`
		} else {
			text := p.text
			if o.addNamePrefixes && idx == 0 {
				text = prefix + text
			}
			part = `{"type": "text", "text": ` + PyJSONDumpsString(text) + `}`
		}
		if err := c.add(part); err != nil {
			return err
		}
	}
	return nil
}

// assistantMessage counts an assistant message's dict: text content, or
// tool calls with the thought as content.
func (c *counter) assistantMessage(m *message, tr transformer) error {
	if err := assertValidName(m.source); err != nil {
		return err
	}
	if !m.toolCalls {
		content := m.text
		switch tr {
		case mapGemini:
			content = orSpace(content)
		case mapClaude:
			if content == "" || pystr.IsSpace(content) {
				return nil
			}
		}
		// {"role": "assistant", "content": content}
		if err := c.add("assistant"); err != nil {
			return err
		}
		return c.add(content)
	}
	// {"role": "assistant", "tool_calls": [...], "content": thought or None}
	if err := c.add("assistant"); err != nil {
		return err
	}
	if err := c.add(toolCallsJSON(m.calls)); err != nil {
		return err
	}
	if m.thought == nil {
		return nil // content None is skipped
	}
	thought := *m.thought
	if tr == mapGemini || tr == mapClaude {
		thought = orSpace(thought)
	}
	return c.add(thought)
}

// toolCallsJSON is json.dumps of the tool_calls list func_call_to_oai builds.
func toolCallsJSON(calls []functionCall) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, fc := range calls {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"id": `)
		dumpString(&b, fc.id)
		b.WriteString(`, "function": {"arguments": `)
		dumpString(&b, fc.arguments)
		b.WriteString(`, "name": `)
		dumpString(&b, fc.name)
		b.WriteString(`}, "type": "function"}`)
	}
	b.WriteByte(']')
	return b.String()
}
