package mcp

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// FuzzEmbeddedResourceJSON: any JSON value gives valid JSON, and the text
// of a resource with a text is kept.
func FuzzEmbeddedResourceJSON(f *testing.F) {
	f.Add(`{"type":"resource","resource":{"uri":"test://x","text":"é"}}`)
	f.Add(`{"type":"resource","resource":{"uri":"HTTP://A","blob":"AA=="},"annotations":{"priority":1}}`)
	f.Add(`[1,2]`)
	f.Fuzz(func(t *testing.T, in string) {
		v, err := pyjson.Parse([]byte(in))
		if err != nil {
			return
		}
		out := embeddedResourceJSON(&v)
		if !json.Valid([]byte(out)) {
			t.Fatalf("%s gives invalid JSON %s", in, out)
		}
	})
}

// FuzzAnyURL: normalizing twice changes nothing more.
func FuzzAnyURL(f *testing.F) {
	for _, s := range []string{"http://A.b", "https://u@H:443?x", "test://x/y", "ftp://h:21", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := anyURL(pyjson.StrValue(s))
		if twice := anyURL(once); twice.Str != once.Str {
			t.Fatalf("%q -> %q -> %q", s, once.Str, twice.Str)
		}
	})
}

// FuzzCaptureBody: any stream passes through unchanged, and every result
// noted is valid JSON.
func FuzzCaptureBody(f *testing.F) {
	f.Add("data: {\"id\":1,\"result\":{}}\n\n", true)
	f.Add(`{"id":1,"result":[1]}`, false)
	f.Add("data: x\r\ndata: y\n\n\n", true)
	f.Fuzz(func(t *testing.T, body string, sse bool) {
		s := &rawSlot{}
		b := &captureBody{ReadCloser: io.NopCloser(strings.NewReader(body)), slot: s, sse: sse}
		got, err := io.ReadAll(b)
		if err != nil || string(got) != body {
			t.Fatalf("passed through %q, %v", got, err)
		}
		for _, r := range s.all() {
			if !json.Valid(r) {
				t.Fatalf("result %q is not JSON", r)
			}
		}
	})
}

// FuzzNormalizeArgs: the arguments sent are always a JSON object.
func FuzzNormalizeArgs(f *testing.F) {
	for _, s := range []string{"", "null", "{}", `{"a":1}`, "[1]", "0", `"x"`, "{"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := normalizeArgs(json.RawMessage(s))
		if err != nil {
			return
		}
		var m map[string]any
		if json.Unmarshal(out, &m) != nil {
			t.Fatalf("%q -> %q, not an object", s, out)
		}
	})
}
