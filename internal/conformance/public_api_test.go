package conformance

import (
	"errors"
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
