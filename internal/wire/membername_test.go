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

// TestMemberNameAgreesWithRawString: memberName (Next's path, a byte loop
// for plain ASCII names) gives the name, faults and end position that
// rawString gives, for plain, escaped, non-ASCII, control-character,
// unterminated and over-long names.
func TestMemberNameAgreesWithRawString(t *testing.T) {
	cases := []struct {
		name, json string
		maxLen     int
	}{
		{"plain", `"content"`, 0},
		{"empty", `""`, 0},
		{"escaped quote", `"a\"b"`, 0},
		{"escape later", `"models_usage\u00e9"`, 0},
		{"non-ASCII", `"clé"`, 0},
		{"invalid UTF-8", "\"k\xffv\"", 0},
		{"control character", "\"k\x01\"", 0},
		{"unterminated", `"source`, 0},
		{"at the limit", `"abc"`, 3},
		{"over the limit", `"abcd"`, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := Options{MaxStringLen: c.maxLen}
			got := strOutcome([]byte(c.json), opts, func(d *Decoder) (string, bool) {
				b, ok := d.memberName()
				return string(b), ok
			})
			want := strOutcome([]byte(c.json), opts, func(d *Decoder) (string, bool) {
				b, ok := d.rawString()
				return string(b), ok
			})
			if got != want {
				t.Fatalf("memberName: %s\nrawString:  %s", got, want)
			}
		})
	}
}

// TestEscapedNamePointer: a fault under a member whose name has escapes
// is reported at the decoded name (kept by the decoder, not in the input),
// in nested objects and arrays and next to plain names.
func TestEscapedNamePointer(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"a\"b":1}`, `/a"b`},
		{`{"x\ny":{"z":1}}`, "/x\ny/z"},
		{`{"\u00e9":"ok","b":1}`, "/b"},
		{`{"a\/b":[ "s", 1]}`, "/a~1b/1"},
		{`{"\t":{"\u0041":{"q\\":2}}}`, "/\t/A/q\\"},
	} {
		d := NewDecoder([]byte(tc.in), Options{})
		var walk func()
		walk = func() {
			switch d.Peek() {
			case KindObject:
				d.Object("", "")
				for {
					if _, ok := d.Next(); !ok {
						return
					}
					walk()
				}
			case KindArray:
				d.Array()
				for d.More() {
					walk()
				}
			default:
				d.Str()
			}
		}
		walk()
		errs := d.Errors()
		if len(errs) != 1 || errs[0].Pointer != tc.want {
			t.Errorf("%s: faults %v, want one at %q", tc.in, errs, tc.want)
		}
	}
}
