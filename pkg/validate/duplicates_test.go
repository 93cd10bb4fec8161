package validate

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
)

func TestLastMembers(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"a":1}`, `{"a":1}`},
		{`{"a":1,"a":2}`, `{      "a":2}`},
		{`{"a":{"b":1,"b":2},"a":[3]}`, `{                  "a":[3]}`},
		{"{\"a\" : 1 ,\n \"b\":2, \"a\":3}", "{         \n \"b\":2, \"a\":3}"},
		{`[{"x":1,"\u0078":2}]`, `[{      "\u0078":2}]`}, // one name, escaped or not
		{`{"a":1,"a":2,"a":3}`, `{            "a":3}`},
		{`{"a":1,"a":`, `{"a":1,"a":`}, // not JSON: as it is
		{`{"a":1}{"a":2}`, `{"a":1}{"a":2}`},
	}
	for _, c := range cases {
		if got := string(LastMembers([]byte(c.in))); got != c.want {
			t.Errorf("LastMembers(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func FuzzLastMembers(f *testing.F) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":{"b":[1,{"c":1,"c":"x"}]},"a":null}`, `[1,"a",{"":0,"":1}]`, `{"\u00e9":1,"é":2}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out := LastMembers(data)
		if len(out) != len(data) {
			t.Fatalf("length changed: %q -> %q", data, out)
		}
		if strings.Count(string(out), "\n") != strings.Count(string(data), "\n") {
			t.Fatalf("lines changed: %q -> %q", data, out)
		}
		var a, b any
		if json.Unmarshal(data, &a) != nil {
			return
		}
		// encoding/json, like json.loads, keeps the last of duplicates.
		if err := json.Unmarshal(out, &b); err != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("%q -> %q: %v, %v vs %v", data, out, err, a, b)
		}
		if again := LastMembers(out); string(again) != string(out) {
			t.Fatalf("duplicates left: %q", out)
		}
	})
}

// TestModesAgree checks that schema mode and autogen mode agree on documents
// where they used to differ, and that both give what AutoGen gives:
// json.loads keeps the last of duplicate members, and an unknown tag is
// reported at the tag member the input used.
func TestModesAgree(t *testing.T) {
	cases := []struct {
		name, title, in string
		ptr             string // "" for valid
		col             int
	}{
		{"first type dropped", "", `{"type":"Nope","type":"UserMessage","content":"x","source":"s"}`, "", 0},
		{"last type wins", "LLMMessage", `{"type":"UserMessage","type":"AssistantMessage","content":"x","source":"s"}`, "", 0},
		{"earlier member dropped", "UserMessage", `{"content":5,"content":"x","source":"s","type":"UserMessage"}`, "", 0},
		{"fault at the last member", "UserMessage", `{"content":"x","source":"s","type":"UserMessage","content":5}`, "/content", 60},
		{"unknown $type", "AIContent", `{"$type":"bogus","text":"hi"}`, "/$type", 10},
		{"unknown $type, tagged", "", `{"$type":"bogus","text":"hi"}`, "/$type", 10},
		{"unknown type beside $type", "AIContent", `{"$type":"text","type":"bogus","text":"hi"}`, "/type", 24},
	}
	for _, c := range cases {
		for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
			v := &Validator{Mode: mode}
			var err error
			if c.title == "" {
				_, err = v.ValidateTagged([]byte(c.in))
			} else {
				err = v.Validate(c.title, []byte(c.in))
			}
			if c.ptr == "" {
				if err != nil {
					t.Errorf("%s, %v: %v", c.name, mode, err)
				}
				continue
			}
			var fs agentschema.Faults
			if !errors.As(err, &fs) || len(fs) != 1 {
				t.Errorf("%s, %v: got %v", c.name, mode, err)
				continue
			}
			if fs[0].Pointer != c.ptr || fs[0].Line != 1 || fs[0].Column != c.col {
				t.Errorf("%s, %v: fault at %s %d:%d, want %s 1:%d", c.name, mode, fs[0].Pointer, fs[0].Line, fs[0].Column, c.ptr, c.col)
			}
		}
	}
}
