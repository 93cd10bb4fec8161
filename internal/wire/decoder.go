package wire

import (
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// Options configure decoding. The zero value is AutoGen's behaviour with
// safe limits.
type Options struct {
	// The blank field keeps Options (and gen.UnmarshalOptions) from being
	// built with an unkeyed literal, so fields can be added.
	_ struct{}

	// DisallowUnknownFields reports fields the types do not hold (AutoGen
	// drops them silently) as errors of Type "extra_forbidden".
	DisallowUnknownFields bool
	// MaxDepth bounds the nesting of arrays and objects (default 1000,
	// far below what the recursive decoders' stacks could take).
	MaxDepth int
	// MaxDocumentSize bounds the size in bytes of one document (default
	// DefaultMaxDocumentSize; negative: no limit).
	MaxDocumentSize int
	// MaxStringLen bounds the length in bytes of one JSON string as written
	// (default DefaultMaxStringLen; negative: no limit).
	MaxStringLen int
	// MaxImagePixels bounds width*height of an image (default Pillow's
	// decompression-bomb threshold).
	MaxImagePixels int64
	// MaxDocumentImagePixels bounds the pixels of all the images of one
	// document together (default four times MaxImagePixels when it is
	// set, none when it is negative, else pyimg.DefaultMaxDocumentPixels;
	// negative: no limit). Past it
	// decoding stops with a "limit" fault (document_image_pixels).
	MaxDocumentImagePixels int64
	// MaxErrors stops collecting after this many errors (default 100).
	MaxErrors int
	// SerialImages checks every image on the decoding goroutine. By
	// default large images are checked on other goroutines while decoding
	// goes on (the errors are the same).
	SerialImages bool
}

const defaultMaxDepth = 1000

// The default limits.
const (
	// DefaultMaxDocumentSize is 256 MiB.
	DefaultMaxDocumentSize = 256 << 20
	// DefaultMaxStringLen is 64 MiB: room for the base64 of a large
	// screenshot.
	DefaultMaxStringLen = 64 << 20
)

// Decodable is a value this package's functions decode with its own
// method (DecodeFunc); the generated types' codec is registered instead
// (RegisterGenerated).
type Decodable interface {
	// DecodeFrom reads one JSON value from d into the receiver, recording
	// faults in d.
	DecodeFrom(d *Decoder)
}

// Decoder reads JSON from a byte slice. Faults in values are recorded and
// decoding goes on (the value at fault is skipped), so one pass reports
// every fault; a syntax error stops it.
type Decoder struct {
	data  []byte
	pos   int
	opts  Options
	path  []seg
	errs  Errors
	fatal bool
	depth int
	// images are the image checks running on other goroutines.
	images []pendingImage
	// seen are the document's images by the hash of their base64 text
	// (see sameImage).
	seen map[uint64][]seenImage
	// imagePixels is the pixels of the document's images so far.
	imagePixels int64
	// strs caches short strings (tags, roles, sources, names), which repeat
	// from message to message, so each is allocated once per document (and
	// once per run of documents when the decoder is reused: Reset, Decode).
	strs [32]string
	// block holds the text of the strings the decoder has made (see
	// newString): it is only appended to, within its capacity.
	block []byte
	// scratch holds the decoded text of the last escaped value string (see
	// valueString); it is reused from string to string.
	scratch []byte
	// tagSeen counts the members of the document's object named tagKey
	// (see DecodeTagged), and tagVal is the last one's value when it is a
	// string without escapes; tagKey is empty when they are not counted.
	tagKey  string
	tagSeen int
	tagVal  []byte
	// names holds the decoded text of the document's member names that
	// have escapes (see seg).
	names []byte
}

// seg is a step of the path to the current value. It holds no pointer
// (a member's name is where it is in the input, or in Decoder.names), so
// that keeping the path costs the garbage collector nothing.
type seg struct {
	nameOff, nameEnd int  // object member name: its bytes in data, or in names when inNames
	index            int  // array index
	isIdx            bool // an array element rather than an object member
	started          bool // a member or element has been read
	inNames          bool // the name (decoded from escapes) is in Decoder.names
}

// NewDecoder returns a decoder for data.
func NewDecoder(data []byte, opts Options) *Decoder {
	return &Decoder{data: data, opts: opts.withDefaults()}
}

// withDefaults fills the limits left at zero with their defaults.
func (opts Options) withDefaults() Options {
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = defaultMaxDepth
	}
	if opts.MaxErrors <= 0 {
		opts.MaxErrors = 100
	}
	if opts.MaxDocumentSize == 0 {
		opts.MaxDocumentSize = DefaultMaxDocumentSize
	}
	if opts.MaxStringLen == 0 {
		opts.MaxStringLen = DefaultMaxStringLen
	}
	return opts
}

