package bpe

// Hand-written pre-tokenizers. Each reproduces, match for match, the
// leftmost-first (backtracking) semantics of one of tiktoken's regular
// expressions, as Python tiktoken 0.14 runs them with the Rust fancy-regex
// crate. pretok_test.go proves the equality against regexp2 running the
// official patterns (possessive quantifiers written as atomic groups).
//
// A scanner is called with the byte offset of the start of the next piece and
// returns the offset just past its end; it always consumes at least one byte.

// Pattern identifies one of the pre-tokenizer regular expressions.
type Pattern int

const (
	// PatternR50K is the pattern of gpt2, r50k_base, p50k_base and p50k_edit:
	//   '(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s
	PatternR50K Pattern = iota
	// PatternCL100K is the pattern of cl100k_base (tiktoken >= 0.8):
	//   '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s
	PatternCL100K
	// PatternO200K is the pattern of o200k_base and o200k_harmony:
	//   [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
	//   |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
	//   |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
	PatternO200K
)

// scanner returns the end offset of the piece that starts at offset i (< len(s)).
type scanner func(s string, i int) int

func (p Pattern) scanner() scanner {
	switch p {
	case PatternCL100K:
		return nextCL100K
	case PatternO200K:
		return nextO200K
	default:
		return nextR50K
	}
}

// Split returns the pre-tokenizer pieces of s (for tests and debugging).
func (p Pattern) Split(s string) []string {
	next := p.scanner()
	var out []string
	for i := 0; i < len(s); {
		e := next(s, i)
		out = append(out, s[i:e])
		i = e
	}
	return out
}

// contractionFold matches (?i:'s|'t|'re|'ve|'m|'ll|'d) (equivalently
// '(?i:[sdmt]|ll|ve|re)) at offset i and returns its length, or 0. Case
// folding is Unicode simple folding, as in Rust's regex: 's' also matches
// U+017F LATIN SMALL LETTER LONG S (bytes C5 BF).
func contractionFold(s string, i int) int {
	if i >= len(s) || s[i] != '\'' || i+1 >= len(s) {
		return 0
	}
	switch s[i+1] {
	case 's', 'S', 'd', 'D', 'm', 'M', 't', 'T':
		return 2
	case 0xC5:
		if i+2 < len(s) && s[i+2] == 0xBF {
			return 3
		}
		return 0
	}
	if i+2 >= len(s) {
		return 0
	}
	a, b := s[i+1]|0x20, s[i+2]|0x20
	switch {
	case a == 'l' && b == 'l', a == 'v' && b == 'e', a == 'r' && b == 'e':
		return 3
	}
	return 0
}

// contractionExact matches '(?:[sdmt]|ll|ve|re) (case-sensitive) at offset i.
func contractionExact(s string, i int) int {
	if i+1 >= len(s) || s[i] != '\'' {
		return 0
	}
	switch s[i+1] {
	case 's', 'd', 'm', 't':
		return 2
	}
	if i+2 >= len(s) {
		return 0
	}
	switch s[i+1 : i+3] {
	case "ll", "ve", "re":
		return 3
	}
	return 0
}

// runOf returns the end of the run of runes, starting at i, whose class has
// any bit of mask.
func runOf(s string, i int, mask uint8) int {
	for i < len(s) {
		b := s[i]
		if b < 0x80 {
			if asciiClass[b]&mask == 0 {
				return i
			}
			i++
			continue
		}
		_, c, w := decodeAt(s, i)
		if c&mask == 0 {
			return i
		}
		i += w
	}
	return i
}

// qRun returns the end of the run of [^\s\p{L}\p{N}] runes starting at i.
func qRun(s string, i int) int {
	for i < len(s) {
		b := s[i]
		if b < 0x80 {
			if !isQ(asciiClass[b]) {
				return i
			}
			i++
			continue
		}
		_, c, w := decodeAt(s, i)
		if !isQ(c) {
			return i
		}
		i += w
	}
	return i
}

// crlfRun returns the end of the run of '\r', '\n' (and '/' if slash) bytes.
func crlfRun(s string, i int, slash bool) int {
	for i < len(s) {
		switch s[i] {
		case '\r', '\n':
			i++
		case '/':
			if !slash {
				return i
			}
			i++
		default:
			return i
		}
	}
	return i
}

// spaceRun scans the whitespace run starting at i (s[i] must be whitespace).
// It returns the run end, the offset just past the last '\r' or '\n' in the
// run (or -1), and the offset of the last rune of the run.
func spaceRun(s string, i int) (end, afterLastCRLF, lastStart int) {
	afterLastCRLF = -1
	lastStart = i
	for i < len(s) {
		b := s[i]
		if b < 0x80 {
			if asciiClass[b]&clsS == 0 {
				break
			}
			lastStart = i
			i++
			if b == '\r' || b == '\n' {
				afterLastCRLF = i
			}
			continue
		}
		_, c, w := decodeAt(s, i)
		if c&clsS == 0 {
			break
		}
		lastStart = i
		i += w
	}
	return i, afterLastCRLF, lastStart
}

