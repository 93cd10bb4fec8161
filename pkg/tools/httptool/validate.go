package httptool

import (
	"math"
	"math/big"
	"strconv"

	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pymodel"
	"github.com/agentschema/agentschema/internal/pytime"
	"github.com/agentschema/agentschema/pkg/tools"
)

// This file validates the arguments as pydantic's lax model_validate
// validates the dict json.loads built (AutoGen's BaseTool.run_json), and
// returns model_dump(): a dict of every field, by field name, in field
// order, a missing optional field holding its default. The conversions,
// refusals, error types, messages and locations are pydantic's (the same
// as internal/pymodel's for Go argument types): "4" and 4.0 are the int
// 4, 1 is the float 1.0, "yes" is True, a str is never taken from a
// number, unknown keys are ignored.

// setMarker marks a Python set in a dump: a List whose Name is setMarker
// (pyjson has no set kind).
const setMarker = "set"

func isSet(v *pyjson.Value) bool { return v.Kind == pyjson.List && v.Name == setMarker }

// fault is one validation fault.
type fault struct {
	loc   []any
	typ   string
	msg   string
	input pyjson.Value
}

// validator collects the faults of one validation.
type validator struct {
	loc    []any
	faults []fault
}

func (vd *validator) add(typ, msg string, input *pyjson.Value) {
	vd.faults = append(vd.faults, fault{loc: append([]any(nil), vd.loc...), typ: typ, msg: msg, input: *input})
}

func (vd *validator) push(item any) { vd.loc = append(vd.loc, item) }
func (vd *validator) pop()          { vd.loc = vd.loc[:len(vd.loc)-1] }

// validateArgs validates args into the model's dump, or returns a
// *tools.ValidationError titled as the model.
func validateArgs(m *model, args *pyjson.Value) (pyjson.Value, error) {
	var vd validator
	dump, _ := vd.model(m, args)
	if len(vd.faults) == 0 {
		return dump, nil
	}
	return pyjson.Value{}, validationError(m.title, vd.faults)
}

// validationError is the *tools.ValidationError of faults.
func validationError(title string, faults []fault) *tools.ValidationError {
	errs := make([]tools.FieldError, len(faults))
	for i := range faults {
		f := &faults[i]
		errs[i] = tools.NewFieldError(f.loc, f.typ, f.msg, pyjson.AppendJSON(nil, &f.input))
	}
	return &tools.ValidationError{Title: title, Errors: errs}
}

// model validates a dict into a model's dump.
func (vd *validator) model(m *model, v *pyjson.Value) (pyjson.Value, bool) {
	if v.Kind != pyjson.Dict {
		vd.add("model_type", "Input should be a valid dictionary or instance of "+m.title, v)
		return pyjson.Value{}, false
	}
	before := len(vd.faults)
	out := pyjson.Value{Kind: pyjson.Dict}
	for _, f := range m.fields {
		in, ok := v.Get(f.key)
		if !ok {
			if f.required {
				vd.push(f.key)
				vd.add("missing", "Field required", v)
				vd.pop()
				continue
			}
			out.Set(f.name, deepCopy(f.def))
			continue
		}
		vd.push(f.key)
		x, ok := vd.value(f.typ, in)
		vd.pop()
		if ok {
			out.Set(f.name, x)
		}
	}
	return out, len(vd.faults) == before
}

// deepCopy copies a default, as pydantic copies a mutable default for each
// instance.
func deepCopy(v pyjson.Value) pyjson.Value {
	switch v.Kind {
	case pyjson.List, pyjson.Tuple:
		out := v
		out.List = make([]pyjson.Value, len(v.List))
		for i := range v.List {
			out.List[i] = deepCopy(v.List[i])
		}
		return out
	case pyjson.Dict:
		out := v
		out.Keys = append([]pyjson.Value(nil), v.Keys...)
		out.Vals = make([]pyjson.Value, len(v.Vals))
		for i := range v.Vals {
			out.Vals[i] = deepCopy(v.Vals[i])
		}
		return out
	}
	return v
}