// Reset makes d read data, a new document, with the same options: the
// decoder's buffers and its cache of short strings are kept, so a stream of
// documents pays for one decoder rather than one each. It waits for the
// image checks of the previous document still running and drops its
// faults (an error returned by Err earlier stays valid: it is not reused).
func (d *Decoder) Reset(data []byte) {
	d.waitImages()
	d.data, d.pos = data, 0
	d.path = d.path[:0]
	d.names = d.names[:0]
	d.errs = nil
	d.fatal = false
	d.depth = 0
	d.images = d.images[:0]
	d.imagePixels = 0
	clear(d.seen)
}

// decoders are reused by Decode and Unmarshal; see Reset.
var decoders = sync.Pool{New: func() any { return new(Decoder) }}

// maxPooledScratch bounds the scratch buffer a pooled decoder keeps, so
// that one huge escaped string does not stay allocated.
const maxPooledScratch = 64 << 10

// Decode decodes data, one whole document, on a pooled decoder: fn reads
// the value (as a Decodable's DecodeFrom does) and the faults are returned
// as an Errors, or nil. The decoder must not be kept past fn's return.
// Unmarshal and the generated Unmarshal functions use it: each document
// then costs no decoder set-up.
//
// Of duplicate member names the last counts, as in AutoGen, whose
// json.loads never shows the earlier ones to pydantic: a document with
// faults (none of them a syntax error or a limit) and duplicate names is
// decoded once more as LastMembers rewrites it, and that decode's faults
// are the ones returned. So fn may run twice, each time on a new decoder,
// and must start over each time (set what it reads, not add to it).
func Decode(data []byte, opts Options, fn func(d *Decoder)) error {
	fatal, err := decodeOnce(data, opts, fn)
	if err == nil || fatal {
		return err
	}
	if last, changed := LastMembers(data); changed {
		_, err = decodeOnce(last, opts, fn)
	}
	return err
}

// decodeOnce is Decode on data as it is; fatal reports a syntax error or
// a limit among the faults.
func decodeOnce(data []byte, opts Options, fn func(d *Decoder)) (fatal bool, err error) {
	d := pooledDecoder(data, opts)
	d.decodeDocumentFunc(fn)
	err, fatal = d.Err(), d.fatal
	d.release()
	return fatal, err
}

// pooledDecoder returns a decoder from the pool, ready for data.
func pooledDecoder(data []byte, opts Options) *Decoder {
	d := decoders.Get().(*Decoder)
	d.init(data, opts)
	return d
}

// release puts back a decoder from pooledDecoder once its faults are
// taken (Err waits for its image checks).
func (d *Decoder) release() {
	// Drop every reference into data, so a pooled decoder does not keep a
	// large input alive.
	d.data = nil
	d.errs = nil
	if cap(d.scratch) > maxPooledScratch {
		d.scratch = nil
	}
	if cap(d.names) > maxPooledScratch {
		d.names = nil
	}
	d.tagKey, d.tagSeen, d.tagVal = "", 0, nil
	clear(d.seen)
	decoders.Put(d)
}

// init readies a pooled decoder for data with opts (see NewDecoder).
func (d *Decoder) init(data []byte, opts Options) {
	d.opts = opts.withDefaults()
	d.Reset(data)
}

