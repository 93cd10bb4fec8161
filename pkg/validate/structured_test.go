package validate

import (
	"errors"
	"testing"
)

// TestValidateTaggedStructured: in autogen mode a StructuredMessage[X] is
// checked for its common fields; schema mode has no schema for it.
func TestValidateTaggedStructured(t *testing.T) {
	good := []byte(`{"source":"agent","content":{"city":"Paris"},"type":"StructuredMessage[WeatherReport]"}`)
	bad := []byte(`{"content":{"city":"Paris"},"type":"StructuredMessage[WeatherReport]"}`)
	v := &Validator{Mode: ModeAutoGen}
	title, err := v.ValidateTagged(good)
	if err != nil || title != "StructuredMessage[WeatherReport]" {
		t.Fatalf("good: %q, %v", title, err)
	}
	_, err = v.ValidateTagged(bad)
	var errs Errors
	if !errors.As(err, &errs) || errs[0].Pointer != "/source" {
		t.Fatalf("missing source: %v", err)
	}
	if _, err := (&Validator{Mode: ModeSchema}).ValidateTagged(good); !errors.As(err, &errs) || errs[0].Keyword != "discriminator" {
		t.Fatalf("schema mode: %v", err)
	}
}
