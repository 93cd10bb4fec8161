package grpcharness

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareFindsDifferences: compare.py's judge reports a changed record,
// a missing one and an extra one, and nothing for a reordering across
// clients.
func TestCompareFindsDifferences(t *testing.T) {
	a := func(c, ev, x string) Record { return Record{"client": c, "ev": ev, "x": x} }
	ref := []Record{a("C[a]", "recv", "1"), a("C[b]", "recv", "2"), a("C[a]", "recv", "3")}
	tests := []struct {
		name string
		cand []Record
		want string
	}{
		{"same", ref, ""},
		{"other client order", []Record{ref[1], ref[0], ref[2]}, ""},
		{"changed", []Record{ref[0], ref[1], a("C[a]", "recv", "4")}, `WIRE C[a] recv: ref 2 records, cand 2`},
		{"missing", ref[:2], `WIRE C[a] recv: ref 2 records, cand 1`},
		{"reordered in a client", []Record{ref[2], ref[1], ref[0]}, `#0 ref`},
		{"extra client", append(append([]Record{}, ref...), a("C#1", "open", "")), `WIRE C#1 open: ref 0 records, cand 1`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(Compare(ref, tc.cand), "\n")
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("Compare = %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzNormalize: any JSON lines are normalized without a panic, and
// normalizing is stable on its own output's shape (ids already numbered).
func FuzzNormalize(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "autogen_host_transcript.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n")[:40] {
		f.Add(line)
	}
	f.Add(`{"ev":"unary","rpc":"RegisterAgent","status":"OK","client":"x","req":{"type":"a_00000000-0000-4000-8000-000000000001"}}`)
	f.Fuzz(func(t *testing.T, s string) {
		recs, err := ParseJSONL([]byte(s))
		if err != nil {
			return
		}
		for _, r := range Normalize(recs) {
			if _, err := json.Marshal(r); err != nil {
				t.Fatal(err)
			}
		}
	})
}