// Unmarshal decodes data, which must hold exactly one JSON value, into v
// (a Decodable, or a pointer to a generated type; see Value). The error,
// if any, is an Errors.
func Unmarshal(data []byte, v any, opts ...Options) error {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	return Decode(data, o, func(d *Decoder) { d.Value(v) })
}

// DecodeDocument decodes one whole document into v and checks that
// nothing but white space follows it.
func (d *Decoder) DecodeDocument(v any) {
	if d.documentStart() {
		d.Value(v)
		d.documentEnd()
	}
}

// decodeDocumentFunc is DecodeDocument with fn reading the value. fn is
// only called, not kept, so a caller's closure need not escape to the
// heap (as it would through DecodeFunc and an interface).
func (d *Decoder) decodeDocumentFunc(fn func(d *Decoder)) {
	if d.documentStart() {
		fn(d)
		d.documentEnd()
	}
}

// documentStart checks the document's size and that a value comes; it
// reports whether to read it.
func (d *Decoder) documentStart() bool {
	if max := d.opts.MaxDocumentSize; max > 0 && len(d.data) > max {
		d.limit(0, "document_size", int64(max), "bytes in one document")
		return false
	}
	d.ws()
	if d.pos >= len(d.data) {
		d.syntaxError("unexpected end of input: expected a JSON value")
		return false
	}
	return true
}

// documentEnd checks that nothing but white space follows the value.
func (d *Decoder) documentEnd() {
	if d.fatal {
		return
	}
	d.ws()
	if d.pos < len(d.data) {
		d.syntaxError("invalid character " + quoteChar(d.data[d.pos]) + " after the top-level value")
	}
}

// Err returns the faults recorded so far, or nil. It waits for the image
// checks still running.
func (d *Decoder) Err() error {
	d.waitImages()
	if len(d.errs) == 0 {
		return nil
	}
	return d.errs
}

// Errors returns the faults recorded so far, after waiting for the image
// checks still running.
func (d *Decoder) Errors() Errors {
	d.waitImages()
	return d.errs
}

// Failed reports whether any fault has been recorded, after waiting for the
// image checks still running.
func (d *Decoder) Failed() bool {
	d.waitImages()
	return len(d.errs) > 0
}

// ErrorsFull reports whether the decoder has recorded as many faults as it
// keeps (Options.MaxErrors). The document is then certainly refused, so a
// decoder need not keep what it decodes further: the generated decoders
// stop collecting an array's elements, which bounds the memory of an
// array of a million bad elements to its first ones. It does not wait for
// the image checks still running.
func (d *Decoder) ErrorsFull() bool { return len(d.errs) >= d.opts.MaxErrors }

// Options returns the decoder's options.
func (d *Decoder) Options() Options { return d.opts }

// Pointer returns the JSON pointer of the current position.
func (d *Decoder) Pointer() string { return d.pointer("") }

// segName is the name of the member s is at.
func (d *Decoder) segName(s seg) []byte {
	if s.inNames {
		return d.names[s.nameOff:s.nameEnd]
	}
	return d.data[s.nameOff:s.nameEnd]
}

func (d *Decoder) pointer(extra string) string {
	var b []byte
	for _, s := range d.path {
		if !s.started {
			continue
		}
		b = append(b, '/')
		if s.isIdx {
			b = strconv.AppendInt(b, int64(s.index), 10)
		} else {
			b = appendPointerToken(b, string(d.segName(s)))
		}
	}
	if extra != "" {
		b = append(b, '/')
		b = appendPointerToken(b, extra)
	}
	return string(b)
}

// Fail records a fault at the current value.
func (d *Decoder) Fail(code, msg string) { d.failAt(d.pos, "", code, msg) }

// FailField records a fault at member name of the current object (used
// for missing fields, after the object's closing brace).
func (d *Decoder) FailField(name, code, msg string) { d.failAt(d.pos, name, code, msg) }

// Offset returns the byte offset of the next value (after white space),
// to record a fault there with FailAt once the value has been read.
func (d *Decoder) Offset() int {
	d.ws()
	return d.pos
}

