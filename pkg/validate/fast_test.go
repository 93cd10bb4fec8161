package validate

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/conformance"
	"github.com/agentschema/agentschema/internal/wire"
)

// fullValid is the full schema-mode path alone: the reference the tape
// check must never contradict.
func fullValid(t testing.TB, title string, data []byte) bool {
	sch, err := reg.schema(title)
	if err != nil {
		t.Fatal(err)
	}
	return validateFull(sch, title, data, DefaultMaxErrors, gen.UnmarshalOptions{}) == nil
}

func tapeValid(t testing.TB, title string, data []byte) bool {
	sch, err := reg.schema(title)
	if err != nil {
		t.Fatal(err)
	}
	return fastValid(title, sch, data, wire.Options{})
}

// TestFastAgreesWithFull runs every conformance case, valid and invalid,
// through the tape check and the full path: the tape check may leave a
// document to the full path, but never calls valid what the full path
// rejects. It also holds the tape check to vouching for the valid cases it
// is meant for, so that it cannot fall silently out of use.
func TestFastAgreesWithFull(t *testing.T) {
	cases, err := conformance.Load()
	if err != nil {
		t.Fatal(err)
	}
	var vouched, valid int
	for _, c := range cases {
		if strings.HasPrefix(c.Type, "StructuredMessage_") {
			continue
		}
		if _, err := reg.schema(c.Type); err != nil {
			continue
		}
		fast, full := tapeValid(t, c.Type, c.Input), fullValid(t, c.Type, c.Input)
		if fast && !full {
			t.Errorf("%s (%s): the tape check calls valid what the full path rejects", c.Path, c.Type)
		}
		if full {
			valid++
			if fast {
				vouched++
			}
		}
	}
	t.Logf("the tape check vouched for %d of %d schema-valid cases", vouched, valid)
	// Those it leaves are the dialect forms and the few types needing
	// rewriting; most cases are this project's own forms.
	if valid == 0 || vouched*2 < valid {
		t.Fatalf("the tape check vouched for only %d of %d schema-valid cases", vouched, valid)
	}
}

// TestFastVouchesForBenchPayloads: the benchmark state and every line of
// the benchmark transcript are valid, and the tape check says so itself.
func TestFastVouchesForBenchPayloads(t *testing.T) {
	state, err := os.ReadFile("../../testdata/bench/state_1k.json")
	if err != nil {
		t.Fatal(err)
	}
	if !tapeValid(t, "ChatCompletionContextState", state) {
		t.Fatal("state_1k.json: the tape check does not vouch for it")
	}
	transcript, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range bytes.Split(bytes.TrimSpace(transcript), []byte("\n")) {
		tag, _ := wire.NewDecoder(line, wire.Options{}).PeekTag("type")
		title, ok := gen.TitleForTag(tag)
		if !ok {
			t.Fatalf("line %d: unknown tag %q", i+1, tag)
		}
		if !tapeValid(t, title, line) {
			t.Fatalf("line %d (%s): the tape check does not vouch for it", i+1, title)
		}
	}
}

// TestFastRejects lists documents the tape check must not vouch for: each
// is invalid (or, for a repeated member, decided by the member's last
// value, which only the full path sees).
func TestFastRejects(t *testing.T) {
	for _, c := range []struct{ title, doc, why string }{
		{"UserMessage", `{"content": 5, "source": "u", "type": "UserMessage"}`, "content of the wrong type"},
		{"UserMessage", `{"content": "x", "type": "UserMessage"}`, "missing source"},
		{"UserMessage", `{"content": "x", "source": "u", "type": "SystemMessage"}`, "wrong const tag"},
		{"LLMMessage", `{"content": "x", "source": "u", "type": "Nope"}`, "unknown union tag"},
		{"LLMMessage", `{"content": "x", "source": "u", "type": "UserMessage", "type": "SystemMessage"}`, "repeated tag"},
		{"LLMMessage", `{"content": "x", "source": "u"}`, "missing union tag"},
		{"FunctionCall", `{"id": "1", "arguments": "{}", "name": 3}`, "name a number"},
		{"ChatCompletionContextState", `{"messages": [{"content": "x", "type": "SystemMessage"}, {"content": 1, "source": "s", "type": "UserMessage"}]}`, "a bad second message"},
		{"ChatCompletionContextState", `{"messages": [}`, "a syntax error"},
		{"ChatCompletionContextState", `{"messages": []} x`, "trailing text"},
		{"UserMessage", `{"content": [{"data": "not base64!", "type": "image"}], "source": "u", "type": "UserMessage"}`, "an image that is not base64"},
		{"UserMessage", "{\"content\": \"\xff\", \"source\": \"u\", \"type\": \"UserMessage\"}", "invalid UTF-8"},
	} {
		if tapeValid(t, c.title, []byte(c.doc)) {
			t.Errorf("%s: the tape check vouches for %s", c.why, c.doc)
		}
		if fullValid(t, c.title, []byte(c.doc)) && c.why != "repeated tag" {
			t.Errorf("%s: the full path accepts %s (the case is wrong)", c.why, c.doc)
		}
	}
}

// FuzzFastValid mutates conformance inputs: whatever the tape check
// vouches for, the full path must accept.
func FuzzFastValid(f *testing.F) {
	cases, err := conformance.Load()
	if err != nil {
		f.Fatal(err)
	}
	for i, c := range cases {
		if i%3 != 0 || strings.HasPrefix(c.Type, "StructuredMessage_") {
			continue
		}
		if _, err := reg.schema(c.Type); err != nil {
			continue
		}
		f.Add(c.Type, []byte(c.Input))
	}
	f.Fuzz(func(t *testing.T, title string, data []byte) {
		if _, err := reg.schema(title); err != nil {
			return
		}
		if tapeValid(t, title, data) && !fullValid(t, title, data) {
			t.Fatalf("%s: the tape check calls valid what the full path rejects: %q", title, data)
		}
	})
}
