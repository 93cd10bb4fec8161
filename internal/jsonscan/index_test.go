package jsonscan

import (
	"fmt"
	"strings"
	"testing"
)

// naive is the definition Index is tested against.
func naive(b []byte) int {
	for i, c := range b {
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
	}
	return len(b)
}

func TestIndex(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"a", 1},
		{`"`, 0},
		{`ab\c`, 2},
		{"plain text of more than sixteen bytes", 37},
		{"plain text of more than sixteen bytes\n", 37},
		{"sixteen bytes!!!\"", 16},
		{"fifteen bytes!!\t", 15},
		{"caf\u00e9", 3},
		{"\x7f\x20~", 3}, // DEL, space and tilde are plain
		{"\x1f", 0},
		{"\xff", 0},
		{strings.Repeat("x", 100) + `\`, 100},
		{strings.Repeat("x", 33) + "\x00" + strings.Repeat("y", 20), 33},
	}
	for _, tt := range tests {
		if got := IndexString(tt.in); got != tt.want {
			t.Errorf("IndexString(%q) = %d, want %d", tt.in, got, tt.want)
		}
		if got := Index([]byte(tt.in)); got != tt.want {
			t.Errorf("Index(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestIndexEveryPlace puts each kind of byte at each place of inputs of
// every length up to 70, at every offset from a 16-byte boundary, and
// compares Index and indexGeneric with naive.
func TestIndexEveryPlace(t *testing.T) {
	buf := make([]byte, 128)
	for _, c := range []byte{'"', '\\', 0, 0x1f, 0x20, 'a', 0x7f, 0x80, 0xc3, 0xff} {
		for off := 0; off < 16; off++ {
			for n := 0; n <= 70; n++ {
				for at := -1; at < n; at++ {
					b := buf[off : off+n]
					for i := range b {
						b[i] = 'x'
					}
					if at >= 0 {
						b[at] = c
					}
					want := naive(b)
					if got := Index(b); got != want {
						t.Fatalf("Index(%q) at offset %d = %d, want %d", b, off, got, want)
					}
					if got := indexGeneric(&buf[off], n); n > 0 && got != want {
						t.Fatalf("indexGeneric(%q) = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}

func FuzzIndex(f *testing.F) {
	for _, s := range []string{"", "abc", `a"b`, "x\\y", "\x00", "é", strings.Repeat("z", 40) + "\n"} {
		f.Add([]byte(s), uint8(0))
	}
	f.Fuzz(func(t *testing.T, b []byte, skip uint8) {
		b = b[min(int(skip), len(b)):]
		want := naive(b)
		if got := Index(b); got != want {
			t.Fatalf("Index(%q) = %d, want %d", b, got, want)
		}
		if got := IndexString(string(b)); got != want {
			t.Fatalf("IndexString(%q) = %d, want %d", b, got, want)
		}
		if len(b) > 0 {
			if got := indexGeneric(&b[0], len(b)); got != want {
				t.Fatalf("indexGeneric(%q) = %d, want %d", b, got, want)
			}
		}
	})
}

func ExampleIndexString() {
	s := `Hello, "world"`
	fmt.Println(IndexString(s), s[:IndexString(s)])
	// Output: 7 Hello,
}

var sink int

func BenchmarkIndex(b *testing.B) {
	for _, n := range []int{8, 36, 100, 1000} {
		s := strings.Repeat("abcdefghijklmnopqrstuvwxyz ", n/27+1)[:n] + `"`
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				sink += IndexString(s)
			}
		})
		b.Run(fmt.Sprint("generic", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				sink += indexGeneric(unsafeStringData(s), len(s))
			}
		})
	}
}