// FailAt records a fault at offset (from Offset) with the current
// pointer: a check that needs the whole value, made after reading it,
// reports it where the value starts.
func (d *Decoder) FailAt(offset int, code, msg string) { d.failAt(offset, "", code, msg) }

// Mark returns a mark of the faults recorded so far, for DropFaults.
func (d *Decoder) Mark() int { return len(d.errs) }

// DropFaults takes back the faults recorded since mark, as pydantic drops
// the item faults of a list it then refuses as too long. It does nothing
// after a fatal (syntax or limit) error, which always stays, and it does
// not take back image checks still running.
func (d *Decoder) DropFaults(mark int) {
	if !d.fatal && mark >= 0 && mark < len(d.errs) {
		d.errs = d.errs[:mark]
	}
}

func (d *Decoder) failAt(offset int, extra, code, msg string) {
	d.failErr(offset, extra, code, msg, nil)
}

// failErr records a fault with its underlying error.
func (d *Decoder) failErr(offset int, extra, code, msg string, err error) {
	if len(d.errs) >= d.opts.MaxErrors {
		return
	}
	line, col := lineCol(d.data, offset)
	d.errs = append(d.errs, &Error{Pointer: d.pointer(extra), Offset: offset, Line: line, Column: col, Type: code, Message: msg, Err: err})
}

// limit records a limit hit at offset; what says what the limit counts.
// Decoding stops: past a limit the input is not worth reading.
func (d *Decoder) limit(offset int, name string, max int64, what string) {
	le := &LimitError{Limit: name, Max: max}
	d.failErr(offset, "", "limit", le.Error()+" ("+what+")", le)
	d.fatal = true
}

func (d *Decoder) syntaxError(msg string) {
	if d.fatal {
		return
	}
	d.failAt(d.pos, "", "json_invalid", "invalid JSON: "+msg)
	d.fatal = true
}

func quoteChar(c byte) string {
	if c < 0x20 || c >= 0x7f {
		return "0x" + strconv.FormatUint(uint64(c), 16)
	}
	return strconv.QuoteRune(rune(c))
}

