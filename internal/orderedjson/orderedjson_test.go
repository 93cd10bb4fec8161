package orderedjson

import "testing"

// TestObject: members are written in the order set, a Set of a present
// key replaces its value in place, Del removes it, and values are written
// without HTML escaping (as Python's json.dumps writes them).
func TestObject(t *testing.T) {
	o := Object{{Key: "model", Val: "gpt-4o"}, {Key: "messages", Val: []any{}}}
	o.Set("temperature", nil)
	o.Set("model", "o1")
	o.Set("stop", "<&>")
	o.Del("messages")
	if v, ok := o.Get("model"); !ok || v != "o1" {
		t.Errorf("Get(model) = %v, %v", v, ok)
	}
	if _, ok := o.Get("messages"); ok {
		t.Error("messages still there")
	}
	b, err := Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"model":"o1","temperature":null,"stop":"<&>"}`; string(b) != want {
		t.Errorf("got %s, want %s", b, want)
	}
}
