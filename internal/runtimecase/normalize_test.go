package runtimecase

import (
	"encoding/json"
	"testing"
)

const (
	uA = "0a1b2c3d-0000-4000-8000-00000000000a"
	uB = "0a1b2c3d-0000-4000-8000-00000000000b"
	uC = "0a1b2c3d-0000-4000-8000-00000000000c"
)

// mustJSON decodes s with json.Number numbers.
func mustJSON(t *testing.T, s string) any {
	t.Helper()
	v, err := decodeOne([]byte(s))
	if err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return v
}

// TestNormalize checks the numbering order and the created_at rule on
// hand-made values, the expectations worked out by hand from the README.
func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  []string
	}{
		{
			name:  "objects in sorted key order, not written order",
			lines: []string{`{"z": "` + uA + `", "b": "` + uB + `", "a": "` + uC + `"}`},
			want:  []string{`{"z": "<uuid-3>", "b": "<uuid-2>", "a": "<uuid-1>"}`},
		},
		{
			name:  "upper-case keys sort before lower-case ones (code point order)",
			lines: []string{`{"id": "` + uA + `", "Zed": "` + uB + `"}`},
			want:  []string{`{"id": "<uuid-2>", "Zed": "<uuid-1>"}`},
		},
		{
			name:  "numbering runs across lines; a repeated id keeps its number",
			lines: []string{`{"id": "` + uB + `"}`, `{"id": "` + uA + `"}`, `{"messages": [{"id": "` + uB + `"}, {"id": "` + uA + `"}, {"id": "` + uC + `"}]}`},
			want:  []string{`{"id": "<uuid-1>"}`, `{"id": "<uuid-2>"}`, `{"messages": [{"id": "<uuid-1>"}, {"id": "<uuid-2>"}, {"id": "<uuid-3>"}]}`},
		},
		{
			name:  "lists in order, nested before later keys",
			lines: []string{`{"a": [["` + uC + `"], "` + uA + `"], "b": "` + uB + `"}`},
			want:  []string{`{"a": [["<uuid-1>"], "<uuid-2>"], "b": "<uuid-3>"}`},
		},
		{
			name:  "a chunk's full_message_id and the message id share a number",
			lines: []string{`{"full_message_id": "` + uA + `", "id": "` + uB + `", "type": "ModelClientStreamingChunkEvent"}`, `{"id": "` + uA + `", "type": "TextMessage"}`},
			want:  []string{`{"full_message_id": "<uuid-1>", "id": "<uuid-2>", "type": "ModelClientStreamingChunkEvent"}`, `{"id": "<uuid-1>", "type": "TextMessage"}`},
		},
		{
			name:  "upper-case hex is a UUID too, and a different string from its lower-case form",
			lines: []string{`["0A1B2C3D-0000-4000-8000-00000000000A", "` + uA + `"]`},
			want:  []string{`["<uuid-1>", "<uuid-2>"]`},
		},
		{
			name: "only whole strings of 8-4-4-4-12 hex digits",
			lines: []string{`["urn:uuid:` + uA + `", "` + uA + ` ", "{` + uA + `}", "0a1b2c3d00004000800000000000000a",
				"0a1b2c3d-0000-4000-8000-00000000000", "0a1b2c3d-0000-4000-8000-00000000000g", "0a1b2c3d-0000-4000-8000-00000000000ab", 12]`},
			want: []string{`["urn:uuid:` + uA + `", "` + uA + ` ", "{` + uA + `}", "0a1b2c3d00004000800000000000000a",
				"0a1b2c3d-0000-4000-8000-00000000000", "0a1b2c3d-0000-4000-8000-00000000000g", "0a1b2c3d-0000-4000-8000-00000000000ab", 12]`},
		},
		{
			name:  "keys are not normalized",
			lines: []string{`{"` + uA + `": "` + uB + `"}`},
			want:  []string{`{"` + uA + `": "<uuid-1>"}`},
		},
		{
			name:  "any string under created_at, at any depth; other created_at values are walked",
			lines: []string{`{"created_at": "2025-01-01T00:00:00Z", "m": {"created_at": "x"}, "l": [{"created_at": ""}]}`, `{"created_at": null}`, `{"created_at": {"id": "` + uA + `"}}`, `{"created_at": 5}`},
			want:  []string{`{"created_at": "<created_at>", "m": {"created_at": "<created_at>"}, "l": [{"created_at": "<created_at>"}]}`, `{"created_at": null}`, `{"created_at": {"id": "<uuid-1>"}}`, `{"created_at": 5}`},
		},
		{
			name:  "a UUID under created_at is a timestamp string, and is not numbered",
			lines: []string{`{"created_at": "` + uA + `", "id": "` + uB + `"}`},
			want:  []string{`{"created_at": "<created_at>", "id": "<uuid-1>"}`},
		},
		{
			name:  "created_at is matched exactly",
			lines: []string{`{"Created_at": "t", "created_at_x": "t", "createdAt": "t"}`},
			want:  []string{`{"Created_at": "t", "created_at_x": "t", "createdAt": "t"}`},
		},
		{
			name:  "already normalized values are kept",
			lines: []string{`{"id": "<uuid-7>", "created_at": "<created_at>", "n": 1.50, "b": true, "x": null}`},
			want:  []string{`{"id": "<uuid-7>", "created_at": "<created_at>", "n": 1.50, "b": true, "x": null}`},
		},
		{
			name:  "no lines",
			lines: []string{},
			want:  []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := make([]any, len(tc.lines))
			for i, l := range tc.lines {
				in[i] = mustJSON(t, l)
			}
			before := Compact(in)
			got := Normalize(in)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d values, want %d", len(got), len(tc.want))
			}
			for i, w := range tc.want {
				if d := FirstDifference(mustJSON(t, w), got[i]); d != nil {
					t.Errorf("line %d differs %s\n  got: %s", i, d, Compact(got[i]))
				}
			}
			if after := Compact(in); after != before {
				t.Errorf("Normalize modified its input:\n  before: %s\n  after:  %s", before, after)
			}
		})
	}
}

// TestNormalizeValueNumbersOnItsOwn: a state is numbered from 1 whatever was
// normalized before.
func TestNormalizeValueNumbersOnItsOwn(t *testing.T) {
	_ = Normalize([]any{uA, uB})
	got := NormalizeValue(map[string]any{"x": uB, "y": []any{uA, uB}})
	want := map[string]any{"x": "<uuid-1>", "y": []any{"<uuid-2>", "<uuid-1>"}}
	if d := FirstDifference(want, got); d != nil {
		t.Errorf("differs %s", d)
	}
	// Works on values decoded without UseNumber too.
	var plain any
	if err := json.Unmarshal([]byte(`{"n": 1, "id": "`+uC+`"}`), &plain); err != nil {
		t.Fatal(err)
	}
	if d := FirstDifference(mustJSON(t, `{"n": 1.0, "id": "<uuid-1>"}`), NormalizeValue(plain)); d != nil {
		t.Errorf("differs %s", d)
	}
}
