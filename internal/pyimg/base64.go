package pyimg

import (
	"encoding/base64"
	"fmt"
)

// a2b maps a byte to its base64 value, or 0xff for bytes outside the
// standard alphabet.
var a2b = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = byte(i)
	}
	return t
}()

// DecodeBase64 decodes s exactly as Python's base64.b64decode(s) does
// (binascii.a2b_base64 in its default, non-strict mode):
//
//   - a string with a character outside ASCII is refused ("string argument
//     should contain only ASCII characters");
//   - bytes outside the base64 alphabet (newlines, spaces, "%", ...) are
//     skipped;
//   - "=" before the third character of a quad is skipped; once a quad has
//     two or three characters, enough "=" to complete it (other skipped bytes
//     may sit between them) end the input, and anything after is ignored;
//   - a final incomplete quad is an error: "Incorrect padding", or, when it
//     holds one character, "Invalid base64-encoded string: number of data
//     characters (N) cannot be 1 more than a multiple of 4".
//
// The error is a [*Base64Error] holding Python's message.
func DecodeBase64(s string) ([]byte, error) {
	return decodeBase64([]byte(s))
}

// DecodeBase64Bytes is [DecodeBase64] of the bytes of s, without copying
// them first.
func DecodeBase64Bytes(s []byte) ([]byte, error) {
	return decodeBase64(s)
}

func decodeBase64(s []byte) ([]byte, error) {
	// Canonical base64 (padded, nothing but the alphabet, CR and LF) decodes
	// the same under both rules, and the standard decoder is faster; any
	// other input takes Python's path below.
	out := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	if n, err := base64.StdEncoding.Decode(out, s); err == nil {
		return out[:n], nil
	}
	return decodeBase64Lax(s, out[:0])
}

// decodeBase64Lax is binascii.a2b_base64's non-strict decoding, appending to
// out.
func decodeBase64Lax(s []byte, out []byte) ([]byte, error) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return nil, &Base64Error{Msg: "string argument should contain only ASCII characters"}
		}
	}
	quadPos := 0
	var left byte
	pads := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '=' {
			if quadPos >= 2 {
				pads++
				if quadPos+pads >= 4 {
					// A complete pad sequence ends the input.
					return out, nil
				}
			}
			continue
		}
		v := a2b[c]
		if v == 0xff {
			continue
		}
		pads = 0
		switch quadPos {
		case 0:
			quadPos = 1
			left = v
		case 1:
			quadPos = 2
			out = append(out, left<<2|v>>4)
			left = v & 0x0f
		case 2:
			quadPos = 3
			out = append(out, left<<4|v>>2)
			left = v & 0x03
		case 3:
			quadPos = 0
			out = append(out, left<<6|v)
			left = 0
		}
	}
	switch quadPos {
	case 0:
		return out, nil
	case 1:
		return nil, &Base64Error{Msg: fmt.Sprintf("Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a multiple of 4", len(out)/3*4+1)}
	default:
		return nil, &Base64Error{Msg: "Incorrect padding"}
	}
}
