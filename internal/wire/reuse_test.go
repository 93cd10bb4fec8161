package wire_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// reuseCase is one document and the title it is decoded as.
type reuseCase struct {
	name, title string
	data        []byte
}

// reuseCases are the conformance suite's invalid inputs (each with the
// title of its directory, re-indented and compact, so positions and escapes
// vary) and the benchmark transcript's lines (by their tags).
func reuseCases(t *testing.T) []reuseCase {
	t.Helper()
	var cases []reuseCase
	files, err := filepath.Glob("../../testdata/conformance/invalid/*/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no conformance cases: %v", err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Input json.RawMessage `json:"input"`
		}
		if err := json.Unmarshal(raw, &c); err != nil || len(c.Input) == 0 {
			continue
		}
		title := filepath.Base(filepath.Dir(f))
		var compact bytes.Buffer
		if err := json.Compact(&compact, c.Input); err != nil {
			t.Fatal(err)
		}
		cases = append(cases,
			reuseCase{f, title, c.Input},
			reuseCase{f + " (compact)", title, compact.Bytes()},
			// A document cut short: a syntax error after some faults.
			reuseCase{f + " (truncated)", title, compact.Bytes()[:compact.Len()*2/3]})
	}
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range bytes.Split(data, []byte("\n")) {
		if len(l) == 0 || i%7 != 0 {
			continue
		}
		tag, _ := wire.NewDecoder(l, wire.Options{}).PeekTag("type")
		title, ok := gen.TitleForTag(tag)
		if !ok {
			t.Fatalf("transcript line %d: unknown tag %q", i+1, tag)
		}
		cases = append(cases, reuseCase{fmt.Sprintf("transcript line %d", i+1), title, l})
	}
	return cases
}

// outcome is what a decode gave: the faults, and the canonical JSON of the
// value when there were none.
func outcome(v gen.Encodable, err error) string {
	if err != nil {
		var b strings.Builder
		for _, e := range err.(wire.Errors) {
			fmt.Fprintf(&b, "%s %d:%d@%d %s: %s\n", e.Pointer, e.Line, e.Column, e.Offset, e.Type, e.Message)
		}
		return b.String()
	}
	if v == nil {
		return "<nil>"
	}
	out, merr := wire.Marshal(v)
	if merr != nil {
		return "marshal: " + merr.Error()
	}
	return string(out)
}

// TestDecoderReuse decodes every case three ways: a new decoder each time
// (the reference), the pooled decoders of wire.Decode, and one decoder
// Reset from document to document, interleaving good and bad documents so
// that a fault, a fatal syntax error or an escaped string left behind by
// one would show in the next. All three must agree exactly.
func TestDecoderReuse(t *testing.T) {
	cases := reuseCases(t)
	var shared *wire.Decoder
	for _, c := range cases {
		// Reference: a decoder of its own.
		fresh := wire.NewDecoder(c.data, wire.Options{})
		var v1 gen.Encodable
		fresh.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { v1, _ = gen.DecodeTitled(c.title, d) }))
		want := outcome(v1, fresh.Err())

		var v2 gen.Encodable
		err2 := wire.Decode(c.data, wire.Options{}, func(d *wire.Decoder) { v2, _ = gen.DecodeTitled(c.title, d) })
		if got := outcome(v2, err2); !sameOutcome(got, want) {
			t.Errorf("%s: wire.Decode gave\n%s\nwant\n%s", c.name, got, want)
		}

		if shared == nil {
			shared = wire.NewDecoder(c.data, wire.Options{})
		} else {
			shared.Reset(c.data)
		}
		var v3 gen.Encodable
		shared.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { v3, _ = gen.DecodeTitled(c.title, d) }))
		if got := outcome(v3, shared.Err()); !sameOutcome(got, want) {
			t.Errorf("%s: a reset decoder gave\n%s\nwant\n%s", c.name, got, want)
		}
	}
}

// sameOutcome compares two outcomes, masking the defaults that differ from
// decode to decode by design when a member is absent (a new UUID4 id, the
// current time as created_at).
func sameOutcome(a, b string) bool {
	return a == b || defaults.ReplaceAllString(a, "$1") == defaults.ReplaceAllString(b, "$1")
}

var defaults = regexp.MustCompile(`("id":|"created_at":)"[^"]*"`)

// TestDecodeKeepsErrors checks that the Errors a pooled decode returned
// are not changed by the decodes that reuse its decoder afterwards.
func TestDecodeKeepsErrors(t *testing.T) {
	bad := []byte(`{"source": 1, "content": "x"}`)
	err := wire.Decode(bad, wire.Options{}, func(d *wire.Decoder) { d.Value(new(gen.UserMessage)) })
	if err == nil {
		t.Fatal("no fault for a numeric source")
	}
	before := err.Error()
	for range 50 {
		_ = wire.Decode([]byte(`{"source": [], "content": 5, "x": "\u00e9"}`), wire.Options{}, func(d *wire.Decoder) { d.Value(new(gen.UserMessage)) })
	}
	if after := err.Error(); after != before {
		t.Fatalf("a returned error changed from %q to %q", before, after)
	}
}
