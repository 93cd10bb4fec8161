package contents

import (
	"errors"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// AIContent is content used by AI services: a *TextContent,
// *TextReasoningContent, *DataContent, *UriContent, *FunctionCallContent,
// *FunctionResultContent, *ErrorContent or *UsageContent. Every member has
// the note's common fields: RawRepresentation (any Go value, written to
// JSON only when it is JSON: a gen.RawJSON or json.RawMessage) and
// AdditionalProperties (a JSON object, or nil).
type AIContent = gen.AIContent

// AnyTextualContent is the note's AnyTextualContent: a *TextContent,
// *TextReasoningContent or *UriContent. Any AIContent of those types is
// one (c.(AnyTextualContent)); TextOf reads its text.
type AnyTextualContent = gen.AnyTextualContent

// LocatableContent is the note's LocatableContent: a *DataContent or a
// *UriContent. Any AIContent of those types is one (c.(LocatableContent));
// URIOf and MediaTypeOf read where it is and what it holds.
type LocatableContent = gen.LocatableContent

// TextContent is text.
type TextContent = gen.TextContent

// TextReasoningContent is the model's reasoning, as text. It is not a
// TextContent: the two are told apart by their type.
type TextReasoningContent = gen.TextReasoningContent

// DataContent is bytes with their media type (MIME type), such as an
// image. Base64Data and URI give the bytes as base64 and as a data: URI;
// DataContentFromURI and NewDataContent build one.
type DataContent = gen.DataContent

// UriContent is a reference to content at a URI, with the media type of
// what it refers to.
type UriContent = gen.UriContent

// FunctionCallContent is the model's request to call a function: the call
// id, the function's name, its arguments as a JSON object (nil for none)
// and, when the request could not be mapped to the function's input, the
// Exception (written to JSON as its message text).
type FunctionCallContent = gen.FunctionCallContent

// FunctionResultContent is the result of a function call: the call id, the
// Result (any JSON value) and, when the function failed, the Exception
// (written to JSON as its message text).
type FunctionResultContent = gen.FunctionResultContent

// ErrorContent is a non-fatal error: the operation went on. Its Message
// member is required in JSON, and may be null.
type ErrorContent = gen.ErrorContent

// UsageContent is usage details, as content.
type UsageContent = gen.UsageContent

// UsageDetails counts the tokens of a request or response. Its Add method
// is the canonical addition: counts add, an absent count plus a present
// one is the present one, and additional counts add key by key.
type UsageDetails = gen.UsageDetails

// AdditionalCounts are more usage counts, by key: a well-known key
// (ThoughtTokenCount, ImageTokenCount) or one prefixed with a service name
// and a dot ("openai.reasoning_tokens"). Any other key is an error: reading
// JSON reports it, writing fails with a *KeyError, and Validate returns one.
type AdditionalCounts = gen.AdditionalCounts

// RawJSON is a JSON value kept as its text.
type RawJSON = gen.RawJSON

// Int is an integer of any size (the counts of UsageDetails).
type Int = gen.Int

// Options configure decoding: limits and whether unknown members are
// faults.
type Options = wire.Options

// DecodeErrors is the error decoding returns: every fault found, each with
// its JSON pointer, position and pydantic-style code.
type DecodeErrors = wire.Errors

// MessageError is an exception read from JSON, where only its message text
// is kept (the note's exceptions are written as their message text).
type MessageError = wire.MessageError

// KeyError reports an additional-counts key that is neither well-known nor
// prefixed with a service name and a dot.
type KeyError = wire.KeyError

// The type tags of the contents in this project's JSON.
const (
	TypeText           = gen.TextContentType
	TypeTextReasoning  = gen.TextReasoningContentType
	TypeData           = gen.DataContentType
	TypeURI            = gen.UriContentType
	TypeFunctionCall   = gen.FunctionCallContentType
	TypeFunctionResult = gen.FunctionResultContentType
	TypeError          = gen.ErrorContentType
	TypeUsage          = gen.UsageContentType
)

// The well-known keys of AdditionalCounts.
const (
	// ThoughtTokenCount is the number of tokens used for thought
	// processing.
	ThoughtTokenCount = gen.AdditionalCountsThoughtTokenCount
	// ImageTokenCount is the number of token equivalents used for image
	// processing.
	ImageTokenCount = gen.AdditionalCountsImageTokenCount
)

// ValidCountKey reports whether key may be a key of AdditionalCounts: a
// well-known key, or a service name (letters, digits, '_' and '-') and a
// dot followed by a name.
func ValidCountKey(key string) bool { return gen.ValidAdditionalCountsKey(key) }

// Count returns a pointer to the count n, for the members of UsageDetails.
func Count(n int64) *Int {
	v := wire.IntOf(n)
	return &v
}

// Unmarshal decodes one content from JSON in this project's form
// ({"type": "text", "text": "hi"}) or in the form .NET's
// Microsoft.Extensions.AI writes ({"$type": "text", "text": "hi"}, with
// camelCase member names). The error is a DecodeErrors.
func Unmarshal(data []byte, opts ...Options) (AIContent, error) {
	return gen.UnmarshalAIContent(data, opts...)
}

// UnmarshalList decodes a JSON array of contents, each in either form (see
// Unmarshal). The error is a DecodeErrors listing every fault.
func UnmarshalList(data []byte, opts ...Options) ([]AIContent, error) {
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	d := wire.NewDecoder(data, o)
	var out []AIContent
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { out = decodeList(d) }))
	if err := d.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func decodeList(d *wire.Decoder) []AIContent {
	if !d.Array() {
		return nil
	}
	out := []AIContent{}
	for d.More() {
		if c := gen.DecodeAIContent(d); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// ErrNilContent is returned for a nil content, which has no JSON.
var ErrNilContent = errors.New("contents: nil content")

// Marshal returns the JSON of c in this project's form: the "type" tag
// first, snake_case members, members that are null and default to null
// left out, exceptions as their message text, and RawRepresentation only
// when it is JSON.
func Marshal(c AIContent) ([]byte, error) {
	if isNil(c) {
		return nil, ErrNilContent
	}
	return wire.Marshal(c)
}

// List is a list of contents that reads and writes itself as a JSON array,
// for use in other types' JSON. It reads both forms (see Unmarshal) and
// writes this project's.
type List []AIContent

// MarshalJSON writes the contents as a JSON array; a nil content is an
// error.
func (l List) MarshalJSON() ([]byte, error) {
	e := wire.NewEncoder(make([]byte, 0, 64*len(l)+2))
	e.Raw("[")
	for i, c := range l {
		if isNil(c) {
			return nil, ErrNilContent
		}
		if i > 0 {
			e.Raw(",")
		}
		c.EncodeTo(e)
	}
	e.Raw("]")
	if err := e.Err(); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}

// UnmarshalJSON reads a JSON array of contents; the error is a
// DecodeErrors.
func (l *List) UnmarshalJSON(data []byte) error {
	out, err := UnmarshalList(data)
	if err != nil {
		return err
	}
	*l = out
	return nil
}

// isNil reports whether c is nil or a nil pointer of a content type.
func isNil(c AIContent) bool {
	switch x := c.(type) {
	case nil:
		return true
	case *TextContent:
		return x == nil
	case *TextReasoningContent:
		return x == nil
	case *DataContent:
		return x == nil
	case *UriContent:
		return x == nil
	case *FunctionCallContent:
		return x == nil
	case *FunctionResultContent:
		return x == nil
	case *ErrorContent:
		return x == nil
	case *UsageContent:
		return x == nil
	}
	return false
}

// RawRepresentationOf returns the RawRepresentation of c (nil for a nil
// content).
func RawRepresentationOf(c AIContent) any {
	if isNil(c) {
		return nil
	}
	switch x := c.(type) {
	case *TextContent:
		return x.RawRepresentation
	case *TextReasoningContent:
		return x.RawRepresentation
	case *DataContent:
		return x.RawRepresentation
	case *UriContent:
		return x.RawRepresentation
	case *FunctionCallContent:
		return x.RawRepresentation
	case *FunctionResultContent:
		return x.RawRepresentation
	case *ErrorContent:
		return x.RawRepresentation
	case *UsageContent:
		return x.RawRepresentation
	}
	return nil
}

// AdditionalPropertiesOf returns the AdditionalProperties of c, a JSON
// object or nil.
func AdditionalPropertiesOf(c AIContent) RawJSON {
	if isNil(c) {
		return nil
	}
	switch x := c.(type) {
	case *TextContent:
		return x.AdditionalProperties
	case *TextReasoningContent:
		return x.AdditionalProperties
	case *DataContent:
		return x.AdditionalProperties
	case *UriContent:
		return x.AdditionalProperties
	case *FunctionCallContent:
		return x.AdditionalProperties
	case *FunctionResultContent:
		return x.AdditionalProperties
	case *ErrorContent:
		return x.AdditionalProperties
	case *UsageContent:
		return x.AdditionalProperties
	}
	return nil
}

// TextOf returns the text of a textual content: the Text of a TextContent
// or TextReasoningContent, the Uri of a UriContent ("" for nil).
func TextOf(c AnyTextualContent) string {
	switch x := c.(type) {
	case *TextContent:
		if x != nil {
			return x.Text
		}
	case *TextReasoningContent:
		if x != nil {
			return x.Text
		}
	case *UriContent:
		if x != nil {
			return x.Uri
		}
	}
	return ""
}

// URIOf returns where a locatable content is: the data: URI of a
// DataContent, the Uri of a UriContent ("" for nil).
func URIOf(c LocatableContent) string {
	switch x := c.(type) {
	case *DataContent:
		if x != nil {
			return x.URI()
		}
	case *UriContent:
		if x != nil {
			return x.Uri
		}
	}
	return ""
}

// MediaTypeOf returns the media type of a locatable content ("" for nil).
func MediaTypeOf(c LocatableContent) string {
	switch x := c.(type) {
	case *DataContent:
		if x != nil {
			return x.MediaType
		}
	case *UriContent:
		if x != nil {
			return x.MediaType
		}
	}
	return ""
}

// NewErrorContent returns an ErrorContent with the message.
func NewErrorContent(message string) *ErrorContent {
	return &ErrorContent{Message: &message}
}
