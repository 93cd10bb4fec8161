package jsonstream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// collect renders what Read yields, one string a step: "POS INDEX DATA"
// or "POS INDEX DATA ! ERR".
func collect(t *testing.T, r io.Reader, opts Options) []string {
	t.Helper()
	var got []string
	for d, err := range Read(r, opts) {
		s := fmt.Sprintf("%s@%d #%d %s", d.Position, d.Offset, d.Index, d.Data)
		if err != nil {
			s += " ! " + err.Error()
		}
		got = append(got, s)
	}
	return got
}

func TestRead(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts Options
		want []string // worked out by hand from the input
	}{
		{"jsonl", "{\"a\":1}\n\n  [2, 3]\r\n\"s\"\n", Options{Name: "f"},
			[]string{`f:1:1@0 #0 {"a":1}`, `f:3:3@11 #1 [2, 3]`, `f:4:1@19 #2 "s"`}},
		{"jsonl without final newline", `{"a":1}` + "\n" + `{"b":2}`, Options{},
			[]string{`1:1@0 #0 {"a":1}`, `2:1@8 #1 {"b":2}`}},
		{"jsonl broken line goes on", "{\"a\":1}\n{\"a\":\n{\"a\" 1}\n{\"a\":1} x\n7\n", Options{},
			[]string{
				`1:1@0 #0 {"a":1}`,
				`2:1@8 #1 {"a": ! 2:6: unexpected end of line in an object (JSONL holds one whole document per line)`,
				`3:1@14 #2 {"a" 1} ! 3:6: invalid character '1' after object key`,
				`4:1@22 #3 {"a":1} x ! 4:9: invalid character 'x' after the document (JSONL holds one document per line)`,
				`5:1@32 #4 7`,
			}},
		{"jsonl literals", "true\nnul\n-01\n1.5e+3\n", Options{Format: JSONL},
			[]string{
				`1:1@0 #0 true`,
				`2:1@5 #1 nul ! 2:1: invalid literal "nul": want true, false, null or a number`,
				`3:1@9 #2 -01 ! 3:1: invalid literal "-01": want true, false, null or a number`,
				`4:1@13 #3 1.5e+3`,
			}},
		{"sequence", "{\n  \"a\": [1,\n 2]\n}\n{\"b\":\"}\"}  7 \"x\"", Options{Name: "s"},
			[]string{`s:1:1@0 #0 {` + "\n" + `  "a": [1,` + "\n" + ` 2]` + "\n}", `s:5:1@19 #1 {"b":"}"}`, `s:5:12@30 #2 7`, `s:5:14@32 #3 "x"`}},
		{"sequence concatenated", `{}{}[]`, Options{Format: Sequence},
			[]string{`1:1@0 #0 {}`, `1:3@2 #1 {}`, `1:5@4 #2 []`}},
		{"sequence truncated", "{\n \"a\": [1,\n", Options{},
			[]string{"1:1@0 #0 {\n \"a\": [1,\n ! 3:1: unexpected end of input in an array"}},
		{"sequence broken keeps the rest", "{\"a\":\n 1}\n{\"b\" 2}\n{\"c\":3}\n", Options{},
			[]string{`1:1@0 #0 {"a":` + "\n" + ` 1}`, "3:1@10 #1 {\"b\" 2}\n{\"c\":3}\n ! 3:6: invalid character '2' after object key"}},
		{"string escapes", `["a\"]\\",` + "\n" + `"\q"]`, Options{},
			[]string{`1:1@0 #0 ["a\"]\\",` + "\n" + `"\q"] ! 2:3: invalid character 'q' in string escape code`}},
		{"control character", "{\"a\":\"x\ty\"}\n", Options{},
			[]string{"1:1@0 #0 {\"a\":\"x\ty\"} ! 1:8: invalid control character 0x9 in a string"}},
		{"elements of an array", "[\n  {\"a\":1},\n  [2],\n  3\n]\n{\"b\":4}\n", Options{Elements: true, Name: "a"},
			[]string{`a:2:3@4 #0 {"a":1}`, `a:3:3@15 #1 [2]`, `a:4:3@22 #2 3`, `a:6:1@26 #3 {"b":4}`}},
		{"elements of an array whose first line holds one", "[{\"a\":1},\n {\"b\":2}]\n", Options{Elements: true},
			[]string{`1:2@1 #0 {"a":1}`, `2:2@11 #1 {"b":2}`}},
		{"elements of jsonl arrays", "[1, {\"x\":[]}]\n[]\n{\"y\":2}\n", Options{Elements: true},
			[]string{`1:2@1 #0 1`, `1:5@4 #1 {"x":[]}`, `3:1@17 #2 {"y":2}`}},
		{"elements: missing comma", "[\n {\"a\":1}\n {\"b\":2}\n]", Options{Elements: true},
			[]string{`2:2@3 #0 {"a":1}`, "3:2@12 #1 {\"b\":2}\n] ! 3:2: invalid character '{' after array element"}},
		{"arrays whole without Elements", "[\n 1,\n 2\n]\n", Options{},
			[]string{"1:1@0 #0 [\n 1,\n 2\n]"}},
		{"blank", " \n\t\r\n", Options{}, nil},
		{"empty", "", Options{}, nil},
		{"NaN is not JSON", `{"a":NaN}`, Options{},
			[]string{`1:1@0 #0 {"a":NaN} ! 1:6: invalid character 'N' looking for the beginning of a value`}},
		{"byte-order mark", "\ufeff{}\n{}\n", Options{},
			[]string{"1:1@0 #0 \ufeff{} ! 1:1: invalid character byte 0xef looking for the beginning of a value", `2:1@6 #1 {}`}},
		{"line too large", "{\"a\":\"0123456789\"}\n{}\n", Options{MaxSize: 10},
			[]string{`1:1@0 #0  ! 1:1: line larger than 10 bytes`, `2:1@19 #1 {}`}},
		{"document too large", "{\n\"a\":\"0123456789\"}\n", Options{MaxSize: 10, Format: Sequence},
			[]string{`1:1@0 #0  ! 1:1: document larger than 10 bytes`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// One byte a read too: the bounds must not depend on how the
			// input arrives.
			for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.OneByteReader(strings.NewReader(tt.in))} {
				got := collect(t, r, tt.opts)
				if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
					t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
				}
			}
		})
	}
}

