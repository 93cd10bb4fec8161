package sysmsg_test

import (
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/sysmsg"
)

func TestMerge(t *testing.T) {
	sys := func(s string) gen.LLMMessage { return &gen.SystemMessage{Content: s} }
	user := func(s string) gen.LLMMessage {
		return &gen.UserMessage{Content: gen.UserMessageContentOfText(s), Source: "user"}
	}
	tests := []struct {
		name string
		in   []gen.LLMMessage
		want string // the contents in order, "S:" for a system message; "refused"
	}{
		{"none", []gen.LLMMessage{user("a")}, `["a"]`},
		{"one", []gen.LLMMessage{sys("x"), user("a")}, `["S:x","a"]`},
		{"continuous, rstripped", []gen.LLMMessage{user("a"), sys("x "), sys("y\u00a0\t"), user("b")}, `["a","S:x \ny","b"]`},
		{"empty dropped", []gen.LLMMessage{sys(" "), sys(""), user("a")}, `["a"]`},
		{"not continuous", []gen.LLMMessage{sys("x"), user("a"), sys("y")}, "refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, ok := sysmsg.Merge(tt.in)
			got := "refused"
			if ok {
				var texts []string
				for _, m := range out {
					switch m := m.(type) {
					case *gen.SystemMessage:
						texts = append(texts, "S:"+m.Content)
					case *gen.UserMessage:
						texts = append(texts, m.Content.Text)
					}
				}
				b, _ := json.Marshal(texts)
				got = string(b)
			}
			if got != tt.want {
				t.Errorf("Merge = %s, want %s", got, tt.want)
			}
		})
	}
}
