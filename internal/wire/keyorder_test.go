package wire

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestKeyOrder(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
	}{
		{nil, nil},
		{[]string{"a"}, nil},
		{[]string{"a", "b", "c"}, nil},                       // sorted: the encoder's order anyway
		{[]string{"b", "a"}, []string{"b", "a"}},             // kept
		{[]string{"b", "a", "b"}, []string{"b", "a"}},        // a repeated key keeps its first place
		{[]string{"a", "b", "a"}, nil},                       // first places a, b: sorted
		{[]string{"ZED", "ALPHA"}, []string{"ZED", "ALPHA"}}, // bytes, not case-folded
		{[]string{"é", "z", "a"}, []string{"é", "z", "a"}},   // UTF-8 sorts after ASCII
		{[]string{"a", "é", "z"}, []string{"a", "é", "z"}},   // not sorted by bytes: é (0xc3) > z
		{[]string{"a", "z", "é"}, nil},                       // sorted by bytes
	} {
		in := slices.Clone(tc.in)
		if got := KeyOrder(in); !slices.Equal(got, tc.want) || (got == nil) != (tc.want == nil) {
			t.Errorf("KeyOrder(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestOrderedKeys(t *testing.T) {
	m := map[string]int{"z": 1, "a": 2, "m": 3}
	for _, tc := range []struct {
		order, want []string
	}{
		{nil, []string{"a", "m", "z"}},                          // no order kept: sorted
		{[]string{"z", "m", "a"}, []string{"z", "m", "a"}},      // the order read
		{[]string{"z", "a"}, []string{"z", "a", "m"}},           // a key added since: after, sorted
		{[]string{"q", "z", "a", "m"}, []string{"z", "a", "m"}}, // a key deleted since: left out
		{[]string{"q", "m"}, []string{"m", "a", "z"}},
	} {
		if got := OrderedKeys(m, tc.order); !slices.Equal(got, tc.want) {
			t.Errorf("OrderedKeys(m, %q) = %q, want %q", tc.order, got, tc.want)
		}
	}
}

// TestStringMapKeysRoundTrip: an object of strings read with
// StringMapKeys and written with StringMapInOrder comes back with its
// members in the order read (AutoGen's dict order), duplicates resolved
// as a dict does (the last value, at the first key's place).
func TestStringMapKeysRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{}`, `{}`},
		{`{"a":"1"}`, `{"a":"1"}`},
		{`{"b":"1","a":"2"}`, `{"b":"1","a":"2"}`},
		{`{"a":"1","b":"2"}`, `{"a":"1","b":"2"}`},
		{`{ "b" : "1" , "a" : "2" , "b" : "3" }`, `{"b":"3","a":"2"}`},
		{`{"PATH":"/bin","HOME":"/root","LANG":"C"}`, `{"PATH":"/bin","HOME":"/root","LANG":"C"}`},
	} {
		var m map[string]string
		var keys []string
		if err := Decode([]byte(tc.in), Options{}, func(d *Decoder) { m, keys = d.StringMapKeys() }); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		var e Encoder
		e.StringMapInOrder(m, keys)
		if got := string(e.Bytes()); got != tc.want {
			t.Errorf("%s: wrote %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzStringMapKeys: whatever object is read, the order kept names each
// key of the map once and is not sorted, and OrderedKeys gives every key
// of the map once.
func FuzzStringMapKeys(f *testing.F) {
	for _, s := range []string{`{}`, `{"b":"1","a":"2"}`, `{"a":"1","a":"2","0":""}`, `{"é":"x","z":"y"}`, `[]`, `{"a":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var m map[string]string
		var keys []string
		if Decode([]byte(in), Options{}, func(d *Decoder) { m, keys = d.StringMapKeys() }) != nil {
			return
		}
		if keys != nil {
			if len(keys) != len(m) || slices.IsSorted(keys) {
				t.Fatalf("%q: order %q for %d keys", in, keys, len(m))
			}
			for _, k := range keys {
				if _, ok := m[k]; !ok {
					t.Fatalf("%q: order names %q, not in the map", in, k)
				}
			}
		}
		got := OrderedKeys(m, keys)
		want := SortedKeys(m)
		sorted := slices.Clone(got)
		slices.SortFunc(sorted, strings.Compare)
		if !slices.Equal(sorted, want) {
			t.Fatalf("%q: OrderedKeys %q, keys %q", in, got, want)
		}
	})
}

// TestOrderedKeysManyAdded: a map read with 3,000 keys in their order, to
// which a program added 3,000 more and from which it deleted some, gives
// the read order of the keys it still holds, then the added ones sorted
// (the order checked against one built here from the key names). The
// added keys are looked up in a set, where each used to be searched for
// in the whole order.
func TestOrderedKeysManyAdded(t *testing.T) {
	m := map[string]int{}
	var order, want, added []string
	for i := range 3000 {
		k := fmt.Sprintf("r%04d", 2999-i) // read in reverse, so kept
		order = append(order, k)
		if i%7 != 0 {
			m[k] = i
			want = append(want, k)
		}
	}
	for i := range 3000 {
		k := fmt.Sprintf("a%04d", 2999-i)
		m[k] = i
		added = append(added, k)
	}
	slices.Sort(added)
	want = append(want, added...)
	if got := OrderedKeys(m, order); !slices.Equal(got, want) {
		t.Fatalf("OrderedKeys: %d keys, first %q; want %d, first %q", len(got), got[:3], len(want), want[:3])
	}
}

// BenchmarkOrderedKeysManyAdded is TestOrderedKeysManyAdded's work.
func BenchmarkOrderedKeysManyAdded(b *testing.B) {
	m := map[string]int{}
	var order []string
	for i := range 3000 {
		k := fmt.Sprintf("r%04d", i)
		order = append(order, k)
		m[k] = i
		m[fmt.Sprintf("a%04d", i)] = i
	}
	for b.Loop() {
		OrderedKeys(m, order)
	}
}
