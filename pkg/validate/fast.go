package validate

import (
	"encoding/base64"
	"math/big"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentschema/agentschema/internal/wire"
)

// Validation while decoding.
//
// Schema mode used to parse every document into a map[string]any tree and
// hand it to santhosh-tekuri/jsonschema: a second parse, and most of the
// time spent copying strings. Most documents are valid, and for a valid
// document nothing but "valid" is wanted. So a document is first read by
// the typed decoder's scanner into a flat tape (no maps, no string copies:
// each string is a slice of the input) and checked on the tape against the
// same compiled schemas, read through jsonschema's exported Schema fields.
//
// That check answers only "certainly valid" or "not certainly valid". A
// document it cannot vouch for — a fault, a keyword it does not evaluate, a
// dialect form that needs rewriting, anything unusual — goes the old way,
// which finds the faults and words them exactly as before. So the errors
// (positions and messages) are the old path's by construction; the tape
// check only has to never call an invalid document valid, which
// FuzzFastValid checks against the old path.

// verdict is what the tape check says about a value.
type verdict uint8

const (
	vOK     verdict = iota // valid
	vBad                   // certainly invalid
	vUnsure                // not evaluated (left to the full validator)
)

// tnode is one value of a tape. Containers are followed by their contents:
// an array by its elements, an object by key nodes, each followed by its
// value. end is the index just past the node's subtree (for a key, past its
// value).
type tnode struct {
	text *byte // a string's or key's decoded text, a number's JSON text: see bytes
	tlen int32 // the text's length
	end  int32 // index past the subtree
	n    int32 // number of elements or members
	kind byte  // wire.Kind: 'n', 't' (true), 'f' (false), '0', '"', '[', '{'; 'k' for a key
}

// textNode returns a node of kind holding text. A node is 24 bytes, not
// the 40 a slice of the text would make it: a document of a million tiny
// values is a tape of a million nodes or more.
func textNode(kind byte, text []byte) tnode {
	return tnode{kind: kind, text: unsafe.SliceData(text), tlen: int32(len(text))}
}

// bytes returns the node's text.
func (nd *tnode) bytes() []byte { return unsafe.Slice(nd.text, nd.tlen) }

// tape is a document as nodes, reused through tapes.
type tape struct {
	nodes []tnode
	buf   []byte // scratch for base64
}

var tapes = sync.Pool{New: func() any { return new(tape) }}

// maxPooledTape bounds the tapes kept for reuse (nodes), maxPooledBuf
// their base64 buffers (bytes).
const (
	maxPooledTape = 1 << 20
	maxPooledBuf  = 4 << 20
)

// fastValid reports whether data is certainly a valid document of title in
// schema mode, with the same limits the full path applies. false means only
// "go the full way".
func fastValid(title string, sch *jsonschema.Schema, data []byte, limits wire.Options) bool {
	loadDialects()
	if needs(title) { // the dialect rewrite may change the document
		return false
	}
	fs := compileFast(sch)
	if fs == nil {
		return false
	}
	t := tapes.Get().(*tape)
	defer func() {
		if cap(t.nodes) <= maxPooledTape {
			clear(t.nodes) // drop the references into data
			t.nodes = t.nodes[:0]
			if cap(t.buf) > maxPooledBuf {
				t.buf = nil
			}
			tapes.Put(t)
		}
	}()
	ok := true
	if err := wire.Decode(data, limits, func(d *wire.Decoder) { t.nodes = t.nodes[:0]; ok = t.read(d) }); err != nil || !ok {
		return false
	}
	return t.check(fs, 0, 0) == vOK
}