func (d *Decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// Kind is the JSON kind of the next value.
type Kind byte

// The JSON kinds.
const (
	KindInvalid Kind = 0
	KindNull    Kind = 'n'
	KindBool    Kind = 't'
	KindNumber  Kind = '0'
	KindString  Kind = '"'
	KindArray   Kind = '['
	KindObject  Kind = '{'
)

// String names the kind as pydantic's messages do.
func (k Kind) String() string {
	switch k {
	case KindNull:
		return "null"
	case KindBool:
		return "boolean"
	case KindNumber:
		return "number"
	case KindString:
		return "string"
	case KindArray:
		return "array"
	case KindObject:
		return "object"
	}
	return "invalid"
}

// Peek returns the kind of the next value without consuming it.
func (d *Decoder) Peek() Kind {
	if d.fatal {
		return KindInvalid
	}
	d.ws()
	if d.pos >= len(d.data) {
		return KindInvalid
	}
	switch c := d.data[d.pos]; c {
	case 'n':
		return KindNull
	case 't', 'f':
		return KindBool
	case '"':
		return KindString
	case '[':
		return KindArray
	case '{':
		return KindObject
	default:
		if c == '-' || (c >= '0' && c <= '9') {
			return KindNumber
		}
	}
	return KindInvalid
}

// Fatal reports whether a syntax error stopped decoding.
func (d *Decoder) Fatal() bool { return d.fatal }

// Null consumes a null if one comes next.
func (d *Decoder) Null() bool {
	if d.Peek() == KindNull {
		d.literal("null")
		return true
	}
	return false
}

func (d *Decoder) literal(lit string) bool {
	if len(d.data)-d.pos >= len(lit) && string(d.data[d.pos:d.pos+len(lit)]) == lit {
		d.pos += len(lit)
		return true
	}
	d.syntaxError("invalid literal")
	return false
}

// Object consumes the opening brace of an object. If the next value is not
// an object it records a fault with code and message, skips the value and
// returns false.
func (d *Decoder) Object(code, msg string) bool {
	k := d.Peek()
	if k != KindObject {
		if k != KindInvalid {
			d.Fail(code, msg)
		}
		d.Skip()
		return false
	}
	if !d.enter() {
		return false
	}
	d.pos++
	d.path = append(d.path, seg{})
	return true
}

func (d *Decoder) enter() bool {
	d.depth++
	if d.depth > d.opts.MaxDepth {
		d.limit(d.pos, "depth", int64(d.opts.MaxDepth), "nesting of arrays and objects")
		d.fatal = true
		return false
	}
	return true
}

// Next advances to the next member of the current object and returns its
// name (valid until the decoder is discarded). At the closing brace it
// returns false and leaves the object.
func (d *Decoder) Next() ([]byte, bool) {
	if d.fatal {
		return nil, false
	}
	top := &d.path[len(d.path)-1]
	d.ws()
	if d.pos >= len(d.data) {
		d.syntaxError("unexpected end of input inside an object")
		return nil, false
	}
	if top.started { // members after the first: expect ',' or '}'
		switch d.data[d.pos] {
		case ',':
			d.pos++
			d.ws()
		case '}':
			d.pos++
			d.leave()
			return nil, false
		default:
			d.syntaxError("invalid character " + quoteChar(d.data[d.pos]) + " after object member value: expected ',' or '}'")
			return nil, false
		}
	} else if d.data[d.pos] == '}' {
		d.pos++
		d.leave()
		return nil, false
	}
	top.started = true
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		d.syntaxError("expected a string for an object member name")
		return nil, false
	}
	nameStart := d.pos
	nerrs := len(d.errs)
	name, ok := d.memberName()
	if !ok {
		// The fault is in this member's name: give it this member's
		// pointer, with the name as written (it has no decoded form).
		top.nameOff, top.nameEnd, top.inNames = nameStart+1, rawNameEnd(d.data, nameStart+1), false
		if len(d.errs) > nerrs {
			d.errs[len(d.errs)-1].Pointer = d.pointer("")
		}
		return nil, false
	}
	nameEnd := d.pos - 1 // its closing quote
	d.ws()
	if d.pos >= len(d.data) || d.data[d.pos] != ':' {
		d.syntaxError("expected ':' after object member name")
		return nil, false
	}
	d.pos++
	d.ws()
	if len(name) == nameEnd-nameStart-1 {
		// As written (an escape makes the text shorter).
		top.nameOff, top.nameEnd, top.inNames = nameStart+1, nameEnd, false
	} else {
		top.nameOff, top.inNames = len(d.names), true
		d.names = append(d.names, name...)
		top.nameEnd = len(d.names)
	}
	if d.tagKey != "" && len(d.path) == 1 && string(name) == d.tagKey {
		d.seeTag()
	}
	return name, true
}

// memberName is rawString for a member name, which is short and plain
// ASCII: it is scanned a byte at a time (plainEnd's set-up costs more than
// a name), and anything else is left to rawString.
func (d *Decoder) memberName() ([]byte, bool) {
	data := d.data
	start := d.pos + 1
	p := start
	for p < len(data) && !nameStop[data[p]] {
		p++
	}
	if p < len(data) && data[p] == '"' && (d.opts.MaxStringLen <= 0 || p-start <= d.opts.MaxStringLen) {
		d.pos = p + 1
		return data[start:p], true
	}
	return d.rawString()
}

// nameStop marks the bytes that end memberName's scan: a quote, a
// backslash, a control character or a byte that is not ASCII.
var nameStop = func() (t [256]bool) {
	for c := range t {
		t[c] = c == '"' || c == '\\' || c < 0x20 || c >= 0x80
	}
	return t
}()

// seeTag counts a member named tagKey and keeps its value when it is a
// plain string (see DecodeTagged).
func (d *Decoder) seeTag() {
	d.tagSeen++
	d.tagVal = nil
	if d.pos < len(d.data) && d.data[d.pos] == '"' {
		if e, esc := skimString(d.data, d.pos); e > 0 && !esc {
			d.tagVal = d.data[d.pos+1 : e-1]
		}
	}
}

