package wire

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// strDoc is a JSON array of the strings texts(i) for i in [0, n), each
// written with escapes where escaped(i).
func strDoc(n int, text func(i int) string, escaped func(i int) bool) []byte {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		s := text(i)
		if escaped(i) {
			// "\n" in the text is written as the escape \n, "é" as \u00e9.
			s = strings.NewReplacer("\n", `\n`, "é", `\u00e9`).Replace(s)
		}
		b.WriteString(`"` + s + `"`)
	}
	b.WriteByte(']')
	return []byte(b.String())
}

// readStrs decodes a document strDoc wrote with d, collecting its strings.
func readStrs(t *testing.T, d *Decoder) []string {
	t.Helper()
	var out []string
	d.DecodeDocument(DecodeFunc(func(d *Decoder) {
		if d.Array() {
			for d.More() {
				out = append(out, d.Str())
			}
		}
	}))
	if err := d.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStrBlockStringsStay: strings made in the decoder's block keep their
// text while the decoder goes on making strings, over many blocks and many
// documents (the input of each document is overwritten after it is
// read), for plain, escaped, short (interned), long (allocated alone)
// strings and strings that do not fit in what is left of a block.
func TestStrBlockStringsStay(t *testing.T) {
	text := func(doc int) func(i int) string {
		return func(i int) string {
			switch i % 5 {
			case 0: // short: interned
				return fmt.Sprintf("s%d", i%7)
			case 1: // escaped, with a newline and an é
				return fmt.Sprintf("doc %d line\n%d café", doc, i)
			case 2: // longer than a block's share: allocated alone
				return strings.Repeat(fmt.Sprintf("%d-%d|", doc, i), strBlockMaxString/4)
			case 3: // exactly the longest string a block takes
				p := fmt.Sprintf("%d.%d:", doc, i)
				return p + strings.Repeat("x", strBlockMaxString-len(p))
			}
			return fmt.Sprintf("document %d string %d: some tens of bytes of text", doc, i)
		}
	}
	escaped := func(i int) bool { return i%5 == 1 }
	d := NewDecoder(nil, Options{})
	var got, want []string
	for doc := range 20 {
		data := strDoc(40, text(doc), escaped)
		d.Reset(data)
		got = append(got, readStrs(t, d)...)
		for i := range 40 {
			want = append(want, text(doc)(i))
		}
		clear(data) // the strings must not share the input's memory
	}
	if len(got) != len(want) {
		t.Fatalf("read %d strings, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("string %d is %.60q, want %.60q", i, got[i], want[i])
		}
	}
}

// TestStrBlockPlacement: a string of at most strBlockMaxString bytes goes
// into the current block after the last one; one that does not fit in what
// is left starts a new block; a longer one is not put in a block.
func TestStrBlockPlacement(t *testing.T) {
	d := NewDecoder(nil, Options{})
	a := d.newString([]byte(strings.Repeat("a", 100)))
	if len(d.block) != 100 || cap(d.block) != strBlock {
		t.Fatalf("after one string the block holds %d of %d bytes, want 100 of %d", len(d.block), cap(d.block), strBlock)
	}
	long := d.newString([]byte(strings.Repeat("L", strBlockMaxString+1)))
	if len(d.block) != 100 {
		t.Fatalf("a string of %d bytes went into the block (%d bytes used)", len(long), len(d.block))
	}
	for len(d.block)+strBlockMaxString <= strBlock {
		d.newString([]byte(strings.Repeat("m", strBlockMaxString)))
	}
	used := len(d.block)
	last := d.newString([]byte(strings.Repeat("z", strBlock-used+1)))
	if len(d.block) != strBlock-used+1 {
		t.Fatalf("a string of %d bytes with %d left in the block: the block holds %d bytes, want a new block", len(last), strBlock-used, len(d.block))
	}
	if a != strings.Repeat("a", 100) || long != strings.Repeat("L", strBlockMaxString+1) || last != strings.Repeat("z", strBlock-used+1) {
		t.Fatal("a string changed")
	}
	if d.newString(nil) != "" {
		t.Fatal("empty string")
	}
}

// TestStrBlockAllocs: 1,000 strings of 60 bytes cost one allocation per
// block they fill (60,000 / 8,192 bytes: 8 blocks), not one each.
func TestStrBlockAllocs(t *testing.T) {
	data := strDoc(1000, func(i int) string { return fmt.Sprintf("%060d", i) }, func(int) bool { return false })
	d := NewDecoder(data, Options{})
	out := make([]string, 0, 1000)
	allocs := testing.AllocsPerRun(1, func() {
		d.Reset(data)
		out = out[:0]
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			if d.Array() {
				for d.More() {
					out = append(out, d.Str())
				}
			}
		}))
	})
	// The path's first segment is allocated when d is new.
	if allocs > 9 {
		t.Fatalf("1,000 strings of 60 bytes took %v allocations, want at most 9", allocs)
	}
	if out[999] != fmt.Sprintf("%060d", 999) {
		t.Fatalf("last string %q", out[999])
	}
}

