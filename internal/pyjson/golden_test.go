package pyjson

import (
	"os"
	"testing"
)

// TestPythonGolden compares with CPython 3.11 itself:
// testdata/pyjson_golden.json holds random JSON documents (made by
// testdata/gen_pyjson.py) with what json.dumps(json.loads(doc)) and
// str(json.loads(doc)) gave, or whether json.loads refused the document.
// Python keeps lone surrogates, so the documents are read with WTF8.
func TestPythonGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/pyjson_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	// The golden file is ASCII with \uXXXX escapes and has lone surrogates
	// in its strings, which Go's decoder would turn into U+FFFD: read it
	// with the Python-compatible reader.
	o := Options{WTF8: true}
	top, err := o.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(top.List) < 500 {
		t.Fatalf("only %d cases", len(top.List))
	}
	refused := 0
	for i := range top.List {
		rec := &top.List[i]
		field := func(k string) *Value {
			if v, ok := rec.Get(k); ok {
				return v
			}
			return &Value{}
		}
		raw := field("raw").Str
		v, err := o.Parse([]byte(raw))
		if field("error").Bool {
			refused++
			if err == nil {
				t.Errorf("#%d %q: parsed, Python refuses it", i, raw)
			}
			continue
		}
		if err != nil {
			t.Errorf("#%d %q: %v", i, raw, err)
			continue
		}
		if got, want := o.Dumps(&v), field("dumps").Str; got != want {
			t.Errorf("#%d json.dumps(%q)\n got %q\nwant %q", i, raw, got, want)
		}
		if got, want := o.StrOf(&v), field("str").Str; got != want {
			t.Errorf("#%d str(%q)\n got %q\nwant %q", i, raw, got, want)
		}
	}
	t.Logf("%d documents, %d refused", len(top.List), refused)
}
