package validate

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
)

// Mode selects what a document is checked against.
type Mode int

const (
	// ModeSchema checks exactly what the JSON Schemas in schemas/ say,
	// with "format" (date-time) and "contentEncoding" (base64) asserted.
	ModeSchema Mode = iota
	// ModeAutoGen checks what AutoGen's Python packages accept: the
	// document is decoded with the generated typed decoder, which
	// coerces as pydantic does ("12" to an int, naive datetimes, unix
	// times) and opens images.
	ModeAutoGen
)

// String returns the mode's name as ParseMode reads it.
func (m Mode) String() string {
	switch m {
	case ModeSchema:
		return "schema"
	case ModeAutoGen:
		return "autogen"
	}
	return "Mode(" + itoa(int(m)) + ")"
}

// ParseMode reads a mode name: "schema" or "autogen".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "schema":
		return ModeSchema, nil
	case "autogen":
		return ModeAutoGen, nil
	}
	return 0, fmt.Errorf("validate: unknown mode %q (want schema or autogen)", s)
}

// DefaultMaxErrors is how many errors one document reports at most when
// Validator.MaxErrors is zero.
const DefaultMaxErrors = 100

// Validator checks JSON documents against the type named by a schema
// title. The zero value checks in ModeSchema. A Validator is safe for
// concurrent use; schemas are compiled once, on first use, and shared by
// all Validators.
type Validator struct {
	// Mode selects schema or AutoGen checking.
	Mode Mode
	// MaxErrors bounds the errors reported for one document (default
	// DefaultMaxErrors).
	MaxErrors int
	// Limits bounds what is read, in both modes: nesting depth, document
	// size, string length and (in ModeAutoGen) image pixels. The zero
	// value has safe defaults (see gen.UnmarshalOptions); a limit hit is an
	// *Error with keyword "syntax".
	Limits gen.UnmarshalOptions
	// Strict makes an unknown provider in a component tree an error
	// (Type TypeUnknownProvider); by default it is a warning, given to
	// Warn. See ValidateComponent.
	Strict bool
	// Warn, when set, receives each warning about a component tree (an
	// unknown provider, unless Strict), with its pointer and position.
	// Warnings do not make a document invalid.
	Warn func(*agentschema.Fault)
}

// Validate checks data, one JSON document, in ModeSchema. See
// Validator.Validate.
func Validate(title string, data []byte) error {
	return (&Validator{}).Validate(title, data)
}

// Validate checks data, one JSON document, as the type whose schema title
// is title (such as "UserMessage", "ChatMessage" or
// "ChatCompletionContextState"). It returns nil for a valid document,
// Errors (one *Error per fault, in input order) for an invalid one, and
// *UnknownTypeError for a title no schema has.
func (v *Validator) Validate(title string, data []byte) error {
	maxErrs := v.MaxErrors
	if maxErrs <= 0 {
		maxErrs = DefaultMaxErrors
	}
	switch v.Mode {
	case ModeSchema:
		return validateSchema(title, data, maxErrs, v.Limits)
	case ModeAutoGen:
		return validateAutoGen(title, data, maxErrs, v.Limits)
	}
	return fmt.Errorf("validate: unknown mode %v", v.Mode)
}

func validateSchema(title string, data []byte, maxErrs int, limits gen.UnmarshalOptions) error {
	sch, err := reg.schema(title)
	if err != nil {
		return err
	}
	if fastValid(title, sch, data, wire.Options(limits)) { // fast.go
		return nil
	}
	return validateFull(sch, title, data, maxErrs, limits)
}

// validateFull checks data in schema mode on a map[string]any tree with
// jsonschema, and finds and words the faults.
func validateFull(sch *jsonschema.Schema, title string, data []byte, maxErrs int, limits gen.UnmarshalOptions) error {
	inst, werrs := parse(data, wire.Options(limits))
	if werrs != nil {
		return fromWire(werrs, maxErrs)
	}
	dl := rewriteDialect(title, inst) // .NET and Agent Framework forms (dialect.go)
	if dl == nil && !trimOff.Load() {
		if fs := compileFast(sch); fs != nil { // long arrays of bad elements (trim.go)
			if faults, ok := validateTrimmed(sch, fs, inst, data, maxErrs); ok {
				return faults
			}
		}
	}
	err := sch.Validate(inst)
	if err == nil && (dl == nil || len(dl.faults) == 0) {
		return nil
	}
	var ve *jsonschema.ValidationError
	if err != nil && !errors.As(err, &ve) {
		return err
	}
	c := &collector{root: inst}
	if ve != nil {
		c.walk(ve)
		if len(c.faults) == 0 { // not expected: keep the validator's own words
			c.add(fault{keyword: "schema", message: ve.Error()})
		}
	}
	dl.apply(c)
	// Faults are placed where Python sees the members: at the last of
	// duplicates (parse kept the last).
	return c.errors(LastMembers(data), maxErrs)
}

