package validate

import (
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/agentschema/agentschema/schemas"
)

// fault is one error found by the schema validator, before its position
// in the input is known.
type fault struct {
	// at is the instance path of the value the keyword applies to.
	at []string
	// ptr is the reported path: at, or at plus a missing member.
	ptr     []string
	keyword string
	message string
	// want and got are set for a type mismatch, so that the branches of
	// an anyOf can be merged into one error.
	want []string
	got  string
}

// collector turns the validator's error tree into one fault per mistake.
type collector struct {
	root   any // the validated instance, to quote values in messages
	faults []fault
}

// walk collects the faults under e.
func (c *collector) walk(e *jsonschema.ValidationError) {
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		for _, cause := range e.Causes {
			c.walk(cause)
		}
		return
	case *kind.AnyOf, *kind.OneOf:
		if len(e.Causes) > 0 {
			c.alternatives(e)
			return
		}
	case *kind.Required:
		if u := reg.unionAt(schemaURL(e.SchemaURL)); u != nil && slices.Contains(k.Missing, u.property) {
			c.add(fault{
				at:      e.InstanceLocation,
				ptr:     appendPath(e.InstanceLocation, u.property),
				keyword: "discriminator",
				message: "missing " + strconv.Quote(u.property) + " tag: expected one of " + quoteList(u.tags),
			})
			return
		}
		for _, name := range k.Missing {
			c.add(fault{
				at:      e.InstanceLocation,
				ptr:     appendPath(e.InstanceLocation, name),
				keyword: "required",
				message: "missing required property " + strconv.Quote(name),
			})
		}
		return
	case *kind.PropertyNames:
		// jsonschema v6.0.3 gives this error the validator's own location
		// slice (validator.go: verr.InstanceLocation = vd.vloc, not
		// cloned), which later siblings overwrite: its length is right,
		// its segments may not be. The object is found again in the
		// instance, and the fault put at the member whose name failed (as
		// pydantic's loc ends with the key).
		obj := c.propertyNamesObject(e.InstanceLocation, k.Property)
		ptr := appendPath(obj, k.Property)
		msg := "invalid member name " + strconv.Quote(k.Property) + ": " + causeText(e)
		if ke := keyError(schemaURL(e.SchemaURL)); ke != "" {
			msg = strings.ReplaceAll(ke, "{key}", k.Property) // autogen mode's words
		}
		c.add(fault{at: ptr, ptr: ptr, keyword: "propertyNames", message: msg})
		return
	case *kind.Enum:
		if u := c.unionTag(e); u != nil {
			c.add(fault{
				at:      e.InstanceLocation,
				ptr:     e.InstanceLocation,
				keyword: "discriminator",
				message: "unknown " + strconv.Quote(u.property) + " tag " + c.show(e.InstanceLocation, k.Got) + ": expected one of " + quoteList(u.tags),
			})
			return
		}
	}
	c.leaf(e)
}

// unionTag returns the union whose tag property e is about, if it is.
func (c *collector) unionTag(e *jsonschema.ValidationError) *union {
	base, frag, _ := strings.Cut(e.SchemaURL, "#")
	u := reg.unionAt(base)
	if u == nil || frag != "/properties/"+u.property {
		return nil
	}
	return u
}

// leaf adds the fault of a keyword that failed by itself.
func (c *collector) leaf(e *jsonschema.ValidationError) {
	f := fault{at: e.InstanceLocation, ptr: e.InstanceLocation}
	if kp := e.ErrorKind.KeywordPath(); len(kp) > 0 {
		f.keyword = kp[0]
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Type:
		f.want, f.got = k.Want, k.Got
		f.message = c.typeMessage(e.InstanceLocation, k.Want)
	case *kind.Const:
		f.message = "expected " + showJSON(k.Want) + ", got " + c.show(e.InstanceLocation, k.Got)
	case *kind.Enum:
		f.message = "expected one of " + showList(k.Want) + ", got " + c.show(e.InstanceLocation, k.Got)
	case *kind.Format:
		f.message = c.show(e.InstanceLocation, k.Got) + " is not a valid " + k.Want
		if k.Err != nil {
			f.message += ": " + k.Err.Error()
		}
	case *kind.ContentEncoding:
		f.message = "not valid " + k.Want
		if k.Err != nil {
			f.message += ": " + k.Err.Error()
		}
	case *kind.Not:
		// "not": {} with x-callable: a pydantic Callable, which no JSON
		// value is (autogen mode's callable_type, a "type" fault).
		if !callableAt(e.SchemaURL) {
			f.message = defaultMessage(k)
			break
		}
		f.keyword = "type"
		f.message = "expected a callable, which no JSON value is, got " + c.describe(e.InstanceLocation)
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			g := f
			g.ptr = appendPath(e.InstanceLocation, p)
			g.message = "unknown property " + strconv.Quote(p)
			c.add(g)
		}
		return
	default:
		f.message = defaultMessage(k)
	}
	c.add(f)
}