// TestStrBlockPooledConcurrent: decoders taken from the pool by several
// goroutines in turn share their blocks between documents; every string
// read keeps its text while others are made. (Run under -race.)
func TestStrBlockPooledConcurrent(t *testing.T) {
	const goroutines, docs = 4, 50
	var wg sync.WaitGroup
	errs := make(chan string, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			text := func(doc int) func(int) string {
				return func(i int) string { return fmt.Sprintf("goroutine %d document %d string %d é", g, doc, i) }
			}
			var kept [][]string
			for doc := range docs {
				var got []string
				err := Decode(strDoc(10, text(doc), func(i int) bool { return i%2 == 0 }), Options{}, func(d *Decoder) {
					if d.Array() {
						for d.More() {
							got = append(got, d.Str())
						}
					}
				})
				if err != nil {
					errs <- err.Error()
					return
				}
				kept = append(kept, got)
			}
			for doc, got := range kept {
				for i, s := range got {
					if s != text(doc)(i) {
						errs <- fmt.Sprintf("%q, want %q", s, text(doc)(i))
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestSmallInt: integers of up to 18 digits are read without allocating;
// anything else is left to ParseInt and the float rules.
func TestSmallInt(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true},
		{"-0", 0, true},
		{"7", 7, true},
		{"-42", -42, true},
		{"999999999999999999", 999999999999999999, true},
		{"-999999999999999999", -999999999999999999, true},
		{"1000000000000000000", 0, false}, // 19 digits
		{"1.0", 0, false},
		{"1e3", 0, false},
		{"-", 0, false},
		{"", 0, false},
	} {
		v, ok := smallInt([]byte(c.in))
		if v != c.want || ok != c.ok {
			t.Errorf("smallInt(%q) = %d, %v; want %d, %v", c.in, v, ok, c.want, c.ok)
		}
	}
	// Through Int: the small path and the others agree with Python's int().
	for in, want := range map[string]string{
		"12":                   "12",
		"-9223372036854775808": "-9223372036854775808",
		"9223372036854775808":  "9223372036854775808",
		"123456789012345678":   "123456789012345678",
		"3.0":                  "3",
	} {
		d := NewDecoder([]byte(in), Options{})
		if got := d.Int().String(); got != want || d.Err() != nil {
			t.Errorf("Int(%s) = %s (%v), want %s", in, got, d.Err(), want)
		}
	}
	seven := []byte("1234567")
	d := NewDecoder(seven, Options{})
	if a := testing.AllocsPerRun(10, func() { d.Reset(seven); d.Int() }); a != 0 {
		t.Errorf("Int of 7 digits allocated %v times", a)
	}
}

// TestStrAgreesWithRawString: Str (strValue: decoded into the block as it
// is scanned, or by valueString) gives the text, faults and end position
// that rawString gives, whatever is left of the block: plain, escaped,
// non-ASCII and long strings, strings cut by the end of the input, faults
// and the length limit.
func TestStrAgreesWithRawString(t *testing.T) {
	long := strings.Repeat("0123456789abcdef", strBlockMaxString/16)
	cases := []struct {
		name, json string
		maxLen     int
	}{
		{"plain", `"hello, world"`, 0},
		{"short", `"ab"`, 0},
		{"empty", `""`, 0},
		{"every one-letter escape", `"a\"b\\c\/d\be\ff\ng\rh\ti"`, 0},
		{"escape first and last", `"\nmiddle of the text\t"`, 0},
		{"unicode escape", `"caf\u00e9 and more text"`, 0},
		{"surrogate pair", `"\ud83d\ude00 grin"`, 0},
		{"non-ASCII", `"日本語のテキスト, é and 🚀"`, 0},
		{"invalid UTF-8", "\"abcdefghij\xffklm\"", 0},
		{"truncated rune", "\"abcdefghij\xe6\x97", 0},
		{"control character", "\"abcdefghijkl\x01\"", 0},
		{"bad escape", `"abcdefghij\x"`, 0},
		{"unterminated", `"abcdefghijklmnopqrstuvwxyz`, 0},
		{"escape cut", `"abcdefghij\`, 0},
		{"limit plain", `"abcdefghij"`, 5},
		{"limit escaped", `"ab\ncdefgh"`, 5},
		{"escaped within the limit", `"ab\n\n\n"`, 5},
		{"exactly the longest block string", `"` + long + `"`, 0},
		{"one byte longer", `"` + long + `x"`, 0},
		{"longer than a block", `"` + strings.Repeat(long, 5) + `"`, 0},
		{"long with escapes", `"` + strings.Repeat(`line\n`, 2000) + `"`, 0},
		// With 20 bytes left in the block: a string that fills them
		// exactly, one byte more, and one that fills them with an escape.
		{"fills the rest", `"0123456789abcdefghij"`, 0},
		{"one more than the rest", `"0123456789abcdefghijk"`, 0},
		{"escape at the rest's end", `"0123456789abcdefghi\n"`, 0},
		{"escape after the rest", `"0123456789abcdefghij\n"`, 0},
	}
	for _, c := range cases {
		for _, used := range []int{-1, 0, 100, strBlock - strMinSpare - 1, strBlock - strBlockMaxString + 1, strBlock - 20} {
			t.Run(fmt.Sprintf("%s/block %d used", c.name, used), func(t *testing.T) {
				opts := Options{MaxStringLen: c.maxLen}
				got := strOutcome([]byte(c.json), opts, func(d *Decoder) (string, bool) {
					if used >= 0 {
						d.block = make([]byte, used, strBlock)
					}
					s := d.Str()
					return s, len(d.errs) == 0
				})
				want := strOutcome([]byte(c.json), opts, func(d *Decoder) (string, bool) {
					b, ok := d.rawString()
					return string(b), ok
				})
				if got != want {
					t.Fatalf("Str:       %.200s\nrawString: %.200s", got, want)
				}
			})
		}
	}
}

// TestStrInBlockCommits: a string read into the block takes exactly its
// bytes from the spare capacity, and a short one seen before takes none.
func TestStrInBlockCommits(t *testing.T) {
	data := []byte(`["a longer string with an\nescape","coder","coder"]`)
	d := NewDecoder(data, Options{})
	got := readStrs(t, d)
	want := []string{"a longer string with an\nescape", "coder", "coder"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("read %q, want %q", got, want)
	}
	if n := len(want[0]) + len(want[1]); len(d.block) != n {
		t.Fatalf("the block holds %d bytes, want %d", len(d.block), n)
	}
}

// TestStringMapEmpty: {} reads as an empty map, not nil, on the short way
// as on the long one ({ } with a space), and past the depth limit it is
// the same limit fault.
func TestStringMapEmpty(t *testing.T) {
	for _, in := range []string{`{}`, `{ }`, ` {}`} {
		d := NewDecoder([]byte(in), Options{})
		var m map[string]string
		d.DecodeDocument(DecodeFunc(func(d *Decoder) { m = d.StringMap() }))
		if m == nil || len(m) != 0 || d.Err() != nil {
			t.Errorf("%q: %v (nil %v), %v", in, m, m == nil, d.Err())
		}
	}
	for _, in := range []string{`[{}]`, `[{ }]`} {
		d := NewDecoder([]byte(in), Options{MaxDepth: 1})
		d.DecodeDocument(DecodeFunc(func(d *Decoder) {
			if d.Array() {
				for d.More() {
					d.StringMap()
				}
			}
		}))
		errs := d.Errors()
		if len(errs) != 1 || errs[0].Type != "limit" || errs[0].Offset != 1 {
			t.Errorf("%q at depth limit 1: %v, want one limit fault at offset 1", in, errs)
		}
	}
}
