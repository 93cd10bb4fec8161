package pyjson

import (
	"testing"
)

// FuzzParseDumps checks, in both string modes, that no input makes Parse or
// the writers panic, and that what Parse accepts dumps to ASCII JSON that
// reads back to the same dump (Dumps is idempotent through Parse). Without
// WTF8, AppendJSON's compact form must read back to the same dump too.
func FuzzParseDumps(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"a":2.0}`, `[1e400,"\ud800",NaN,-Infinity]`, `"é"`, `{"x":{"y":[true,null]}}`,
		"\"\xff\xed\xa0\x80\"", `"\udbff\udfff\u0000\\\/"`, `-0`, `12345678901234567890`, `[1,]`, `{"a"`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, o := range []Options{{}, {WTF8: true}} {
			v, err := o.Parse(raw)
			if err != nil {
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("%+v: error %T: %v", o, err, err)
				}
				continue
			}
			out := o.Dumps(&v)
			for i := 0; i < len(out); i++ {
				if out[i] >= 0x80 {
					t.Fatalf("%+v: non-ASCII output %q", o, out)
				}
			}
			again, err := o.Parse([]byte(out))
			if err != nil {
				t.Fatalf("%+v: dumps %q does not parse: %v", o, out, err)
			}
			if got := o.Dumps(&again); got != out {
				t.Fatalf("%+v: dumps not stable: %q -> %q", o, out, got)
			}
			_, _ = o.Repr(&v), o.StrOf(&v)
			_ = Options{ASCII: true, WTF8: o.WTF8}.Repr(&v)
			compact := AppendJSON(nil, &v)
			if !o.WTF8 {
				back, err := o.Parse(compact)
				if err != nil || o.Dumps(&back) != out {
					t.Fatalf("compact %q reads back as %v, %v; want %q", compact, o.Dumps(&back), err, out)
				}
			}
		}
	})
}
