// Package tools gives Go programs AutoGen's tools (autogen_core.tools): a
// typed Go function becomes a tool with the JSON schema AutoGen would write
// for the same Python function, whose arguments are checked and converted
// as AutoGen (pydantic) checks them, and whose results and errors read as
// AutoGen's do.
//
// It owns:
//
//   - the Tool and StreamTool interfaces (AutoGen's Tool and StreamTool);
//   - FunctionTool (a func(context.Context, In) (Out, error)),
//     BaseStreamTool (a function that streams Items, then returns Out) and
//     BaseToolWithState (a tool with a state of type S saved and loaded
//     as JSON);
//   - the inference of a parameters schema from a Go struct (below), and
//     Strict mode;
//   - argument validation with pydantic's lax rules and texts
//     (*ValidationError, Validate), and panics turned into *PanicError;
//   - ReturnValueAsString, AutoGen's BaseTool.return_value_as_string;
//   - FunctionTool component configs: RegisterFunction, and the
//     "autogen_core.tools.FunctionTool" provider in pkg/component.
//
// # Schema inference
//
// A tool's arguments are one struct, In. Each field is a parameter, in
// field order, named by its json tag (or its Go name); fields tagged
// json:"-" and unexported fields are left out; embedded structs are
// flattened as encoding/json flattens them (a shallower field hides a
// deeper one of the same name; two at the same depth are an error).
//
// The schema is what pydantic's model_json_schema writes for the Python
// counterpart of In, after AutoGen's inlining of $refs, with its keys
// sorted as pydantic sorts them; the parameters object is AutoGen's:
// {"type": "object", "properties": ..., "required": [...],
// "additionalProperties": false}. Each property has a "title", pydantic's
// (the name's str.title() with "_" as " ": "user_id" is "User Id").
//
// Descriptions. A description tag is the parameter's description (the
// counterpart of Annotated[T, "..."]). A FunctionTool describes every
// parameter, by its name when there is no tag, as AutoGen does for a
// Python function; BaseStreamTool and BaseToolWithState take In as an
// argument class, as AutoGen's BaseTool does: fields are described only
// by tags, and the model's title is In's type name (a FunctionTool's is
// the tool name followed by "args"). Fields of nested structs are
// described only by tags.
//
// Required and optional. A field is required unless:
//
//   - it has a default tag: the default, as JSON; on a string field (or a
//     pointer to one) text that is not a JSON string is the string itself
//     (default:"x" and default:"\"x\"" are both x). It is validated like
//     an argument and shown as the function receives it (default:"2" on a
//     float64 is shown as 2.0);
//   - it is a pointer: Optional[T] = None, {"anyOf": [T, {"type":
//     "null"}], "default": null}. With required:"true" it is Optional[T]
//     without a default: required, but null is allowed;
//   - its json tag has omitempty or omitzero: the default is the zero value
//     (shown as [] and {} for slices and maps).
//
// Types. With T the schema of the element type:
//
//	string                     {"type": "string"}
//	bool                       {"type": "boolean"}
//	int, int64                 {"type": "integer"}
//	int8 ... int32, uint8 ... uint32
//	                           {"type": "integer", "minimum": ..., "maximum": ...}, the Go range
//	uint, uint64               {"type": "integer", "minimum": 0}
//	gen.Int, *big.Int          {"type": "integer"}, of any size, as Python's int
//	float32, float64           {"type": "number"}
//	any, json.RawMessage, gen.RawJSON
//	                           {} (Any); any receives nil, bool, int64 (*big.Int
//	                           beyond), float64, string, []any, map[string]any;
//	                           json.RawMessage receives the JSON text, key order kept
//	time.Time, gen.DateTime    {"format": "date-time", "type": "string"}, read as
//	                           pydantic reads a datetime (a naive one keeps its wall clock, in UTC)
//	[]T                        {"items": T, "type": "array"}
//	[N]T                       Tuple[T, ...]: {"maxItems": N, "minItems": N,
//	                           "prefixItems": [T, ...], "type": "array"}
//	map[string]T, map[int]T    {"additionalProperties": T, "type": "object"}
//	                           (true instead of T for any)
//	*T                         {"anyOf": [T, {"type": "null"}]}
//	a struct                   a nested model: {"properties": ..., "required": [...],
//	                           "title": "<TypeName>", "type": "object"}
//	a type implementing Enum   an Enum class: {"enum": [...], "title": "<TypeName>",
//	                           "type": ...}
//
// A nested model or an Enum type is a $defs entry in pydantic's schema,
// which AutoGen's jsonref inlining puts in place of the whole property:
// the property then has the definition only, without its own title,
// description or default (as in AutoGen's schemas). A type implementing
// SchemaDoc gives its definition a "description", as a Python docstring
// does. A pointer to one (Optional[Model] = None) keeps its description
// and default but, as pydantic writes it, has no title. The generated
// types of package gen and types with MarshalJSON and UnmarshalJSON are
// read and written by their own methods (schema {}); a struct with a
// ModelName method is named by it.
//
// An enum tag makes a Literal: enum:"fast,slow" is Literal["fast",
// "slow"], {"enum": ["fast", "slow"], "type": "string"} ({"const": v} for
// one value); the values are read as the field's type (enum:"1,2" on an
// int), or given as a JSON array (enum:`["a,b", "c"]`); the tag applies
// through pointers, slices and arrays to the element.
//
// Constraint tags add JSON Schema keywords, as pydantic's Field
// constraints do: minimum, maximum, exclusiveMinimum, exclusiveMaximum and
// multipleOf on numbers; minLength, maxLength, pattern and format on
// strings; minItems and maxItems on slices.
//
// Other types (channels, functions, complex numbers, []byte, interfaces
// with methods, pointers to pointers, recursive types, maps with other
// key types) and unreadable tags are refused when the tool is built, with
// a *TypeError.
//
// Strict mode (Strict) is AutoGen's strict=True: the schema says
// "strict": true, and a tool with an optional parameter is refused with
// AutoGen's error (*StrictModeError).
//
// # Validation
//
// RunJSON reads the arguments as Python's json.loads does, then validates
// them as pydantic's model_validate does in lax mode: "4" and 4.0 are the
// integer 4, "yes" is true, a missing field with a default gets it (a fresh
// copy each call), unknown keys are ignored. Each fault is a FieldError
// with pydantic's location, type and message, and the *ValidationError's
// text is pydantic's, as AutoGen puts it in a tool result:
//
//	1 validation error for addargs
//	b
//	  Field required [type=missing, input_value={'a': 1}, input_type=dict]
//	    For further information visit https://errors.pydantic.dev/2.13/v/missing
//
// A Go integer outside its type's range is refused (less_than_equal,
// greater_than_equal), and the constraint tags (minimum, maxLength,
// pattern, minItems, ...) are enforced as pydantic enforces the Field
// constraints that write the same keywords (greater_than_equal,
// string_too_long, string_pattern_mismatch, too_short, ...), each fault
// in its field's place among the others; so the function always receives
// arguments that satisfy the schema the model was shown. A panic in the
// function is returned as a *PanicError.
//
// # Where each Python behaviour lives
//
// The argument model (the tag grammar, the schema, lax validation and the
// dump) is internal/pymodel's, shared with pkg/messages' StructuredMessage
// and pkg/models/openai's structured output; its doc.go documents the tag
// grammar once. This package adds what is AutoGen's tools' own: the
// argument model's title and descriptions, the inlining of $refs into the
// parameters, Strict mode, pydantic's error text (errors.go),
// return_value_as_string (render.go) and the component config
// (component.go, pysource.go). Python's values and their repr and str are
// internal/pyjson's.
//
// # Concurrency
//
// Tools are immutable once built and safe for concurrent use; a
// BaseToolWithState runs its calls one at a time, under its lock.
package tools
