package conformance

import (
	"context"
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/tokens"
	"github.com/agentschema/agentschema/pkg/validate"
)

// TestOneFaultModel: every public error for bad input holds an
// *agentschema.Fault that errors.As finds, with the place of the fault.
// The expected pointers, lines and columns are read off the inputs by hand.
func TestOneFaultModel(t *testing.T) {
	ctx := context.Background()
	uc, err := modelcontext.NewUnbounded()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		err     error
		pointer string
		line    int
		typ     string
	}{
		{"gen decoder", gen.Unmarshal([]byte(`{"content": 1}`), new(gen.SystemMessage)), "/content", 1, "string_type"},
		{"messages", func() error {
			_, err := messages.Load([]byte("{\"type\": \"TextMessage\",\n \"source\": 1}"))
			return err
		}(), "/source", 2, "string_type"},
		{"validate, schema mode", validate.Validate("SystemMessage", []byte("{\n\"content\": 1}")), "/content", 2, ""},
		{"component loading", func() error { _, err := component.Load(ctx, []byte(`{"provider": 7}`)); return err }(), "/provider", 1, "string_type"},
		{"context state", uc.LoadState(ctx, []byte(`{"messages": [{"type": "UserMessage", "content": "x"}]}`)), "/messages/0/source", 1, "missing"},
		{"token counting JSON", func() error {
			_, err := tokens.PyJSONDumps([]byte("[1,\n]"))
			return err
		}(), "", 2, "json_invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var f *agentschema.Fault
			if !errors.As(tc.err, &f) {
				t.Fatalf("error %T %v holds no *agentschema.Fault", tc.err, tc.err)
			}
			if f.Pointer != tc.pointer || f.Line != tc.line || (tc.typ != "" && f.Type != tc.typ) {
				t.Errorf("fault %+v, want pointer %q, line %d, type %q", f, tc.pointer, tc.line, tc.typ)
			}
		})
	}
}