func validateAutoGen(title string, data []byte, maxErrs int, limits gen.UnmarshalOptions) error {
	limits.MaxErrors = maxErrs
	val, err := limits.Decode(title, data)
	if err != nil {
		// An earlier one of duplicate members, which json.loads drops,
		// may be the fault: read the document as Python sees it.
		if d, changed := wire.LastMembers(data); changed {
			data = d
			val, err = limits.Decode(title, data)
		}
	}
	if err == nil {
		// The model validators pydantic runs after the fields' checks
		// (Handoff's name must be an identifier, ...).
		var fs agentschema.Faults
		if errors.As(component.ApplyValidators(val), &fs) {
			(&treeRun{data: data}).place(fs)
			return fs
		}
		return nil
	}
	var ut *gen.UnknownTitleError
	if errors.As(err, &ut) {
		return &UnknownTypeError{Title: ut.Title}
	}
	var werrs wire.Errors
	if errors.As(err, &werrs) {
		es := fromWire(werrs, maxErrs)
		placeFaults(data, es)
		return es
	}
	return err
}

// placeMissing moves each missing-member error to the start of the object
// that lacks the member (the typed decoder notices the absence at the
// closing brace), so that both modes give the same position.
func placeMissing(data []byte, es agentschema.Faults) {
	var idx []int
	var paths [][]string
	for i, e := range es {
		if e.Type != "missing" {
			continue
		}
		p := parsePointer(e.Pointer)
		if len(p) == 0 {
			continue
		}
		idx = append(idx, i)
		paths = append(paths, p[:len(p)-1])
	}
	if len(idx) == 0 {
		return
	}
	offs := locate(data, paths)
	lines, cols := lineCols(data, offs)
	for k, i := range idx {
		if offs[k] >= 0 {
			es[i].Offset, es[i].Line, es[i].Column = offs[k], lines[k], cols[k]
		}
	}
}

// fromWire converts the typed decoder's errors.
func fromWire(werrs wire.Errors, maxErrs int) agentschema.Faults {
	out := make(agentschema.Faults, 0, min(len(werrs), maxErrs))
	for _, we := range werrs {
		if len(out) == maxErrs {
			break
		}
		out = append(out, &agentschema.Fault{
			Pointer: we.Pointer,
			Offset:  we.Offset,
			Line:    we.Line,
			Column:  we.Column,
			Keyword: keywordForCode(we.Type),
			Type:    we.Type,
			Message: we.Message,
		})
	}
	return out
}

// keywordForCode names the JSON Schema keyword that corresponds to a
// pydantic error type.
func keywordForCode(code string) string {
	switch code {
	case "missing":
		return "required"
	case "literal_error":
		return "const"
	case "enum":
		return "enum"
	case "union_tag_invalid", "union_tag_not_found":
		return "discriminator"
	case "json_invalid", "limit":
		return "syntax"
	case "extra_forbidden":
		return "additionalProperties"
	case "datetime_parsing", "datetime_from_date_parsing", "datetime_object_invalid":
		return "format"
	case "value_error":
		return "contentEncoding" // the typed decoder's value errors are images
	}
	switch {
	case len(code) > 5 && code[len(code)-5:] == "_type",
		len(code) > 8 && code[len(code)-8:] == "_parsing",
		code == "int_from_float":
		return "type"
	}
	return code
}

