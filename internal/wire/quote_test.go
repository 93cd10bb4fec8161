package wire

import (
	"strings"
	"testing"
)

// FuzzStr checks that Str, which decodes escapes into the decoder's
// reused scratch buffer, reads every string of a document as the
// allocating rawString does, and fails where it fails.
func FuzzStr(f *testing.F) {
	for _, s := range []string{`["a","b\"c","\u00e9\n","\ud83d\ude00"]`, `["x\\y","\u0000", "ok"]`, `["bad \x"]`, `["\ud800"]`, "[\"\xff\"]", `["unterminated`} {
		f.Add([]byte(s))
	}
	// Strings longer than a word, with escapes and non-ASCII text between
	// words (Str reads them into its block 8 bytes at a time).
	f.Add([]byte(`["0123456789abcdef\n0123456789\"abcdef","é0123456789é","` + strings.Repeat("x", 3000) + `"]`))
	f.Add([]byte("[\"0123456789abcdefghij\x01\", \"0123456789abcdefghij\xe6\x97\"]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var got, want []string
		d1 := NewDecoder(data, Options{})
		d1.DecodeDocument(DecodeFunc(func(d *Decoder) {
			if d.Array() {
				for d.More() {
					got = append(got, d.Str())
				}
			}
		}))
		d2 := NewDecoder(data, Options{})
		d2.DecodeDocument(DecodeFunc(func(d *Decoder) {
			if d.Array() {
				for d.More() {
					if d.Peek() != KindString {
						d.typeFault("string_type", "Input should be a valid string")
						want = append(want, "")
						continue
					}
					b, ok := d.rawString()
					if !ok {
						want = append(want, "")
						continue
					}
					want = append(want, string(b))
				}
			}
		}))
		e1, e2 := d1.Err(), d2.Err()
		if strings.Join(got, "\x00|") != strings.Join(want, "\x00|") || (e1 == nil) != (e2 == nil) || (e1 != nil && e1.Error() != e2.Error()) {
			t.Fatalf("Str read %q (%v), rawString %q (%v)", got, e1, want, e2)
		}
	})
}