// rawNameEnd is the end of the text of a member name as written, from
// start to its closing quote (or the end of the line or input), escapes
// kept.
func rawNameEnd(data []byte, start int) int {
	i := start
	for i < len(data) && data[i] != '"' && data[i] != '\n' {
		if data[i] == '\\' {
			i++
		}
		i++
	}
	return min(i, len(data))
}

func (d *Decoder) leave() {
	d.depth--
	d.path = d.path[:len(d.path)-1]
}

// Array consumes the opening bracket of an array, or records a fault
// ("list_type") and skips the value.
func (d *Decoder) Array() bool {
	k := d.Peek()
	if k != KindArray {
		if k != KindInvalid {
			d.Fail("list_type", "Input should be a valid list")
		}
		d.Skip()
		return false
	}
	if !d.enter() {
		return false
	}
	d.pos++
	d.path = append(d.path, seg{isIdx: true})
	return true
}

// More advances to the next element of the current array, or consumes the
// closing bracket and returns false.
func (d *Decoder) More() bool {
	if d.fatal {
		return false
	}
	top := &d.path[len(d.path)-1]
	d.ws()
	if d.pos >= len(d.data) {
		d.syntaxError("unexpected end of input inside an array")
		return false
	}
	if top.started {
		switch d.data[d.pos] {
		case ',':
			d.pos++
			d.ws()
		case ']':
			d.pos++
			d.leave()
			return false
		default:
			d.syntaxError("invalid character " + quoteChar(d.data[d.pos]) + " after array element: expected ',' or ']'")
			return false
		}
	} else if d.data[d.pos] == ']' {
		d.pos++
		d.leave()
		return false
	}
	if top.started {
		top.index++
	}
	top.started = true
	if d.pos >= len(d.data) {
		d.syntaxError("unexpected end of input inside an array")
		return false
	}
	return true
}

// Skip consumes the next value, checking its syntax.
func (d *Decoder) Skip() {
	if d.fatal {
		return
	}
	d.ws()
	if d.pos >= len(d.data) {
		d.syntaxError("unexpected end of input: expected a JSON value")
		return
	}
	switch c := d.data[d.pos]; {
	case c == '"':
		d.rawString()
	case c == '{':
		if !d.Object("", "") {
			return
		}
		for {
			if _, ok := d.Next(); !ok {
				return
			}
			d.Skip()
		}
	case c == '[':
		if !d.Array() {
			return
		}
		for d.More() {
			d.Skip()
		}
	case c == 't':
		d.literal("true")
	case c == 'f':
		d.literal("false")
	case c == 'n':
		d.literal("null")
	case c == '-' || (c >= '0' && c <= '9'):
		d.number()
	default:
		d.syntaxError("invalid character " + quoteChar(c) + " looking for the beginning of a value")
	}
}

// SkipUnknown skips the value of a member the type does not hold, or
// reports it when Options.DisallowUnknownFields is set.
func (d *Decoder) SkipUnknown() {
	if d.opts.DisallowUnknownFields {
		d.Fail("extra_forbidden", "Extra inputs are not permitted")
	}
	d.Skip()
}