// read appends the next value to the tape; false when the scanner met
// anything it reports (a syntax error, a limit).
func (t *tape) read(d *wire.Decoder) bool {
	i := len(t.nodes)
	switch d.Peek() {
	case wire.KindObject:
		if !d.Object("", "") {
			return false
		}
		t.push(tnode{kind: '{'})
		var n int32
		for {
			name, ok := d.Next()
			if !ok {
				break
			}
			k := len(t.nodes)
			t.push(textNode('k', name))
			if !t.read(d) {
				return false
			}
			t.nodes[k].end = int32(len(t.nodes))
			n++
		}
		if d.Fatal() || t.duplicates(i) {
			return false
		}
		t.nodes[i].n = n
	case wire.KindArray:
		if !d.Array() {
			return false
		}
		t.push(tnode{kind: '['})
		var n int32
		for d.More() {
			if !t.read(d) {
				return false
			}
			n++
		}
		if d.Fatal() {
			return false
		}
		t.nodes[i].n = n
	case wire.KindString:
		s, ok := d.StrBytes()
		if !ok {
			return false
		}
		t.push(textNode('"', s))
	case wire.KindNumber:
		raw, ok := d.RawValue()
		if !ok {
			return false
		}
		t.push(textNode('0', raw))
	case wire.KindBool:
		k := byte('f')
		if d.Bool() {
			k = 't'
		}
		t.push(tnode{kind: k})
	case wire.KindNull:
		d.Null()
		t.push(tnode{kind: 'n'})
	default:
		d.Skip()
		return false
	}
	t.nodes[i].end = int32(len(t.nodes))
	return !d.Fatal()
}

// push appends nd to the tape.
func (t *tape) push(nd tnode) { t.nodes = append(t.nodes, nd) }

// duplicates reports whether the object at node i repeats a member name.
// The full path keeps the last value of a repeated member; the tape check
// would see every value, so it leaves such documents to the full path.
func (t *tape) duplicates(i int) bool {
	end := int(t.nodes[i].end)
	if end == 0 { // not closed yet: the members end at the tape's end
		end = len(t.nodes)
	}
	var keys [][]byte
	for k := i + 1; k < end; k = int(t.nodes[k].end) {
		keys = append(keys, t.nodes[k].bytes())
	}
	if len(keys) > 32 {
		seen := make(map[string]bool, len(keys))
		for _, k := range keys {
			if seen[string(k)] {
				return true
			}
			seen[string(k)] = true
		}
		return false
	}
	for a := range keys {
		for b := a + 1; b < len(keys); b++ {
			if string(keys[a]) == string(keys[b]) {
				return true
			}
		}
	}
	return false
}

// The JSON types of fschema.types, as bits.
const (
	tNull uint8 = 1 << iota
	tBool
	tNumber
	tInteger
	tString
	tArray
	tObject
)

// fschema is a compiled jsonschema.Schema in the form the tape check reads.
type fschema struct {
	boolean    *bool
	types      uint8 // 0: any
	constStr   *string
	enumStrs   []string // nil: no enum
	dateTime   bool
	format     func(any) error
	ref        *fschema
	allOf      []*fschema
	anyOf      []*fschema
	oneOf      []*fschema
	ifS        *fschema
	thenS      *fschema
	elseS      *fschema
	required   []string
	props      map[string]*fschema
	addlFalse  bool
	addl       *fschema
	propNames  *fschema
	prefix     []*fschema
	items      *fschema
	minLen     int // -1: none
	maxLen     int // -1: none
	pattern    jsonschema.Regexp
	base64     bool
	decode     func(string) ([]byte, error)
	minimum    *big.Rat
	hasNumeric bool
}

var fast struct {
	mu       sync.Mutex
	compiled map[*jsonschema.Schema]*fschema // nil value: not supported
	done     sync.Map                        // *jsonschema.Schema (a root) -> *fschema or nil
}

// compileFast returns the tape form of s, or nil when s (or a schema it
// reaches) uses a keyword the tape check does not evaluate.
func compileFast(s *jsonschema.Schema) *fschema {
	if v, ok := fast.done.Load(s); ok {
		return v.(*fschema)
	}
	fast.mu.Lock()
	defer fast.mu.Unlock()
	if fast.compiled == nil {
		fast.compiled = map[*jsonschema.Schema]*fschema{}
	}
	memo := map[*jsonschema.Schema]*fschema{}
	ok := true
	f := compileOne(s, memo, &ok)
	if !ok {
		f = nil
	}
	fast.done.Store(s, f)
	return f
}

