package pysyntax

import "fmt"

// scanNumber reads the numeric literal that starts at src[p] as CPython
// 3.11's tokenizer does (tok_get and verify_end_of_number in
// Parser/tokenizer.c) and returns its end, or the tokenizer's message
// for a malformed one ("invalid decimal literal", "invalid digit '8' in
// octal literal", ...). A literal followed at once by "and", "else",
// "for", "if", "in", "is", "not" or "or" ends before it (CPython warns
// and reads the keyword); by any other name character it is refused.
func scanNumber(src string, p int) (end int, msg string) {
	at := func(i int) byte {
		if i < len(src) {
			return src[i]
		}
		return 0
	}
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	// decimalTail reads digits with single underscores between them,
	// from p (at a digit).
	decimalTail := func() string {
		for {
			for digit(at(p)) {
				p++
			}
			if at(p) != '_' {
				return ""
			}
			p++
			if !digit(at(p)) {
				return "invalid decimal literal"
			}
		}
	}
	// endOf is verify_end_of_number for the character at p.
	endOf := func(kind string) (int, string) {
		rest := src[p:]
		for _, kw := range []string{"and", "else", "for", "if", "in", "is", "not", "or"} {
			if len(rest) >= len(kw) && rest[:len(kw)] == kw {
				return p, ""
			}
		}
		if p < len(src) && isNameChar(src[p]) {
			return 0, "invalid " + kind + " literal"
		}
		return p, ""
	}
	// based reads the digits of a 0x, 0o or 0b literal from p.
	based := func(ok func(byte) bool, kind string) (int, string) {
		for {
			if at(p) == '_' {
				p++
			}
			if !ok(at(p)) {
				if kind == "octal" && digit(at(p)) {
					return 0, fmt.Sprintf("invalid digit '%c' in octal literal", at(p))
				}
				if kind == "binary" && digit(at(p)) {
					return 0, fmt.Sprintf("invalid digit '%c' in binary literal", at(p))
				}
				return 0, "invalid " + kind + " literal"
			}
			for ok(at(p)) {
				p++
			}
			if at(p) != '_' {
				break
			}
		}
		if kind == "octal" && digit(at(p)) {
			return 0, fmt.Sprintf("invalid digit '%c' in octal literal", at(p))
		}
		if kind == "binary" && digit(at(p)) {
			return 0, fmt.Sprintf("invalid digit '%c' in binary literal", at(p))
		}
		return endOf(kind)
	}
	// exponentAndImaginary reads an exponent and a j from p.
	var fraction func() (int, string)
	exponentAndImaginary := func() (int, string) {
		if c := at(p); c == 'e' || c == 'E' {
			e := p
			p++
			if c := at(p); c == '+' || c == '-' {
				p++
				if !digit(at(p)) {
					return 0, "invalid decimal literal"
				}
			} else if !digit(at(p)) {
				// Not an exponent: the literal ends before the 'e'.
				p = e
				if _, msg := endOf("decimal"); msg != "" {
					return 0, msg
				}
				return e, ""
			}
			if msg := decimalTail(); msg != "" {
				return 0, msg
			}
		}
		if c := at(p); c == 'j' || c == 'J' {
			p++
			return endOf("imaginary")
		}
		return endOf("decimal")
	}
	fraction = func() (int, string) {
		if digit(at(p)) {
			if msg := decimalTail(); msg != "" {
				return 0, msg
			}
		}
		return exponentAndImaginary()
	}
	switch c := src[p]; {
	case c == '.':
		p++
		return fraction()
	case c == '0':
		p++
		switch at(p) {
		case 'x', 'X':
			p++
			return based(func(c byte) bool { return digit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }, "hexadecimal")
		case 'o', 'O':
			p++
			return based(func(c byte) bool { return c >= '0' && c <= '7' }, "octal")
		case 'b', 'B':
			p++
			return based(func(c byte) bool { return c == '0' || c == '1' }, "binary")
		}
		nonzero := false
		for {
			if at(p) == '_' {
				p++
				if !digit(at(p)) {
					return 0, "invalid decimal literal"
				}
			}
			if at(p) != '0' {
				break
			}
			p++
		}
		if digit(at(p)) {
			nonzero = true
			if msg := decimalTail(); msg != "" {
				return 0, msg
			}
		}
		switch at(p) {
		case '.':
			p++
			return fraction()
		case 'e', 'E', 'j', 'J':
			return exponentAndImaginary()
		}
		if nonzero {
			return 0, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
		}
		return endOf("decimal")
	default:
		if msg := decimalTail(); msg != "" {
			return 0, msg
		}
		if at(p) == '.' {
			p++
			return fraction()
		}
		return exponentAndImaginary()
	}
}
