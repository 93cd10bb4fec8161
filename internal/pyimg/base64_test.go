package pyimg

import (
	"encoding/hex"
	"errors"
	"testing"
)

// The expectations were taken from CPython 3.11's base64.b64decode.
func TestDecodeBase64(t *testing.T) {
	ok := []struct{ in, hex string }{
		{"", ""},
		{"=", ""},
		{"==", ""},
		{"%%%", ""},
		{"ABCD", "001083"},
		{"AB==", "00"},
		{"ABC=", "0010"},
		{"ABC==", "0010"},    // excess padding
		{"ABCD=", "001083"},  // excess padding after a full quad
		{"ABCD==", "001083"}, //
		{"AB=CD", "001083"},  // a lone "=" before data is skipped
		{"ABC=D", "0010"},    // data after a complete pad is ignored
		{"AB==CD", "00"},     //
		{"AB==x", "00"},      //
		{"ABC=xyz", "0010"},  //
		{"aGVsbG8=trailing", "68656c6c6f"},
		{"aGVsbG8==", "68656c6c6f"},
		{"AB\n==", "00"},         // newline skipped
		{"AB=\n=", "00"},         // skipped bytes between pads
		{"A=B=C=D", "0010"},      // "=" early in a quad is skipped
		{"AB=?C=D", "0010"},      //
		{"ab%%cd", "69b71d"},     // non-alphabet bytes skipped
		{"A\x00B==", "00"},       //
		{"ABCDEF==", "00108310"}, //
		{"aGVs\r\nbG8=", "68656c6c6f"},
	}
	for _, c := range ok {
		got, err := DecodeBase64(c.in)
		if err != nil || hex.EncodeToString(got) != c.hex {
			t.Errorf("DecodeBase64(%q) = %x, %v; want %s", c.in, got, err, c.hex)
		}
	}
	bad := []struct{ in, msg string }{
		{"A", "Invalid base64-encoded string: number of data characters (1) cannot be 1 more than a multiple of 4"},
		{"A===", "Invalid base64-encoded string: number of data characters (1) cannot be 1 more than a multiple of 4"},
		{"ABCDE", "Invalid base64-encoded string: number of data characters (5) cannot be 1 more than a multiple of 4"},
		{"ABCD A===", "Invalid base64-encoded string: number of data characters (5) cannot be 1 more than a multiple of 4"},
		{"AB", "Incorrect padding"},
		{"ABC", "Incorrect padding"},
		{"AB=", "Incorrect padding"},
		{"AB=C", "Incorrect padding"},
		{"=AB=", "Incorrect padding"},
		{"abc", "Incorrect padding"},
		{"aGVsbG8", "Incorrect padding"},
		{"ABCDAB=", "Incorrect padding"},
		{"AB\u00e9C", "string argument should contain only ASCII characters"},
		{"AB==\u00e9", "string argument should contain only ASCII characters"},
	}
	for _, c := range bad {
		_, err := DecodeBase64(c.in)
		var be *Base64Error
		if !errors.As(err, &be) || be.Msg != c.msg || err.Error() != c.msg {
			t.Errorf("DecodeBase64(%q) error %v; want %q", c.in, err, c.msg)
		}
	}
}

func FuzzDecodeBase64(f *testing.F) {
	for _, s := range []string{"", "ABCD", "AB==", "A=B=C", "aGVsbG8=\n", "%%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := DecodeBase64(s)
		if err != nil {
			return
		}
		// Re-encoding and decoding again is stable.
		again, err := DecodeBase64(stdBase64(out))
		if err != nil || string(again) != string(out) {
			t.Fatalf("round trip of %q: %x %v", s, again, err)
		}
	})
}
