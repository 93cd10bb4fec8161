package validate

import (
	"strconv"
	"sync/atomic"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentschema/agentschema"
)

// Long arrays of bad elements.
//
// jsonschema reports every fault of a document, and an array of a million
// bad elements gives a million faults, each a tree of errors: a 6 MB
// document took 5 GB and 50 s to validate, for the first MaxErrors faults
// that are all a caller sees. validateTrimmed validates the document with
// its long arrays cut short, where that is certain to report the same
// faults, and so pays for the faults it reports, not for the rest.
//
// When cutting an array short changes no fault but those of the elements
// cut: the array's schemas have no keyword about the whole array (no
// minItems, maxItems, uniqueItems, contains: a schema with one has no tape
// form, compileFast gives nil, and nothing is cut), and neither the array
// nor a value holding it is checked by an anyOf, a oneOf or an if, whose
// verdict, and so the faults chosen, could turn on the elements cut
// (trimSafety; an anyOf or oneOf whose other branches want another JSON
// type is no such choice: applyAlternatives). Then the faults of the cut document are those of the whole
// one less the faults inside the elements cut, which all come after the
// first element cut. If the cut document has MaxErrors faults before that
// point, they are the first MaxErrors faults of the whole document, which
// are what it reports. Otherwise the arrays are cut longer, four times as
// long each time, up to their whole length.

// trimOff turns validateTrimmed off, for tests that compare; trimmedDocs
// counts the documents validateTrimmed answered for.
var (
	trimOff     atomic.Bool
	trimmedDocs atomic.Int64
)

// trimKeep is how many elements of a long array the first try keeps
// beyond MaxErrors.
const trimKeep = 16

// longArray is an array of the parsed document that may be cut.
type longArray struct {
	elems []any
	path  []string // its JSON pointer's tokens
}

// validateTrimmed returns the faults of inst (the document data parsed)
// against sch, whose tape form is fs, as the full validation reports them,
// and whether it could: false when no array of inst is long enough to be
// worth cutting or may be cut, or the cuts reached every array's length
// (the caller validates the whole document then).
func validateTrimmed(sch *jsonschema.Schema, fs *fschema, inst any, data []byte, maxErrs int) (agentschema.Faults, bool) {
	keep := maxErrs + trimKeep
	var long []longArray
	findLong(inst, nil, keep, &long)
	if len(long) == 0 {
		return nil, false
	}
	unsafe := trimSafety(fs, inst, keep)
	safe := long[:0]
	for _, a := range long {
		if !unsafe[&a.elems[0]] {
			safe = append(safe, a)
		}
	}
	if len(safe) == 0 {
		return nil, false
	}
	last := LastMembers(data)
	for {
		cut, cutAt, whole := trimmedTree(inst, safe, keep, last)
		if whole {
			return nil, false
		}
		c := &collector{root: cut}
		if err := sch.Validate(cut); err != nil {
			ve, ok := err.(*jsonschema.ValidationError)
			if !ok {
				return nil, false
			}
			c.walk(ve)
			if len(c.faults) == 0 {
				return nil, false
			}
		}
		fs := c.errors(last, maxErrs)
		if len(fs) == maxErrs && fs[maxErrs-1].Offset < cutAt {
			trimmedDocs.Add(1)
			return fs, true
		}
		keep *= 4
	}
}

// findLong appends to out the arrays of v with more than keep elements,
// with their paths.
func findLong(v any, path []string, keep int, out *[]longArray) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if isContainer(x) {
				findLong(x, append(path[:len(path):len(path)], k), keep, out)
			}
		}
	case []any:
		if len(v) > keep {
			*out = append(*out, longArray{elems: v, path: path})
		}
		for i, x := range v {
			if isContainer(x) {
				findLong(x, append(path[:len(path):len(path)], strconv.Itoa(i)), keep, out)
			}
		}
	}
}

func isContainer(v any) bool {
	switch v.(type) {
	case map[string]any, []any:
		return true
	}
	return false
}

// trimmedTree returns inst with each array of safe that is longer than
// keep cut to keep elements (the containers on the way to it copied, the
// rest shared), the offset in data of the first element cut (the least of
// them), and whole when no array was longer than keep (nothing cut).
func trimmedTree(inst any, safe []longArray, keep int, data []byte) (any, int, bool) {
	cuts := map[*any]bool{}
	var paths [][]string
	for _, a := range safe {
		if len(a.elems) > keep {
			cuts[&a.elems[0]] = true
			paths = append(paths, append(a.path[:len(a.path):len(a.path)], strconv.Itoa(keep)))
		}
	}
	if len(cuts) == 0 {
		return inst, 0, true
	}
	cutAt := -1
	for _, off := range locate(data, paths) {
		if off >= 0 && (cutAt < 0 || off < cutAt) {
			cutAt = off
		}
	}
	if cutAt < 0 {
		return inst, 0, true
	}
	out, _ := cutArrays(inst, cuts, keep)
	return out, cutAt, false
}

