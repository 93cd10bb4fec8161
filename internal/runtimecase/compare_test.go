package runtimecase

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFirstDifference(t *testing.T) {
	for _, tc := range []struct {
		name, want, got string
		path            string // "" when equal
	}{
		{"key order ignored", `{"a": 1, "b": [1, {"c": null, "d": true}]}`, `{"b": [1, {"d": true, "c": null}], "a": 1}`, ""},
		{"numbers by value", `[1, 1.0, 100, 0.5, -0, 12345678901234567890]`, `[1.00, 1, 1e2, 5e-1, 0, 12345678901234567890.0]`, ""},
		{"big integers exactly", `12345678901234567890`, `12345678901234567891`, "$"},
		{"a number is not a string", `{"n": 1}`, `{"n": "1"}`, "$.n"},
		{"null is not false", `[null]`, `[false]`, "$[0]"},
		{"deep path", `{"messages": [{"content": "a"}, {"content": "b"}]}`, `{"messages": [{"content": "a"}, {"content": "c"}]}`, "$.messages[1].content"},
		{"first in sorted key order", `{"z": 1, "a": 1}`, `{"z": 2, "a": 2}`, "$.a"},
		{"missing key", `{"a": 1, "b": 2}`, `{"a": 1}`, "$.b"},
		{"extra key", `{"a": 1}`, `{"a": 1, "b": 2}`, "$.b"},
		{"odd key quoted", `{"a b": 1}`, `{"a b": 2}`, `$["a b"]`},
		{"shorter array", `[1, 2, 3]`, `[1, 2]`, "$[2]"},
		{"longer array", `[1]`, `[1, 2]`, "$[1]"},
		{"element before length", `[1, 2, 3]`, `[1, 5]`, "$[1]"},
		{"object vs array", `{}`, `[]`, "$"},
		{"empty equal", `[{}, [], ""]`, `[{}, [], ""]`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := FirstDifference(mustJSON(t, tc.want), mustJSON(t, tc.got))
			switch {
			case tc.path == "" && d != nil:
				t.Errorf("want equal, got difference %s", d)
			case tc.path != "" && d == nil:
				t.Errorf("want a difference at %s, got equal", tc.path)
			case d != nil && d.Path != tc.path:
				t.Errorf("difference %s, want it at %s", d, tc.path)
			}
		})
	}
	// Values decoded without UseNumber compare with json.Number ones.
	var plain any
	if err := json.Unmarshal([]byte(`{"n": [1, 2.5, 1e300]}`), &plain); err != nil {
		t.Fatal(err)
	}
	if d := FirstDifference(mustJSON(t, `{"n": [1.0, 2.50, 1e300]}`), plain); d != nil {
		t.Errorf("json.Number vs float64: %s", d)
	}
	d := FirstDifference(mustJSON(t, `{"a": 1}`), mustJSON(t, `{}`))
	if s := d.String(); s != "at $.a: want 1, got <absent>" {
		t.Errorf("String() = %q", s)
	}
}

func TestParseLines(t *testing.T) {
	for _, tc := range []struct {
		in      string
		n       int
		wantErr string
	}{
		{"", 0, ""},
		{"\n", 0, ""},
		{"{\"a\": 1}\n[2]\n", 2, ""},
		{"{\"a\": 1}\n3", 2, ""},
		{"{\"a\": 1}\n\n3\n", 0, "line 2: no JSON value"},
		{"1 2\n", 0, "line 1: data after the JSON value"},
		{"{\"a\":\n1}\n", 0, "line 1"},
		{"ok\n", 0, "line 1"},
	} {
		got, err := ParseLines([]byte(tc.in))
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseLines(%q): error %v, want %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || len(got) != tc.n {
			t.Errorf("ParseLines(%q) = %d values, %v; want %d", tc.in, len(got), err, tc.n)
		}
	}
	v, _ := ParseLines([]byte(`{"n": 1.50}` + "\n"))
	if n, ok := v[0].(map[string]any)["n"].(json.Number); !ok || n != "1.50" {
		t.Errorf("numbers are not json.Number with their text: %#v", v[0])
	}
}

