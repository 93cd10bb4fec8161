package modelcontext_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
)

// TestView: View gives what GetMessages gives; for an Unbounded context
// without a copy (two views share their storage, and a view does not
// change when the history grows past it), for another kind its
// GetMessages; a done context is its error.
func TestView(t *testing.T) {
	ctx := context.Background()
	a, b, c := models.NewUserText("user", "a"), models.NewUserText("user", "b"), models.NewUserText("user", "c")
	u, _ := modelcontext.NewUnbounded()
	buf, _ := modelcontext.NewBuffered(2)
	for _, m := range []gen.LLMMessage{a, b, c} {
		_ = u.AddMessage(ctx, m)
		_ = buf.AddMessage(ctx, m)
	}
	v1, err := modelcontext.View(ctx, u)
	v2, _ := modelcontext.View(ctx, u)
	if err != nil || !slices.Equal(v1, []gen.LLMMessage{a, b, c}) || &v1[0] != &v2[0] || cap(v1) != 3 {
		t.Fatalf("View = %v, %v (cap %d)", v1, err, cap(v1))
	}
	_ = u.AddMessage(ctx, a)
	if !slices.Equal(v1, []gen.LLMMessage{a, b, c}) {
		t.Errorf("the view changed: %v", v1)
	}
	if v, err := modelcontext.View(ctx, buf); err != nil || !slices.Equal(v, []gen.LLMMessage{b, c}) {
		t.Errorf("View of a buffered context = %v, %v", v, err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := modelcontext.View(done, u); !errors.Is(err, context.Canceled) {
		t.Errorf("View with a done context: %v", err)
	}
}
