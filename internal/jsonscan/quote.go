package jsonscan

import "unsafe"

// Quote writes the content of a JSON string for src into dst, as far as
// it goes: plain ASCII bytes as they are, and quotes, backslashes and
// control characters as their escapes (\" \\ \n \r \t \b \f, the others
// \u00XX with lower-case hex digits, as pydantic and Python's json
// write them). It returns the bytes written to dst and the bytes of src
// read, and stops at the end of src, at a byte that is not ASCII (left
// to the caller, which checks its UTF-8), or when dst has too little
// room left for the next piece: fewer than 16 bytes left in dst is the
// only reason it stops before the end of src at an ASCII byte.
//
// It may write more of dst than it reports written (copies of src's
// next bytes), but never past len(dst).
func Quote(dst []byte, src string) (written, read int) {
	if len(src) == 0 {
		return 0, 0
	}
	return quote(unsafe.SliceData(dst), unsafe.StringData(src), len(dst), len(src))
}

// quoteGeneric is Quote a byte at a time.
func quoteGeneric(dst, src []byte) (written, read int) {
	d := 0
	for s, c := range src {
		switch {
		case c >= 0x80:
			return d, s
		case c == '"' || c == '\\' || c < 0x20:
			if len(dst)-d < 6 {
				return d, s
			}
			d += putEscape(dst[d:], c)
		default:
			if d == len(dst) {
				return d, s
			}
			dst[d] = c
			d++
		}
	}
	return d, len(src)
}

// shortEscape is the letter of a byte's two-character escape, 0 for a
// control character written \u00XX.
var shortEscape = [0x80]byte{'"': '"', '\\': '\\', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f'}

// putEscape writes the escape of c (a quote, a backslash or a control
// character) at the start of b, which has room for 6 bytes, and returns
// its length.
func putEscape(b []byte, c byte) int {
	b[0] = '\\'
	if e := shortEscape[c]; e != 0 {
		b[1] = e
		return 2
	}
	const hex = "0123456789abcdef"
	b[1], b[2], b[3], b[4], b[5] = 'u', '0', '0', hex[c>>4], hex[c&15]
	return 6
}
