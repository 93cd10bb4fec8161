package validate

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
)

// TestTrimmedFaultsSame validates documents with long arrays both ways:
// with the arrays cut short where that is safe (trim.go) and whole, as
// before. The faults (pointers, offsets, lines, columns, keywords,
// messages) must be the same, whether the bad elements come first, are
// sparse, come only at the end, or sit in nested arrays, and when the
// array is a branch of an anyOf whose other branch wants another type (a
// user message's content: a string or a list).
func TestTrimmedFaultsSame(t *testing.T) {
	rep := func(s string, n int) string { return strings.TrimSuffix(strings.Repeat(s+",", n), ",") }
	var sparse, late, mixed strings.Builder
	for i := range 3000 {
		if i > 0 {
			sparse.WriteByte(',')
			late.WriteByte(',')
			mixed.WriteByte(',')
		}
		if i%37 == 0 {
			sparse.WriteString("1")
		} else {
			sparse.WriteString(`"ok"`)
		}
		if i >= 2950 {
			late.WriteString("[]")
		} else {
			late.WriteString(`"ok"`)
		}
		fmt.Fprintf(&mixed, `{"data":%d}`, i)
	}
	cases := []struct {
		title, doc string
		cut        bool // whether the arrays are cut
	}{
		{"MultiModalMessage", `{"type":"MultiModalMessage","source":"s","content":[` + rep("1", 5000) + `]}`, true},
		{"MultiModalMessage", `{"type":"MultiModalMessage","source":7,"content":[` + rep("[]", 5000) + `],"models_usage":5}`, true},
		{"MultiModalMessage", `{"content":[` + rep("1", 5000) + `],"type":"MultiModalMessage","source":7}`, true},
		{"MultiModalMessage", `{"type":"MultiModalMessage","source":"s","content":[` + sparse.String() + `]}`, false},
		{"MultiModalMessage", `{"type":"MultiModalMessage","source":"s","content":[` + late.String() + `]}`, false},
		{"MultiModalMessage", `{"type":"MultiModalMessage","source":"s","content":[` + mixed.String() + `]}`, true},
		{"UserMessage", `{"type":"UserMessage","source":"s","content":[` + rep("1", 5000) + `]}`, true},
		{"ChatMessage", `{"type":"MultiModalMessage","source":"s","content":[` + rep(`{}`, 3000) + `]}`, true},
		{"ToolCallRequestEvent", `{"type":"ToolCallRequestEvent","source":"s","content":[` + rep(`{"id":1,"name":"n","arguments":"{}"}`, 3000) + `]}`, true},
		{"ChatCompletionContextState", `{"messages":[` + rep(`{"type":"UserMessage","source":"u","content":[`+rep("1", 150)+`]}`, 200) + `]}`, true},
	}
	for i, c := range cases {
		t.Run(fmt.Sprintf("%d_%s", i, c.title), func(t *testing.T) {
			trimOff.Store(true)
			whole := Validate(c.title, []byte(c.doc))
			trimOff.Store(false)
			before := trimmedDocs.Load()
			cut := Validate(c.title, []byte(c.doc))
			if got := trimmedDocs.Load() > before; got != c.cut {
				t.Errorf("cut short: %v; want %v", got, c.cut)
			}
			if whole == nil {
				t.Fatal("valid; the case wants faults")
			}
			if !reflect.DeepEqual(whole, cut) {
				t.Errorf("cut short:\n%v\nwhole:\n%v", cut, whole)
			}
		})
	}
}

// TestTrimmedMemory: a multimodal message of 200,000 numbers for parts is
// validated with its parts cut to 116 (MaxErrors and 16), all of them
// faults: the validator's error trees for the others are never made. The
// whole document took 723 MB to validate (of 400 kB); cut short, 47 MB
// (59 MB under the race detector): the tape, the parsed tree and the
// faults.
func TestTrimmedMemory(t *testing.T) {
	doc := []byte(`{"type":"MultiModalMessage","source":"s","content":[` + strings.Repeat("1,", 199_999) + `1]}`)
	Validate("MultiModalMessage", []byte(`{}`)) // compile the schemas first
	var m1, m2 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m1)
	err := Validate("MultiModalMessage", doc)
	runtime.ReadMemStats(&m2)
	var fs agentschema.Faults
	if !errors.As(err, &fs) || len(fs) != 100 || fs[99].Pointer != "/content/99" {
		t.Fatalf("got %v; want 100 faults, /content/0 to /content/99", err)
	}
	if got := m2.TotalAlloc - m1.TotalAlloc; got > 96<<20 {
		t.Errorf("validating allocated %d bytes; want at most 96 MiB", got)
	}
}

// FuzzTrimmedSame: whatever the document, validating it with its long
// arrays cut short (trim.go) reports exactly the faults of validating it
// whole. MaxErrors is 2, so that arrays of 19 elements are long.
func FuzzTrimmedSame(f *testing.F) {
	seeds := []string{
		`{"type":"MultiModalMessage","source":"s","content":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}`,
		`{"type":"MultiModalMessage","source":"s","content":["a",[],"a",{},1,"b","c","d","e","f","g","h","i","j","k","l","m","n","o",2,3]}`,
		`{"messages":[{"type":"UserMessage","source":"u","content":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]},1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19]}`,
		`{"type":"ToolCallRequestEvent","source":"s","content":[{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}]}`,
		`{"type":"AssistantMessage","source":"s","content":[1,{"id":"i","name":"n","arguments":"{}"},2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}`,
		`{"type":"UserMessage","source":"s","content":["a",1,{"data":1},[],4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21]}`,
	}
	for i, s := range seeds {
		f.Add(uint8(i), []byte(s))
	}
	titles := []string{"MultiModalMessage", "ChatMessage", "ChatCompletionContextState", "ToolCallRequestEvent", "AgentEvent", "LLMMessage"}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		title := titles[int(which)%len(titles)]
		v := &Validator{MaxErrors: 2}
		trimOff.Store(true)
		whole := v.Validate(title, data)
		trimOff.Store(false)
		cut := v.Validate(title, data)
		if !reflect.DeepEqual(whole, cut) {
			t.Fatalf("%s %q:\ncut short: %v\nwhole: %v", title, data, cut, whole)
		}
	})
}
