package openai

import (
	"encoding/json"
	"os"
	"testing"
)

// TestJiterMessages checks the wording of texts that are not JSON against
// jiter's (testdata/jiter_errors.json, written by pydantic_core's
// from_json: gen_pydantic.py), without and with partial parsing.
func TestJiterMessages(t *testing.T) {
	data, err := os.ReadFile("testdata/jiter_errors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Text         string `json:"text"`
		Error        string `json:"error"`
		PartialError string `json:"partial_error"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		if got := jiterMessage([]byte(c.Text), false); got != c.Error {
			t.Errorf("%q: %q, want %q", c.Text, got, c.Error)
		}
		if got := jiterMessage([]byte(c.Text), true); got != c.PartialError {
			t.Errorf("%q (partial): %q, want %q", c.Text, got, c.PartialError)
		}
	}
}

// TestSchemaValidation validates contents against the JSON Schema of
// pydantic models and compares the error with pydantic's
// str(ValidationError) of model_validate_json
// (testdata/pydantic_validation.json, written by pydantic 2.13:
// gen_pydantic.py).
func TestSchemaValidation(t *testing.T) {
	data, err := os.ReadFile("testdata/pydantic_validation.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name    string          `json:"name"`
			Schema  json.RawMessage `json:"schema"`
			Content string          `json:"content"`
			Error   string          `json:"error"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) == 0 {
		t.Fatal("no cases")
	}
	for _, c := range file.Cases {
		out, err := outputOfSchema(c.Name, c.Schema)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		got := ""
		if err := out.validateContent(c.Content); err != nil {
			got = err.Error()
		}
		if got != c.Error {
			t.Errorf("%s %s:\n got %s\nwant %s", c.Name, c.Content, got, c.Error)
		}
	}
}
