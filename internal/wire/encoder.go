package wire

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// Encodable is a value this package's functions encode with its own
// method (EncodeFunc); the generated types' codec is registered instead
// (RegisterGenerated).
type Encodable interface {
	// EncodeTo appends the canonical JSON of the receiver to e.
	EncodeTo(e *Encoder)
}

// Encoder appends canonical JSON: compact, UTF-8, members in AutoGen's
// order. The first error (an image that cannot be converted, a non-finite
// float) is kept and reported by Err.
type Encoder struct {
	buf []byte
	err error
	// Marshal writes a document straight into its block of results (see
	// outBlock): out is what is left of the block, buf starts at out's
	// first byte, and inBlock says so. A document that outgrows the block
	// moves to scratch, the encoder's own buffer (spill).
	out     []byte
	scratch []byte
	inBlock bool
}

// NewEncoder returns an encoder that appends to buf.
func NewEncoder(buf []byte) *Encoder { return &Encoder{buf: buf} }

// Marshal returns the canonical JSON of v, a slice of exactly its size
// that the caller owns. A short document is written straight into a
// block of results that the results after it share (see outBlock), so a
// result is neither allocated by itself nor copied.
func Marshal(v any) ([]byte, error) {
	e := encoders.Get().(*Encoder)
	e.err = nil
	if len(e.out) < outBlockMinRoom {
		e.out = newResultBlock()
	}
	e.buf, e.inBlock = e.out[:0], true
	e.Value(v)
	var out []byte
	err := e.err
	switch {
	case err != nil:
	case unsafe.SliceData(e.buf) == unsafe.SliceData(e.out) && cap(e.buf) == cap(e.out):
		// Written in the block: the result is there already.
		n := len(e.buf)
		out = e.out[:n:n]
		e.out = e.out[n:]
	default:
		if cap(e.buf) > cap(e.scratch) {
			e.scratch = e.buf // an appender grew the buffer: keep the larger
		}
		out = e.result()
	}
	e.buf, e.inBlock = nil, false
	if cap(e.scratch) <= maxPooledEncodeBuf {
		encoders.Put(e)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// MarshalAppend appends the canonical JSON of v to b and returns the
// extended buffer; on error, b as it was. It writes straight into b (grown
// as append grows it), on a pooled encoder.
func MarshalAppend(b []byte, v any) ([]byte, error) {
	e := encoders.Get().(*Encoder)
	e.err = nil
	e.buf, e.inBlock = b, false
	e.Value(v)
	out, err := e.buf, e.err
	e.buf = nil
	encoders.Put(e)
	if err != nil {
		return b, err
	}
	return out, nil
}

// Marshal's results are most of a dump's allocations: a transcript's
// messages are some hundreds of bytes each. So a result of at most
// outBlockMaxDoc bytes is written into a block of outBlock bytes that the
// results after it share, and is that block's slice from its first to its
// last byte, its capacity its length: the caller owns those bytes (no
// other result overlaps them, and appending to the result reallocates
// it). A result keeps its whole block alive (at most outBlock bytes, of
// other results of the same encoder). Marshal encodes straight into what
// is left of the block, so a result is not copied; a document that does
// not fit moves to a new block, or, when it is longer than
// outBlockMaxDoc, to the encoder's own buffer, and is then copied by
// itself once done (spill): so less than a quarter of a block is left
// unused when a result does not fit in what remains of it. One
// allocation per block instead of one per result, and the collector's
// cycles come fewer and sweep fewer spans. A block that no result and no
// encoder refers to any more is reused (see newResultBlock).
const (
	// outBlock is the size of a block of results.
	outBlock = 16 << 10
	// outBlockMaxDoc is the longest result put in a block.
	outBlockMaxDoc = outBlock / 4
	// outBlockMinRoom is the room a block must have left for Marshal to
	// start a document in it; a new block is made otherwise.
	outBlockMinRoom = 512
)

// reserve makes room for n more bytes in a document that Marshal writes
// in its block (an appender that needs more than the block holds would
// grow a copy of it); elsewhere appending grows the buffer as usual.
func (e *Encoder) reserve(n int) {
	if e.inBlock && cap(e.buf)-len(e.buf) < n {
		e.spill(n)
	}
}

// spill moves the document being written in the block, which has no room
// for n more bytes, into a new block when it will fit there (what is left
// of the old one, less than the document, stays unused), else into the
// encoder's own buffer, with room for them.
func (e *Encoder) spill(n int) {
	if len(e.buf)+n <= outBlockMaxDoc {
		e.out = newResultBlock()
		e.buf = e.out[:copy(e.out, e.buf)]
		return
	}
	e.scratch = append(e.scratch[:0], e.buf...)
	e.scratch = slices.Grow(e.scratch, n)
	e.buf, e.inBlock = e.scratch, false
}

// result returns a copy of the document written outside the block, of
// exactly its size, in the encoder's block of results when it is short
// (see outBlock).
func (e *Encoder) result() []byte {
	n := len(e.buf)
	if n > outBlockMaxDoc {
		return exactCopy(e.buf)
	}
	if len(e.out) < n {
		// A new block; the old one stays with its results.
		e.out = newResultBlock()
	}
	out := e.out[:n:n]
	e.out = e.out[n:]
	copy(out, e.buf)
	return out
}

// exactCopy returns a copy of b of exactly its size. (The make and copy
// side by side let the compiler skip zeroing the new slice.)
func exactCopy(b []byte) []byte {
	out := make([]byte, len(b))
	copy(out, b)
	return out
}

// encoders are Marshal's encoders, each with its block and its buffer.
var encoders = sync.Pool{New: func() any { return &Encoder{scratch: make([]byte, 0, 4<<10)} }}

// maxPooledEncodeBuf bounds the buffers (scratch) Marshal keeps for reuse.
const maxPooledEncodeBuf = 64 << 20

// Reset empties the encoder's buffer, keeping its storage, and clears its
// error, for writing the next document into the same buffer.
func (e *Encoder) Reset() {
	e.buf = e.buf[:0] // only the length: no write barrier
	if e.err != nil {
		e.err = nil
	}
}

// Bytes returns what has been written.
func (e *Encoder) Bytes() []byte { return e.buf }

// Err returns the first error met while encoding.
func (e *Encoder) Err() error { return e.err }

// SetError records err unless an error is already recorded.
func (e *Encoder) SetError(err error) {
	if e.err == nil {
		e.err = err
	}
}

// The encoder lives on the heap (pooled by Marshal), so storing a new
// slice header into e.buf stores a pointer, which costs a write barrier
// while the garbage collector is marking: a few nanoseconds on every
// token, and most of a dump's time once collections come often. add,
// addByte and set store only the length when the buffer has room (the
// compiler writes no pointer for e.buf = e.buf[:n]).

// add appends s.
func (e *Encoder) add(s string) {
	if n := len(e.buf); cap(e.buf)-n >= len(s) {
		e.buf = e.buf[:n+len(s)]
		copy(e.buf[n:], s)
		return
	}
	if e.inBlock {
		e.spill(len(s))
	}
	e.buf = append(e.buf, s...)
}

// addByte appends c.
func (e *Encoder) addByte(c byte) {
	if n := len(e.buf); n < cap(e.buf) {
		e.buf = e.buf[:n+1]
		e.buf[n] = c
		return
	}
	if e.inBlock {
		e.spill(1)
	}
	e.buf = append(e.buf, c)
}

// set makes b, the result of appending to e.buf, the buffer.
func (e *Encoder) set(b []byte) {
	if cap(b) == cap(e.buf) && unsafe.SliceData(b) == unsafe.SliceData(e.buf) {
		e.buf = e.buf[:len(b)]
		return
	}
	e.buf, e.inBlock = b, false
}

// Raw appends s verbatim (punctuation and pre-quoted member names).
func (e *Encoder) Raw(s string) { e.add(s) }

// Str appends s as a JSON string.
func (e *Encoder) Str(s string) {
	e.reserve(len(s) + len(s)/8 + 8) // a few escapes
	e.set(pyjson.AppendQuote(e.buf, s))
}

// StrPtr appends s, or null when s is nil.
func (e *Encoder) StrPtr(s *string) {
	if s == nil {
		e.Null()
		return
	}
	e.Str(*s)
}

// Null appends null.
func (e *Encoder) Null() { e.add("null") }

// Bool appends a boolean.
func (e *Encoder) Bool(b bool) {
	if b {
		e.add("true")
	} else {
		e.add("false")
	}
}

// BoolPtr appends a boolean or null.
func (e *Encoder) BoolPtr(b *bool) {
	if b == nil {
		e.Null()
		return
	}
	e.Bool(*b)
}

// Int appends an integer.
func (e *Encoder) Int(i Int) {
	e.reserve(24)
	e.set(i.AppendText(e.buf))
}

// IntPtr appends an integer or null.
func (e *Encoder) IntPtr(i *Int) {
	if i == nil {
		e.Null()
		return
	}
	e.Int(*i)
}

// Float appends a number as Python's repr writes it (1.0, 1e-05, 1e+16).
func (e *Encoder) Float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		e.SetError(errors.New("wire: cannot encode non-finite number " + strconv.FormatFloat(f, 'g', -1, 64)))
		e.Null()
		return
	}
	e.reserve(32)
	e.set(pyjson.AppendFloatRepr(e.buf, f))
}