// cutArrays returns v with the arrays of cuts cut to keep elements, and
// whether it changed v (a changed container is a copy).
func cutArrays(v any, cuts map[*any]bool, keep int) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		var out map[string]any
		for k, x := range v {
			if y, changed := cutArrays(x, cuts, keep); changed {
				if out == nil {
					out = make(map[string]any, len(v))
					for k2, x2 := range v {
						out[k2] = x2
					}
				}
				out[k] = y
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	case []any:
		elems := v
		changed := false
		if len(v) > 0 && cuts[&v[0]] {
			elems, changed = v[:keep], true
		}
		var out []any
		for i, x := range elems {
			if y, c := cutArrays(x, cuts, keep); c {
				if out == nil {
					out = append([]any(nil), elems...)
				}
				out[i] = y
			}
		}
		if out != nil {
			return out, true
		}
		return elems, changed
	}
	return v, false
}

// trimSafety returns the long arrays of inst (more than keep elements; by
// their first element's address) that a schema reaches through an anyOf,
// a oneOf or an if: cutting them could change which faults are reported.
func trimSafety(fs *fschema, inst any, keep int) map[*any]bool {
	unsafe := map[*any]bool{}
	applySafety(fs, inst, false, nil, keep, unsafe)
	return unsafe
}

// applySafety applies f to v, marking in unsafe the long arrays reached
// under a combinator (under); seen holds the schemas already applied to v.
func applySafety(f *fschema, v any, under bool, seen []*fschema, keep int, unsafe map[*any]bool) {
	if f == nil || f.boolean != nil || !isContainer(v) {
		return
	}
	for _, s := range seen {
		if s == f {
			return
		}
	}
	seen = append(seen, f)
	if a, ok := v.([]any); ok && under && len(a) > keep {
		unsafe[&a[0]] = true
	}
	applySafety(f.ref, v, under, seen, keep, unsafe)
	for _, s := range f.allOf {
		applySafety(s, v, under, seen, keep, unsafe)
	}
	for _, list := range [][]*fschema{f.anyOf, f.oneOf} {
		applyAlternatives(list, v, under, seen, keep, unsafe)
	}
	applySafety(f.ifS, v, true, seen, keep, unsafe)
	applySafety(f.thenS, v, under, seen, keep, unsafe)
	applySafety(f.elseS, v, under, seen, keep, unsafe)
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if ps, ok := f.props[k]; ok {
				applySafety(ps, x, under, nil, keep, unsafe)
			} else if f.addl != nil {
				applySafety(f.addl, x, under, nil, keep, unsafe)
			}
		}
	case []any:
		for i, x := range v {
			s := f.items
			if i < len(f.prefix) {
				s = f.prefix[i]
			}
			applySafety(s, x, under, nil, keep, unsafe)
		}
	}
}

// applyAlternatives applies the branches of an anyOf or oneOf to v. When
// only one branch admits v's JSON type, and the others are nothing but a
// type (a string or an array, for a message's content), the others fail
// on v's type alone whatever its elements, the faults reported are the
// one branch's (alternatives in faults.go), and it is applied as if it
// stood alone. Otherwise which branch is reported may turn on the
// elements, and the long arrays the branches reach are marked.
func applyAlternatives(list []*fschema, v any, under bool, seen []*fschema, keep int, unsafe map[*any]bool) {
	kind := uint8(tObject)
	if _, ok := v.([]any); ok {
		kind = tArray
	}
	var admitting []*fschema
	for _, s := range list {
		if !onlyAnotherType(s, kind) {
			admitting = append(admitting, s)
		}
	}
	if len(admitting) > 1 {
		under = true
	}
	for _, s := range admitting {
		applySafety(s, v, under, seen, keep, unsafe)
	}
}

// onlyAnotherType reports whether f holds nothing but a type keyword that
// excludes kind (a JSON type bit): on a value of that kind, its one fault
// is the type.
func onlyAnotherType(f *fschema, kind uint8) bool {
	return f != nil && f.boolean == nil && f.types != 0 && f.types&kind == 0 &&
		f.constStr == nil && f.enumStrs == nil && f.ref == nil && f.allOf == nil &&
		f.anyOf == nil && f.oneOf == nil && f.ifS == nil && f.thenS == nil && f.elseS == nil
}
