package ollama

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// FuzzStreamLines feeds arbitrary NDJSON answers to the line splitter and
// the line decoder: no panic, no line holding a line end, and every line
// either refused with an error or read as a ChatResponse.
func FuzzStreamLines(f *testing.F) {
	for _, s := range []string{
		`{"model": "llama3.2", "message": {"role": "assistant", "content": "a"}, "done": false}` + "\n\n",
		`{"message": {"role": "assistant", "content": null, "tool_calls": [{"function": {"name": "f", "arguments": {"x": 1.5e400}}}]}, "done": true}` + "\r\n",
		`{"error": "boom"}` + "\r",
		`{"error": {"nested": 1}}` + "\u2028" + `[1, 2]`,
		`{"message": {"role": "robot", "images": ["x"], "tool_calls": [{"function": {"arguments": []}}]}, "done": "maybe", "eval_count": 2.5}`,
		"\xff\xfe{\"message\": {}}\x1c",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		lr := newLineReader(strings.NewReader(body), 1<<16)
		for {
			line, ok, err := lr.next(1 << 16)
			if err != nil || !ok {
				return
			}
			if strings.ContainsAny(line, "\n\r\v\f\x1c\x1d\x1e\u0085\u2028\u2029") {
				t.Fatalf("line %q holds a line end", line)
			}
			r, err := streamPart(line)
			if (r == nil) == (err == nil) {
				t.Fatalf("line %q: result %v and error %v", line, r, err)
			}
			if err != nil {
				if _, _, ok := ExceptionOf(err); !ok {
					t.Fatalf("line %q: error %T %v is not a Python exception", line, err, err)
				}
			}
		}
	})
}

// TestSplitLines: str.splitlines' line ends, a blank line kept, the last
// line without an end kept, \r\n one end even when cut between reads.
func TestSplitLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"a\nb\n", []string{"a", "b"}},
		{"a\n\nb", []string{"a", "", "b"}},
		{"a\r\nb\rc\u2028d\x1ce\u0085f", []string{"a", "b", "c", "d", "e", "f"}},
		{"a\n\r", []string{"a", ""}},
		{"", nil},
	} {
		sc := bufio.NewScanner(iotestHalfReader(tc.in))
		sc.Split(splitLines)
		var got []string
		for sc.Scan() {
			got = append(got, sc.Text())
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// iotestHalfReader reads one byte at a time, so that line ends and
// characters are cut between reads.
func iotestHalfReader(s string) *oneByteReader { return &oneByteReader{s: s} }

type oneByteReader struct{ s string }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	return 1, nil
}

// TestErrorLines: a stream line's "error" and an error answer's body as
// ollama-python raises them (ResponseError.__init__ parses the text as
// JSON and takes its "error"; a value it cannot read fails in Python).
func TestErrorLines(t *testing.T) {
	for _, tc := range []struct{ line, class, msg string }{
		{`{"error": "boom"}`, "ResponseError", "boom (status code: -1)"},
		{`{"error": "{\"error\": \"inner\"}"}`, "ResponseError", "inner (status code: -1)"},
		{`{"error": "[1]"}`, "AttributeError", "'list' object has no attribute 'get'"},
		{`{"error": {"a": 1}}`, "TypeError", "the JSON object must be str, bytes or bytearray, not dict"},
		{`[1]`, "AttributeError", "'list' object has no attribute 'get'"},
		{`{"error": ""}`, "ValidationError", "1 validation error for ChatResponse\nmessage\n  Field required [type=missing, input_value={'error': ''}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.13/v/missing"},
	} {
		_, err := streamPart(tc.line)
		if class, msg, _ := ExceptionOf(err); class != tc.class || msg != tc.msg {
			t.Errorf("%s: %v, want %s: %s", tc.line, err, tc.class, tc.msg)
		}
	}
	for _, tc := range []struct{ body, class, msg string }{
		{`{"error": null}`, "ResponseError", "None (status code: 500)"},
		{`{"error": {"code": 1}}`, "ResponseError", "{'code': 1} (status code: 500)"},
		{`[1]`, "AttributeError", "'list' object has no attribute 'get'"},
		{`oops`, "ResponseError", "oops (status code: 500)"},
	} {
		if class, msg, _ := ExceptionOf(responseError(tc.body, 500)); class != tc.class || msg != tc.msg {
			t.Errorf("%s: %s: %s, want %s: %s", tc.body, class, msg, tc.class, tc.msg)
		}
	}
}