// FloatPtr appends a number or null.
func (e *Encoder) FloatPtr(f *float64) {
	if f == nil {
		e.Null()
		return
	}
	e.Float(*f)
}

// StringMap appends an object of strings, keys sorted.
func (e *Encoder) StringMap(m map[string]string) {
	switch len(m) {
	case 0:
		e.add("{}")
		return
	case 1:
		for k, v := range m {
			e.addByte('{')
			e.Str(k)
			e.addByte(':')
			e.Str(v)
			e.addByte('}')
		}
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.stringMapKeys(m, keys)
}

// stringMapKeys appends an object of the members of m named by keys, in
// their order.
func (e *Encoder) stringMapKeys(m map[string]string, keys []string) {
	e.addByte('{')
	for i, k := range keys {
		if i > 0 {
			e.addByte(',')
		}
		e.Str(k)
		e.addByte(':')
		e.Str(m[k])
	}
	e.addByte('}')
}

// Strings appends an array of strings.
func (e *Encoder) Strings(ss []string) {
	e.addByte('[')
	for i, s := range ss {
		if i > 0 {
			e.addByte(',')
		}
		e.Str(s)
	}
	e.addByte(']')
}

// Ints appends an array of integers.
func (e *Encoder) Ints(is []Int) {
	e.addByte('[')
	for i, v := range is {
		if i > 0 {
			e.addByte(',')
		}
		e.Int(v)
	}
	e.addByte(']')
}

// Key appends a member name (already quoted, with its colon), preceded by
// a comma unless it is the object's first member.
func (e *Encoder) Key(quotedWithColon string) {
	if n := len(e.buf); n > 0 && e.buf[n-1] != '{' {
		e.addByte(',')
	}
	e.add(quotedWithColon)
}

// SortedKeys returns m's keys in sorted order, for deterministic output.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// ErrEmptyUnion is the error for encoding a union that holds no branch.
func ErrEmptyUnion(name string) error {
	return errors.New("wire: cannot encode an empty " + name + " (no branch is set)")
}

// EncodeFunc adapts a function to Encodable.
type EncodeFunc func(e *Encoder)

// EncodeTo calls f(e).
func (f EncodeFunc) EncodeTo(e *Encoder) { f(e) }

// MarshalJSON returns what f writes.
func (f EncodeFunc) MarshalJSON() ([]byte, error) { return Marshal(f) }

// Tag appends a type tag that may hold one of several values: v when it is
// one of allowed, the first of allowed when v is empty. Any other v is
// refused with an error naming the allowed values (nothing the user set is
// silently replaced).
func (e *Encoder) Tag(v string, allowed ...string) {
	if v == "" {
		e.Str(allowed[0])
		return
	}
	for _, a := range allowed {
		if v == a {
			e.Str(v)
			return
		}
	}
	e.SetError(fmt.Errorf("the type tag %q is not one of %s", v, pyList(allowed)))
	e.Str(allowed[0])
}