// number consumes a JSON number and returns its text.
func (d *Decoder) number() ([]byte, bool) {
	start := d.pos
	p := d.pos
	n := len(d.data)
	if p < n && d.data[p] == '-' {
		p++
	}
	if p >= n {
		d.pos = p
		d.syntaxError("unexpected end of input in a number")
		return nil, false
	}
	if d.data[p] == '0' {
		p++
	} else if d.data[p] >= '1' && d.data[p] <= '9' {
		for p < n && d.data[p] >= '0' && d.data[p] <= '9' {
			p++
		}
	} else {
		d.pos = p
		d.syntaxError("invalid character in a number")
		return nil, false
	}
	if p-start > MaxIntChars {
		// pydantic's JSON parser (jiter) refuses an integer part longer
		// than Python's int-string conversion limit, at the character
		// after the limit.
		d.pos = start + MaxIntChars + 1
		d.syntaxError("number out of range")
		return nil, false
	}
	if p < n && d.data[p] == '.' {
		p++
		q := p
		for p < n && d.data[p] >= '0' && d.data[p] <= '9' {
			p++
		}
		if p == q {
			d.pos = p
			d.syntaxError("expected a digit after the decimal point")
			return nil, false
		}
	}
	if p < n && (d.data[p] == 'e' || d.data[p] == 'E') {
		p++
		if p < n && (d.data[p] == '+' || d.data[p] == '-') {
			p++
		}
		q := p
		for p < n && d.data[p] >= '0' && d.data[p] <= '9' {
			p++
		}
		if p == q {
			d.pos = p
			d.syntaxError("expected a digit in the exponent")
			return nil, false
		}
	}
	d.pos = p
	return d.data[start:p], true
}

// rawString consumes a JSON string and returns its decoded bytes. Strings
// without escapes are returned as a sub-slice of the input.
func (d *Decoder) rawString() ([]byte, bool) {
	d.pos++ // opening quote
	start := d.pos
	p := d.pos
	n := len(d.data)
	for p < n {
		p = plainEnd(d.data, p)
		if p >= n {
			break
		}
		c := d.data[p]
		if c == '"' {
			if d.opts.MaxStringLen > 0 && p-start > d.opts.MaxStringLen {
				d.pos = start
				d.stringLimit()
				return nil, false
			}
			d.pos = p + 1
			return d.data[start:p], true
		}
		if c == '\\' {
			return d.escapedString(start, p)
		}
		if c < 0x20 {
			d.pos = p
			d.syntaxError("invalid control character " + quoteChar(c) + " in a string")
			return nil, false
		}
		if c < utf8.RuneSelf {
			p++
			continue
		}
		r, size := utf8.DecodeRune(d.data[p:])
		if r == utf8.RuneError && size == 1 {
			d.pos = p
			d.syntaxError("invalid UTF-8 in a string")
			return nil, false
		}
		p += size
	}
	d.pos = p
	d.syntaxError("unexpected end of input in a string")
	return nil, false
}

func (d *Decoder) stringLimit() {
	d.limit(d.pos, "string", int64(d.opts.MaxStringLen), "bytes in one string")
	d.fatal = true
}

// valueString is rawString for a value the caller copies at once (into a
// string, a number, a datetime): an escaped string is decoded into the
// decoder's scratch buffer, valid until the next valueString, rather than
// into a new one. Text that is not ASCII before the first escape stays on
// this path (rawString would decode the string into a new buffer).
func (d *Decoder) valueString() ([]byte, bool) {
	start := d.pos + 1 // after the opening quote
	data := d.data
	p := start
	for p < len(data) {
		p = plainEnd(data, p)
		if p >= len(data) {
			break
		}
		switch c := data[p]; {
		case c == '"':
			if d.opts.MaxStringLen > 0 && p-start > d.opts.MaxStringLen {
				d.pos = start
				d.stringLimit()
				return nil, false
			}
			d.pos = p + 1
			return data[start:p], true
		case c == '\\':
			out, ok := d.escapedInto(d.scratch[:0], start, p)
			if ok {
				d.scratch = out[:0]
			}
			return out, ok
		case c < utf8.RuneSelf:
			p = len(data) // a control character: rawString reports it
		default:
			r, size := utf8.DecodeRune(data[p:])
			if r == utf8.RuneError && size == 1 {
				p = len(data) // invalid UTF-8: rawString reports it
				break
			}
			p += size
		}
	}
	return d.rawString()
}

func (d *Decoder) escapedString(start, p int) ([]byte, bool) {
	// The decoded string is never longer than its JSON text.
	size := p - start + 16
	if end, _ := skimString(d.data, start-1); end > start {
		size = end - start
	}
	return d.escapedInto(make([]byte, 0, size), start, p)
}

