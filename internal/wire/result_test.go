package wire_test

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/agentschema/agentschema/internal/wire"
)

// TestMarshalResultsOwnTheirBytes checks what Marshal's results, copied
// into shared blocks when short, promise: each is exactly its document,
// with no room past its end, and writing or appending to one leaves every
// other result as it was, short and long results, across many blocks.
func TestMarshalResultsOwnTheirBytes(t *testing.T) {
	var docs []string
	for i := range 600 {
		// Sizes from a few bytes to past a quarter of a block (16 KiB), so
		// that blocks fill, are left with a tail, and long results are
		// allocated by themselves.
		n := (i * 97) % 6000
		if i%50 == 0 {
			n = 20000 + i
		}
		docs = append(docs, strings.Repeat(string(rune('a'+i%26)), n))
	}
	outs := make([][]byte, len(docs))
	for i, s := range docs {
		out, err := wire.Marshal(wire.EncodeFunc(func(e *wire.Encoder) { e.Str(s) }))
		if err != nil {
			t.Fatal(err)
		}
		if want := `"` + s + `"`; string(out) != want {
			t.Fatalf("result %d: %d bytes, want %d", i, len(out), len(want))
		}
		if cap(out) != len(out) {
			t.Fatalf("result %d: capacity %d past its length %d", i, cap(out), len(out))
		}
		outs[i] = out
	}
	// No two results overlap.
	for i, a := range outs {
		lo, hi := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(a)))+uintptr(len(a))
		for j := i + 1; j < len(outs) && j < i+40; j++ {
			b := outs[j]
			blo, bhi := uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))+uintptr(len(b))
			if lo < bhi && blo < hi {
				t.Fatalf("results %d and %d overlap", i, j)
			}
		}
	}
	// Writing into a result and appending to it touch no other result.
	for i := range outs {
		for k := range outs[i] {
			outs[i][k] = '#'
		}
		outs[i] = append(outs[i], "tail"...)
	}
	for i, s := range docs {
		if want := strings.Repeat("#", len(s)+2) + "tail"; string(outs[i]) != want {
			t.Fatalf("result %d changed by writes to the others", i)
		}
	}
}

// BenchmarkMarshalSmall is Marshal of a short document, one result after
// another, most copied into a shared block.
func BenchmarkMarshalSmall(b *testing.B) {
	text := strings.Repeat("some text ", 30)
	v := wire.EncodeFunc(func(e *wire.Encoder) {
		e.Raw(`{"id":`)
		e.Str("9c7b1f0e-3d7a-4f4e-9a57-0a4a3c1b2d3e")
		e.Raw(`,"content":`)
		e.Str(text)
		e.Raw(`}`)
	})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := wire.Marshal(v); err != nil {
			b.Fatal(err)
		}
	}
}
