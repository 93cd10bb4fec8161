// Package sysmsg merges the system messages of a conversation as
// AutoGen's clients do for a model that takes one system message: the
// OpenAI client's _process_create_args (model_info
// multiple_system_messages False) and the Anthropic client's
// _merge_system_messages share the one algorithm here, each keeping its
// own error text.
package sysmsg

import (
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pystr"
)

// Merge joins the continuous system messages of messages with "\n",
// rstripped as Python's str.rstrip() does, into one system message put
// where the first was (none when the text is empty). ok is false when
// the system messages are not continuous, which both clients refuse
// with a ValueError.
func Merge(messages []gen.LLMMessage) (merged []gen.LLMMessage, ok bool) {
	var content strings.Builder
	out := make([]gen.LLMMessage, 0, len(messages))
	first, last := -1, -1
	for i, m := range messages {
		s, isSystem := m.(*gen.SystemMessage)
		if !isSystem {
			out = append(out, m)
			continue
		}
		if first == -1 {
			first = i
		} else if last+1 != i {
			return nil, false
		}
		content.WriteString(s.Content)
		content.WriteByte('\n')
		last = i
	}
	text := pystr.RStrip(content.String())
	if text != "" {
		out = append(out[:first], append([]gen.LLMMessage{&gen.SystemMessage{Content: text}}, out[first:]...)...)
	}
	return out, true
}
