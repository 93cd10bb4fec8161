package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/conformance"
)

func TestLocate(t *testing.T) {
	doc := `{"a": {"b": [10, {"c": "x"}, [true, null]]},
 "d\"e": 1, "f/g~h": 2, "": 3, "dup": 4, "dup": 5, "u": "\u00e9"}`
	tests := []struct {
		path []string
		at   string // the value's text, found by hand in doc; "" for none
	}{
		{nil, `{"a"`},
		{[]string{"a"}, `{"b"`},
		{[]string{"a", "b"}, `[10`},
		{[]string{"a", "b", "0"}, `10,`},
		{[]string{"a", "b", "1"}, `{"c"`},
		{[]string{"a", "b", "1", "c"}, `"x"`},
		{[]string{"a", "b", "2", "1"}, `null`},
		{[]string{"d\"e"}, `1,`},
		{[]string{"f/g~h"}, `2,`},
		{[]string{""}, `3,`},
		{[]string{"dup"}, `5,`}, // the last member wins, as in parse
		{[]string{"u"}, `"\u00e9"`},
		{[]string{"a", "b", "3"}, ""},
		{[]string{"a", "b", "01"}, ""},
		{[]string{"nope"}, ""},
		{[]string{"a", "b", "0", "x"}, ""},
	}
	paths := make([][]string, len(tests))
	for i, tt := range tests {
		paths[i] = tt.path
	}
	got := locate([]byte(doc), paths)
	for i, tt := range tests {
		want := -1
		if tt.at != "" {
			want = strings.Index(doc, tt.at)
		}
		if got[i] != want {
			t.Errorf("%q: offset %d, want %d", tt.path, got[i], want)
		}
	}
}

func TestLineCols(t *testing.T) {
	data := []byte("ab\ncd\n\nef")
	offs := []int{8, 0, 3, 2, 6, 9, 100}
	lines, cols := lineCols(data, offs)
	want := [][2]int{{4, 2}, {1, 1}, {2, 1}, {1, 3}, {3, 1}, {4, 3}, {4, 3}}
	for i := range offs {
		if lines[i] != want[i][0] || cols[i] != want[i][1] {
			t.Errorf("offset %d: %d:%d, want %d:%d", offs[i], lines[i], cols[i], want[i][0], want[i][1])
		}
	}
}

func TestPointer(t *testing.T) {
	if got := pointer([]string{"a/b", "~", "0", ""}); got != "/a~1b/~0/0/" {
		t.Errorf("got %q", got)
	}
	if got := pointer(nil); got != "" {
		t.Errorf("got %q", got)
	}
}

// referenceOffsets lists the pointer path and start offset of every value
// in a valid JSON document, using encoding/json's tokenizer.
func referenceOffsets(data []byte) (paths [][]string, offs []int, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	start := func() int {
		p := int(dec.InputOffset())
		for p < len(data) && strings.IndexByte(" \t\r\n,:", data[p]) >= 0 {
			p++
		}
		return p
	}
	index := map[string]int{}
	var walk func(path []string) error
	walk = func(path []string) error {
		off := start()
		key := fmt.Sprintf("%q", path)
		if i, ok := index[key]; ok { // a repeated member: the last wins
			offs[i] = off
		} else {
			index[key] = len(paths)
			paths = append(paths, slices.Clone(path))
			offs = append(offs, off)
		}
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return err
				}
				if err := walk(append(path, k.(string))); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(append(path, itoa(i))); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		return err
	}
	if err := walk(nil); err != nil {
		return nil, nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, nil, errors.New("trailing data")
	}
	return paths, offs, nil
}