// compileOne compiles s; *ok becomes false when anything is unsupported.
// memo breaks reference cycles.
func compileOne(s *jsonschema.Schema, memo map[*jsonschema.Schema]*fschema, ok *bool) *fschema {
	if s == nil {
		return nil
	}
	if f, seen := memo[s]; seen {
		return f
	}
	f := &fschema{minLen: -1, maxLen: -1}
	memo[s] = f
	if s.Bool != nil {
		f.boolean = s.Bool
		return f
	}
	if unsupported(s) {
		*ok = false
		return f
	}
	f.compileTypes(s, ok)
	f.compileLiterals(s, ok)
	f.compileStringAndNumber(s)
	f.compileApplicators(s, memo, ok)
	f.compileContainers(s, memo, ok)
	return f
}

// unsupported reports whether s is of an older draft or uses a keyword the
// tape check does not evaluate.
func unsupported(s *jsonschema.Schema) bool {
	return s.DraftVersion < 2020 || s.RecursiveRef != nil || s.DynamicRef != nil || s.Not != nil ||
		s.MaxProperties != nil || s.MinProperties != nil || len(s.PatternProperties) > 0 ||
		len(s.Dependencies) > 0 || len(s.DependentRequired) > 0 || len(s.DependentSchemas) > 0 ||
		s.UnevaluatedProperties != nil || s.MinItems != nil || s.MaxItems != nil || s.UniqueItems ||
		s.Contains != nil || s.MinContains != nil || s.MaxContains != nil || s.Items != nil ||
		s.AdditionalItems != nil || s.UnevaluatedItems != nil || s.ContentMediaType != nil ||
		s.ContentSchema != nil || s.Maximum != nil || s.ExclusiveMaximum != nil ||
		s.ExclusiveMinimum != nil || s.MultipleOf != nil || len(s.Extensions) > 0
}

// compileTypes turns s's type keyword into f.types bits.
func (f *fschema) compileTypes(s *jsonschema.Schema, ok *bool) {
	if s.Types == nil {
		return
	}
	for _, name := range s.Types.ToStrings() {
		switch name {
		case "null":
			f.types |= tNull
		case "boolean":
			f.types |= tBool
		case "number":
			f.types |= tNumber
		case "integer":
			f.types |= tInteger
		case "string":
			f.types |= tString
		case "array":
			f.types |= tArray
		case "object":
			f.types |= tObject
		default:
			*ok = false
		}
	}
}

// compileLiterals takes s's const, enum (strings only) and format.
func (f *fschema) compileLiterals(s *jsonschema.Schema, ok *bool) {
	if s.Const != nil {
		str, isStr := (*s.Const).(string)
		if !isStr {
			*ok = false
		}
		f.constStr = &str
	}
	if s.Enum != nil {
		f.enumStrs = make([]string, 0, len(s.Enum.Values))
		for _, v := range s.Enum.Values {
			str, isStr := v.(string)
			if !isStr {
				*ok = false
			}
			f.enumStrs = append(f.enumStrs, str)
		}
	}
	if s.Format != nil {
		if s.Format.Name == "date-time" {
			f.dateTime = true
		} else {
			f.format = s.Format.Validate
		}
	}
}

// compileStringAndNumber takes s's string keywords (contentEncoding,
// minLength, maxLength, pattern) and numeric ones (minimum).
func (f *fschema) compileStringAndNumber(s *jsonschema.Schema) {
	if s.ContentEncoding != nil {
		if s.ContentEncoding.Name == "base64" {
			f.base64 = true
		} else {
			f.decode = s.ContentEncoding.Decode
		}
	}
	if s.MinLength != nil {
		f.minLen = *s.MinLength
	}
	if s.MaxLength != nil {
		f.maxLen = *s.MaxLength
	}
	f.pattern = s.Pattern
	if s.Minimum != nil {
		f.minimum = s.Minimum
		f.hasNumeric = true
	}
}

// compileApplicators compiles the schemas s applies to the same value:
// $ref, allOf, anyOf, oneOf, if, then and else.
func (f *fschema) compileApplicators(s *jsonschema.Schema, memo map[*jsonschema.Schema]*fschema, ok *bool) {
	f.ref = compileOne(s.Ref, memo, ok)
	f.allOf = compileList(s.AllOf, memo, ok)
	f.anyOf = compileList(s.AnyOf, memo, ok)
	f.oneOf = compileList(s.OneOf, memo, ok)
	f.ifS = compileOne(s.If, memo, ok)
	f.thenS = compileOne(s.Then, memo, ok)
	f.elseS = compileOne(s.Else, memo, ok)
}

