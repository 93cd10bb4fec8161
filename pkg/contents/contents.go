package contents

import (
	"errors"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

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
	// TypeHostedFile tags a file held by the AI service (.NET's
	// HostedFileContent, "$type": "hostedFile").
	TypeHostedFile = gen.HostedFileContentType
	// TypeHostedVectorStore tags a vector store held by the AI service
	// (.NET's HostedVectorStoreContent, "$type": "hostedVectorStore").
	TypeHostedVectorStore = gen.HostedVectorStoreContentType
	// TypeFile and TypeVectorStore tag the Agent Framework's plain
	// "file" and "vector_store" contents (a Content of that type, which
	// .NET does not have), kept apart from the hosted ones.
	TypeFile        = gen.FileContentType
	TypeVectorStore = gen.VectorStoreContentType
	// TypeToolCall and TypeToolResult tag a call of a tool of any kind
	// and its result (.NET's ToolCallContent and ToolResultContent).
	TypeToolCall   = gen.ToolCallContentType
	TypeToolResult = gen.ToolResultContentType
	// TypeFunctionApprovalRequest and TypeFunctionApprovalResponse tag a
	// request for approval of a tool call and its answer (the Agent
	// Framework's names; .NET's ToolApprovalRequestContent and
	// ToolApprovalResponseContent).
	TypeFunctionApprovalRequest  = gen.FunctionApprovalRequestContentType
	TypeFunctionApprovalResponse = gen.FunctionApprovalResponseContentType
	// The calls and results of tools the AI service runs itself.
	TypeMcpServerToolCall         = gen.McpServerToolCallContentType
	TypeMcpServerToolResult       = gen.McpServerToolResultContentType
	TypeCodeInterpreterToolCall   = gen.CodeInterpreterToolCallContentType
	TypeCodeInterpreterToolResult = gen.CodeInterpreterToolResultContentType
	TypeImageGenerationToolCall   = gen.ImageGenerationToolCallContentType
	TypeImageGenerationToolResult = gen.ImageGenerationToolResultContentType
	TypeWebSearchToolCall         = gen.WebSearchToolCallContentType
	TypeWebSearchToolResult       = gen.WebSearchToolResultContentType
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
func Count(n int64) *gen.Int {
	v := gen.IntOf(n)
	return &v
}

// Unmarshal decodes one content from JSON in this project's form
// ({"type": "text", "text": "hi"}) or in the form .NET's
// Microsoft.Extensions.AI writes ({"$type": "text", "text": "hi"}, with
// camelCase member names). The error is an agentschema.Faults. For
// decoding options, use gen.UnmarshalOptions' UnmarshalAIContent.
func Unmarshal(data []byte) (gen.AIContent, error) {
	return gen.UnmarshalAIContent(data)
}

// UnmarshalList decodes a JSON array of contents, each in either form (see
// Unmarshal). The error is an agentschema.Faults listing every fault.
func UnmarshalList(data []byte, opts gen.UnmarshalOptions) ([]gen.AIContent, error) {
	d := wire.NewDecoder(data, wire.Options(opts))
	var out []gen.AIContent
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) { out = decodeList(d) }))
	if err := d.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

