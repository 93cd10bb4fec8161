package validate

import (
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
)

// TestValidateTaggedStructured: a StructuredMessage[X] is checked for its
// common fields, in both modes.
func TestValidateTaggedStructured(t *testing.T) {
	good := []byte(`{"source":"agent","content":{"city":"Paris"},"type":"StructuredMessage[WeatherReport]"}`)
	bad := []byte(`{"content":{"city":"Paris"},"type":"StructuredMessage[WeatherReport]"}`)
	v := &Validator{Mode: ModeAutoGen}
	title, err := v.ValidateTagged(good)
	if err != nil || title != "StructuredMessage[WeatherReport]" {
		t.Fatalf("good: %q, %v", title, err)
	}
	_, err = v.ValidateTagged(bad)
	var errs agentschema.Faults
	if !errors.As(err, &errs) || errs[0].Pointer != "/source" {
		t.Fatalf("missing source: %v", err)
	}
	// Schema mode treats it as normalize does: the same
	// checks as autogen mode.
	sv := &Validator{Mode: ModeSchema}
	if title, err := sv.ValidateTagged(good); err != nil || title != "StructuredMessage[WeatherReport]" {
		t.Fatalf("schema mode, good: %q, %v", title, err)
	}
	if _, err := sv.ValidateTagged(bad); !errors.As(err, &errs) || errs[0].Pointer != "/source" {
		t.Fatalf("schema mode, missing source: %v", err)
	}
}
