package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/conformance"
)

// schemaInexpressible lists the invalid cases that schema mode accepts
// because no JSON Schema keyword can express their fault, with the
// reason. The test fails when a listed case is rejected, so the list
// cannot grow stale.
var schemaInexpressible = map[string]string{
	"invalid/Image/005.json":       "well-formed base64 whose bytes are not an image Pillow can open (a truncated GIF): the schema can only say the data is base64",
	"invalid/UserMessage/009.json": "well-formed base64 of the text \"hello\", not an image: the schema can only say the data is base64",
}

// structuredReason is why StructuredMessage cases are skipped.
const structuredReason = "StructuredMessage[T] is generic over its content type; it has no schema in schemas/ and is built in pkg/messages"

// TestConformance holds both modes to the cases recorded from AutoGen
// (testdata/conformance): autogen mode accepts every valid case and
// rejects every invalid one; schema mode does the same except for valid
// cases that only AutoGen's coercions or leniencies accept (tags
// lax-coercion and mutation-accepted) and the invalid cases in
// schemaInexpressible. Where pydantic rejected a case with a
// ValidationError, some error must point at or below pydantic's location.
func TestConformance(t *testing.T) {
	cases, err := conformance.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 1000 {
		t.Fatalf("only %d conformance cases found", len(cases))
	}
	titles := map[string]bool{}
	for _, title := range gen.Titles() {
		titles[title] = true
	}
	for _, mode := range []Mode{ModeAutoGen, ModeSchema} {
		v := &Validator{Mode: mode}
		t.Run(mode.String(), func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.Path, func(t *testing.T) {
					if strings.HasPrefix(c.Type, "StructuredMessage_") {
						t.Skip(structuredReason)
					}
					err := v.Validate(c.Type, c.Input)
					var ut *UnknownTypeError
					if errors.As(err, &ut) {
						t.Fatalf("%v", err)
					}
					if c.Valid {
						checkValid(t, mode, c, err)
					} else {
						checkInvalid(t, mode, c, err, titles)
					}
				})
			}
		})
	}
}

func checkValid(t *testing.T, mode Mode, c *conformance.Case, err error) {
	t.Helper()
	lenient := c.HasTag("lax-coercion") || c.HasTag("mutation-accepted")
	switch {
	case err == nil:
	case mode == ModeSchema && lenient:
		t.Logf("schema mode rejects what AutoGen accepts by %v: %v", c.Tags, err)
	default:
		t.Errorf("%s: AutoGen accepts %s but %v mode says: %v", c.Note, c.Input, mode, err)
	}
}

func checkInvalid(t *testing.T, mode Mode, c *conformance.Case, err error, titles map[string]bool) {
	t.Helper()
	reason, inexpressible := schemaInexpressible[c.Path]
	if mode == ModeSchema && inexpressible {
		if err != nil {
			t.Fatalf("listed as inexpressible (%s) but schema mode rejects it: %v; remove it from schemaInexpressible", reason, err)
		}
		t.Skipf("no JSON Schema keyword can express this: %s", reason)
	}
	if err == nil {
		t.Fatalf("%s: AutoGen rejects %s (%s) but %v mode accepts it", c.Note, c.Input, errText(c), mode)
	}
	var es agentschema.Faults
	if !errors.As(err, &es) || len(es) == 0 {
		t.Fatalf("error is not a validate.Errors: %v", err)
	}
	for _, e := range es {
		if e.Line < 1 || e.Column < 1 || e.Offset < 0 || e.Offset > len(c.Input) || e.Keyword == "" || e.Message == "" {
			t.Errorf("incomplete error %+v", *e)
		}
	}
	if c.Error == nil || c.Error.Exception != "ValidationError" {
		return // pydantic gave no location: any clear error will do
	}
	want := conformance.LocPrefix(c.Error.Loc, titles)
	for _, e := range es {
		if want == "" || e.Pointer == want || strings.HasPrefix(e.Pointer, want+"/") {
			return
		}
	}
	t.Errorf("no error at %s (pydantic: %s); got: %v", want, errText(c), err)
}

func errText(c *conformance.Case) string {
	if c.Error == nil {
		return "no error recorded"
	}
	return c.Error.Type + ": " + c.Error.Msg
}
