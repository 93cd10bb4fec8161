package tokens

import (
	"strings"
	"unicode/utf8"

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
type transformer uint8

const (
	mapBase transformer = iota
	mapGemini
	mapClaude
	mapMistral
)

// modelFamilies is ModelFamily.ANY with the transformer map each family is
// registered with (registry key "default" maps to BASE as well).
var modelFamilies = map[string]transformer{
	"gpt-5": mapBase, "gpt-41": mapBase, "gpt-45": mapBase, "gpt-4o": mapBase,
	"o1": mapBase, "o3": mapBase, "o4": mapBase, "gpt-4": mapBase, "gpt-35": mapBase,
	"r1":               mapBase,
	"gemini-1.5-flash": mapGemini, "gemini-1.5-pro": mapGemini, "gemini-2.0-flash": mapGemini,
	"gemini-2.5-pro": mapGemini, "gemini-2.5-flash": mapGemini,
	"claude-3-haiku": mapClaude, "claude-3-sonnet": mapClaude, "claude-3-opus": mapClaude,
	"claude-3-5-haiku": mapClaude, "claude-3-5-sonnet": mapClaude, "claude-3-7-sonnet": mapClaude,
	"claude-4-opus": mapClaude, "claude-4-sonnet": mapClaude,
	"llama-3.3-8b": mapBase, "llama-3.3-70b": mapBase, "llama-4-scout": mapBase, "llama-4-maverick": mapBase,
	"codestral": mapMistral, "open-codestral-mamba": mapMistral, "mistral": mapMistral,
	"ministral": mapMistral, "pixtral": mapMistral,
	"unknown": mapBase,
}

// transformerFor is get_transformer("openai", model, model_family): a family
// that is not a ModelFamily.ANY value, or is "unknown", is replaced by the
// longest registered family name that is a prefix of the model name.
func transformerFor(model, family string) transformer {
	if t, ok := modelFamilies[family]; ok && family != "unknown" {
		return t
	}
	best, bestLen := mapBase, 0
	for f, t := range modelFamilies {
		if len(f) > bestLen && strings.HasPrefix(model, f) {
			best, bestLen = t, len(f)
		}
	}
	// "default" is registered too, with the BASE map; as a prefix it can
	// only ever select BASE.
	return best
}

// assertValidName is AutoGen's assert_valid_name: re.match(r"^[a-zA-Z0-9_-]+$")
// (Python's $ also matches before one final "\n") and at most 64 characters.
func assertValidName(name string) error {
	core := strings.TrimSuffix(name, "\n")
	ok := core != ""
	for i := 0; ok && i < len(core); i++ {
		c := core[i]
		ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
	}
	if !ok {
		return valueError("Invalid name: "+name+". Only letters, numbers, '_' and '-' are allowed.", nil)
	}
	if utf8.RuneCountInString(name) > 64 {
		return valueError("Invalid name: "+name+". Name must be less than 64 characters.", nil)
	}
	return nil
}

// pyIsSpace is Python's str.isspace(): non-empty and only whitespace
// (bidirectional class WS, B or S, or category Zs).
func pyIsSpace(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 0x09 && r <= 0x0D, r >= 0x1C && r <= 0x20, r == 0x85, r == 0xA0, r == 0x1680,
			r >= 0x2000 && r <= 0x200A, r == 0x2028, r == 0x2029, r == 0x202F, r == 0x205F, r == 0x3000:
		default:
			return false
		}
	}
	return true
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
		if err := assertValidName(m.source); err != nil {
			return err
		}
		prefix := ""
		if o.addNamePrefixes {
			prefix = m.source + " said:\n"
		}
		withName := o.includeNameInMessage && tr != mapMistral
		if !m.multimodal {
			content := prefix + m.text
			switch tr {
			case mapGemini:
				content = orSpace(m.text) // replaces the prefixed content
			case mapClaude:
				if m.text == "" || pyIsSpace(m.text) {
					return nil // no dict at all
				}
			}
			// {"role": "user", "name": source, "content": content}
			if err := c.add("user"); err != nil {
				return err
			}
			if withName {
				if err := c.addName(m.source); err != nil {
					return err
				}
			}
			return c.add(content)
		}
		if err := c.add("user"); err != nil {
			return err
		}
		if withName {
			if err := c.addName(m.source); err != nil {
				return err
			}
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

	case roleAssistant:
		if err := assertValidName(m.source); err != nil {
			return err
		}
		if !m.toolCalls {
			content := m.text
			switch tr {
			case mapGemini:
				content = orSpace(content)
			case mapClaude:
				if content == "" || pyIsSpace(content) {
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
