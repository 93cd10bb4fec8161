package wire

import (
	"encoding/base64"
	"encoding/json"
	"mime"
	"net/url"
	"strings"
)

// This file is the runtime of the design note's content types
// (schemas/AIContent.json and its members): bytes written as base64, data:
// URIs, exceptions written as their message text, members Go holds in
// memory, map keys checked by a pattern, and the addition of counts.

// Base64 reads a string of standard base64, padded or not, and returns its
// bytes. Anything else is a fault ("bytes_type" for a value that is not a
// string, "base64_decode" for a string that is not base64).
func (d *Decoder) Base64() []byte {
	if d.Peek() != KindString {
		d.typeFault("bytes_type", "Input should be a valid base64 string")
		return nil
	}
	off := d.pos
	b, ok := d.rawString()
	if !ok {
		return nil
	}
	out, err := decodeBase64Text(string(b))
	if err != nil {
		d.failWith(off, "base64_decode", "Base64 decoding error: "+err.Error(), err)
		return nil
	}
	return out
}

// Base64 appends b as a string of standard base64 with padding.
func (e *Encoder) Base64(b []byte) {
	e.addByte('"')
	e.reserve(base64.StdEncoding.EncodedLen(len(b)) + 1)
	e.set(base64.StdEncoding.AppendEncode(e.buf, b))
	e.addByte('"')
}

