package conformance

import (
	"errors"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// TestMemoryMimeTypeIsOpen: AutoGen types MemoryContent.mime_type as
// `MemoryMimeType | str`, so any string is kept as it is (pydantic tries the
// enum, then takes the string), while a non-string is refused.
func TestMemoryMimeTypeIsOpen(t *testing.T) {
	var m gen.MemoryContent
	if err := m.UnmarshalJSON([]byte(`{"content":"a","mime_type":"x/custom"}`)); err != nil {
		t.Fatalf("custom mime type refused: %v", err)
	}
	if m.MimeType != "x/custom" {
		t.Fatalf("mime type %q, want x/custom", m.MimeType)
	}
	out, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"content":"a","mime_type":"x/custom","metadata":null}`; string(out) != want {
		t.Fatalf("dump %s, want %s", out, want)
	}
	err = m.UnmarshalJSON([]byte(`{"content":"a","mime_type":5}`))
	var e *wire.Error
	if !errors.As(err, &e) || e.Pointer != "/mime_type" || e.Type != "string_type" {
		t.Fatalf("a number for mime_type: %v, want string_type at /mime_type", err)
	}
}
