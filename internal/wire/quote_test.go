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
	f.Fuzz(func(t *testing.T, data []byte) { checkStrAsRawString(t, data) })
}

// checkStrAsRawString fails t unless Str reads every string of data as
// rawString does, and fails where it fails, with the same error.
func checkStrAsRawString(t *testing.T, data []byte) {
	t.Helper()
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
}

// TestStrUTF8Edges: Str against rawString on the sequences at the edges of
// copyRunes' fast path: every two- to four-byte lead with the lowest and
// highest continuation bytes and one past them (0xE0's and 0xED's
// restricted second bytes included), each cut short at the string's end,
// and each between plain text, before an escape and as a whole string.
func TestStrUTF8Edges(t *testing.T) {
	for lead := 0xC0; lead <= 0xF5; lead++ {
		for _, c1 := range []byte{0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0} {
			for _, c2 := range []byte{0x80, 0xBF, 0x41} {
				seq := string([]byte{byte(lead), c1, c2, 0x80})
				for n := 1; n <= len(seq); n++ {
					for _, doc := range []string{`["` + seq[:n] + `"]`, `["a` + seq[:n] + `b"]`, `["` + seq[:n] + `\n", "é` + seq[:n] + `"]`} {
						checkStrAsRawString(t, []byte(doc))
					}
				}
			}
		}
	}
}
