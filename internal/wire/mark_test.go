package wire

import "testing"

// TestDropFaultsAndFailAt checks the calls a validator uses to refuse a
// list as a whole after reading it: the item faults recorded since Mark are
// taken back, and the list's own fault goes where the list starts.
func TestDropFaultsAndFailAt(t *testing.T) {
	data := []byte("{\"a\": \"x\",\n \"b\":  [1, \"two\", \"3x\"]}")
	d := NewDecoder(data, Options{})
	if !d.Object("dict_type", "Input should be a valid dictionary") {
		t.Fatal("not an object")
	}
	for {
		name, ok := d.Next()
		if !ok {
			break
		}
		if string(name) == "a" {
			d.Int() // a fault that stays: int_parsing at /a
			continue
		}
		start := d.Offset()
		mark := d.Mark()
		d.Array()
		for d.More() {
			d.Int() // faults at /b/1 and /b/2, then taken back
		}
		if got := len(d.Errors()) - mark; got != 2 {
			t.Fatalf("%d item faults recorded, want 2", got)
		}
		d.DropFaults(mark)
		d.FailAt(start, "too_long", "List should have at most 0 items after validation, not 3")
	}
	errs := d.Errors()
	if len(errs) != 2 {
		t.Fatalf("faults %v, want 2", errs)
	}
	// The list starts at byte 18: line 2, column 8 (after two spaces).
	want := []struct {
		ptr, typ       string
		off, line, col int
	}{{"/a", "int_parsing", 6, 1, 7}, {"/b", "too_long", 18, 2, 8}}
	for i, w := range want {
		e := errs[i]
		if e.Pointer != w.ptr || e.Type != w.typ || e.Offset != w.off || e.Line != w.line || e.Column != w.col {
			t.Errorf("fault %d: %s %s at %d (%d:%d), want %s %s at %d (%d:%d)", i, e.Pointer, e.Type, e.Offset, e.Line, e.Column, w.ptr, w.typ, w.off, w.line, w.col)
		}
	}
}

// TestDropFaultsKeepsFatal checks that a syntax error is never taken back.
func TestDropFaultsKeepsFatal(t *testing.T) {
	d := NewDecoder([]byte(`[1, }`), Options{})
	mark := d.Mark()
	d.Array()
	for d.More() {
		d.Int()
	}
	d.DropFaults(mark)
	if !d.Fatal() || len(d.Errors()) != 1 || d.Errors()[0].Type != "json_invalid" {
		t.Fatalf("errors %v after DropFaults, want the syntax error kept", d.Errors())
	}
}
