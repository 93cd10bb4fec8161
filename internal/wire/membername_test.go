package wire

import "testing"

// TestBadMemberNamePointer: a member name that is not valid Unicode (a
// lone surrogate escape, invalid UTF-8) is reported at its own member's
// pointer, with the name as written, not at the previous member.
func TestBadMemberNamePointer(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a":1,"\ud800x":2}`, `/\ud800x`},
		{"{\"a\":1,\"b\xffc\":2}", "/b\xffc"},
		{`{"a":{"k/\ud800~":2}}`, `/a/k~1\ud800~0`},
		{`{"\udc00":1}`, `/\udc00`},
	} {
		d := NewDecoder([]byte(tc.in), Options{})
		var walk func()
		walk = func() {
			if !d.Object("dict_type", "Input should be a valid dictionary") {
				return
			}
			for {
				name, ok := d.Next()
				if !ok {
					return
				}
				if string(name) == "a" && d.Peek() == KindObject {
					walk()
					continue
				}
				d.Skip()
			}
		}
		walk()
		errs := d.Errors()
		if len(errs) != 1 || errs[0].Pointer != tc.want {
			t.Errorf("%q: faults %v, want one at %q", tc.in, errs, tc.want)
		}
	}
}
