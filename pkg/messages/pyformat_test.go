package messages

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pytime"
)

// TestPyFormatCPython checks str.format against results CPython 3.11 gave
// for the same format strings and arguments (testdata/pyformat.json, made
// by testdata/pyformat_gen.py).
func TestPyFormatCPython(t *testing.T) {
	data, err := os.ReadFile("testdata/pyformat.json")
	if err != nil {
		t.Fatal(err)
	}
	var golden struct {
		Kwargs    json.RawMessage   `json:"kwargs"`
		Datetimes map[string]string `json:"datetimes"`
		Cases     []struct {
			Format    string  `json:"format"`
			OK        *string `json:"ok"`
			Exception string  `json:"exception"`
			Msg       string  `json:"msg"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	v, err := pyFromJSON(golden.Kwargs)
	if err != nil {
		t.Fatal(err)
	}
	kwargs := &v
	for k, s := range golden.Datetimes {
		d, err := pytime.ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		kwargs.Set(k, pyjson.DatetimeValue(d))
	}
	if len(golden.Cases) < 200 {
		t.Fatalf("only %d cases", len(golden.Cases))
	}
	for _, c := range golden.Cases {
		got, err := pyFormatString(c.Format, kwargs)
		if c.OK != nil {
			if err != nil || got != *c.OK {
				t.Errorf("%q: got %q, %v; want %q", c.Format, got, err, *c.OK)
			}
			continue
		}
		fe, ok := err.(*FormatError)
		if !ok || string(fe.Exception) != c.Exception || fe.Message != c.Msg {
			t.Errorf("%q: got %q, %v; want %s: %s", c.Format, got, err, c.Exception, c.Msg)
		}
	}
}

// TestFormatErrorIs checks that a FormatError matches its Python class with
// errors.Is: {missing} is a KeyError in Python, '{' a ValueError.
func TestFormatErrorIs(t *testing.T) {
	kw := pyValue{Kind: pyjson.Dict}
	_, err := pyFormatString("{missing}", &kw)
	if !errors.Is(err, KeyError) || errors.Is(err, ValueError) || err.Error() != "KeyError: 'missing'" {
		t.Errorf("{missing}: %v", err)
	}
	_, err = pyFormatString("{", &kw)
	if !errors.Is(err, ValueError) || err.Error() != "ValueError: Single '{' encountered in format string" {
		t.Errorf("{: %v", err)
	}
}
