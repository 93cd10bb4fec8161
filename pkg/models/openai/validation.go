package openai

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
)

// ValidationError is pydantic's ValidationError: structured output whose
// content the response format's model refuses (the openai library's
// model_validate_json of the content), or a client config the config
// model refuses. Its Error text is pydantic's str(ValidationError):
//
//	1 validation error for WeatherReport
//	conditions
//	  Input should be 'sunny', 'cloudy' or 'rain' [type=literal_error, input_value='snow', input_type=str]
//	    For further information visit https://errors.pydantic.dev/2.13/v/literal_error
type ValidationError struct {
	// Title is the model's name (the output type's class name, the
	// output schema's name, or the config model's).
	Title string
	// Errors are the faults, in pydantic's order.
	Errors []FieldError
}

// FieldError is one fault of a ValidationError.
type FieldError struct {
	// Loc is the path to the value: field names and dict keys as strings,
	// list indices as ints; empty for the value as a whole.
	Loc []any
	// Type is pydantic's error type ("missing", "literal_error", ...).
	Type string
	// Msg is pydantic's message ("Field required").
	Msg string
	// Input is the JSON of the value at fault (for "missing", the object
	// the field is missing from; for "json_invalid", the text as a JSON
	// string).
	Input json.RawMessage

	input pyjson.Value
}

func newFieldError(loc []any, typ, msg string, input pyjson.Value) FieldError {
	return FieldError{Loc: append([]any(nil), loc...), Type: typ, Msg: msg, Input: pyjson.AppendJSON(nil, &input), input: input}
}

// Error returns pydantic's text.
func (e *ValidationError) Error() string {
	lines := make([]pydantic.Line, len(e.Errors))
	for i := range e.Errors {
		fe := &e.Errors[i]
		lines[i] = pydantic.Line{Loc: fe.Loc, Type: fe.Type, Msg: fe.Msg, Input: &fe.input}
	}
	return pydantic.Text(e.Title, lines)
}

// Is reports whether target is pydantic's ValidationError, for errors.Is.
func (e *ValidationError) Is(target error) bool { return target == Exception("ValidationError") }

// Unwrap gives the faults as the module's one fault type, so errors.As
// finds each *agentschema.Fault (pointer from Loc, pydantic's type and
// message).
func (e *ValidationError) Unwrap() error {
	out := make(agentschema.Faults, len(e.Errors))
	for i := range e.Errors {
		fe := &e.Errors[i]
		out[i] = &agentschema.Fault{Pointer: pydantic.Pointer(fe.Loc), Type: fe.Type, Message: fe.Msg}
	}
	return out
}

// validateContent is the openai library's _parse_content: the content
// validated by the response format's model as model_validate_json does.
func (s *structuredOutput) validateContent(content string) error {
	v, err := pyjson.Parse([]byte(content))
	if err != nil {
		var se *pyjson.SyntaxError
		msg := err.Error()
		if errors.As(err, &se) {
			msg = jiterMessage([]byte(content), false)
		}
		return &ValidationError{Title: s.name, Errors: []FieldError{
			newFieldError(nil, "json_invalid", "Invalid JSON: "+msg, pyjson.StrValue(content)),
		}}
	}
	sv := schemaValidator{root: s.original}
	sv.value(s.original, &v)
	if len(sv.errs) > 0 {
		return &ValidationError{Title: s.name, Errors: sv.errs}
	}
	return nil
}

// schemaValidator validates a value against the JSON Schema pydantic's
// model_json_schema() wrote for a model, as the model's lax validation of
// JSON (model_validate_json) does, with its error types, messages (those
// of JSON input: "Input should be an object", "Input should be a valid
// array") and locations: fields in the schema's order, required ones
// missing, extra ones forbidden (additionalProperties false), str, int,
// float and bool with pydantic's conversions, datetime (format
// date-time), Literal (enum, const), Enum classes ($defs with enum),
// nested models ($ref), lists, tuples (prefixItems), dicts, Optional and
// other unions (anyOf, faults under each member's name), and the
// constraints pydantic writes (minLength, maxLength, pattern, minimum,
// maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minItems,
// maxItems). A schema without a type takes any value.
type schemaValidator struct {
	root obj
	loc  []any
	errs []FieldError
	refs int
}

func (sv *schemaValidator) add(typ, msg string, v *pyjson.Value) {
	sv.errs = append(sv.errs, newFieldError(sv.loc, typ, msg, *v))
}

func (sv *schemaValidator) push(item any) { sv.loc = append(sv.loc, item) }
func (sv *schemaValidator) pop()          { sv.loc = sv.loc[:len(sv.loc)-1] }

