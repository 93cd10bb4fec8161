package jsonscan

import (
	"syscall"
	"testing"
)

// TestIndexAtPageEdges places inputs right after and right before pages
// that cannot be read: Index must not read past either end of its input
// across a page boundary (a fault would kill the test).
func TestIndexAtPageEdges(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Fatalf("mprotect: %v", err)
	}
	mid := mem[page : 2*page]
	for i := range mid {
		mid[i] = 'x'
	}
	for n := 0; n <= 40; n++ {
		for _, at := range []int{-1, 0, n / 2, n - 1} {
			for _, b := range [][]byte{mid[:n], mid[len(mid)-n:]} {
				if at >= 0 && at < n {
					b[at] = '"'
				}
				want := naive(b)
				if got := Index(b); got != want {
					t.Fatalf("Index(%q) = %d, want %d", b, got, want)
				}
				checkQuote(t, string(b), 64, quoteInPlace(b))
				if at >= 0 && at < n {
					b[at] = 'x'
				}
			}
		}
	}
}

// quoteInPlace is Quote reading the bytes of b where they are (a string
// conversion would copy them away from the page's edge).
func quoteInPlace(b []byte) func([]byte, string) (int, int) {
	return func(dst []byte, _ string) (int, int) {
		if len(b) == 0 {
			return 0, 0
		}
		return quote(&dst[0], &b[0], len(dst), len(b))
	}
}
