// Package pymodel turns Go structs into pydantic models: one engine for
// every Go type that stands for a Python BaseModel (StructuredMessage
// contents and custom messages in pkg/messages, function tool arguments and
// states in pkg/tools, structured output in pkg/models/openai).
//
// It owns, for a Go type built into a Node by Build:
//
//   - the JSON Schema pydantic's model_json_schema() writes (Schema, with
//     $defs; InlineSchema, with $refs replaced as AutoGen's tools replace
//     them), keys sorted as pydantic sorts them;
//   - lax validation of Python values (Validate: model_validate of what
//     json.loads built, with pydantic's error types, messages and
//     locations) and of JSON text (Decode, DecodeModel:
//     model_validate_json over internal/wire, faults with JSON pointers);
//   - the dumps: DumpJSON (model_dump(mode="json")), DumpPython
//     (model_dump()), Encode and Marshal (model_dump_json).
//
// # Tag grammar
//
// A struct is a model; its fields are the model's fields:
//
//   - json:"name": the field's name (the Go name without it); json:"-" and
//     unexported fields are left out; embedded structs (and pointers to
//     them) without a name are flattened as encoding/json flattens them: a
//     shallower field hides a deeper one of the same name, two at the same
//     depth are refused. The option ",string" is refused.
//   - default:"...": the field is optional with this default, written as
//     JSON ("[]", "{}", "null", "1.5", "\"x\""). On a string field (or a
//     pointer to one) text that is not a JSON string is the string itself
//     (default:"x" and default:"\"x\"" are both the string x; "null" on a
//     pointer is None). The value is validated as input would be, and the
//     schema shows its dump (default:"2" on a float is 2.0). Two factories:
//     "@uuid4" (a string field: a new UUID4 each time) and "@now" (a
//     time.Time or DateTime field: the current UTC time).
//   - a pointer field without a default is Optional[T] = None; with
//     required:"true" it is Optional[T] without a default (required, null
//     allowed).
//   - json ",omitempty" or ",omitzero" without a default tag: the default
//     is the zero value (shown as [] and {} for slices and maps).
//   - any other field is required.
//   - description:"...": the field's description.
//   - enum:"a,b" (or a JSON array, enum:`["a,b","c"]`): a Literal of the
//     values, read as the field's type; it applies through pointers,
//     slices and arrays to the element.
//   - minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf (on
//     numbers), minLength, maxLength, pattern, format (on strings),
//     minItems, maxItems (on slices): the JSON Schema keywords of pydantic's
//     Field constraints ge, le, gt, lt, multiple_of, min_length,
//     max_length, pattern (format is the schema's alone), written into the
//     schema and enforced on both paths as pydantic-core enforces them
//     (constraints.go): after the value's conversion, and only when it
//     succeeded, the first that fails is the value's one fault, in the
//     order multiple_of, le, lt, ge, gt for numbers and min_length,
//     max_length, pattern for strings. The faults are multiple_of "Input
//     should be a multiple of 3", less_than_equal "Input should be less
//     than or equal to 5", less_than, greater_than_equal, greater_than
//     (numbers written as Rust writes them: 2.5, 2 for 2.0),
//     string_too_short "String should have at least 2 characters",
//     string_too_long, string_pattern_mismatch "String should match
//     pattern '^[a-z]+$'" (the pattern as written), and for lists
//     too_short "List should have at least 1 item after validation, not 0"
//     (when the items are valid) and too_long "List should have at most 2
//     items after validation, not 3" (alone: the items are not reported).
//     Lengths count characters; pattern is searched (not anchored), with
//     Go's regexp (RE2, like pydantic's default Rust regex engine, but
//     \d, \w, \s and \b are ASCII in Go and Unicode in Rust: "٣" matches
//     \d in pydantic, not here). A bound
//     on an integer field must be an integer (2.0 is 2), multipleOf must
//     be above 0 and pattern must compile, as pydantic requires. Defaults
//     and Literal values are not checked (pydantic does not validate
//     defaults).
//
// Types: string kinds (str), bool, Go integers (int; a Go integer below
// 64 bits is int with Field(ge=min, le=max): the schema shows its range as
// minimum and maximum, and a value outside it is refused with
// less_than_equal or greater_than_equal, before the tags' constraints
// where a tag replaces the bound; a 64-bit one refuses what it cannot hold
// with the same faults), gen.Int and *big.Int
// (int of any size; a nil *big.Int is None), floats (float), []byte
// (bytes), time.Time and gen.DateTime (datetime), json.RawMessage and
// gen.RawJSON (any JSON, kept as text), any (any JSON: nil, bool, int64 or
// *big.Int, float64, string, []any, map[string]any), []T (list), [N]T
// (tuple), maps with string or integer keys (dict), *T (Optional), structs
// (nested models, in $defs), types implementing Enum (Enum classes, in
// $defs; with EnumNamer, python-mode dumps hold the members, which
// str.format writes as Color.RED, as Python 3.11 and 3.12 do for plain and
// mixed-in Enums alike; without it a member is its value), the generated types of package gen and types with MarshalJSON and
// UnmarshalJSON (read and written by their own codecs; schema {}). A
// struct's class name is its ModelName() when it has one.
//
// # One answer on both paths
//
// pydantic gives model_validate and model_validate_json the same error
// types and messages for the same input, and so do Validate and
// DecodeModel (TestCrossPath runs one table through both): locations
// become JSON pointers (a dict key's fault is at /dict/key/[key], a tuple's
// missing item at /tuple/1; a fault found once a value is read, such as a
// constraint or a list past maxItems, is placed where the value starts). A
// list past maxItems, or a tuple with too many items, gets too_long alone,
// as in pydantic: DecodeModel takes back the faults it had found in the
// items before. Where they still differ: DecodeModel reports faults in
// input order, pydantic (and Validate) in field order.
//
// Options restrict what a caller accepts: function tools refuse recursive
// types (their schema is inlined) and []byte; StructuredMessage contents
// take only maps with string keys.
package pymodel
