package pymodel

import (
	"math"
	"math/big"
	"regexp"
	"strconv"

	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file enforces the constraint tags (minimum, maximum,
// exclusiveMinimum, exclusiveMaximum, multipleOf, minLength, maxLength,
// pattern, minItems, maxItems) as pydantic-core's constrained validators
// enforce the Field constraints that write the same keywords
// (src/validators/{int,float,string,list}.rs), on both paths: after the
// value's conversion, and only when the conversion succeeded; the first
// constraint that fails is the value's one fault, with pydantic's type
// and message (src/errors/types.rs).

// constraints are the Field constraints of one node.
type constraints struct {
	multipleOf, le, lt, ge, gt *bound
	minLen, maxLen             int // -1: none; characters of a str, items of a list
	pattern                    *regexp.Regexp
	patternText                string
}

// bound is a number constraint: an integer on an Int node, a float on a
// Float node (pydantic.Bound).
type bound = pydantic.Bound

// constraintField maps a tag to the constraint it sets.
var constraintField = map[string]func(c *constraints) **bound{
	"minimum":          func(c *constraints) **bound { return &c.ge },
	"maximum":          func(c *constraints) **bound { return &c.le },
	"exclusiveMinimum": func(c *constraints) **bound { return &c.gt },
	"exclusiveMaximum": func(c *constraints) **bound { return &c.lt },
	"multipleOf":       func(c *constraints) **bound { return &c.multipleOf },
}

// addConstraint records the constraint of tag name with value v (already
// checked to be a number, an integer or a string as the tag needs) on
// target; it returns a reason when pydantic would refuse the constraint.
func (target *Node) addConstraint(name string, v pyjson.Value) string {
	c := target.cons
	if c == nil {
		c = &constraints{minLen: -1, maxLen: -1}
		target.cons = c
	}
	switch name {
	case "minLength", "minItems", "maxLength", "maxItems":
		n, err := strconv.Atoi(v.Int)
		if err != nil || n < 0 {
			return "want a count from 0"
		}
		if name == "minLength" || name == "minItems" {
			c.minLen = n
		} else {
			c.maxLen = n
		}
	case "pattern":
		re, err := regexp.Compile(v.Str)
		if err != nil {
			return "not a regular expression: " + err.Error()
		}
		c.pattern, c.patternText = re, v.Str
	case "format":
		// JSON Schema's annotation: pydantic has no such constraint.
	default:
		b, reason := target.bound(v)
		if reason != "" {
			return reason
		}
		if name == "multipleOf" && (b.I != nil && b.I.Sign() <= 0 || b.I == nil && !(b.F > 0)) {
			return "want a number greater than 0"
		}
		*constraintField[name](c) = b
	}
	return ""
}

// bound reads a number constraint for target's kind.
func (target *Node) bound(v pyjson.Value) (*bound, string) {
	var f float64
	if v.Kind == pyjson.Float {
		f = v.Float
	} else {
		f, _ = strconv.ParseFloat(v.Int, 64)
	}
	if target.Kind == Float {
		return &bound{F: f, Text: strconv.FormatFloat(f, 'f', -1, 64)}, ""
	}
	if v.Kind == pyjson.Int {
		x, _ := new(big.Int).SetString(v.Int, 10)
		return &bound{I: x, Text: x.String()}, ""
	}
	if math.IsInf(f, 0) || math.IsNaN(f) || f != math.Trunc(f) {
		return nil, "an integer field needs an integer (pydantic: must be coercible to an integer)"
	}
	x, _ := new(big.Float).SetFloat64(f).Int(nil)
	return &bound{I: x, Text: x.String()}, ""
}

// intFault is the fault of integer x, a converted value of Int node n, or
// "" for none: constraints c (n's, or nil) in pydantic-core's order (multiple_of, le,
// lt, ge, gt), a Go integer's range below 64 bits standing as le and ge
// where no tag replaces them (the schema shows it so), then the range of
// the Go type.
func (n *Node) intFault(x *big.Int, c *constraints) (typ, msg string) {
	if c != nil {
		le, ge := n.rangeLE, n.rangeGE
		if c.le != nil {
			le = c.le
		}
		if c.ge != nil {
			ge = c.ge
		}
		if typ, msg := pydantic.IntFault(x, c.multipleOf, le, c.lt, ge, c.gt); typ != "" {
			return typ, msg
		}
	}
	if n.Max != nil && x.Cmp(n.Max) > 0 {
		return "less_than_equal", "Input should be less than or equal to " + n.Max.String()
	}
	if n.Min != nil && x.Cmp(n.Min) < 0 {
		return "greater_than_equal", "Input should be greater than or equal to " + n.Min.String()
	}
	return "", ""
}

// floatFault is the fault of float x on Float node n (float.rs), or "".
func (n *Node) floatFault(x float64) (typ, msg string) {
	c := n.cons
	return pydantic.FloatFault(x, c.multipleOf, c.le, c.lt, c.ge, c.gt)
}

// strFault is the fault of string s on String node n (string.rs: lengths
// in characters, then the pattern, searched, quoted as written), or "".
func (n *Node) strFault(s string) (typ, msg string) {
	c := n.cons
	return pydantic.StrFault(s, c.minLen, c.maxLen, c.pattern, c.patternText)
}

// listTooLong is list.rs's fault for a list of count items past
// max_length (reported alone: the items' faults are dropped).
func listTooLong(c *constraints, count int) (typ, msg string) {
	return "too_long", "List should have at most " + pydantic.Plural(c.maxLen, "item") + " after validation, not " + strconv.Itoa(count)
}

// listTooShort is list.rs's fault for valid items fewer than min_length.
func listTooShort(c *constraints, count int) (typ, msg string) {
	return "too_short", "List should have at least " + pydantic.Plural(c.minLen, "item") + " after validation, not " + strconv.Itoa(count)
}

// tupleTooLong is tuple.rs's fault for a tuple with more items than its
// positions (reported alone).
func tupleTooLong(n *Node, count int) (typ, msg string) {
	return "too_long", "Tuple should have at most " + pydantic.Plural(n.Len, "item") + " after validation, not " + strconv.Itoa(count)
}