func decodeList(d *wire.Decoder) []gen.AIContent {
	if !d.Array() {
		return nil
	}
	out := []gen.AIContent{}
	for d.More() {
		if v, _ := gen.DecodeTitled("AIContent", d); v != nil {
			if c, ok := v.(gen.AIContent); ok {
				out = append(out, c)
			}
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
func Marshal(c gen.AIContent) ([]byte, error) {
	if isNil(c) {
		return nil, ErrNilContent
	}
	return wire.Marshal(c)
}

// List is a list of contents that reads and writes itself as a JSON array,
// for use in other types' JSON. It reads both forms (see Unmarshal) and
// writes this project's.
type List []gen.AIContent

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
		e.Value(c)
	}
	e.Raw("]")
	if err := e.Err(); err != nil {
		return nil, err
	}
	return e.Bytes(), nil
}

// UnmarshalJSON reads a JSON array of contents; the error is a
// agentschema.Faults.
func (l *List) UnmarshalJSON(data []byte) error {
	out, err := UnmarshalList(data, gen.UnmarshalOptions{})
	if err != nil {
		return err
	}
	*l = out
	return nil
}

// common holds the members every content has.
type common struct {
	raw         any
	props       gen.RawJSON
	annotations []gen.RawJSON
}

// commonOf returns the common members of c, and false for a nil content
// or a nil pointer of a content type.
func commonOf(c gen.AIContent) (common, bool) {
	if m, ok := noteCommonOf(c); ok {
		return m, true
	}
	return addedCommonOf(c)
}

// noteCommonOf is commonOf for the kinds of the design note "Core Data
// Types"; it returns false for any other kind.
func noteCommonOf(c gen.AIContent) (common, bool) {
	switch x := c.(type) {
	case *gen.TextContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.TextReasoningContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.DataContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.UriContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.FunctionCallContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.FunctionResultContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.ErrorContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.UsageContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	}
	return common{}, false
}

// addedCommonOf is commonOf for the kinds .NET's Microsoft.Extensions.AI
// and the Agent Framework added to the note's; it returns false for any
// other kind.
func addedCommonOf(c gen.AIContent) (common, bool) {
	switch x := c.(type) {
	case *gen.HostedFileContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.HostedVectorStoreContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.FileContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.VectorStoreContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.ToolCallContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.ToolResultContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.FunctionApprovalRequestContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.FunctionApprovalResponseContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.McpServerToolCallContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.McpServerToolResultContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.CodeInterpreterToolCallContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.CodeInterpreterToolResultContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.ImageGenerationToolCallContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.ImageGenerationToolResultContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.WebSearchToolCallContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	case *gen.WebSearchToolResultContent:
		if x != nil {
			return common{x.RawRepresentation, x.AdditionalProperties, x.Annotations}, true
		}
	}
	return common{}, false
}

// isNil reports whether c is nil or a nil pointer of a content type.
func isNil(c gen.AIContent) bool {
	_, ok := commonOf(c)
	return !ok
}

// RawRepresentationOf returns the RawRepresentation of c (nil for a nil
// content).
func RawRepresentationOf(c gen.AIContent) any {
	m, _ := commonOf(c)
	return m.raw
}

// AdditionalPropertiesOf returns the AdditionalProperties of c, a JSON
// object or nil.
func AdditionalPropertiesOf(c gen.AIContent) gen.RawJSON {
	m, _ := commonOf(c)
	return m.props
}

// AnnotationsOf returns the annotations of c (such as citations), each a
// JSON object as its writer wrote it (.NET's AIAnnotation with its
// "$type", the Agent Framework's Annotation with its "type"), or nil.
func AnnotationsOf(c gen.AIContent) []gen.RawJSON {
	m, _ := commonOf(c)
	return m.annotations
}

// TextOf returns the text of a textual content: the Text of a TextContent
// or TextReasoningContent, the Uri of a UriContent ("" for nil).
func TextOf(c gen.AnyTextualContent) string {
	switch x := c.(type) {
	case *gen.TextContent:
		if x != nil {
			return x.Text
		}
	case *gen.TextReasoningContent:
		if x != nil {
			return x.Text
		}
	case *gen.UriContent:
		if x != nil {
			return x.URI
		}
	}
	return ""
}

// URIOf returns where a locatable content is: the data: URI of a
// DataContent, the Uri of a UriContent ("" for nil).
func URIOf(c gen.LocatableContent) string {
	switch x := c.(type) {
	case *gen.DataContent:
		if x != nil {
			return x.URI()
		}
	case *gen.UriContent:
		if x != nil {
			return x.URI
		}
	}
	return ""
}

// MediaTypeOf returns the media type of a locatable content ("" for nil).
func MediaTypeOf(c gen.LocatableContent) string {
	switch x := c.(type) {
	case *gen.DataContent:
		if x != nil {
			return x.MediaType
		}
	case *gen.UriContent:
		if x != nil {
			return x.MediaType
		}
	}
	return ""
}

// NewErrorContent returns an ErrorContent with the message.
func NewErrorContent(message string) *gen.ErrorContent {
	return &gen.ErrorContent{Message: &message}
}