func TestReadErrorsAreTyped(t *testing.T) {
	var syntax, large *Error
	for _, err := range Read(strings.NewReader("{]\n"), Options{}) {
		if !errors.As(err, &syntax) || !errors.Is(err, ErrSyntax) {
			t.Fatalf("%v: want an *Error wrapping ErrSyntax", err)
		}
	}
	if syntax == nil || syntax.Line != 1 || syntax.Column != 2 {
		t.Fatalf("fault %+v, want line 1 column 2", syntax)
	}
	for _, err := range Read(strings.NewReader(`[1,2,3]`), Options{MaxSize: 3}) {
		if !errors.As(err, &large) || !errors.Is(err, ErrTooLarge) {
			t.Fatalf("%v: want an *Error wrapping ErrTooLarge", err)
		}
	}
	boom := errors.New("boom")
	n := 0
	for d, err := range Read(io.MultiReader(strings.NewReader("{}\n{\"a\""), iotest.ErrReader(boom)), Options{}) {
		n++
		if n == 1 && (err != nil || string(d.Data) != "{}") {
			t.Fatalf("first step %q %v", d.Data, err)
		}
		if n == 2 && !errors.Is(err, boom) {
			t.Fatalf("second step: %v, want the read error", err)
		}
	}
	if n != 2 {
		t.Fatalf("%d steps, want 2", n)
	}
}

// TestReadLongLine reads JSONL whose second line is 1.4 MB, longer than
// bufio.Scanner's 64 KiB token limit.
func TestReadLongLine(t *testing.T) {
	big := `{"content":"` + strings.Repeat("x", 1400_000) + `","type":"UserMessage"}`
	in := `{"a":1}` + "\n" + big + "\n" + `{"b":2}` + "\n"
	var sizes []int
	for d, err := range Read(strings.NewReader(in), Options{}) {
		if err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, len(d.Data))
		if d.Index == 2 && (d.Line != 3 || d.Offset != int64(8+len(big)+1)) {
			t.Errorf("third document at %v offset %d", d.Position, d.Offset)
		}
	}
	if fmt.Sprint(sizes) != fmt.Sprint([]int{7, len(big), 7}) {
		t.Fatalf("sizes %v", sizes)
	}
}

// TestReadStopsEarly checks that a loop that breaks stops the reading.
func TestReadStopsEarly(t *testing.T) {
	n := 0
	for range Read(strings.NewReader("1\n2\n3\n"), Options{}) {
		n++
		break
	}
	if n != 1 {
		t.Fatal(n)
	}
}

