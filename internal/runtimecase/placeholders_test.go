package runtimecase

import (
	"strings"
	"testing"
)

var testPlaceholders = Placeholders{BaseURL: "http://127.0.0.1:40001", ToolHost: "127.0.0.1", ToolPort: 4000}

// TestApply: the output is compared as text, so key order, number texts and
// the compact form are checked too.
func TestApply(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{
			name: "base_url inside a string",
			in:   `{"base_url": "{{BASE_URL}}/v1"}`,
			want: `{"base_url":"http://127.0.0.1:40001/v1"}`,
		},
		{
			name: "tool host and a whole-string tool port, key order kept",
			in:   `{"scheme": "http", "host": "{{TOOL_HOST}}", "port": "{{TOOL_PORT}}", "path": "/weather"}`,
			want: `{"scheme":"http","host":"127.0.0.1","port":4000,"path":"/weather"}`,
		},
		{
			name: "a tool port inside a longer string stays a string",
			in:   `["{{TOOL_HOST}}:{{TOOL_PORT}}", " {{TOOL_PORT}}", "{{TOOL_PORT}}"]`,
			want: `["127.0.0.1:4000"," 4000",4000]`,
		},
		{
			name: "placeholders in keys are replaced, a key is never a number",
			in:   `{"{{TOOL_PORT}}": "{{BASE_URL}}", "z": 1, "a": 2}`,
			want: `{"4000":"http://127.0.0.1:40001","z":1,"a":2}`,
		},
		{
			name: "numbers keep their text; other literals kept",
			in:   `{"a": 1.0, "b": 1e400, "c": -0, "d": [true, false, null], "e": 12345678901234567890}`,
			want: `{"a":1.0,"b":1e400,"c":-0,"d":[true,false,null],"e":12345678901234567890}`,
		},
		{
			name: "empty containers and nesting",
			in:   ` { "a" : [ ] , "b" : { } , "c" : [ [ { "d" : [ 1 , { } ] } ] , 2 ] } `,
			want: `{"a":[],"b":{},"c":[[{"d":[1,{}]}],2]}`,
		},
		{
			name: "escapes are re-encoded, HTML is not escaped, unicode kept",
			in:   `{"s": "a\"b\\c\n\u00e9 <&> \u2028 {{TOOL_HOST}}"}`,
			want: `{"s":"a\"b\\c\né <&> \u2028 127.0.0.1"}`,
		},
		{
			name: "a scalar document",
			in:   `"{{TOOL_PORT}}"`,
			want: `4000`,
		},
		{
			name: "unknown placeholders and lone braces are left alone",
			in:   `"{{OTHER}} {city} {{BASE_URL"`,
			want: `"{{OTHER}} {city} {{BASE_URL"`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := testPlaceholders.Apply([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("Apply(%s)\n  got:  %s\n  want: %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestApplyErrors(t *testing.T) {
	for _, tc := range []struct{ in, wantErr string }{
		{``, "no JSON value"},
		{`{"a": }`, "at offset"},
		{`[1, 2`, "at offset"},
		{`1 2`, "more than one JSON value"},
		{`{"a": 1} {"b": 2}`, "more than one JSON value"},
	} {
		_, err := testPlaceholders.Apply([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("Apply(%q): error %v, want one containing %q", tc.in, err, tc.wantErr)
		}
	}
}

func TestReverseString(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://127.0.0.1:40001/v1/chat/completions", "{{BASE_URL}}/v1/chat/completions"},
		{"Connection to http://127.0.0.1:4000/weather failed", "Connection to http://{{TOOL_HOST}}:{{TOOL_PORT}}/weather failed"},
		{"127.0.0.1:4000", "{{TOOL_HOST}}:{{TOOL_PORT}}"},
		{"a 127.0.0.1:4000, b 127.0.0.1:4000.", "a {{TOOL_HOST}}:{{TOOL_PORT}}, b {{TOOL_HOST}}:{{TOOL_PORT}}."},
		// The tool port is a prefix of the model port: never taken for it.
		{"127.0.0.1:40001", "127.0.0.1:40001"},
		{"127.0.0.1:40002", "127.0.0.1:40002"},
		{"http://127.0.0.1:400011", "http://127.0.0.1:400011"},
		{"1127.0.0.1:4000 0.127.0.0.1:4000", "1127.0.0.1:4000 0.127.0.0.1:4000"},
		{"no address", "no address"},
		{"", ""},
	} {
		if got := testPlaceholders.ReverseString(tc.in); got != tc.want {
			t.Errorf("ReverseString(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestReverse(t *testing.T) {
	in := mustJSON(t, `{"127.0.0.1:4000": ["http://127.0.0.1:40001", {"e": "GET 127.0.0.1:4000/x"}], "n": 4000, "b": null}`)
	want := mustJSON(t, `{"127.0.0.1:4000": ["{{BASE_URL}}", {"e": "GET {{TOOL_HOST}}:{{TOOL_PORT}}/x"}], "n": 4000, "b": null}`)
	before := Compact(in)
	if d := FirstDifference(want, testPlaceholders.Reverse(in)); d != nil {
		t.Errorf("Reverse differs %s", d)
	}
	if Compact(in) != before {
		t.Error("Reverse modified its input")
	}
}

func TestWorkDirPlaceholder(t *testing.T) {
	p := Placeholders{BaseURL: "http://127.0.0.1:1", ToolHost: "127.0.0.1", ToolPort: 2, WorkDir: "/tmp/x/work"}
	got, err := p.Apply([]byte(`{"work_dir": "{{WORK_DIR}}", "b": "{{WORK_DIR}}/f.py"}`))
	if err != nil || string(got) != `{"work_dir":"/tmp/x/work","b":"/tmp/x/work/f.py"}` {
		t.Errorf("Apply: %s %v", got, err)
	}
	if s := p.ReverseString(`File "/tmp/x/work/tmp_code_1.py", line 2`); s != `File "{{WORK_DIR}}/tmp_code_1.py", line 2` {
		t.Errorf("ReverseString: %s", s)
	}
	none := Placeholders{}
	if got, _ := none.Apply([]byte(`"{{WORK_DIR}}"`)); string(got) != `"{{WORK_DIR}}"` {
		t.Errorf("unset WorkDir: %s", got)
	}
}
