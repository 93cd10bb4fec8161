package contents

import (
	"bytes"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// DataURIError reports a malformed data: URI; Reason says what is wrong.
type DataURIError = wire.DataURIError

// MediaTypeError reports a string that is not a media type
// ("type/subtype", with optional parameters).
type MediaTypeError struct {
	MediaType string
}

// Error implements error.
func (e *MediaTypeError) Error() string {
	return "contents: invalid media type " + quote(e.MediaType)
}

// DefaultDataURIMediaType is the media type of a data: URI that names none
// (RFC 2397).
const DefaultDataURIMediaType = wire.DefaultDataURIMediaType

// ParseDataURI reads a data: URI (RFC 2397),
// "data:[<media type>][;base64],<data>", and returns its bytes and media
// type. "data:" and ";base64" are matched without regard to case; a URI
// that names no media type has DefaultDataURIMediaType; base64 data must
// be standard base64 (padded or not) without white space, other data is
// percent-decoded. A malformed URI gives a *DataURIError.
func ParseDataURI(uri string) (data []byte, mediaType string, err error) {
	return wire.ParseDataURI(uri)
}

// DataContentFromURI returns the DataContent a data: URI holds. A malformed
// URI gives a *DataURIError.
func DataContentFromURI(uri string) (*gen.DataContent, error) {
	data, mt, err := wire.ParseDataURI(uri)
	if err != nil {
		return nil, err
	}
	return &gen.DataContent{Data: data, MediaType: mt}, nil
}

// NewDataContent returns a DataContent holding a copy of data, with the
// media type. A mediaType that is not "type/subtype" (with optional
// parameters) gives a *MediaTypeError.
func NewDataContent(data []byte, mediaType string) (*gen.DataContent, error) {
	if !wire.ValidMediaType(mediaType) {
		return nil, &MediaTypeError{MediaType: mediaType}
	}
	return &gen.DataContent{Data: bytes.Clone(data), MediaType: mediaType}, nil
}

func quote(s string) string { return string(pyjson.AppendQuote(nil, s)) }