// compileContainers compiles s's object keywords (required, properties,
// additionalProperties, propertyNames) and array ones (prefixItems,
// items).
func (f *fschema) compileContainers(s *jsonschema.Schema, memo map[*jsonschema.Schema]*fschema, ok *bool) {
	f.required = s.Required
	if len(s.Properties) > 0 {
		f.props = make(map[string]*fschema, len(s.Properties))
		for name, ps := range s.Properties {
			f.props[name] = compileOne(ps, memo, ok)
		}
	}
	switch a := s.AdditionalProperties.(type) {
	case nil:
	case bool:
		f.addlFalse = !a
	case *jsonschema.Schema:
		f.addl = compileOne(a, memo, ok)
	default:
		*ok = false
	}
	f.propNames = compileOne(s.PropertyNames, memo, ok)
	f.prefix = compileList(s.PrefixItems, memo, ok)
	f.items = compileOne(s.Items2020, memo, ok)
}

// compileList compiles each schema of ss; nil for none.
func compileList(ss []*jsonschema.Schema, memo map[*jsonschema.Schema]*fschema, ok *bool) []*fschema {
	if len(ss) == 0 {
		return nil
	}
	out := make([]*fschema, len(ss))
	for i, s := range ss {
		out[i] = compileOne(s, memo, ok)
	}
	return out
}

// maxHops bounds the schemas applied to one value without descending into
// it ($ref chains, allOf, if/then): a reference cycle that never reaches a
// child is left to the full validator, which reports it.
const maxHops = 64

// and combines the verdicts of keywords that must all hold.
func and(a, b verdict) verdict {
	if a == vBad || b == vBad {
		return vBad
	}
	if a == vUnsure || b == vUnsure {
		return vUnsure
	}
	return vOK
}

// check evaluates f on the value at node i; hops counts the schemas
// applied to it so far. It runs the keyword families in a fixed order,
// stopping at the first certain fault: type (checkMistyped), the literal
// assertions (checkLiterals), $ref, the keywords of the value's kind (objects,
// arrays, strings, numbers), allOf/anyOf/oneOf (checkCombinators) and
// if/then/else (checkIf).
func (t *tape) check(f *fschema, i int, hops int) verdict {
	if hops > maxHops {
		return vUnsure
	}
	if f.boolean != nil {
		if *f.boolean {
			return vOK
		}
		return vBad
	}
	nd := &t.nodes[i]
	if f.types != 0 && f.types&kindType[nd.kind] == 0 {
		if v := checkMistyped(f.types, nd); v != vOK {
			return v
		}
	}
	if f.constStr != nil || f.enumStrs != nil || f.dateTime || f.format != nil {
		if v := f.checkLiterals(nd); v != vOK {
			return v
		}
	}
	v := vOK
	if f.ref != nil {
		if v = t.check(f.ref, i, hops+1); v == vBad {
			return v
		}
	}
	var r verdict // vOK
	switch nd.kind {
	case '{':
		r = t.checkObject(f, i)
	case '[':
		r = t.checkArray(f, i)
	case '"':
		r = t.checkString(f, nd.bytes())
	case '0':
		if f.hasNumeric {
			if r = f.checkNumber(nd.bytes()); r != vOK {
				return r // an unsure number is final, as a fault is
			}
		}
	}
	if v = and(v, r); v == vBad {
		return v
	}
	if f.allOf != nil || f.anyOf != nil || f.oneOf != nil {
		if v = and(v, t.checkCombinators(f, i, hops)); v == vBad {
			return v
		}
	}
	if f.ifS != nil {
		v = and(v, t.checkIf(f, i, hops))
	}
	return v
}

// kindType maps a node's kind to its JSON type bit (0 for a key).
var kindType = [256]uint8{'n': tNull, 't': tBool, 'f': tBool, '0': tNumber, '"': tString, '[': tArray, '{': tObject}

// checkMistyped evaluates the type keyword (types, as bits) on nd when its
// kind is not among them: only a number where integer is allowed may still
// pass, if it is integral.
func checkMistyped(types uint8, nd *tnode) verdict {
	if nd.kind != '0' || types&tInteger == 0 {
		return vBad
	}
	isInt, sure := integral(nd.bytes())
	if !sure {
		return vUnsure
	}
	if !isInt {
		return vBad
	}
	return vOK
}