// TestCompare runs Compare on hand-made outcomes; each names the parts of
// the messages it must produce.
func TestCompare(t *testing.T) {
	p := testPlaceholders
	msg := func(id, created string) string {
		return `{"type": "TextMessage", "id": "` + id + `", "created_at": "` + created + `", "content": "c"}`
	}
	base := Expect{
		ExitCode: 0,
		Stdout: []any{
			mustJSON(t, msg("<uuid-1>", "<created_at>")),
			mustJSON(t, `{"type": "ToolCallExecutionEvent", "content": "GET {{TOOL_HOST}}:{{TOOL_PORT}}/x failed"}`),
			mustJSON(t, `{"messages": [`+msg("<uuid-1>", "<created_at>")+`], "stop_reason": null}`),
		},
		ModelRequests: []ModelRequest{
			{"POST", "/v1/chat/completions", mustJSON(t, `{"model": "m", "n": 1}`)},
			{"POST", "/v1/chat/completions", mustJSON(t, `{"model": "m", "n": 2}`)},
		},
		ToolRequests: []ToolRequest{
			{"GET", "/weather", map[string]string{"city": "A"}, nil, map[string]string{}},
			{"GET", "/weather", map[string]string{"city": "B"}, nil, map[string]string{}},
		},
		State: mustJSON(t, `{"thread": [{"id": "<uuid-1>", "created_at": "<created_at>"}, {"id": "<uuid-2>"}]}`),
	}
	goodStdout := strings.Join([]string{
		msg(uB, "2025-01-01T00:00:00Z"),
		`{"type": "ToolCallExecutionEvent", "content": "GET 127.0.0.1:4000/x failed"}`,
		`{"stop_reason": null, "messages": [` + msg(uB, "2025-01-01T00:00:01Z") + `]}`,
	}, "\n") + "\n"
	good := func() *Outcome {
		return &Outcome{
			ExitCode: 0,
			Stdout:   []byte(goodStdout),
			// State numbering is its own: uA is <uuid-1> there.
			State: []byte(`{"thread": [{"created_at": "t", "id": "` + uA + `"}, {"id": "` + uB + `"}]}`),
			ModelRequests: []ModelRequest{
				{"POST", "/v1/chat/completions", mustJSON(t, `{"n": 1.0, "model": "m"}`)},
				{"POST", "/v1/chat/completions", mustJSON(t, `{"model": "m", "n": 2}`)},
			},
			// Any order; nil maps are empty objects.
			ToolRequests: []ToolRequest{
				{"GET", "/weather", map[string]string{"city": "B"}, nil, nil},
				{"GET", "/weather", map[string]string{"city": "A"}, nil, map[string]string{}},
			},
		}
	}
	for _, tc := range compareCases(t, goodStdout) {
		t.Run(tc.name, func(t *testing.T) {
			e := base
			if tc.expect != nil {
				tc.expect(&e)
			}
			o := good()
			if tc.change != nil {
				tc.change(o)
			}
			msgs := Compare(&e, o, p)
			if len(msgs) != len(tc.want) {
				t.Fatalf("got %d messages, want %d:\n%s", len(msgs), len(tc.want), strings.Join(msgs, "\n---\n"))
			}
			for i, w := range tc.want {
				if !strings.Contains(msgs[i], w) {
					t.Errorf("message %d:\n%s\nwant it to contain:\n%s", i, msgs[i], w)
				}
			}
		})
	}
}

// compareCase is one case of TestCompare: the changes to the expected and
// the good outcome, and the messages Compare must give.
type compareCase struct {
	name   string
	expect func(e *Expect)
	change func(o *Outcome)
	want   []string // substrings, one message each, in order
}

// compareCases are the cases of TestCompare; goodStdout is the good
// outcome's standard output, which some cases change.
func compareCases(t *testing.T, goodStdout string) []compareCase {
	return []compareCase{
		{name: "pass"},
		{
			name:   "exit code",
			change: func(o *Outcome) { o.ExitCode = 1 },
			want:   []string{"exit code: want 0, got 1"},
		},
		{
			name: "stdout item",
			change: func(o *Outcome) {
				o.Stdout = []byte(strings.Replace(goodStdout, `"content": "c"`, `"content": "d"`, 1))
			},
			want: []string{`stdout[0] (TextMessage) differs at $.content: want "c", got "d"` + "\n  want: {"},
		},
		{
			name: "stdout ids must hold their references",
			change: func(o *Outcome) {
				o.Stdout = []byte(strings.Replace(goodStdout, uB, uC, 1))
			},
			want: []string{`stdout[2] (TaskResult) differs at $.messages[0].id: want "<uuid-1>", got "<uuid-2>"`},
		},
		{
			name:   "stdout count",
			change: func(o *Outcome) { o.Stdout = []byte(strings.SplitAfter(goodStdout, "\n")[0]) },
			want:   []string{"stdout: want 3 items, got 1\n  want types: [TextMessage ToolCallExecutionEvent TaskResult]\n  got types:  [TextMessage]"},
		},
		{
			name:   "stdout not JSON lines",
			change: func(o *Outcome) { o.Stdout = []byte("Traceback\n") },
			want:   []string{"stdout: line 1: "},
		},
		{
			name:   "model request body",
			change: func(o *Outcome) { o.ModelRequests[1].Body = mustJSON(t, `{"model": "m", "n": 3}`) },
			want:   []string{"model_requests[1] differs at $.body.n: want 2, got 3"},
		},
		{
			name:   "model request count",
			change: func(o *Outcome) { o.ModelRequests = o.ModelRequests[:1] },
			want:   []string{"model_requests: want 2, got 1"},
		},
		{
			name:   "tool requests",
			change: func(o *Outcome) { o.ToolRequests[0].Query["city"] = "C" },
			want:   []string{`tool_requests (a multiset): want 2, got 2; 1 missing, 1 unexpected` + "\n  missing:    {\"body\":null,\"headers\":{},\"method\":\"GET\",\"path\":\"/weather\",\"query\":{\"city\":\"B\"}}"},
		},
		{
			name:   "tool request headers",
			change: func(o *Outcome) { o.ToolRequests[1].Headers = map[string]string{"x-a": "1"} },
			want:   []string{`they differ at $.headers["x-a"]: want <absent>, got "1"`},
		},
		{
			name: "state",
			change: func(o *Outcome) {
				o.State = []byte(`{"thread": [{"created_at": "t", "id": "` + uA + `"}, {"id": "` + uA + `"}]}`)
			},
			want: []string{`state differs at $.thread[1].id: want "<uuid-2>", got "<uuid-1>"`},
		},
		{
			name:   "state not saved",
			change: func(o *Outcome) { o.State = nil },
			want:   []string{"state: no state was saved"},
		},
		{
			name:   "state not JSON",
			change: func(o *Outcome) { o.State = []byte("{") },
			want:   []string{"state: the saved file is not one JSON value"},
		},
		{
			name:   "state not compared for a failing run",
			expect: func(e *Expect) { e.ExitCode = 1; e.State = nil },
			change: func(o *Outcome) { o.ExitCode = 1; o.State = []byte(`{"other": 1}`) },
		},
		{
			name:   "state of a run that should fail",
			expect: func(e *Expect) { e.ExitCode = 1 },
			want:   []string{"exit code: want 1, got 0"},
		},
	}
}
