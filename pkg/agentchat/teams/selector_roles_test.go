package teams

import (
	"context"
	"encoding/json"
	"testing"
)

// describedParticipant is a participant whose description can change.
type describedParticipant struct{ name, desc string }

func (p *describedParticipant) Name() string                                       { return p.name }
func (p *describedParticipant) Description() string                                { return p.desc }
func (p *describedParticipant) Reset(context.Context) error                        { return nil }
func (p *describedParticipant) SaveState(context.Context) (json.RawMessage, error) { return nil, nil }
func (p *describedParticipant) LoadState(context.Context, json.RawMessage) error   { return nil }
func (p *describedParticipant) Close(context.Context) error                        { return nil }

// TestRolesCache: the roles are "name: description" with whitespace runs
// (Python's \s+, U+3000 and U+001C included) made one space and stripped,
// one a line, worked out anew when a description or the participants
// change.
func TestRolesCache(t *testing.T) {
	a := &describedParticipant{"a1", "  An\tagent\n\n that counts. "}
	b := &describedParticipant{"a2", "Another\u3000one\x1c."}
	var c rolesCache
	members := []*member{{p: a}, {p: b}}
	for _, tc := range []struct {
		change func()
		want   string
	}{
		{func() {}, "a1: An agent that counts.\na2: Another one ."},
		{func() {}, "a1: An agent that counts.\na2: Another one ."},
		{func() { b.desc = "" }, "a1: An agent that counts.\na2:"},
		{func() { members = members[:1] }, "a1: An agent that counts."},
		{func() { members = []*member{{p: b}, {p: a}} }, "a2:\na1: An agent that counts."},
	} {
		tc.change()
		if got := c.text(members); got != tc.want {
			t.Errorf("roles %q, want %q", got, tc.want)
		}
	}
}
