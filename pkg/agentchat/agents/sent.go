package agents

import (
	"slices"

	"github.com/agentschema/agentschema/gen"
)

// sentList builds the lists of messages an agent sends its model: its
// system messages, then its model context's view. The view of a growing
// conversation is the previous one with a few messages added, so the
// lists share one buffer and each call appends only the new messages,
// instead of copying the whole conversation (a copy per call made a long
// run's copying quadratic in its length).
//
// A list returned is never changed afterwards: it is cut to its length,
// and the buffer is only appended to past it. The buffer is checked
// against system and the view, message by message, before it is reused,
// so a list changed by its receiver is not built on.
type sentList struct {
	buf []gen.LLMMessage
	// parts counts the multimodal user messages in buf (the ones
	// RemoveImages converts), each counted when appended: a model
	// context's messages are not changed once added.
	parts int
}

// build returns system followed by view.
func (s *sentList) build(system, view []gen.LLMMessage) []gen.LLMMessage {
	n := len(system)
	if len(s.buf) < n || len(s.buf)-n > len(view) ||
		!slices.Equal(s.buf[:n], system) || !slices.Equal(s.buf[n:], view[:len(s.buf)-n]) {
		s.buf = make([]gen.LLMMessage, 0, n+len(view))
		s.buf, s.parts = append(s.buf, system...), countParts(system)
	}
	added := view[len(s.buf)-n:]
	s.buf, s.parts = append(s.buf, added...), s.parts+countParts(added)
	return s.buf[:len(s.buf):len(s.buf)]
}

// countParts counts the user messages with list content in msgs.
func countParts(msgs []gen.LLMMessage) int {
	n := 0
	for _, m := range msgs {
		if u, ok := m.(*gen.UserMessage); ok && u.Content.IsParts() {
			n++
		}
	}
	return n
}