// resolve returns the schema a $ref names (nil if it does not resolve).
func (sv *schemaValidator) resolve(ref string) obj {
	path, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil
	}
	var cur any = sv.root
	for _, k := range strings.Split(path, "/") {
		o, ok := cur.(obj)
		if !ok {
			return nil
		}
		cur, _ = o.Get(strings.ReplaceAll(strings.ReplaceAll(k, "~1", "/"), "~0", "~"))
	}
	o, _ := cur.(obj)
	return o
}

func strOf(s obj, key string) string {
	v, _ := s.Get(key)
	str, _ := v.(string)
	return str
}

// value validates v against schema s.
func (sv *schemaValidator) value(s obj, v *pyjson.Value) {
	if ref := strOf(s, "$ref"); ref != "" {
		target := sv.resolve(ref)
		if target == nil || sv.refs > 200 {
			return
		}
		sv.refs++
		defer func() { sv.refs-- }()
		if enum, ok := target.Get("enum"); ok {
			sv.enum(enum, v, true)
			return
		}
		sv.value(target, v)
		return
	}
	if anyOf, ok := s.Get("anyOf"); ok {
		if list, ok := anyOf.([]any); ok {
			sv.union(list, v)
			return
		}
	}
	if enum, ok := s.Get("enum"); ok {
		sv.enum(enum, v, false)
		return
	}
	if c, ok := s.Get("const"); ok {
		sv.enum([]any{c}, v, false)
		return
	}
	switch strOf(s, "type") {
	case "object":
		if _, ok := s.Get("properties"); ok {
			sv.model(s, strOf(s, "title"), v)
		} else {
			sv.dict(s, v)
		}
	case "array":
		sv.list(s, v)
	case "string":
		if strOf(s, "format") == "date-time" {
			sv.dateTime(v)
			return
		}
		if v.Kind != pyjson.Str {
			sv.add("string_type", "Input should be a valid string", v)
			return
		}
		sv.strConstraints(s, v)
	case "integer":
		text, ok := sv.intText(v)
		if ok {
			x, _ := new(big.Float).SetString(text)
			f, _ := x.Float64()
			sv.numConstraints(s, f, v)
		}
	case "number":
		if f, ok := sv.floatOf(v); ok {
			sv.numConstraints(s, f, v)
		}
	case "boolean":
		sv.boolOf(v)
	case "null":
		if v.Kind != pyjson.None {
			sv.add("none_required", "Input should be None", v)
		}
	}
}

// model validates a dict against a model's schema: each property in
// order, from its key or its default; extra keys are ignored, or refused
// when additionalProperties is false (extra="forbid").
func (sv *schemaValidator) model(s obj, title string, v *pyjson.Value) {
	if v.Kind != pyjson.Dict {
		sv.add("model_type", "Input should be an object", v)
		return
	}
	required := map[string]bool{}
	if r, ok := s.Get("required"); ok {
		if list, ok := r.([]any); ok {
			for _, k := range list {
				if ks, ok := k.(string); ok {
					required[ks] = true
				}
			}
		}
	}
	props, _ := s.Get("properties")
	fields, _ := props.(obj)
	for _, f := range fields {
		in, ok := v.Get(f.Key)
		sv.push(f.Key)
		switch {
		case !ok && required[f.Key]:
			sv.add("missing", "Field required", v)
		case ok:
			if fs, isObj := f.Val.(obj); isObj {
				sv.value(fs, in)
			}
		}
		sv.pop()
	}
	if ap, ok := s.Get("additionalProperties"); ok && ap == false {
		for i := range v.Keys {
			k := pyjson.KeyText(&v.Keys[i])
			if _, known := fields.Get(k); !known {
				sv.push(k)
				sv.add("extra_forbidden", "Extra inputs are not permitted", &v.Vals[i])
				sv.pop()
			}
		}
	}
}

func (sv *schemaValidator) dict(s obj, v *pyjson.Value) {
	if v.Kind != pyjson.Dict {
		sv.add("dict_type", "Input should be an object", v)
		return
	}
	ap, _ := s.Get("additionalProperties")
	vs, ok := ap.(obj)
	if !ok {
		return
	}
	for i := range v.Keys {
		sv.push(pyjson.KeyText(&v.Keys[i]))
		sv.value(vs, &v.Vals[i])
		sv.pop()
	}
}

