package bpe

import (
	"testing"
)

// FuzzEncode checks, for any input: the pre-tokenizers agree with regexp2
// running the official patterns (valid UTF-8), Encode/EncodeOrdinary/Count
// agree, and decoding gives back the input bytes exactly.
func FuzzEncode(f *testing.F) {
	for _, s := range []string{
		"Hello world", "x\n  ", "'ſ ABC'S", "a\u0301B\u0301", " \u0085\u00a0x", "😀 1234",
		"<|endoftext|>", "\xff\xfe invalid \xed\xa0\x80", "人工智能 1,000.5",
	} {
		f.Add(s)
	}
	encs := []*Encoding{}
	for _, n := range []string{"o200k_base", "cl100k_base", "r50k_base"} {
		encs = append(encs, mustGet(f, n))
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSplit(t, s)
		for _, e := range encs {
			ids := e.EncodeOrdinary(s)
			if n := e.CountOrdinary(s); n != len(ids) {
				t.Fatalf("%s: CountOrdinary %d != %d", e.Name(), n, len(ids))
			}
			dec, err := e.Decode(ids)
			if err != nil || string(dec) != s {
				t.Fatalf("%s: round trip of %q gave %q, %v", e.Name(), s, dec, err)
			}
			enc, err := e.Encode(s)
			if _, special := e.FindSpecial(s); special != (err != nil) {
				t.Fatalf("%s: Encode error %v, special %v", e.Name(), err, special)
			}
			if err == nil && len(enc) != len(ids) {
				t.Fatalf("%s: Encode and EncodeOrdinary differ", e.Name())
			}
		}
	})
}