// escapedInto decodes the string whose text starts at start, with its first
// escape at p, appending to out.
func (d *Decoder) escapedInto(out []byte, start, p int) ([]byte, bool) {
	out = append(out, d.data[start:p]...)
	n := len(d.data)
	for p < n {
		if q := plainEnd(d.data, p); q > p {
			out = append(out, d.data[p:q]...)
			if p = q; p >= n {
				break
			}
		}
		c := d.data[p]
		switch {
		case c == '"':
			d.pos = p + 1
			if d.opts.MaxStringLen > 0 && len(out) > d.opts.MaxStringLen {
				d.pos = start
				d.stringLimit()
				return nil, false
			}
			return out, true
		case c == '\\':
			if p+1 < n {
				if u := unescaped[d.data[p+1]]; u != 0 {
					out = append(out, u)
					p += 2
					continue
				}
			}
			var ok bool
			if out, p, ok = d.unicodeEscape(out, p); !ok {
				return nil, false
			}
		case c < 0x20:
			d.pos = p
			d.syntaxError("invalid control character " + quoteChar(c) + " in a string")
			return nil, false
		case c < utf8.RuneSelf:
			out = append(out, c)
			p++
		default:
			r, size := utf8.DecodeRune(d.data[p:])
			if r == utf8.RuneError && size == 1 {
				d.pos = p
				d.syntaxError("invalid UTF-8 in a string")
				return nil, false
			}
			out = append(out, d.data[p:p+size]...)
			p += size
		}
	}
	d.pos = p
	d.syntaxError("unexpected end of input in a string")
	return nil, false
}

// unescaped maps the letter after a backslash to the byte it stands for,
// for JSON's one-letter escapes; 0 for the rest (u and invalid ones).
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// unicodeEscape decodes the escape at p that is not a one-letter one: a
// \uXXXX escape, or a surrogate pair of two, appended to out as UTF-8. It
// returns the position after it, or records the syntax error (an escape
// cut short, a bad \u, a lone surrogate, an unknown letter).
func (d *Decoder) unicodeEscape(out []byte, p int) ([]byte, int, bool) {
	n := len(d.data)
	if p+1 >= n {
		d.pos = p
		d.syntaxError("unexpected end of input in a string escape")
		return nil, p, false
	}
	if e := d.data[p+1]; e != 'u' {
		d.pos = p
		d.syntaxError("invalid escape " + quoteChar(e) + " in a string")
		return nil, p, false
	}
	r, ok := hex4(d.data, p+2)
	if !ok {
		d.pos = p
		d.syntaxError("invalid \\u escape in a string")
		return nil, p, false
	}
	p += 6
	if utf16.IsSurrogate(r) {
		r2 := rune(-1)
		if r < 0xdc00 && p+6 <= n && d.data[p] == '\\' && d.data[p+1] == 'u' {
			if x, ok := hex4(d.data, p+2); ok && x >= 0xdc00 && x <= 0xdfff {
				r2 = x
			}
		}
		if r2 < 0 {
			d.pos = p - 6
			d.syntaxError("lone surrogate \\u" + strconv.FormatInt(int64(r), 16) + " in a string: Go strings hold only valid Unicode")
			return nil, p, false
		}
		r = utf16.DecodeRune(r, r2)
		p += 6
	}
	return utf8.AppendRune(out, r), p, true
}

func hex4(b []byte, p int) (rune, bool) {
	if p+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[p : p+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// RawValue consumes the next value and returns its exact input bytes.
func (d *Decoder) RawValue() ([]byte, bool) {
	d.ws()
	start := d.pos
	nerr := len(d.errs)
	d.Skip()
	if d.fatal || len(d.errs) != nerr {
		return nil, false
	}
	return d.data[start:d.pos], true
}

// DecodeFunc adapts a function to Decodable.
type DecodeFunc func(d *Decoder)

// DecodeFrom calls f(d).
func (f DecodeFunc) DecodeFrom(d *Decoder) { f(d) }

// Optional is a member that may be absent and, when present, may be null:
// Set says whether it was present.
type Optional[T any] struct {
	Set   bool
	Value T
}