// Base64String returns b as standard base64 with padding.
func Base64String(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

// base64Error says why text is not base64.
type base64Error string

func (e base64Error) Error() string { return string(e) }

// decodeBase64Text decodes standard base64, with or without its padding;
// white space is refused.
func decodeBase64Text(s string) ([]byte, error) {
	if strings.ContainsAny(s, " \t\r\n") {
		return nil, base64Error("white space in base64 data")
	}
	enc := base64.StdEncoding
	if len(s)%4 != 0 {
		enc = base64.RawStdEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil {
		if len(s)%4 == 1 {
			return nil, base64Error("the base64 data has a length of one more than a multiple of 4")
		}
		return nil, base64Error("invalid base64 data (" + err.Error() + ")")
	}
	return b, nil
}

// DefaultDataURIMediaType is the media type of a data: URI that gives none
// (RFC 2397).
const DefaultDataURIMediaType = "text/plain;charset=US-ASCII"

// DataURIError reports a malformed data: URI. Reason says what is wrong.
type DataURIError struct {
	Reason string
}

// Error implements error.
func (e *DataURIError) Error() string { return "invalid data URI: " + e.Reason }

// ParseDataURI reads a data: URI (RFC 2397),
// "data:[<media type>][;base64],<data>", and returns its bytes and media
// type. The scheme and ";base64" are matched without regard to case; a URI
// without a media type has DefaultDataURIMediaType; base64 data must be
// standard base64 (padded or not) without white space; other data is
// percent-decoded. A malformed URI gives a *DataURIError.
func ParseDataURI(uri string) (data []byte, mediaType string, err error) {
	const scheme = "data:"
	if len(uri) < len(scheme) || !strings.EqualFold(uri[:len(scheme)], scheme) {
		return nil, "", &DataURIError{Reason: `it does not start with "data:"`}
	}
	meta, payload, ok := strings.Cut(uri[len(scheme):], ",")
	if !ok {
		return nil, "", &DataURIError{Reason: `it has no "," between the media type and the data`}
	}
	const b64 = ";base64"
	isBase64 := false
	if len(meta) >= len(b64) && strings.EqualFold(meta[len(meta)-len(b64):], b64) {
		meta, isBase64 = meta[:len(meta)-len(b64)], true
	}
	mediaType = strings.TrimSpace(meta)
	switch {
	case mediaType == "":
		mediaType = DefaultDataURIMediaType
	case !ValidMediaType(mediaType):
		return nil, "", &DataURIError{Reason: "the media type " + pyQuote(mediaType) + " is not valid"}
	}
	if isBase64 {
		data, err = decodeBase64Text(payload)
		if err != nil {
			return nil, "", &DataURIError{Reason: "the data is not base64: " + err.Error()}
		}
		return data, mediaType, nil
	}
	s, err := url.PathUnescape(payload)
	if err != nil {
		return nil, "", &DataURIError{Reason: "the data has an invalid percent escape"}
	}
	return []byte(s), mediaType, nil
}

// ValidMediaType reports whether s is a media type, "type/subtype" with
// optional parameters (as in "text/plain;charset=UTF-8").
func ValidMediaType(s string) bool {
	base, _, err := mime.ParseMediaType(s)
	if err != nil {
		return false
	}
	typ, sub, ok := strings.Cut(base, "/")
	return ok && typ != "" && sub != "" && !strings.Contains(sub, "/")
}

// FormatDataURI returns data as a data: URI with the media type:
// "data:" + mediaType + ";base64," + the standard base64 of data.
func FormatDataURI(mediaType string, data []byte) string {
	var b strings.Builder
	b.Grow(len("data:") + len(mediaType) + len(";base64,") + base64.StdEncoding.EncodedLen(len(data)))
	b.WriteString("data:")
	b.WriteString(mediaType)
	b.WriteString(";base64,")
	b.WriteString(base64.StdEncoding.EncodeToString(data))
	return b.String()
}

// DataURI reads a string holding a data: URI and returns its bytes and
// media type; ok is false after a fault ("string_type", or "data_uri" with
// the *DataURIError as the Error's Err).
func (d *Decoder) DataURI() (data []byte, mediaType string, ok bool) {
	if d.Peek() != KindString {
		d.typeFault("string_type", "Input should be a valid string")
		return nil, "", false
	}
	off := d.pos
	b, ok := d.rawString()
	if !ok {
		return nil, "", false
	}
	data, mediaType, err := ParseDataURI(string(b))
	if err != nil {
		d.failWith(off, "data_uri", "Value error, "+err.Error(), err)
		return nil, "", false
	}
	return data, mediaType, true
}

// failWith records a fault at offset whose underlying error is err.
func (d *Decoder) failWith(offset int, code, msg string, err error) {
	n := len(d.errs)
	d.failAt(offset, "", code, msg)
	if len(d.errs) > n {
		d.errs[n].Err = err
	}
}

// MessageError is an exception read from JSON, where only its message text
// is written.
type MessageError struct {
	Message string
}

// Error returns the message text.
func (e *MessageError) Error() string { return e.Message }

// ErrorText reads an exception: its message text, or null (nil). It also
// reads the object .NET's FunctionCallExceptionConverter writes, keeping
// its "message".
func (d *Decoder) ErrorText() error {
	switch d.Peek() {
	case KindNull:
		d.Null()
		return nil
	case KindString:
		return &MessageError{Message: d.Str()}
	case KindObject:
		d.Object("", "")
		msg := ""
		for {
			name, ok := d.Next()
			if !ok {
				break
			}
			if string(name) == "message" && !d.Null() {
				msg = d.Str()
				continue
			}
			d.Skip()
		}
		return &MessageError{Message: msg}
	}
	d.typeFault("string_type", "Input should be a valid string")
	return nil
}

// ErrorText appends err's message text, or null for a nil error.
func (e *Encoder) ErrorText(err error) {
	if err == nil {
		e.Null()
		return
	}
	e.Str(err.Error())
}

// InMemory reads a member that Go holds as any: the JSON value as RawJSON,
// or nil for null.
func (d *Decoder) InMemory() any {
	r := d.Raw()
	if r.IsNull() {
		return nil
	}
	return r
}

// Callable reads a member pydantic declares Callable (x-callable): no JSON
// value is callable, so any value, null too, is pydantic's callable_type
// fault, and is skipped. It returns nil.
func (d *Decoder) Callable() any {
	d.typeFault("callable_type", "Input should be callable")
	return nil
}

// JSONOf returns the JSON that a member Go holds as any is written as, and
// whether it is written at all: only a RawJSON or a json.RawMessage holding
// valid JSON other than null is; any other value stays in memory.
func JSONOf(v any) (RawJSON, bool) {
	var b []byte
	switch x := v.(type) {
	case RawJSON:
		b = x
	case json.RawMessage:
		b = x
	default:
		return nil, false
	}
	if !json.Valid(b) {
		return nil, false
	}
	r := Compact(b)
	if r.IsNull() {
		return nil, false
	}
	return r, true
}

// AddIntPtr adds two counts that may be absent: absent plus absent is
// absent, absent plus present is the present one, and two present counts
// add. The result never aliases a or b.
func AddIntPtr(a, b *Int) *Int {
	var v Int
	switch {
	case a == nil && b == nil:
		return nil
	case a == nil:
		v = *b
	case b == nil:
		v = *a
	default:
		v = a.Add(*b)
	}
	return &v
}

// KeyError reports a key that a map type does not allow.
type KeyError struct {
	// Type is the schema title of the map type.
	Type string
	// Key is the key at fault.
	Key string
	// Message says what keys are allowed.
	Message string
}

// Error returns the message.
func (e *KeyError) Error() string { return e.Message }
