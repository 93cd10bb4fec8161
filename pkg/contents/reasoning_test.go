package contents_test

import (
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/contents"
)

// TestTextReasoningID: the Agent Framework writes a text_reasoning
// content's id (Content.from_text_reasoning(id=...)); it is read and
// written back, not dropped, and a content without one is written without.
func TestTextReasoningID(t *testing.T) {
	for _, in := range []string{
		`{"type":"text_reasoning","id":"rs_1","text":"hmm"}`,
		`{"type":"text_reasoning","text":"hmm"}`,
	} {
		c, err := contents.Unmarshal([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := c.(*gen.TextReasoningContent); !ok {
			t.Fatalf("%s: decoded as %T", in, c)
		}
		out, err := contents.Marshal(c)
		if err != nil || string(out) != in {
			t.Errorf("%s: wrote %s, %v", in, out, err)
		}
	}
}