func (sv *schemaValidator) list(s obj, v *pyjson.Value) {
	if p, ok := s.Get("prefixItems"); ok {
		if items, ok := p.([]any); ok {
			sv.tuple(items, v)
			return
		}
	}
	if v.Kind != pyjson.List {
		sv.add("list_type", "Input should be a valid array", v)
		return
	}
	if maxItems, ok := intKeyword(s, "maxItems"); ok && len(v.List) > maxItems {
		sv.add("too_long", fmt.Sprintf("List should have at most %s after validation, not %d", pydantic.Plural(maxItems, "item"), len(v.List)), v)
		return
	}
	before := len(sv.errs)
	if it, ok := s.Get("items"); ok {
		if is, ok := it.(obj); ok {
			for i := range v.List {
				sv.push(i)
				sv.value(is, &v.List[i])
				sv.pop()
			}
		}
	}
	if minItems, ok := intKeyword(s, "minItems"); ok && len(sv.errs) == before && len(v.List) < minItems {
		sv.add("too_short", fmt.Sprintf("List should have at least %s after validation, not %d", pydantic.Plural(minItems, "item"), len(v.List)), v)
	}
}

// tuple validates a tuple (prefixItems): each item by its position; too
// many is the tuple's one fault, too few a missing item.
func (sv *schemaValidator) tuple(items []any, v *pyjson.Value) {
	if v.Kind != pyjson.List {
		sv.add("tuple_type", "Input should be a valid array", v)
		return
	}
	if len(v.List) > len(items) {
		sv.add("too_long", fmt.Sprintf("Tuple should have at most %s after validation, not %d", pydantic.Plural(len(items), "item"), len(v.List)), v)
		return
	}
	for i, it := range items {
		sv.push(i)
		if i >= len(v.List) {
			sv.add("missing", "Field required", v)
		} else if is, ok := it.(obj); ok {
			sv.value(is, &v.List[i])
		}
		sv.pop()
	}
}

// dateTime validates a datetime as pydantic's lax datetime does
// (pymodel.LaxDateTime): an ISO 8601 string, or a number of seconds (or
// milliseconds) since the epoch.
func (sv *schemaValidator) dateTime(v *pyjson.Value) {
	if _, code, msg := pymodel.LaxDateTime(v); code != "" {
		sv.add(code, msg, v)
	}
}