// value validates v as a value of t.
func (vd *validator) value(t *typ, v *pyjson.Value) (pyjson.Value, bool) {
	switch t.kind {
	case kStr:
		if v.Kind != pyjson.Str {
			vd.add("string_type", "Input should be a valid string", v)
			return pyjson.Value{}, false
		}
		if c := t.cons; c != nil {
			if typ, msg := c.strFault(v.Str); typ != "" {
				vd.add(typ, msg, v)
				return pyjson.Value{}, false
			}
		}
		return *v, true
	case kInt:
		text, ok := vd.intText(v)
		if !ok {
			return pyjson.Value{}, false
		}
		if c := t.cons; c != nil {
			x, _ := new(big.Int).SetString(text, 10)
			if typ, msg := c.intFault(x); typ != "" {
				vd.add(typ, msg, v)
				return pyjson.Value{}, false
			}
		}
		return pyjson.IntValue(text), true
	case kFloat:
		f, ok := vd.floatOf(v)
		if !ok {
			return pyjson.Value{}, false
		}
		if c := t.cons; c != nil {
			if typ, msg := c.floatFault(f); typ != "" {
				vd.add(typ, msg, v)
				return pyjson.Value{}, false
			}
		}
		return pyjson.FloatValue(f), true
	case kBool:
		b, ok := vd.boolOf(v)
		return pyjson.BoolValue(b), ok
	case kNone:
		if v.Kind != pyjson.None {
			vd.add("none_required", "Input should be None", v)
			return pyjson.Value{}, false
		}
		return *v, true
	case kDict:
		if v.Kind != pyjson.Dict {
			vd.add("dict_type", "Input should be a valid dictionary", v)
			return pyjson.Value{}, false
		}
		return deepCopy(*v), true
	case kList:
		return vd.list(t, v)
	case kSet:
		return vd.set(t, v)
	case kModel:
		return vd.model(t.model, v)
	case kLiteral:
		if i := literalLookup(t.values, v); i >= 0 {
			return t.values[i], true
		}
		parts := make([]string, len(t.values))
		for i := range t.values {
			parts[i] = pyjson.Repr(&t.values[i])
		}
		vd.add("literal_error", "Input should be "+pydantic.OrList(parts), v)
		return pyjson.Value{}, false
	case kDateTime:
		dt, ok := vd.dateTimeOf(v)
		if !ok {
			return pyjson.Value{}, false
		}
		return pyjson.DatetimeValue(dt), true
	case kOptional:
		if v.Kind == pyjson.None {
			return *v, true
		}
		return vd.value(t.elem, v)
	}
	return pyjson.Value{}, false
}

// list validates a list (list.rs): past max_length its one fault is
// too_long; min_length is checked when the items are valid.
func (vd *validator) list(t *typ, v *pyjson.Value) (pyjson.Value, bool) {
	if v.Kind != pyjson.List {
		vd.add("list_type", "Input should be a valid list", v)
		return pyjson.Value{}, false
	}
	c := t.cons
	if c != nil && c.maxLen >= 0 && len(v.List) > c.maxLen {
		vd.add("too_long", "List should have at most "+pydantic.Plural(c.maxLen, "item")+" after validation, not "+strconv.Itoa(len(v.List)), v)
		return pyjson.Value{}, false
	}
	before := len(vd.faults)
	out := pyjson.Value{Kind: pyjson.List, List: make([]pyjson.Value, 0, len(v.List))}
	for i := range v.List {
		vd.push(i)
		x, _ := vd.value(t.elem, &v.List[i])
		vd.pop()
		out.List = append(out.List, x)
	}
	if len(vd.faults) != before {
		return pyjson.Value{}, false
	}
	if c != nil && c.minLen >= 0 && len(v.List) < c.minLen {
		vd.add("too_short", "List should have at least "+pydantic.Plural(c.minLen, "item")+" after validation, not "+strconv.Itoa(len(v.List)), v)
		return pyjson.Value{}, false
	}
	return out, true
}

// set validates a set from a list (set.rs): the items validated, repeated
// ones (by Python's equality: 1, 1.0 and True are one) kept once, in first
// occurrence order. Once the set holds more than max_length items its one
// fault is too_long ("not more": the input is not read further);
// min_length is checked when the items are valid.
func (vd *validator) set(t *typ, v *pyjson.Value) (pyjson.Value, bool) {
	if v.Kind != pyjson.List {
		vd.add("set_type", "Input should be a valid set", v)
		return pyjson.Value{}, false
	}
	c := t.cons
	before := len(vd.faults)
	out := pyjson.Value{Kind: pyjson.List, Name: setMarker}
	for i := range v.List {
		vd.push(i)
		x, ok := vd.value(t.elem, &v.List[i])
		vd.pop()
		if ok && !containsEqual(out.List, &x) {
			out.List = append(out.List, x)
		}
		if c != nil && c.maxLen >= 0 && len(out.List) > c.maxLen {
			vd.faults = vd.faults[:before]
			vd.add("too_long", "Set should have at most "+pydantic.Plural(c.maxLen, "item")+" after validation, not more", v)
			return pyjson.Value{}, false
		}
	}
	if len(vd.faults) != before {
		return pyjson.Value{}, false
	}
	if c != nil && c.minLen >= 0 && len(out.List) < c.minLen {
		vd.add("too_short", "Set should have at least "+pydantic.Plural(c.minLen, "item")+" after validation, not "+strconv.Itoa(len(out.List)), v)
		return pyjson.Value{}, false
	}
	return out, true
}

