package wire

import (
	"slices"
	"strings"
)

// A generated struct keeps, beside each member that is a map, the order
// its keys were read in when that order was not sorted: AutoGen's dicts
// keep their insertion order, and dump them in it, while a Go map has
// none. The encoder writes the keys in that order; a map with no order
// kept (built in Go, or read sorted) is written sorted.

// KeyOrder returns the order to keep for keys, the member names of an
// object in the order read: each name at its first place, or nil when
// that order is sorted (the encoder's order anyway).
func KeyOrder(keys []string) []string {
	if len(keys) < 2 || slices.IsSorted(keys) {
		return nil
	}
	seen := make(map[string]bool, len(keys))
	out := keys[:0:0]
	for _, k := range keys {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	if slices.IsSorted(out) {
		return nil
	}
	return out
}

// OrderedKeys returns the keys of m in the order to write them: the keys
// of order that m holds, in that order, then m's other keys sorted (as
// Python appends a key added to a dict). A nil order gives SortedKeys(m).
func OrderedKeys[V any](m map[string]V, order []string) []string {
	if order == nil {
		return SortedKeys(m)
	}
	held := 0
	for _, k := range order {
		if _, ok := m[k]; ok {
			held++
		}
	}
	if held == len(order) && held == len(m) {
		return order
	}
	out := make([]string, 0, len(m))
	for _, k := range order {
		if _, ok := m[k]; ok {
			out = append(out, k)
		}
	}
	inOrder := func(k string) bool { return slices.Contains(order, k) }
	if len(order) > 16 { // a set, so that many added keys cost linear time
		set := make(map[string]struct{}, len(order))
		for _, k := range order {
			set[k] = struct{}{}
		}
		inOrder = func(k string) bool { _, ok := set[k]; return ok }
	}
	var rest []string
	for k := range m {
		if !inOrder(k) {
			rest = append(rest, k)
		}
	}
	slices.SortFunc(rest, strings.Compare)
	return append(out, rest...)
}

// StringMapKeys is StringMap that also returns the order of the keys to
// keep (KeyOrder).
func (d *Decoder) StringMapKeys() (map[string]string, []string) {
	if !d.fatal && d.pos+1 < len(d.data) && d.data[d.pos] == '{' && d.data[d.pos+1] == '}' && d.depth < d.opts.MaxDepth {
		// {} (most messages' metadata), read as Object and Next would.
		d.pos += 2
		return map[string]string{}, nil
	}
	if !d.Object("dict_type", "Input should be a valid dictionary") {
		return nil, nil
	}
	m := map[string]string{}
	var first string
	var keys []string // from the second key on, with the first
	for n := 0; ; n++ {
		name, ok := d.Next()
		if !ok {
			return m, KeyOrder(keys)
		}
		k := d.str(name)
		switch n {
		case 0:
			first = k
		case 1:
			keys = append(keys, first, k)
		default:
			keys = append(keys, k)
		}
		m[k] = d.Str()
	}
}

// StringMapInOrder writes m as StringMap does, its keys in
// OrderedKeys(m, order).
func (e *Encoder) StringMapInOrder(m map[string]string, order []string) {
	if order == nil {
		e.StringMap(m)
		return
	}
	e.stringMapKeys(m, OrderedKeys(m, order))
}
