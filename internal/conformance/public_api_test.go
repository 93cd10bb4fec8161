package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"

	"github.com/agentschema/agentschema/gen"
)

// TestPublicErrorTypes: a user outside the module reaches the decoding
// options through gen.UnmarshalOptions and the faults through the module's
// one fault type, agentschema.Fault (internal/wire cannot be imported from
// outside).
func TestPublicErrorTypes(t *testing.T) {
	deep := `{"messages":[{"type":"UserMessage","source":"u","content":[` + strings.Repeat("[", 50) + `]}]}`
	_, err := gen.UnmarshalOptions{MaxDepth: 10}.Decode("ChatCompletionContextState", []byte(deep))
	var errs agentschema.Faults
	var le *agentschema.LimitError
	var e *agentschema.Fault
	if !errors.As(err, &errs) || !errors.As(err, &le) || !errors.As(err, &e) {
		t.Fatalf("error %v: want agentschema.Faults holding a *agentschema.Fault and a *agentschema.LimitError", err)
	}
	if le.Limit != "depth" || le.Max != 10 {
		t.Fatalf("limit %+v", le)
	}
	// The first fault is the list item that is neither a string nor an
	// image; skipping it reaches the depth limit inside it.
	var limit *agentschema.Fault
	for _, e := range errs {
		if e.Type == "limit" {
			limit = e
		}
	}
	if limit == nil || !strings.HasPrefix(limit.Pointer, "/messages/0/content/0") {
		t.Fatalf("no limit fault inside /messages/0/content/0: %v", errs)
	}
	v, err := gen.Decode("SystemMessage", []byte(`{"content":"hi"}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := gen.Marshal(v)
	if err != nil || string(out) != `{"content":"hi","type":"SystemMessage"}` {
		t.Fatalf("Marshal: %s, %v", out, err)
	}
}

// TestMarshalAppend: gen.MarshalAppend appends to the caller's buffer the
// bytes gen.Marshal returns (whose agreement with AutoGen the conformance
// cases check), for every line of the transcript benchmark (2,000 lines
// written by AutoGen's models, each message and event type), and leaves
// the buffer as it was on an error.
func TestMarshalAppend(t *testing.T) {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	buf := []byte("prefix\n")
	var want []byte
	want = append(want, buf...)
	for _, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var h struct{ Type string }
		if err := json.Unmarshal(line, &h); err != nil {
			t.Fatal(err)
		}
		title, _ := gen.TitleForTag(h.Type)
		v, err := gen.Decode(title, line)
		if err != nil {
			t.Fatal(err)
		}
		one, err := gen.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want = append(append(want, one...), '\n')
		if buf, err = gen.MarshalAppend(buf, v); err != nil {
			t.Fatal(err)
		}
		buf = append(buf, '\n')
	}
	if !bytes.Equal(buf, want) {
		t.Fatal("MarshalAppend's lines differ from Marshal's")
	}
	unset := &gen.TextMessage{Source: "a", Content: "x"} // CreatedAt never set
	got, err := gen.MarshalAppend(buf[:7], unset)
	if !errors.Is(err, gen.ErrUnsetDateTime) || string(got) != "prefix\n" {
		t.Fatalf("on an error: %q, %v; want the buffer as it was and ErrUnsetDateTime", got, err)
	}
}
