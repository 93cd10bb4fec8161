package wire_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// TestDecodeLastOfDuplicates: of duplicate members the last counts and an
// earlier one is no fault, as json.loads hands AutoGen only the last; a
// fault in the last one is reported where it is; a syntax error is not
// read twice. runs counts how often Decode called fn.
func TestDecodeLastOfDuplicates(t *testing.T) {
	cases := []struct {
		name, in string
		content  string // the decoded content, when no fault
		fault    string // a part of the error, when one
		runs     int
	}{
		{"earlier bad", `{"source":"a","content":5,"content":"x"}`, "x", "", 2},
		{"both good", `{"source":"a","content":"w","content":"x"}`, "x", "", 1},
		{"last bad", `{"source":"a","content":"x","content":5}`, "", "line 1, column 39: /content: Input should be a valid string", 2},
		{"no duplicate", `{"source":"a","content":5}`, "", "/content: Input should be a valid string", 1},
		{"nested", "{\"source\":\"a\",\n\"models_usage\":{\"prompt_tokens\":\"no\",\"prompt_tokens\":1,\"completion_tokens\":2},\"content\":\"x\"}", "x", "", 2},
		{"syntax", `{"source":"a","content":5,"content":"x"`, "", "line 1, column 25: /content: Input should be a valid string (and 1 more errors)", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var m gen.TextMessage
			runs := 0
			err := wire.Decode([]byte(c.in), wire.Options{}, func(d *wire.Decoder) {
				runs++
				m = gen.TextMessage{}
				d.Value(&m)
			})
			if runs != c.runs {
				t.Errorf("fn ran %d times, want %d", runs, c.runs)
			}
			if c.fault != "" {
				if err == nil || !strings.Contains(err.Error(), c.fault) {
					t.Fatalf("error %v, want one with %q", err, c.fault)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Content != c.content {
				t.Errorf("content %q, want %q", m.Content, c.content)
			}
		})
	}
}

// TestUnionLastTag: a repeated "type" chooses by its last value, with the
// earlier one no fault (AutoGen: MessageFactory on json.loads's dict).
func TestUnionLastTag(t *testing.T) {
	for in, want := range map[string]string{
		`{"type":"TextMessage","source":"a","content":"x","type":"StopMessage"}`: "StopMessage",
		`{"type":"StopMessage","source":"a","content":"x","type":"TextMessage"}`: "TextMessage",
		`{"source":"a","type":"TextMessage","content":"x","type":"StopMessage"}`: "StopMessage",
	} {
		m, err := gen.UnmarshalChatMessage([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if got := m.Type(); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
}

// TestLastMembersMemory: the scan holds at most maxDupNames (65,536) names
// at once, so an object of more members is left as it is (its earlier
// duplicates are then reported, as a Decoder reports them) and a hostile
// document of distinct names costs the scan a few megabytes, not memory in
// proportion to its members; objects of a few members each cost it
// nothing but the one copy of the document.
func TestLastMembersMemory(t *testing.T) {
	allocated := func(f func()) uint64 {
		var m1, m2 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m1)
		f()
		runtime.ReadMemStats(&m2)
		return m2.TotalAlloc - m1.TotalAlloc
	}
	var wide strings.Builder
	wide.WriteString(`{"a":1`)
	for i := range 200_000 {
		fmt.Fprintf(&wide, `,"k%d":0`, i)
	}
	wide.WriteString(`,"a":2}`)
	var changed bool
	n := allocated(func() { _, changed = wire.LastMembers([]byte(wide.String())) })
	if changed {
		t.Error("an object of 200,002 members was rewritten; want it left as it is")
	}
	if n > 16<<20 {
		t.Errorf("the wide object's scan allocated %d bytes; want at most 16 MiB", n)
	}

	var many strings.Builder
	many.WriteString(`[`)
	for i := range 100_000 {
		if i > 0 {
			many.WriteByte(',')
		}
		many.WriteString(`{"a":1,"b":{"c":1,"c":2},"a":3}`)
	}
	many.WriteString(`]`)
	doc := []byte(many.String())
	var out []byte
	n = allocated(func() { out, changed = wire.LastMembers(doc) })
	if !changed || !bytes.HasPrefix(out, []byte(`[{      "b":{      "c":2},"a":3},`)) {
		t.Fatalf("changed %v, got %.40q", changed, out)
	}
	if limit := uint64(len(doc)) + 1<<20; n > limit {
		t.Errorf("100,000 small objects' scan allocated %d bytes; want at most the copy and 1 MiB (%d)", n, limit)
	}
}