// errors turns the collected faults into Errors: positions found, sorted
// in input order, duplicates dropped, at most maxErrs.
func (c *collector) errors(data []byte, maxErrs int) agentschema.Faults {
	paths := make([][]string, len(c.faults))
	for i, f := range c.faults {
		paths[i] = f.at
	}
	offsets := locate(data, paths)
	for i, off := range offsets {
		if off < 0 {
			offsets[i] = 0
		}
	}
	lines, cols := lineCols(data, offsets)
	out := make(agentschema.Faults, 0, len(c.faults))
	for i, f := range c.faults {
		out = append(out, &agentschema.Fault{
			Pointer: pointer(f.ptr),
			Offset:  offsets[i],
			Line:    lines[i],
			Column:  cols[i],
			Keyword: f.keyword,
			Message: f.message,
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Offset != out[j].Offset {
			return out[i].Offset < out[j].Offset
		}
		return out[i].Pointer < out[j].Pointer
	})
	dedup := out[:0]
	seen := map[[2]string]bool{}
	for _, e := range out {
		k := [2]string{e.Pointer, e.Message}
		if seen[k] {
			continue
		}
		seen[k] = true
		dedup = append(dedup, e)
	}
	if len(dedup) > maxErrs {
		dedup = dedup[:maxErrs]
	}
	return dedup
}

// ValidateTagged checks data, one JSON document, as the type its "type"
// tag names (a message, an event, a tool result; see gen.TitleForTag) and
// returns that type's title. A StructuredMessage[X] of any content type
// is checked, in both modes, as messages.DecodeRawStructured (and so
// normalize) reads it: its common fields, and the content must be an
// object, since its content type is unknown; its tag is returned. When the document has no usable tag the
// title is "" and the error is one *Error with Keyword "discriminator"
// (or the document's syntax errors, if it is not JSON).
func (v *Validator) ValidateTagged(data []byte) (string, error) {
	title, err := v.validateTagged(data)
	var le *agentschema.LimitError
	if err != nil && !errors.As(err, &le) {
		// Duplicate "type" members: json.loads keeps the last.
		if d, changed := wire.LastMembers(data); changed {
			return v.validateTagged(d)
		}
	}
	return title, err
}

func (v *Validator) validateTagged(data []byte) (string, error) {
	d := wire.NewDecoder(data, wire.Options{})
	tag, st := d.PeekTag("type")
	if st == wire.TagFound {
		if title, ok := gen.TitleForTag(tag); ok {
			return title, v.Validate(title, data)
		}
		if title, ok := StateTitle(tag); ok {
			return title, v.ValidateState(title, data)
		}
		if _, ok := messages.StructuredName(tag); ok {
			return tag, v.validateStructured(data)
		}
	}
	if st == wire.TagMissing {
		if title, ok := UntaggedTitle(data); ok { // by its shape
			return title, v.Validate(title, data)
		}
		switch {
		case looksLikeComponent(data):
			return "ComponentModel", v.ValidateComponent(data)
		case looksLikeGallery(data):
			return "GalleryConfig", v.ValidateGallery(data)
		}
	}
	maxErrs := v.MaxErrors
	if maxErrs <= 0 {
		maxErrs = DefaultMaxErrors
	}
	root, werrs := parse(data, wire.Options(v.Limits))
	if werrs != nil {
		return "", fromWire(werrs, maxErrs)
	}
	c := &collector{root: root}
	f := fault{keyword: "discriminator", ptr: []string{"type"}, at: []string{"type"}}
	switch st {
	case wire.TagNotObject:
		f.at, f.ptr, f.keyword = nil, nil, "type"
		f.message = "expected an object with a \"type\" tag, got " + c.describe(nil)
	case wire.TagMissing:
		f.at = nil
		f.message = "missing \"type\" tag: cannot tell which type this document is"
	default:
		f.message = "unknown \"type\" tag " + c.show(f.at, tag) + ": no type has this tag"
		if s := suggestTag(tag); s != "" {
			f.message += " (did you mean " + strconv.Quote(s) + "?)"
		}
	}
	c.add(f)
	return "", c.errors(data, maxErrs)
}

// suggestTag returns the known tag closest to an unknown one, if one is
// close: the same letters in another case, one that starts with it or
// the other way round, or one a few edits away.
func suggestTag(tag string) string {
	if tag == "" {
		return ""
	}
	best, bestDist := "", len(tag)/3+2
	for _, title := range gen.Titles() {
		if _, ok := gen.TitleForTag(title); !ok {
			continue
		}
		if strings.EqualFold(title, tag) || strings.HasPrefix(title, tag) || strings.HasPrefix(tag, title) {
			return title
		}
		if d := editDistance(strings.ToLower(tag), strings.ToLower(title)); d < bestDist {
			best, bestDist = title, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// validateStructured checks a StructuredMessage[X] in ModeAutoGen.
func (v *Validator) validateStructured(data []byte) error {
	maxErrs := v.MaxErrors
	if maxErrs <= 0 {
		maxErrs = DefaultMaxErrors
	}
	limits := v.Limits
	limits.MaxErrors = maxErrs
	_, err := messages.DecodeRawStructured(data, limits)
	if err == nil {
		return nil
	}
	var werrs wire.Errors
	if errors.As(err, &werrs) {
		return fromWire(werrs, maxErrs)
	}
	return err
}