// containsEqual reports whether list holds a value equal to x, as Python's
// == compares scalars (numbers across int, float and bool).
func containsEqual(list []pyjson.Value, x *pyjson.Value) bool {
	for i := range list {
		if pyEqual(&list[i], x) {
			return true
		}
	}
	return false
}

func pyEqual(a, b *pyjson.Value) bool {
	if a.Kind == pyjson.Str || b.Kind == pyjson.Str {
		return a.Kind == b.Kind && a.Str == b.Str
	}
	x, okA := numberOf(a)
	y, okB := numberOf(b)
	return okA && okB && x.Cmp(y) == 0
}

// numberOf is a bool, int or finite float as an exact rational.
func numberOf(v *pyjson.Value) (*big.Rat, bool) {
	switch v.Kind {
	case pyjson.Bool:
		if v.Bool {
			return big.NewRat(1, 1), true
		}
		return new(big.Rat), true
	case pyjson.Int:
		r, ok := new(big.Rat).SetString(v.Int)
		return r, ok
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return nil, false
		}
		return new(big.Rat).SetFloat64(v.Float), true
	}
	return nil, false
}

// literalLookup is pydantic-core's LiteralLookup of a Python input: the
// index of the Literal value v matches, or -1. A bool matches a bool value
// of its own, an int an int value, a str only an equal str; then, as
// Python's dict lookups do, a float or None value equal to v, and last any
// value numerically equal to v (1.0 and True match 1; with both 1 and
// True among the values the later one is the match, as a dict keeps the
// later value of equal keys).
func literalLookup(values []pyjson.Value, v *pyjson.Value) int {
	find := func(ok func(w *pyjson.Value) bool, last bool) int {
		found := -1
		for i := range values {
			if ok(&values[i]) {
				found = i
				if !last {
					break
				}
			}
		}
		return found
	}
	switch v.Kind {
	case pyjson.Str:
		return find(func(w *pyjson.Value) bool { return w.Kind == pyjson.Str && w.Str == v.Str }, false)
	case pyjson.None:
		return find(func(w *pyjson.Value) bool { return w.Kind == pyjson.None }, false)
	case pyjson.Bool:
		if i := find(func(w *pyjson.Value) bool { return w.Kind == pyjson.Bool && w.Bool == v.Bool }, false); i >= 0 {
			return i
		}
	case pyjson.Int:
		if i := find(func(w *pyjson.Value) bool { return w.Kind == pyjson.Int && w.Int == v.Int }, false); i >= 0 {
			return i
		}
	}
	if i := find(func(w *pyjson.Value) bool { return w.Kind == pyjson.Float && pyEqual(w, v) }, true); i >= 0 {
		return i
	}
	return find(func(w *pyjson.Value) bool { return w.Kind != pyjson.Str && w.Kind != pyjson.None && pyEqual(w, v) }, true)
}

// intText converts v as pydantic's lax int does and returns the decimal
// text: an int; a float with no fractional part; a string holding an
// integer (white space around it and a fraction of zeros allowed); a bool.
func (vd *validator) intText(v *pyjson.Value) (string, bool) {
	text, code, msg := pymodel.LaxInt(v)
	if code != "" {
		vd.add(code, msg, v)
		return "", false
	}
	return text, true
}

// floatOf, boolOf and dateTimeOf convert v as pydantic's lax validators
// do (internal/pymodel) and record their faults.
func (vd *validator) floatOf(v *pyjson.Value) (float64, bool) {
	f, code, msg := pymodel.LaxFloat(v)
	if code != "" {
		vd.add(code, msg, v)
		return 0, false
	}
	return f, true
}

func (vd *validator) boolOf(v *pyjson.Value) (bool, bool) {
	b, code, msg := pymodel.LaxBool(v)
	if code != "" {
		vd.add(code, msg, v)
		return false, false
	}
	return b, true
}

func (vd *validator) dateTimeOf(v *pyjson.Value) (pytime.DateTime, bool) {
	dt, code, msg := pymodel.LaxDateTime(v)
	if code != "" {
		vd.add(code, msg, v)
		return pytime.DateTime{}, false
	}
	return dt, true
}

// strFault is the fault of string s (string.rs: lengths in characters,
// then the pattern, searched, quoted as written), or "".
func (c *constraints) strFault(s string) (typ, msg string) {
	return pydantic.StrFault(s, c.minLen, c.maxLen, c.pattern, c.patternText)
}

// intFault is the fault of integer x (int.rs: multiple_of, le, lt, ge,
// gt), or "".
func (c *constraints) intFault(x *big.Int) (typ, msg string) {
	return pydantic.IntFault(x, c.mult, c.le, c.lt, c.ge, c.gt)
}

// floatFault is the fault of float x (float.rs), or "".
func (c *constraints) floatFault(x float64) (typ, msg string) {
	return pydantic.FloatFault(x, c.mult, c.le, c.lt, c.ge, c.gt)
}
