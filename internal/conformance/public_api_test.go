package conformance

import (
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// TestPublicErrorTypes: a user outside the module reaches the decoding
// options and error types through gen's aliases (internal/wire cannot be
// imported from outside).
func TestPublicErrorTypes(t *testing.T) {
	deep := `{"messages":[{"type":"UserMessage","source":"u","content":[` + strings.Repeat("[", 50) + `]}]}`
	_, err := gen.Decode("ChatCompletionContextState", []byte(deep), gen.Options{MaxDepth: 10})
	var errs gen.Errors
	var le *gen.LimitError
	var e *gen.Error
	if !errors.As(err, &errs) || !errors.As(err, &le) || !errors.As(err, &e) {
		t.Fatalf("error %v: want gen.Errors holding a *gen.Error and a *gen.LimitError", err)
	}
	if le.Limit != "depth" || le.Max != 10 {
		t.Fatalf("limit %+v", le)
	}
	// The first fault is the list item that is neither a string nor an
	// image; skipping it reaches the depth limit inside it.
	var limit *gen.Error
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