// defaultMessage is the validator's own words for a fault kind.
func defaultMessage(k jsonschema.ErrorKind) string {
	return strings.TrimPrefix((&jsonschema.ValidationError{ErrorKind: k}).Error(), "at '': ")
}

// alternatives handles anyOf and oneOf. The branches whose only fault is
// a type mismatch of the value itself (a string where the branch wants
// an array) are not what the author meant; if every branch is such a
// mismatch, the result is one error listing the types allowed.
// Otherwise the faults of the branch that comes closest (the fewest
// faults) are reported, as if that branch alone had been written.
func (c *collector) alternatives(e *jsonschema.ValidationError) {
	var (
		best  []fault
		wants []string
		got   string
		found bool
	)
	for _, cause := range e.Causes {
		sub := &collector{root: c.root}
		sub.walk(cause)
		if len(sub.faults) == 1 && sub.faults[0].want != nil && slices.Equal(sub.faults[0].at, e.InstanceLocation) {
			for _, w := range sub.faults[0].want {
				if !slices.Contains(wants, w) {
					wants = append(wants, w)
				}
			}
			got = sub.faults[0].got
			continue
		}
		if len(sub.faults) == 0 {
			continue
		}
		if !found || len(sub.faults) < len(best) {
			best, found = sub.faults, true
		}
	}
	if found {
		c.faults = append(c.faults, best...)
		return
	}
	if len(wants) == 0 { // no branch said why: report the keyword itself
		c.add(fault{at: e.InstanceLocation, ptr: e.InstanceLocation, keyword: e.ErrorKind.KeywordPath()[0],
			message: "does not match any of the allowed forms"})
		return
	}
	c.add(fault{
		at: e.InstanceLocation, ptr: e.InstanceLocation, keyword: "type",
		want: wants, got: got,
		message: c.typeMessage(e.InstanceLocation, wants),
	})
}

func (c *collector) add(f fault) { c.faults = append(c.faults, f) }

// typeMessage says which JSON types were wanted and what the value is.
func (c *collector) typeMessage(at []string, want []string) string {
	want = slices.Clone(want)
	slices.SortStableFunc(want, func(a, b string) int { return typeRank(a) - typeRank(b) })
	return "expected " + joinOr(want) + ", got " + c.describe(at)
}

// typeRank orders JSON type names for messages: "string or null", not
// "null or string".
func typeRank(t string) int {
	switch t {
	case "string":
		return 0
	case "integer":
		return 1
	case "number":
		return 2
	case "boolean":
		return 3
	case "array":
		return 4
	case "object":
		return 5
	case "null":
		return 7
	}
	return 6
}

// describe names the kind of the value at path and, for a scalar, shows it.
func (c *collector) describe(path []string) string {
	v, ok := lookup(c.root, path)
	if !ok {
		return "a missing value"
	}
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean " + strconv.FormatBool(v)
	case json.Number:
		return "number " + clip(string(v))
	case string:
		return "string " + clip(strconv.Quote(v))
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "value"
}

// show quotes the value at path for a message (got is what the validator
// saw, used when the path cannot be followed).
func (c *collector) show(path []string, got any) string {
	if v, ok := lookup(c.root, path); ok {
		got = v
	}
	switch got.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	}
	return clip(showJSON(got))
}

// lookup follows a path of reference tokens into a decoded value.
func lookup(v any, path []string) (any, bool) {
	for _, tok := range path {
		switch x := v.(type) {
		case map[string]any:
			m, ok := x[tok]
			if !ok {
				return nil, false
			}
			v = m
		case []any:
			i, ok := arrayIndex(tok)
			if !ok || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// showJSON writes a scalar as JSON text.
func showJSON(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(v)
	case json.Number:
		return string(v)
	case bool:
		return strconv.FormatBool(v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "value"
	}
	return string(b)
}

func showList(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = showJSON(v)
	}
	return strings.Join(parts, ", ")
}

func quoteList(ss []string) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = strconv.Quote(s)
	}
	return strings.Join(parts, ", ")
}

