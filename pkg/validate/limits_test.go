package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
)

// TestLimits: the decoding limits apply in both modes and can be set.
func TestLimits(t *testing.T) {
	deep := []byte(`{"content":"x","source":"u","type":"UserMessage","metadata":` + strings.Repeat(`{"a":`, 30) + `1` + strings.Repeat("}", 30) + `}`)
	big := []byte(`{"content":"` + strings.Repeat("x", 1000) + `","source":"u","type":"UserMessage"}`)
	for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
		v := &Validator{Mode: mode, Limits: gen.UnmarshalOptions{MaxDepth: 10}}
		err := v.Validate("UserMessage", deep)
		var errs agentschema.Faults
		if !errors.As(err, &errs) || errs[0].Keyword != "syntax" || !strings.Contains(errs[0].Message, "depth limit of 10") {
			t.Errorf("mode %v, depth: %v", mode, err)
		}
		v = &Validator{Mode: mode, Limits: gen.UnmarshalOptions{MaxDocumentSize: 500}}
		err = v.Validate("UserMessage", big)
		if !errors.As(err, &errs) || !strings.Contains(errs[0].Message, "document_size limit of 500") {
			t.Errorf("mode %v, size: %v", mode, err)
		}
		// The defaults accept both documents' shapes where the schema does.
		if err := (&Validator{Mode: mode}).Validate("UserMessage", big); err != nil {
			t.Errorf("mode %v, default limits: %v", mode, err)
		}
	}
}