// TestReadYieldsBeforeMore checks that a JSONL line is yielded as soon as
// its newline arrives, before the reader waits for more input (what
// 'tail -f | prog' needs).
func TestReadYieldsBeforeMore(t *testing.T) {
	pr, pw := io.Pipe()
	defer pr.Close()
	docs := make(chan string)
	go func() {
		defer close(docs)
		for d, err := range Read(pr, Options{}) {
			if err != nil {
				return
			}
			docs <- string(d.Data)
		}
	}()
	for _, line := range []string{`{"a":1}`, `{"b":2}`} {
		if _, err := pw.Write([]byte(line + "\n")); err != nil {
			t.Fatal(err)
		}
		if got := <-docs; got != line {
			t.Fatalf("got %q, want %q", got, line)
		}
	}
	pw.Close()
	if _, ok := <-docs; ok {
		t.Fatal("a document after the end")
	}
}

// TestReadConstantMemory reads 64 MB of JSONL through a reader that holds
// nothing and checks the buffer never grows past a few lines.
func TestReadConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MB of input")
	}
	line := []byte(`{"content":"` + strings.Repeat("y", 1000) + `"}` + "\n")
	r := &repeat{line: line, left: (64 << 20) / len(line) * len(line)}
	rd := &reader{r: r, max: DefaultMaxSize, line: 1, docStart: -1}
	n := 0
	rd.jsonl(func(d Document, err error) bool {
		if err != nil {
			t.Fatal(err)
		}
		n++
		return true
	})
	if want := (64 << 20) / len(line); n != want {
		t.Fatalf("%d documents, want %d", n, want)
	}
	if len(rd.buf) > 128<<10 {
		t.Fatalf("buffer grew to %d bytes", len(rd.buf))
	}
	r = &repeat{line: []byte(strings.Repeat(`{"a":[1,2,{"b":"c"}]},`, 100) + "\n"), left: 64 << 20}
	rd = &reader{r: io.MultiReader(strings.NewReader("["), r), max: DefaultMaxSize, line: 1, docStart: -1, opts: Options{Elements: true}}
	n = 0
	rd.sequence(func(d Document, err error) bool {
		if err != nil && !errors.Is(err, ErrSyntax) { // the array never closes
			t.Fatal(err)
		}
		n++
		return true
	})
	if len(rd.buf) > 128<<10 {
		t.Fatalf("buffer grew to %d bytes reading the elements of a 64 MB array", len(rd.buf))
	}
}

// TestReadBlankFloodConstantMemory reads 64 MB of white space (spaces, and
// blank lines) before, between and after documents, detected as the
// format is (Auto): the buffer stays a few lines long, and the documents
// after the flood are at their true line and column.
func TestReadBlankFloodConstantMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("64 MB of input")
	}
	const flood = 64 << 20
	for _, tc := range []struct {
		name        string
		blank       string
		before      string
		line, col   int
		after, desc string
	}{
		{"spaces first", " ", "", 1, flood + 1, "{}\n[1]\n", "JSONL after leading spaces"},
		{"blank lines first", "\n", "", flood + 1, 1, "{}\n[1]\n", "JSONL after blank lines"},
		{"spaces between lines", " ", "{}\n", 2, flood + 1, "{}\n", "a blank start of a JSONL line"},
		{"a sequence after blank lines", "\n", "", flood + 1, 1, "{\n}\n", "a document over two lines"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := io.MultiReader(strings.NewReader(tc.before), &repeat{line: []byte(tc.blank), left: flood}, strings.NewReader(tc.after))
			var last Document // the first document after the flood
			wantIndex := 0
			if tc.before != "" {
				wantIndex = 1
			}
			var maxBuf int
			rd := &reader{r: in, max: DefaultMaxSize, line: 1, docStart: -1}
			yield := func(d Document, err error) bool {
				if err != nil {
					t.Fatal(err)
				}
				maxBuf = max(maxBuf, len(rd.buf))
				if d.Index == wantIndex {
					last = d
				}
				return true
			}
			if rd.detect() == JSONL {
				rd.jsonl(yield)
			} else {
				rd.sequence(yield)
			}
			maxBuf = max(maxBuf, len(rd.buf))
			if maxBuf > 256<<10 {
				t.Errorf("%s: buffer grew to %d bytes", tc.desc, maxBuf)
			}
			if last.Line != tc.line || last.Column != tc.col {
				t.Errorf("%s: the document after the flood at %d:%d, want %d:%d", tc.desc, last.Line, last.Column, tc.line, tc.col)
			}
		})
	}
}

type repeat struct {
	line []byte
	left int
	off  int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && r.left > 0 {
		c := copy(p[n:min(len(p), n+r.left)], r.line[r.off:])
		n += c
		r.left -= c
		r.off = (r.off + c) % len(r.line)
	}
	return n, nil
}