// joinOr joins JSON type names: "string", "string or null", "string,
// array or null".
func joinOr(ss []string) string {
	switch len(ss) {
	case 0:
		return "nothing"
	case 1:
		return ss[0]
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " or " + ss[len(ss)-1]
}

// clip shortens a quoted value for a message.
func clip(s string) string {
	const maxLen = 60
	if len(s) <= maxLen {
		return s
	}
	cut := maxLen
	for cut > 0 && s[cut]&0xC0 == 0x80 { // keep UTF-8 whole
		cut--
	}
	return s[:cut] + "…"
}

// schemaURL strips the fragment of a schema location.
func schemaURL(u string) string {
	base, _, _ := strings.Cut(u, "#")
	return base
}

// appendPath returns a copy of path with tok added.
func appendPath(path []string, tok string) []string {
	out := make([]string, len(path), len(path)+1)
	copy(out, path)
	return append(out, tok)
}

// propertyNamesObject returns the location of the object whose member
// name failed a propertyNames schema: of the objects of the instance at
// the reported location's depth that have a member named name, the one
// whose location agrees with the reported one in the most segments (the
// first such one, members taken in name order, that no earlier fault of
// that name took). The reported location itself is the fallback.
func (c *collector) propertyNamesObject(reported []string, name string) []string {
	var best []string
	bestScore := -1
	var walk func(v any, path []string)
	walk = func(v any, path []string) {
		if len(path) == len(reported) {
			obj, ok := v.(map[string]any)
			if !ok {
				return
			}
			if _, ok := obj[name]; !ok || c.tookName(path, name) {
				return
			}
			score := 0
			for i := range path {
				if path[i] == reported[i] {
					score++
				}
			}
			if score > bestScore {
				best, bestScore = slices.Clone(path), score
			}
			return
		}
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(x[k], append(path, k))
			}
		case []any:
			for i, it := range x {
				walk(it, append(path, strconv.Itoa(i)))
			}
		}
	}
	walk(c.root, make([]string, 0, len(reported)))
	if best == nil {
		return reported
	}
	return best
}

// tookName reports whether an earlier propertyNames fault is at the
// member name of the object at path.
func (c *collector) tookName(path []string, name string) bool {
	p := appendPath(path, name)
	for _, f := range c.faults {
		if f.keyword == "propertyNames" && slices.Equal(f.ptr, p) {
			return true
		}
	}
	return false
}

// causeText is the reason a propertyNames schema gave for refusing a
// name: its first cause's own words (such as the pattern it does not
// match).
func causeText(e *jsonschema.ValidationError) string {
	for len(e.Causes) > 0 {
		e = e.Causes[0]
	}
	msg := (&jsonschema.ValidationError{ErrorKind: e.ErrorKind}).Error()
	return strings.TrimPrefix(msg, "at '': ")
}

// keyError returns the x-key-error text of the schema file at url (the
// fault the typed decoder gives a member name its map refuses), or "".
func keyError(url string) string {
	title := strings.TrimSuffix(url[strings.LastIndexByte(url, '/')+1:], ".json")
	raw, err := schemas.Get(title)
	if err != nil {
		return ""
	}
	var s struct {
		KeyError string `json:"x-key-error"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s.KeyError
}

// callableAt reports whether the schema at url (a schema file and the
// fragment of one of its properties) is an x-callable property.
func callableAt(url string) bool {
	base, frag, _ := strings.Cut(url, "#")
	name, ok := strings.CutPrefix(frag, "/properties/")
	if !ok || strings.Contains(name, "/") {
		return false
	}
	raw, err := schemas.Get(strings.TrimSuffix(base[strings.LastIndexByte(base, '/')+1:], ".json"))
	if err != nil {
		return false
	}
	var s struct {
		Properties map[string]struct {
			Callable bool `json:"x-callable"`
		} `json:"properties"`
	}
	return json.Unmarshal(raw, &s) == nil && s.Properties[name].Callable
}
