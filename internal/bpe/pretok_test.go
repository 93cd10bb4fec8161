package bpe

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// Official tiktoken 0.14 patterns, translated for regexp2 (.NET syntax):
//   - possessive quantifiers X?+ X++ X*+ X{1,3}+ become atomic groups (?>X?) ...,
//   - $ (end of text in Rust's regex) becomes \z (.NET's $ also matches
//     before a final "\n"),
//   - (?i:...) becomes explicit classes with Unicode simple case folding as
//     Rust's regex does it ('s' also matches U+017F; regexp2 uses ToLower).
var refPatterns = map[Pattern]string{
	PatternR50K: `'(?:[sdmt]|ll|ve|re)| ?(?>\p{L}+)| ?(?>\p{N}+)| ?(?>[^\s\p{L}\p{N}]+)|(?>\s+)\z|\s+(?!\S)|\s`,
	PatternCL100K: `'(?:[sSſdDmMtT]|[lL][lL]|[vV][eE]|[rR][eE])|(?>[^\r\n\p{L}\p{N}]?)(?>\p{L}+)|(?>\p{N}{1,3})` +
		`| ?(?>[^\s\p{L}\p{N}]+)(?>[\r\n]*)|(?>\s+)\z|\s*[\r\n]|\s+(?!\S)|\s`,
	PatternO200K: strings.Join([]string{
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` + refContraction + `?`,
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` + refContraction + `?`,
		`\p{N}{1,3}`,
		` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
		`\s*[\r\n]+`,
		`\s+(?!\S)`,
		`\s+`,
	}, "|"),
}

// (?i:'s|'t|'re|'ve|'m|'ll|'d)
const refContraction = `(?:'[sSſ]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])`

var refRegexps = map[Pattern]*regexp2.Regexp{}

func refRegexp(p Pattern) *regexp2.Regexp {
	if re, ok := refRegexps[p]; ok {
		return re
	}
	re := regexp2.MustCompile(refPatterns[p], regexp2.None)
	refRegexps[p] = re
	return re
}

// refSplit splits s with the regexp2 reference (s must be valid UTF-8).
func refSplit(t testing.TB, p Pattern, s string) []string {
	re := refRegexp(p)
	var out []string
	m, err := re.FindStringMatch(s)
	for ; m != nil && err == nil; m, err = re.FindNextMatch(m) {
		out = append(out, m.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var allPatterns = []Pattern{PatternR50K, PatternCL100K, PatternO200K}

func patternName(p Pattern) string {
	return [...]string{"r50k", "cl100k", "o200k"}[p]
}

func checkSplit(t *testing.T, s string) {
	t.Helper()
	for _, p := range allPatterns {
		got := p.Split(s)
		if strings.Join(got, "") != s {
			t.Fatalf("%s: pieces do not cover %q: %q", patternName(p), s, got)
		}
		if !utf8.ValidString(s) {
			continue
		}
		want := refSplit(t, p, s)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s split of %q\n got %q\nwant %q", patternName(p), s, got, want)
		}
	}
}

// Interesting characters for the pre-tokenizers: every class boundary.
var trickyRunes = []rune{
	'a', 'z', 'A', 'Z', 'q', 'Q', '0', '9', ' ', ' ', ' ', '\t', '\n', '\r', '\v', '\f',
	'\'', '\'', '"', '.', ',', '/', '/', '\\', '-', '_', '!', '?', '(', ')', '<', '|', '>',
	's', 'S', 't', 'T', 'd', 'D', 'm', 'M', 'l', 'L', 'v', 'V', 'e', 'E', 'r', 'R',
	'ſ',           // U+017F folds to s
	'K',           // U+212A KELVIN SIGN (Lu) folds to k
	'é', 'É', 'ß', // Ll, Lu, Ll
	'ǅ',           // U+01C5 Lt
	'ʰ',           // U+02B0 Lm
	'ª',           // U+00AA Lo
	'中', '文', 'あ', // Lo
	'\u0301', '\u0308', // Mn combining marks
	'\u0903',           // Mc
	'\u20DD',           // Me
	'٣', '８', 'Ⅻ', '½', // Nd, Nd, Nl, No
	'\u0085', '\u00A0', '\u1680', '\u2000', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', // White_Space
	'\uFEFF', '\u200B', '\u001C', '\u001F', '\u180E', // not White_Space
	'😀', '👍', '\U0001F3FD', '\u200D', '🇺', // emoji, modifier, ZWJ, regional
	'𝔘',                                // U+1D518 Lu (astral)
	'𝔫',                                // Ll astral
	'𠜎',                                // Lo astral
	'\U0001D7D8',                       // Nd astral
	'\x00', '\x7f', '\uFFFD', '\u00AD', // controls, replacement, soft hyphen (Cf)
}

func randomTricky(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		switch rng.IntN(10) {
		case 0: // a run of one rune
			r := trickyRunes[rng.IntN(len(trickyRunes))]
			for k := rng.IntN(6); k >= 0; k-- {
				b.WriteRune(r)
			}
		case 1: // a contraction
			b.WriteString([]string{"'s", "'S", "'ll", "'LL", "'Ve", "'re", "'d", "'M", "'t", "'ſ", "'x"}[rng.IntN(11)])
		default:
			b.WriteRune(trickyRunes[rng.IntN(len(trickyRunes))])
		}
	}
	return b.String()
}

func TestSplitKnown(t *testing.T) {
	cases := []string{
		"", "a", " ", "  ", "\n", "x\n  ", "x \n\n   ", "a  \u0085  b \u0085\u0085\u0085 x",
		"Hello world", "HELLO World HeLLo", "I'll we've they're DON'T it's O'Neil's 'tis",
		"'ſ", "abc'ſ", "ABC'S", "ÉCOLE'S", "1234567", "path/to/file\n/usr/bin//\n",
		"a\u0301\u0301b", "\u0301\u0301", "\u0301A", " \u0301", "ǅa", "ǅ", "ʰA", "Aʰ", "AʰB", "AB\u0301C",
		"l1\r\nl2\r\n\r\nl3", " \t\n\r\n ", "end \u0085 ", "x \ufeff\ufeff y end\ufeff",
		"  \n  x", "a\n\n b", "!!!??? ... --- *** ((( ))) <<< >>> ``` /// \\\\ |||",
		"😀😂🥲👍🏽👨\u200d👩\u200d👧", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎𠜱𠝹 𐍈", "\u3000\u3000x", "x\u3000\u3000",
	}
	for _, s := range cases {
		checkSplit(t, s)
	}
	// A few splits spelled out, so that the reference itself is checked.
	for _, tc := range []struct {
		p    Pattern
		s    string
		want []string
	}{
		{PatternCL100K, "x\n  ", []string{"x", "\n  "}},
		{PatternO200K, "x\n  ", []string{"x", "\n", "  "}},
		{PatternCL100K, "a  b", []string{"a", " ", " b"}},
		{PatternCL100K, "don'ſ", []string{"don", "'ſ"}},
		{PatternO200K, "don'ſ x", []string{"don'ſ", " x"}},
		{PatternO200K, "HELLO World", []string{"HELLO", " World"}},
		{PatternO200K, "AʰB", []string{"Aʰ", "B"}},
		{PatternR50K, "I'LL 123", []string{"I", "'", "LL", " 123"}},
		{PatternO200K, "a/b//\n", []string{"a", "/b", "//\n"}},
	} {
		if got := tc.p.Split(tc.s); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %q: %q, want %q", patternName(tc.p), tc.s, got, tc.want)
		}
		if got := refSplit(t, tc.p, tc.s); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("reference %s %q: %q, want %q", patternName(tc.p), tc.s, got, tc.want)
		}
	}
}

func TestSplitRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	n := 3000
	if testing.Short() || raceEnabled {
		n = 300
	}
	for i := 0; i < n; i++ {
		checkSplit(t, randomTricky(rng, 1+rng.IntN(40)))
	}
}

// TestSplitAllBMP runs every BMP rune (and a sample of astral ones) through
// the scanners next to letters, an upper-case letter, a contraction, digits
// and whitespace. Under -short and -race (where the full sweep takes
// minutes) it checks every 13th rune instead of every one.
func TestSplitAllBMP(t *testing.T) {
	stride := rune(1)
	if testing.Short() || raceEnabled {
		stride = 13
	}
	var b strings.Builder
	for r := rune(0); r < 0x30000; r++ {
		if r >= 0xD800 && r <= 0xDFFF || r >= 0x10000 && r%61 != 0 || r%stride != 0 {
			continue
		}
		b.WriteRune(r)
		b.WriteString("a")
		b.WriteRune(r)
		b.WriteString("A'S")
		b.WriteRune(r)
		b.WriteString(" 1\n")
		if b.Len() > 16000 {
			checkSplit(t, b.String())
			b.Reset()
		}
	}
	checkSplit(t, b.String())
}

// FuzzSplit compares the hand-written scanners with regexp2 running the
// official patterns, and checks that the pieces cover the input.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"Hello world", "x\n  ", "'ſ ABC'S", "a\u0301B\u0301", " \u0085\u00a0x", "😀 1234"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkSplit(t, s)
	})
}
