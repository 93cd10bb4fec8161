package models

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
)

// Warning is a Python warning AutoGen emits instead of raising: its
// category ("UserWarning") and message.
type Warning struct {
	Category string
	Message  string
}

// String returns "Category: Message", as Python prints a warning.
func (w Warning) String() string { return w.Category + ": " + w.Message }

// MissingFieldError is ValidateModelInfo's ValueError: a required field of
// ModelInfo is absent.
type MissingFieldError struct {
	Field string
}

// Error returns AutoGen's text, for example "Missing required field
// 'vision' in ModelInfo. Starting in v0.4.7, the required fields are
// enforced."
func (e *MissingFieldError) Error() string {
	return "Missing required field '" + e.Field + "' in ModelInfo. Starting in v0.4.7, the required fields are enforced."
}

// requiredFields are the fields validate_model_info requires, in the order
// it checks them; newRequiredFields only warn.
var (
	requiredFields    = []string{"vision", "function_calling", "json_output", "family"}
	newRequiredFields = []string{"structured_output"}
)

// ValidateModelInfo is AutoGen's validate_model_info on a model_info JSON
// object. Like AutoGen it checks only that keys are present, not their
// values: the first of vision, function_calling, json_output and family
// that is missing is a *MissingFieldError; a missing structured_output is
// only a Warning ("Missing required field 'structured_output' in
// ModelInfo. This field will be required in a future version of
// AutoGen."). Input that is not a JSON object is an error.
func ValidateModelInfo(data []byte) ([]Warning, error) {
	var keys map[string]json.RawMessage
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return nil, fmt.Errorf("ModelInfo must be a JSON object")
	}
	if err := json.Unmarshal(trimmed, &keys); err != nil {
		return nil, fmt.Errorf("ModelInfo: %w", err)
	}
	for _, f := range requiredFields {
		if _, ok := keys[f]; !ok {
			return nil, &MissingFieldError{Field: f}
		}
	}
	var warnings []Warning
	for _, f := range newRequiredFields {
		if _, ok := keys[f]; !ok {
			warnings = append(warnings, Warning{
				Category: "UserWarning",
				Message:  "Missing required field '" + f + "' in ModelInfo. This field will be required in a future version of AutoGen.",
			})
		}
	}
	return warnings, nil
}

// DefaultModelInfo returns the ModelInfo of a model that supports nothing:
// no vision, function calling, JSON or structured output, family
// "unknown" (the replay client's default).
func DefaultModelInfo() gen.ModelInfo {
	return gen.ModelInfo{Family: FamilyUnknown}
}