func TestLocate(t *testing.T) {
	d := Document{Position: Position{File: "f", Line: 3, Column: 5, Offset: 40}, Data: []byte("{\n  \"a\": 1,\n  \"b\"\n}")}
	tests := []struct {
		line, col int
		want      string
		off       int64
	}{
		{1, 1, "f:3:5", 40},
		{2, 3, "f:4:3", 44},
		{3, 3, "f:5:3", 54},
	}
	for _, tt := range tests {
		p := d.Locate(tt.line, tt.col)
		if p.String() != tt.want || p.Offset != tt.off {
			t.Errorf("Locate(%d, %d) = %v @%d, want %s @%d", tt.line, tt.col, p, p.Offset, tt.want, tt.off)
		}
		if got := d.Data[p.Offset-d.Offset]; tt.line > 1 && got != '"' {
			t.Errorf("Locate(%d, %d) points at %q", tt.line, tt.col, got)
		}
	}
}

func TestFormatString(t *testing.T) {
	for f, want := range map[Format]string{Auto: "auto", JSONL: "jsonl", Sequence: "sequence", 7: "Format(7)"} {
		if f.String() != want {
			t.Errorf("%d: %q", int(f), f.String())
		}
	}
}

var _ = bytes.Equal

func TestReadElementIndexes(t *testing.T) {
	tests := []struct {
		in   string
		want string // the Element of each document, by hand
	}{
		{"[\n {\"a\":1},\n 2,\n [3]\n]\n{}\n[4]", "0 1 2 -1 0"},
		{"[1,2]\n[3]\n{}\n", "0 1 0 -1"},
	}
	for _, tt := range tests {
		var got []string
		for d, err := range Read(strings.NewReader(tt.in), Options{Elements: true}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprint(d.Element))
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q: elements %v, want %s", tt.in, got, tt.want)
		}
	}
	// A fault inside an element names the element.
	for d, err := range Read(strings.NewReader("[\n1,\n{\"a\" 2}]"), Options{Elements: true}) {
		if err != nil && (d.Element != 1 || d.Line != 3) {
			t.Errorf("fault in the second element: Element %d at line %d", d.Element, d.Line)
		}
	}
	for d := range Read(strings.NewReader("[1]"), Options{}) {
		if d.Element != -1 {
			t.Errorf("without Elements, Element %d", d.Element)
		}
	}
}

// TestAutoLineSizeFromFirstNonBlank: Auto measures the first line against
// MaxSize as JSONL does, from its first byte that is not blank, however
// the input arrives. The line " 0000000000000000" is 17 bytes with its
// leading space and 16 without: with MaxSize 16 it is not too large, read
// at once or a byte at a time (before, read at once, Auto counted the
// space, took the input for JSONL and yielded two documents; a byte at a
// time it yielded one). Found by FuzzRead.
func TestAutoLineSizeFromFirstNonBlank(t *testing.T) {
	in := []byte(" 0000000000000000\n0")
	opts := Options{Name: "f", MaxSize: 16}
	read := func(r io.Reader) (out []string) {
		for d, err := range Read(r, opts) {
			if errors.Is(err, ErrTooLarge) {
				t.Errorf("document at %d: %v", d.Offset, err)
			}
			out = append(out, fmt.Sprintf("%d %q", d.Offset, d.Data))
		}
		return out
	}
	atOnce := read(bytes.NewReader(in))
	oneByte := read(iotest.OneByteReader(bytes.NewReader(in)))
	if !slices.Equal(atOnce, oneByte) || len(atOnce) == 0 || atOnce[0] != `1 "0000000000000000"` {
		t.Errorf("at once %q, a byte at a time %q", atOnce, oneByte)
	}
}

// countingReader gives n bytes of c, counting what was read.
type countingReader struct {
	c    byte
	n    int
	read int
}

func (r *countingReader) Read(p []byte) (int, error) {
	if r.read >= r.n {
		return 0, io.EOF
	}
	k := min(len(p), r.n-r.read)
	for i := range p[:k] {
		p[i] = r.c
	}
	r.read += k
	return k, nil
}

// TestReadTooLongLineReportedAtOnce: a JSONL line over MaxSize is reported
// as soon as it passes MaxSize, before the rest of it is read (and
// skipped), so an endless one (/dev/zero given to normalize) is reported
// too. The line here is 16 MiB against a limit of 64 KiB; it used to be
// read to its end first.
func TestReadTooLongLineReportedAtOnce(t *testing.T) {
	r := &countingReader{c: 'x', n: 16 << 20}
	for d, err := range Read(r, Options{Format: JSONL, MaxSize: 64 << 10}) {
		if !errors.Is(err, ErrTooLarge) || d.Line != 1 {
			t.Fatalf("got %v at %v; want the line too large", err, d.Position)
		}
		if r.read > 1<<20 {
			t.Errorf("reported after %d bytes of the line were read; want it at 64 KiB and a read more", r.read)
		}
		break
	}
}