func intKeyword(s obj, key string) (int, bool) {
	v, ok := s.Get(key)
	if !ok {
		return 0, false
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil
}

// union validates an anyOf: Optional[X] (X or null) as X that also takes
// None; any other union as pydantic's smart union, whose faults, when no
// member takes the value, are each member's, under the member's name.
func (sv *schemaValidator) union(members []any, v *pyjson.Value) {
	var rest []obj
	nullable := false
	for _, m := range members {
		ms, ok := m.(obj)
		if !ok {
			continue
		}
		if strOf(ms, "type") == "null" && len(ms) == 1 {
			nullable = true
			continue
		}
		rest = append(rest, ms)
	}
	if nullable && v.Kind == pyjson.None {
		return
	}
	if len(rest) == 1 {
		sv.value(rest[0], v)
		return
	}
	var all []FieldError
	for _, ms := range rest {
		trial := schemaValidator{root: sv.root, loc: append(append([]any(nil), sv.loc...), sv.memberName(ms)), refs: sv.refs}
		trial.value(ms, v)
		if len(trial.errs) == 0 {
			return
		}
		all = append(all, trial.errs...)
	}
	sv.errs = append(sv.errs, all...)
}

// memberName is the name pydantic gives a union member in a location:
// the Python type's name, or the model's class name.
func (sv *schemaValidator) memberName(s obj) string {
	if ref := strOf(s, "$ref"); ref != "" {
		if t := sv.resolve(ref); t != nil {
			if title := strOf(t, "title"); title != "" {
				return title
			}
		}
		return ref[strings.LastIndexByte(ref, '/')+1:]
	}
	switch strOf(s, "type") {
	case "string":
		return "str"
	case "integer":
		return "int"
	case "number":
		return "float"
	case "boolean":
		return "bool"
	case "null":
		return "none"
	case "array":
		if it, ok := s.Get("items"); ok {
			if is, ok := it.(obj); ok {
				return "list[" + sv.memberName(is) + "]"
			}
		}
		return "list[any]"
	case "object":
		if _, ok := s.Get("properties"); ok {
			return strOf(s, "title")
		}
		return "dict[str,any]"
	}
	if _, ok := s.Get("enum"); ok {
		return "literal"
	}
	return "any"
}

// enum validates a Literal (inline enum or const) or an Enum class (a
// $ref to a definition with enum): the value must be one of the values,
// after the conversion of the value's type.
func (sv *schemaValidator) enum(values any, v *pyjson.Value, class bool) {
	list, _ := values.([]any)
	parts := make([]string, 0, len(list))
	for _, w := range list {
		want := pyValueOf(w)
		if enumMatch(v, &want) {
			return
		}
		parts = append(parts, pyjson.Repr(&want))
	}
	typ := "literal_error"
	if class {
		typ = "enum"
	}
	sv.add(typ, "Input should be "+pydantic.OrList(parts), v)
}

// enumMatch is pymodel.EnumMatch, with None matching None (a Literal[None]
// of a schema).
func enumMatch(v, want *pyjson.Value) bool {
	if want.Kind == pyjson.None {
		return v.Kind == pyjson.None
	}
	return pymodel.EnumMatch(v, want)
}

// pyValueOf converts a value of parseOrdered to a Python value.
func pyValueOf(x any) pyjson.Value {
	switch x := x.(type) {
	case nil:
		return pyjson.NoneValue()
	case bool:
		return pyjson.BoolValue(x)
	case string:
		return pyjson.StrValue(x)
	case json.Number:
		if v, err := pyjson.Parse([]byte(x)); err == nil {
			return v
		}
	case []any:
		out := pyjson.Value{Kind: pyjson.List}
		for _, e := range x {
			out.List = append(out.List, pyValueOf(e))
		}
		return out
	case obj:
		out := pyjson.Value{Kind: pyjson.Dict}
		for _, m := range x {
			out.Keys = append(out.Keys, pyjson.StrValue(m.Key))
			out.Vals = append(out.Vals, pyValueOf(m.Val))
		}
		return out
	}
	return pyjson.NoneValue()
}

// intText converts v as pydantic's lax int does and returns its decimal
// text.
func (sv *schemaValidator) intText(v *pyjson.Value) (string, bool) {
	text, code, msg := pymodel.LaxInt(v)
	if code != "" {
		sv.add(code, msg, v)
		return "", false
	}
	return text, true
}

// floatOf converts v as pydantic's lax float does.
func (sv *schemaValidator) floatOf(v *pyjson.Value) (float64, bool) {
	f, code, msg := pymodel.LaxFloat(v)
	if code != "" {
		sv.add(code, msg, v)
		return 0, false
	}
	return f, true
}

// boolOf checks v as pydantic's lax bool does (internal/pymodel).
func (sv *schemaValidator) boolOf(v *pyjson.Value) {
	if _, code, msg := pymodel.LaxBool(v); code != "" {
		sv.add(code, msg, v)
	}
}

// strConstraints checks min_length, max_length and pattern, in that
// order, the first that fails being the value's one fault.
func (sv *schemaValidator) strConstraints(s obj, v *pyjson.Value) {
	n := utf8.RuneCountInString(v.Str)
	if minLen, ok := intKeyword(s, "minLength"); ok && n < minLen {
		sv.add("string_too_short", "String should have at least "+pydantic.Plural(minLen, "character"), v)
		return
	}
	if maxLen, ok := intKeyword(s, "maxLength"); ok && n > maxLen {
		sv.add("string_too_long", "String should have at most "+pydantic.Plural(maxLen, "character"), v)
		return
	}
	if p := strOf(s, "pattern"); p != "" {
		if re, err := regexp.Compile(p); err == nil && !re.MatchString(v.Str) {
			sv.add("string_pattern_mismatch", "String should match pattern '"+p+"'", v)
		}
	}
}

// numConstraints checks multiple_of, le, lt, ge and gt, in that order.
func (sv *schemaValidator) numConstraints(s obj, f float64, v *pyjson.Value) {
	bound := func(key string) (float64, string, bool) {
		x, ok := s.Get(key)
		if !ok {
			return 0, "", false
		}
		n, ok := x.(json.Number)
		if !ok {
			return 0, "", false
		}
		b, err := n.Float64()
		return b, string(n), err == nil
	}
	if m, text, ok := bound("multipleOf"); ok && m != 0 && math.Abs(math.Remainder(f, m)) > 1e-9*math.Max(1, math.Abs(f)) {
		sv.add("multiple_of", "Input should be a multiple of "+text, v)
		return
	}
	if b, text, ok := bound("maximum"); ok && !(f <= b) {
		sv.add("less_than_equal", "Input should be less than or equal to "+text, v)
		return
	}
	if b, text, ok := bound("exclusiveMaximum"); ok && !(f < b) {
		sv.add("less_than", "Input should be less than "+text, v)
		return
	}
	if b, text, ok := bound("minimum"); ok && !(f >= b) {
		sv.add("greater_than_equal", "Input should be greater than or equal to "+text, v)
		return
	}
	if b, text, ok := bound("exclusiveMinimum"); ok && !(f > b) {
		sv.add("greater_than", "Input should be greater than "+text, v)
	}
}

// PythonException returns the exception's class and text (models.Exception).
func (e *ValidationError) PythonException() (class, message string) {
	return "ValidationError", e.Error()
}
