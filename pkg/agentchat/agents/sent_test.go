package agents

import (
	"slices"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// TestSentList: each list is the system messages then the view; a view
// that extends the previous one shares the buffer, lists returned before
// stay as they were, and a view that does not extend the last one, other
// system messages, or a list changed by its receiver start a new buffer.
func TestSentList(t *testing.T) {
	sys := []gen.LLMMessage{models.NewSystemMessage("sys")}
	m := make([]gen.LLMMessage, 5)
	for i := range m {
		m[i] = models.NewUserText("user", string(rune('a'+i)))
	}
	cat := func(a, b []gen.LLMMessage) []gen.LLMMessage { return append(slices.Clone(a), b...) }
	s := sentList{buf: append(make([]gen.LLMMessage, 0, 8), sys...)} // room to grow in place
	l1 := s.build(sys, m[:1])
	l2 := s.build(sys, m[:3])
	if !slices.Equal(l1, cat(sys, m[:1])) || !slices.Equal(l2, cat(sys, m[:3])) {
		t.Fatalf("lists %v %v", l1, l2)
	}
	if &l1[0] != &l2[0] || cap(l1) != 2 || cap(l2) != 4 {
		t.Errorf("a growing view does not share the buffer, or a list is not cut to its length")
	}
	other := []gen.LLMMessage{m[4]}
	l3 := s.build(sys, other) // not an extension
	l4 := s.build(nil, other) // other system messages
	l5 := s.build(nil, nil)   // a cleared context
	if !slices.Equal(l3, cat(sys, other)) || !slices.Equal(l4, other) || len(l5) != 0 {
		t.Errorf("lists %v %v %v", l3, l4, l5)
	}
	if !slices.Equal(l1, cat(sys, m[:1])) || !slices.Equal(l2, cat(sys, m[:3])) {
		t.Errorf("a list returned before changed: %v %v", l1, l2)
	}

	img := &gen.UserMessage{Source: "user", Content: gen.UserMessageContent{Type: gen.UserMessageContentParts,
		Parts: []gen.UserMessageContentItem{{Type: gen.UserMessageContentItemText, Text: "x"}}}}
	var p sentList
	for _, tc := range []struct {
		system, view []gen.LLMMessage
		parts        int
	}{
		{sys, m[:2], 0},
		{sys, []gen.LLMMessage{m[0], m[1], img}, 1},       // appended
		{sys, []gen.LLMMessage{m[0], m[1], img, img}, 2},  // appended again
		{sys, []gen.LLMMessage{img, m[1]}, 1},             // built anew
		{[]gen.LLMMessage{img}, []gen.LLMMessage{img}, 2}, // the system messages count
		{nil, m[:1], 0},
	} {
		if p.build(tc.system, tc.view); p.parts != tc.parts {
			t.Errorf("system %d, view %d: %d multimodal messages counted, want %d", len(tc.system), len(tc.view), p.parts, tc.parts)
		}
	}

	var r sentList
	l := r.build(sys, m[:2])
	l[1] = m[4] // the receiver changes its list
	if got := r.build(sys, m[:3]); !slices.Equal(got, cat(sys, m[:3])) {
		t.Errorf("built on a changed list: %v", got)
	}
}
