package pyjson

import (
	"reflect"
	"testing"
)

func TestGetSet(t *testing.T) {
	var d Value
	d.Kind = Dict
	d.Set("b", IntValue("1"))
	d.Set("a", IntValue("2"))
	d.Set("b", IntValue("3")) // keeps its place, as d["b"] = 3 does
	d.Keys = append(d.Keys, IntValue("7"))
	d.Vals = append(d.Vals, StrValue("int key"))
	d.Set("7", StrValue("str key")) // "7" is not 7
	want := Value{Kind: Dict,
		Keys: []Value{StrValue("b"), StrValue("a"), IntValue("7"), StrValue("7")},
		Vals: []Value{IntValue("3"), IntValue("2"), StrValue("int key"), StrValue("str key")}}
	if !reflect.DeepEqual(d, want) {
		t.Fatalf("d = %+v, want %+v", d, want)
	}
	if got := Repr(&d); got != `{'b': 3, 'a': 2, 7: 'int key', '7': 'str key'}` {
		t.Errorf("repr(d) = %s", got)
	}
	for _, tc := range []struct {
		k    string
		want *Value
	}{
		{"b", &d.Vals[0]},
		{"7", &d.Vals[3]},
		{"c", nil},
	} {
		got, ok := d.Get(tc.k)
		if got != tc.want || ok != (tc.want != nil) {
			t.Errorf("Get(%q) = %p, %v; want %p", tc.k, got, ok, tc.want)
		}
	}
}