// checkLiterals evaluates the keywords that compare nd with given values
// or forms, whatever its kind: const, enum and format. Any verdict but vOK
// is final.
func (f *fschema) checkLiterals(nd *tnode) verdict {
	if f.constStr != nil && (nd.kind != '"' || string(nd.bytes()) != *f.constStr) {
		return vBad
	}
	if f.enumStrs != nil && !f.inEnum(nd) {
		return vBad
	}
	if f.dateTime {
		if nd.kind == '"' {
			if validateDateTime(unsafe.String(nd.text, int(nd.tlen))) != nil {
				return vBad
			}
		}
		// date-time passes values that are not strings
	}
	if f.format != nil {
		if nd.kind != '"' {
			return vUnsure
		}
		if f.format(string(nd.bytes())) != nil {
			return vBad
		}
	}
	return vOK
}

// inEnum reports whether nd is one of f's enum strings.
func (f *fschema) inEnum(nd *tnode) bool {
	if nd.kind != '"' {
		return false
	}
	for _, e := range f.enumStrs {
		if string(nd.bytes()) == e {
			return true
		}
	}
	return false
}

// checkNumber evaluates f's numeric keywords (minimum) on a number's JSON
// text; vUnsure when the number is too unwieldy to compare here.
func (f *fschema) checkNumber(text []byte) verdict {
	r, ok := ratOf(text)
	if !ok {
		return vUnsure
	}
	if f.minimum != nil && r.Cmp(f.minimum) < 0 {
		return vBad
	}
	return vOK
}

// checkCombinators evaluates allOf, anyOf and oneOf on the value at node
// i, stopping at the first certain fault.
func (t *tape) checkCombinators(f *fschema, i int, hops int) verdict {
	v := vOK
	for _, s := range f.allOf {
		if v = and(v, t.check(s, i, hops+1)); v == vBad {
			return v
		}
	}
	if len(f.anyOf) > 0 {
		if v = and(v, t.checkAnyOf(f.anyOf, i, hops)); v == vBad {
			return v
		}
	}
	if len(f.oneOf) > 0 {
		v = and(v, t.checkOneOf(f.oneOf, i, hops))
	}
	return v
}

// checkAnyOf is vOK when some schema of ss certainly holds, vBad when each
// certainly fails, vUnsure otherwise.
func (t *tape) checkAnyOf(ss []*fschema, i int, hops int) verdict {
	some := vBad
	for _, s := range ss {
		r := t.check(s, i, hops+1)
		if r == vOK {
			return vOK
		}
		if r == vUnsure {
			some = vUnsure
		}
	}
	return some
}

// checkOneOf is vOK when exactly one schema of ss holds, vUnsure when any
// of them is unsure, vBad otherwise.
func (t *tape) checkOneOf(ss []*fschema, i int, hops int) verdict {
	matched, unsure := 0, false
	for _, s := range ss {
		switch t.check(s, i, hops+1) {
		case vOK:
			matched++
		case vUnsure:
			unsure = true
		}
	}
	switch {
	case unsure:
		return vUnsure
	case matched == 1:
		return vOK
	}
	return vBad
}

// checkIf evaluates f's if, then applies then (when if holds) or else
// (when it certainly fails); vUnsure when if is unsure.
func (t *tape) checkIf(f *fschema, i int, hops int) verdict {
	switch t.check(f.ifS, i, hops+1) {
	case vOK:
		if f.thenS != nil {
			return t.check(f.thenS, i, hops+1)
		}
		return vOK
	case vBad:
		if f.elseS != nil {
			return t.check(f.elseS, i, hops+1)
		}
		return vOK
	}
	return vUnsure
}

// integral reports whether a JSON number is an integer, as jsonschema
// decides it (its value, so 1.0 is one); sure is false when it could not
// tell.
func integral(text []byte) (isInt, sure bool) {
	plain := true
	for _, c := range text {
		if c == '.' || c == 'e' || c == 'E' {
			plain = false
			break
		}
	}
	if plain {
		return true, true
	}
	r, ok := ratOf(text)
	if !ok {
		return false, false
	}
	return r.IsInt(), true
}

