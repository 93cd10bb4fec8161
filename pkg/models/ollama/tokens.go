package ollama

import (
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/modelinfo"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// CountTokens is AutoGen's count_tokens for this client,
// count_tokens_ollama: tiktoken's encoding for the model (cl100k_base for
// the models tiktoken does not know, which are all of Ollama's), 3 tokens a
// message plus its ollama messages' content tokens (images and tool calls
// count nothing), 3 for the reply, then for each tool its name,
// description and property names (AutoGen iterates a property model's
// (name, value) pairs, which never match "type" or "description", so
// those count nothing) with its constant terms, and 12. A tool without
// parameters fails as AutoGen's assertion does.
func (c *Client) CountTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	enc, err := tokens.EncodingOfModel(c.model)
	if err != nil {
		return 0, err
	}
	count := func(s string) (int, error) {
		ids, err := enc.Encode(s)
		return len(ids), err
	}
	n := 0
	for _, m := range messages {
		n += 3
		parts, err := toOllama(m)
		if err != nil {
			return 0, err
		}
		for i := range parts {
			if content, ok := parts[i].Get("content"); ok && content.Kind == pyjson.Str {
				k, err := count(content.Str)
				if err != nil {
					return 0, err
				}
				n += k
			}
		}
	}
	n += 3
	converted, err := convertTools(tools)
	if err != nil {
		return 0, err
	}
	for i := range converted {
		k, err := toolTokens(&converted[i], count)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n + 12, nil
}

// toolTokens counts one converted tool as count_tokens_ollama does.
func toolTokens(tool *pyjson.Value, count func(string) (int, error)) (int, error) {
	fn, _ := tool.Get("function")
	name, _ := fn.Get("name")
	desc, _ := fn.Get("description")
	params, _ := fn.Get("parameters")
	k, err := count(name.Str)
	if err != nil {
		return 0, err
	}
	d, err := count(desc.Str)
	if err != nil {
		return 0, err
	}
	k += d - 2
	props, ok := params.Get("properties")
	if !ok {
		return 0, &Error{Exception: AssertionError, Message: ""}
	}
	for i := range props.Keys {
		p, err := count(pyjson.KeyText(&props.Keys[i]))
		if err != nil {
			return 0, err
		}
		k += p
	}
	k += 11
	if len(props.Keys) == 0 {
		k -= 2
	}
	return k, nil
}

// RemainingTokens is AutoGen's remaining_tokens: the model's token limit
// in AutoGen's Ollama table (by full name, else by the name before ':')
// minus CountTokens; a KeyError for models the table has no limit of.
func (c *Client) RemainingTokens(messages []gen.LLMMessage, tools ...gen.ToolSchema) (int, error) {
	limit, ok := modelinfo.OllamaTokenLimit(c.model)
	if !ok {
		class := modelinfo.OllamaModelClass(c.model)
		v := pyjson.StrValue(class)
		return 0, &Error{Exception: KeyError, Message: pyjson.Repr(&v)}
	}
	n, err := c.CountTokens(messages, tools...)
	if err != nil {
		return 0, err
	}
	return limit - n, nil
}
