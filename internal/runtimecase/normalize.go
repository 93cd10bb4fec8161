package runtimecase

import (
	"regexp"
	"sort"
	"strconv"
)

// uuidPattern is a UUID's text, 8-4-4-4-12 hex digits (either case), as the
// whole string.
var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// CreatedAtPlaceholder replaces every string under a "created_at" key.
const CreatedAtPlaceholder = "<created_at>"

// Normalize returns the README's normalization of values, taken together as
// one list (a run's stdout lines): every string value that is a UUID
// becomes "<uuid-N>", N numbering the distinct UUIDs from 1 in order of
// first appearance, walking lists in order and objects in sorted key order;
// every string value of a "created_at" key becomes "<created_at>". Object
// keys are left alone. values is not modified.
func Normalize(values []any) []any {
	n := normalizer{ids: map[string]string{}}
	out := make([]any, len(values))
	for i, v := range values {
		out[i] = n.walk(v)
	}
	return out
}

// NormalizeValue returns Normalize of the one value v, numbering on its own
// (a saved state).
func NormalizeValue(v any) any {
	return Normalize([]any{v})[0]
}

type normalizer struct {
	ids map[string]string // UUID -> "<uuid-N>"
}

func (n *normalizer) walk(v any) any {
	switch x := v.(type) {
	case string:
		if !uuidPattern.MatchString(x) {
			return x
		}
		id, ok := n.ids[x]
		if !ok {
			id = "<uuid-" + strconv.Itoa(len(n.ids)+1) + ">"
			n.ids[x] = id
		}
		return id
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = n.walk(e)
		}
		return out
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys) // byte order: Python's code point order
		out := make(map[string]any, len(x))
		for _, k := range keys {
			if _, ok := x[k].(string); ok && k == "created_at" {
				out[k] = CreatedAtPlaceholder
				continue
			}
			out[k] = n.walk(x[k])
		}
		return out
	}
	return v
}