// ratOf returns a JSON number's exact value; false for one too long to be
// worth it here (a huge exponent makes a huge big.Rat), which is left to
// the full validator.
func ratOf(text []byte) (*big.Rat, bool) {
	if len(text) > 64 {
		return nil, false
	}
	for i, c := range text {
		if (c == 'e' || c == 'E') && len(text)-i > 4 {
			return nil, false
		}
	}
	return new(big.Rat).SetString(string(text))
}

// checkObject evaluates f's object keywords on the object at node i.
func (t *tape) checkObject(f *fschema, i int) verdict {
	v := vOK
	nd := t.nodes[i]
	if len(f.required) > 0 {
		for _, r := range f.required {
			found := false
			for k := i + 1; k < int(nd.end); k = int(t.nodes[k].end) {
				if string(t.nodes[k].bytes()) == r {
					found = true
					break
				}
			}
			if !found {
				return vBad
			}
		}
	}
	if f.props == nil && f.addl == nil && !f.addlFalse && f.propNames == nil {
		return v
	}
	for k := i + 1; k < int(nd.end); k = int(t.nodes[k].end) {
		key := t.nodes[k].bytes()
		if ps, ok := f.props[string(key)]; ok {
			if v = and(v, t.check(ps, k+1, 0)); v == vBad {
				return v
			}
		} else if f.addlFalse {
			return vBad
		} else if f.addl != nil {
			if v = and(v, t.check(f.addl, k+1, 0)); v == vBad {
				return v
			}
		}
		if f.propNames != nil {
			if v = and(v, t.checkKey(f.propNames, key)); v == vBad {
				return v
			}
		}
	}
	return v
}

// checkKey evaluates a propertyNames schema on a member name: only the
// string keywords are evaluated; anything else is left to the full
// validator.
func (t *tape) checkKey(f *fschema, key []byte) verdict {
	if f.boolean != nil || f.ref != nil || f.allOf != nil || f.anyOf != nil || f.oneOf != nil ||
		f.ifS != nil || f.constStr != nil || f.enumStrs != nil || f.format != nil || f.dateTime ||
		f.props != nil || f.required != nil || f.addl != nil || f.addlFalse || f.propNames != nil ||
		f.items != nil || f.prefix != nil {
		return vUnsure
	}
	if f.types != 0 && f.types&tString == 0 {
		return vBad
	}
	return t.checkString(f, key)
}

// checkArray evaluates f's array keywords on the array at node i.
func (t *tape) checkArray(f *fschema, i int) verdict {
	if f.prefix == nil && f.items == nil {
		return vOK
	}
	v := vOK
	nd := t.nodes[i]
	n := 0
	for k := i + 1; k < int(nd.end); k = int(t.nodes[k].end) {
		var s *fschema
		if n < len(f.prefix) {
			s = f.prefix[n]
		} else {
			s = f.items
		}
		n++
		if s == nil {
			continue
		}
		if v = and(v, t.check(s, k, 0)); v == vBad {
			return v
		}
	}
	return v
}

// checkString evaluates f's string keywords on s.
func (t *tape) checkString(f *fschema, s []byte) verdict {
	if f.minLen >= 0 || f.maxLen >= 0 {
		n := utf8.RuneCount(s)
		if (f.minLen >= 0 && n < f.minLen) || (f.maxLen >= 0 && n > f.maxLen) {
			return vBad
		}
	}
	if f.pattern != nil && !f.pattern.MatchString(unsafe.String(unsafe.SliceData(s), len(s))) {
		return vBad
	}
	if f.base64 {
		// jsonschema decodes with base64.StdEncoding.DecodeString; Decode
		// accepts exactly the same texts, into a reused buffer.
		if need := base64.StdEncoding.DecodedLen(len(s)); cap(t.buf) < need {
			t.buf = make([]byte, need)
		}
		if _, err := base64.StdEncoding.Decode(t.buf[:cap(t.buf)], s); err != nil {
			return vBad
		}
	}
	if f.decode != nil {
		if _, err := f.decode(string(s)); err != nil {
			return vBad
		}
	}
	return vOK
}
