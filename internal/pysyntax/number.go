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
	s := &numScanner{src: src, p: p}
	switch src[p] {
	case '.':
		s.p++
		return s.fraction()
	case '0':
		s.p++
		return s.zero()
	default:
		if msg := s.decimalTail(); msg != "" {
			return 0, msg
		}
		if s.at(s.p) == '.' {
			s.p++
			return s.fraction()
		}
		return s.exponentAndImaginary()
	}
}

// numScanner is scanNumber's position in the source.
type numScanner struct {
	src string
	p   int
}

func (s *numScanner) at(i int) byte {
	if i < len(s.src) {
		return s.src[i]
	}
	return 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// decimalTail reads digits with single underscores between them, from p
// (at a digit).
func (s *numScanner) decimalTail() string {
	for {
		for isDigit(s.at(s.p)) {
			s.p++
		}
		if s.at(s.p) != '_' {
			return ""
		}
		s.p++
		if !isDigit(s.at(s.p)) {
			return "invalid decimal literal"
		}
	}
}

// endOf is verify_end_of_number for the character at p.
func (s *numScanner) endOf(kind string) (int, string) {
	rest := s.src[s.p:]
	for _, kw := range []string{"and", "else", "for", "if", "in", "is", "not", "or"} {
		if len(rest) >= len(kw) && rest[:len(kw)] == kw {
			return s.p, ""
		}
	}
	if s.p < len(s.src) && isNameChar(s.src[s.p]) {
		return 0, "invalid " + kind + " literal"
	}
	return s.p, ""
}

// badDigit is the message for a decimal digit at p in an octal or binary
// literal ("" for any other kind or character).
func (s *numScanner) badDigit(kind string) string {
	if (kind == "octal" || kind == "binary") && isDigit(s.at(s.p)) {
		return fmt.Sprintf("invalid digit '%c' in %s literal", s.at(s.p), kind)
	}
	return ""
}

// based reads the digits of a 0x, 0o or 0b literal from p.
func (s *numScanner) based(ok func(byte) bool, kind string) (int, string) {
	for {
		if s.at(s.p) == '_' {
			s.p++
		}
		if !ok(s.at(s.p)) {
			if msg := s.badDigit(kind); msg != "" {
				return 0, msg
			}
			return 0, "invalid " + kind + " literal"
		}
		for ok(s.at(s.p)) {
			s.p++
		}
		if s.at(s.p) != '_' {
			break
		}
	}
	if msg := s.badDigit(kind); msg != "" {
		return 0, msg
	}
	return s.endOf(kind)
}

// exponentAndImaginary reads an exponent and a j from p.
func (s *numScanner) exponentAndImaginary() (int, string) {
	if c := s.at(s.p); c == 'e' || c == 'E' {
		e := s.p
		s.p++
		if c := s.at(s.p); c == '+' || c == '-' {
			s.p++
			if !isDigit(s.at(s.p)) {
				return 0, "invalid decimal literal"
			}
		} else if !isDigit(s.at(s.p)) {
			// Not an exponent: the literal ends before the 'e'.
			s.p = e
			if _, msg := s.endOf("decimal"); msg != "" {
				return 0, msg
			}
			return e, ""
		}
		if msg := s.decimalTail(); msg != "" {
			return 0, msg
		}
	}
	if c := s.at(s.p); c == 'j' || c == 'J' {
		s.p++
		return s.endOf("imaginary")
	}
	return s.endOf("decimal")
}

// fraction reads the digits after a '.', then the exponent and the j.
func (s *numScanner) fraction() (int, string) {
	if isDigit(s.at(s.p)) {
		if msg := s.decimalTail(); msg != "" {
			return 0, msg
		}
	}
	return s.exponentAndImaginary()
}

// zero reads what follows a leading '0': a base prefix, zeros, or a
// float whose integer part starts with zeros.
func (s *numScanner) zero() (int, string) {
	switch s.at(s.p) {
	case 'x', 'X':
		s.p++
		return s.based(func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }, "hexadecimal")
	case 'o', 'O':
		s.p++
		return s.based(func(c byte) bool { return c >= '0' && c <= '7' }, "octal")
	case 'b', 'B':
		s.p++
		return s.based(func(c byte) bool { return c == '0' || c == '1' }, "binary")
	}
	for {
		if s.at(s.p) == '_' {
			s.p++
			if !isDigit(s.at(s.p)) {
				return 0, "invalid decimal literal"
			}
		}
		if s.at(s.p) != '0' {
			break
		}
		s.p++
	}
	nonzero := false
	if isDigit(s.at(s.p)) {
		nonzero = true
		if msg := s.decimalTail(); msg != "" {
			return 0, msg
		}
	}
	switch s.at(s.p) {
	case '.':
		s.p++
		return s.fraction()
	case 'e', 'E', 'j', 'J':
		return s.exponentAndImaginary()
	}
	if nonzero {
		return 0, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
	}
	return s.endOf("decimal")
}