// FuzzLocate checks locate against encoding/json on valid documents and
// that it never fails on anything else.
func FuzzLocate(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, {"b": "x\"y"}], "c": null}`,
		`[[], {}, "", 0, -1.5e3, true, false, null]`,
		`{"k": {"k": {"k": []}}, "k": 1}`,
		` "\u00e9\ud83d\ude00" `,
		`{"a/b": {"~": [0]}}`,
		`{"a": [1, 2`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		locate(data, [][]string{{"a"}, {"a", "0"}, {"0"}, {"k", "k"}})
		// encoding/json accepts invalid UTF-8 (reading it as U+FFFD), the
		// decoder refuses it before any position is looked up: no reference.
		if !json.Valid(data) || !utf8.Valid(data) || len(data) > 4096 {
			return
		}
		paths, want, err := referenceOffsets(data)
		if err != nil {
			t.Skip(err)
		}
		got := locate(data, paths)
		for i := range paths {
			if got[i] != want[i] {
				t.Fatalf("%q: offset %d, want %d", paths[i], got[i], want[i])
			}
		}
	})
}

// FuzzValidate checks that no input makes validation fail other than
// with Errors, and that every error's position is consistent.
func FuzzValidate(f *testing.F) {
	for _, s := range []string{
		`{"messages":[{"type":"UserMessage","content":[{"data":"iVBORw0KGgo="},"x"],"source":"u"}]}`,
		`{"messages":[{"type":"Nope"},{"content":1},3,{"type":"AssistantMessage","content":[{"id":1}]}]}`,
		`{"messages":[{"type":"FunctionExecutionResultMessage","content":[{"content":"x","name":"n","call_id":"c","is_error":"no"}]}]}`,
		`{"messages": {}}`,
		`[`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, m := range []Mode{ModeSchema, ModeAutoGen} {
			err := (&Validator{Mode: m}).Validate("ChatCompletionContextState", data)
			if err == nil {
				continue
			}
			var es agentschema.Faults
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("%v: not Errors: %v", m, err)
			}
			for _, e := range es {
				if e.Offset < 0 || e.Offset > len(data) || e.Message == "" || e.Keyword == "" {
					t.Fatalf("%v: bad error %+v", m, *e)
				}
				if line, col := lineColOf(data, e.Offset); line != e.Line || col != e.Column {
					t.Fatalf("%v: offset %d is %d:%d, error says %d:%d", m, e.Offset, line, col, e.Line, e.Column)
				}
			}
		}
	})
}

// TestModesAgreeOnPlaces checks, on a hand-made state, that both modes put
// each fault at the same pointer, line and column, in input order: a bad
// content at the value, a missing member at the object that lacks it, an
// unknown tag at the "type" member's value and a missing tag at the
// object. The places are read off the document by hand.
func TestModesAgreeOnPlaces(t *testing.T) {
	doc := `{"messages": [
  {"type": "UserMessage", "content": {"text": "x"}, "source": "u"},
  {"type": "AssistantMessage", "content": "4"},
  {"type": "Nope", "content": "x"},
  {"content": "x"}
]}`
	want := "/messages/0/content@2:38 /messages/1/source@3:3 /messages/2/type@4:12 /messages/3/type@5:3"
	for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
		err := (&Validator{Mode: mode}).Validate("ChatCompletionContextState", []byte(doc))
		var es agentschema.Faults
		if !errors.As(err, &es) {
			t.Fatalf("%v: %v", mode, err)
		}
		var got []string
		for _, e := range es {
			got = append(got, fmt.Sprintf("%s@%d:%d", e.Pointer, e.Line, e.Column))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%v mode:\n got %s\nwant %s", mode, strings.Join(got, " "), want)
		}
	}
}

// TestModesAgreeOnConformanceCases checks every invalid conformance case
// both modes reject: a pointer both modes report is at the same line and
// column in both, and each mode lists its faults in input order.
func TestModesAgreeOnConformanceCases(t *testing.T) {
	cases, err := conformance.Load()
	if err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, c := range cases {
		if c.Valid || strings.HasPrefix(c.Type, "StructuredMessage_") {
			continue
		}
		var es [2]agentschema.Faults
		for i, m := range []Mode{ModeSchema, ModeAutoGen} {
			errors.As((&Validator{Mode: m}).Validate(c.Type, c.Input), &es[i])
			for k := 1; k < len(es[i]); k++ {
				if es[i][k].Offset < es[i][k-1].Offset {
					t.Errorf("%s, %v mode: %s listed after %s", c.Path, m, es[i][k].Pointer, es[i][k-1].Pointer)
				}
			}
		}
		at := map[string]string{}
		for _, e := range es[0] {
			at[e.Pointer] = fmt.Sprintf("%d:%d", e.Line, e.Column)
		}
		for _, e := range es[1] {
			if p, ok := at[e.Pointer]; ok {
				compared++
				if q := fmt.Sprintf("%d:%d", e.Line, e.Column); p != q {
					t.Errorf("%s: %s at %s in schema mode, %s in autogen mode", c.Path, e.Pointer, p, q)
				}
			}
		}
	}
	if compared < 300 {
		t.Fatalf("only %d faults compared", compared)
	}
}
