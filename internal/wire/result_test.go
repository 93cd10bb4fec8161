package wire_test

import (
	"errors"
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
	type doc struct {
		text  string
		ctrl  int // control characters: each becomes 6 bytes, past what Str reserves
		value wire.EncodeFunc
		want  string
	}
	var docs []doc
	for i := range 900 {
		// Sizes from a few bytes to past a quarter of a block (16 KiB), so
		// that blocks fill, documents outgrow what is left of a block in
		// the middle (a Raw, a string, a string whose escapes grow it past
		// its reserve), and long results are allocated by themselves.
		n := (i * 97) % 6000
		if i%50 == 0 {
			n = 20000 + i
		}
		d := doc{text: strings.Repeat(string(rune('a'+i%26)), n), ctrl: (i * 31) % 400}
		ctrl := strings.Repeat("\x01", d.ctrl)
		d.value = func(e *wire.Encoder) {
			e.Raw("[")
			e.Str(d.text)
			e.Raw(",")
			e.Str(ctrl)
			e.Raw("]")
		}
		d.want = `["` + d.text + `","` + strings.Repeat(`\u0001`, d.ctrl) + `"]`
		docs = append(docs, d)
	}
	outs := make([][]byte, len(docs))
	for i, d := range docs {
		out, err := wire.Marshal(d.value)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != d.want {
			t.Fatalf("result %d: %d bytes, want %d", i, len(out), len(d.want))
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
	for i, d := range docs {
		if want := strings.Repeat("#", len(d.want)) + "tail"; string(outs[i]) != want {
			t.Fatalf("result %d changed by writes to the others", i)
		}
	}
}

// TestMarshalAfterError checks that a document refused half-way leaves
// nothing behind in the block: the next result is whole and alone.
func TestMarshalAfterError(t *testing.T) {
	bad := wire.EncodeFunc(func(e *wire.Encoder) {
		e.Raw(`{"x":`)
		e.Str(strings.Repeat("y", 300))
		e.SetError(errors.New("refused"))
	})
	for range 100 {
		if out, err := wire.Marshal(bad); err == nil || out != nil {
			t.Fatalf("Marshal = %q, %v; want nil and an error", out, err)
		}
		out, err := wire.Marshal(wire.EncodeFunc(func(e *wire.Encoder) { e.Str("ok") }))
		if err != nil || string(out) != `"ok"` || cap(out) != len(out) {
			t.Fatalf("Marshal after an error = %q (capacity %d), %v", out, cap(out), err)
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