// nextR50K implements PatternR50K.
func nextR50K(s string, i int) int {
	if n := contractionExact(s, i); n > 0 {
		return i + n
	}
	j := i
	if s[i] == ' ' && i+1 < len(s) {
		j = i + 1
	}
	_, c, w := decodeAt(s, j)
	switch {
	case c&clsL != 0: //  ?\p{L}++
		return runOf(s, j+w, clsL)
	case c&clsN != 0: //  ?\p{N}++
		return runOf(s, j+w, clsN)
	case isQ(c): //  ?[^\s\p{L}\p{N}]++
		return qRun(s, j+w)
	}
	// s[i] is whitespace: \s++$ | \s+(?!\S) | \s
	end, _, last := spaceRun(s, i)
	if end == len(s) {
		return end
	}
	if last > i {
		return last
	}
	_, _, w0 := decodeAt(s, i)
	return i + w0
}

// nextCL100K implements PatternCL100K.
func nextCL100K(s string, i int) int {
	if n := contractionFold(s, i); n > 0 {
		return i + n
	}
	_, c0, w0 := decodeAt(s, i)
	// [^\r\n\p{L}\p{N}]?+\p{L}++
	if c0&clsL != 0 {
		return runOf(s, i+w0, clsL)
	}
	if c0&(clsN|clsCRLF) == 0 && i+w0 < len(s) {
		if _, c1, w1 := decodeAt(s, i+w0); c1&clsL != 0 {
			return runOf(s, i+w0+w1, clsL)
		}
	}
	// \p{N}{1,3}+
	if c0&clsN != 0 {
		e := i + w0
		for k := 0; k < 2 && e < len(s); k++ {
			_, c, w := decodeAt(s, e)
			if c&clsN == 0 {
				break
			}
			e += w
		}
		return e
	}
	//  ?[^\s\p{L}\p{N}]++[\r\n]*+
	if isQ(c0) {
		return crlfRun(s, qRun(s, i+w0), false)
	}
	if s[i] == ' ' && i+1 < len(s) {
		if _, c1, w1 := decodeAt(s, i+1); isQ(c1) {
			return crlfRun(s, qRun(s, i+1+w1), false)
		}
	}
	// c0 is whitespace: \s++$ | \s*[\r\n] | \s+(?!\S) | \s
	end, afterCRLF, last := spaceRun(s, i)
	if end == len(s) {
		return end
	}
	if afterCRLF > 0 {
		return afterCRLF
	}
	if last > i {
		return last
	}
	return i + w0
}

// o200kLetters1 matches [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|...)?
// at j with backtracking semantics, returning the end or -1.
func o200kLetters1(s string, j int) int {
	// Greedy U*: scan the U run, remembering the last rune that is also W.
	k := j
	lastWEnd := -1
	for k < len(s) {
		_, c, w := decodeAt(s, k)
		if c&clsU == 0 {
			break
		}
		k += w
		if c&clsW != 0 {
			lastWEnd = k
		}
	}
	if k < len(s) {
		if _, c, w := decodeAt(s, k); c&clsW != 0 {
			// W+ from k (greedy), then the optional contraction.
			e := runOf(s, k+w, clsW)
			return e + contractionFold(s, e)
		}
	}
	if lastWEnd < 0 {
		return -1
	}
	// Backtrack U* to the last rune that is also in W; W+ is that one rune.
	return lastWEnd + contractionFold(s, lastWEnd)
}

// o200kLetters2 matches [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|...)?
// at j, returning the end or -1.
func o200kLetters2(s string, j int) int {
	k := runOf(s, j, clsU)
	if k == j {
		return -1
	}
	e := runOf(s, k, clsW)
	return e + contractionFold(s, e)
}

// nextO200K implements PatternO200K.
func nextO200K(s string, i int) int {
	_, c0, w0 := decodeAt(s, i)
	// Fast path: a lowercase ASCII letter starts alternative 1 directly.
	if c0&(clsU|clsW) != 0 || c0&(clsCRLF|clsL|clsN) == 0 {
		prefix := c0&(clsCRLF|clsL|clsN) == 0 // [^\r\n\p{L}\p{N}] can be taken
		if prefix && i+w0 < len(s) {
			if e := o200kLetters1(s, i+w0); e >= 0 {
				return e
			}
		}
		if e := o200kLetters1(s, i); e >= 0 {
			return e
		}
		if prefix && i+w0 < len(s) {
			if e := o200kLetters2(s, i+w0); e >= 0 {
				return e
			}
		}
		if e := o200kLetters2(s, i); e >= 0 {
			return e
		}
	}
	// \p{N}{1,3}
	if c0&clsN != 0 {
		e := i + w0
		for k := 0; k < 2 && e < len(s); k++ {
			_, c, w := decodeAt(s, e)
			if c&clsN == 0 {
				break
			}
			e += w
		}
		return e
	}
	//  ?[^\s\p{L}\p{N}]+[\r\n/]*
	if isQ(c0) {
		return crlfRun(s, qRun(s, i+w0), true)
	}
	if s[i] == ' ' && i+1 < len(s) {
		if _, c1, w1 := decodeAt(s, i+1); isQ(c1) {
			return crlfRun(s, qRun(s, i+1+w1), true)
		}
	}
	// c0 is whitespace: \s*[\r\n]+ | \s+(?!\S) | \s+
	end, afterCRLF, last := spaceRun(s, i)
	if afterCRLF > 0 {
		return afterCRLF
	}
	if end == len(s) {
		return end
	}
	if last > i {
		return last
	}
	return end
}
