package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSingleInputsBounded gives every single-document input an endless
// input. An endless run of white space (which JSON allows before a value)
// is refused once it passes the document limit (lowered here to 64 KiB),
// with exit 1 and a message naming the limit, instead of being read to the
// end; a text to count is bounded the same way. /dev/zero, whose first
// byte cannot start a JSON value, is refused at that byte, with the fault
// the decoder gives there, whatever the limit.
func TestSingleInputsBounded(t *testing.T) {
	old := maxInputSize
	maxInputSize = 64 << 10
	t.Cleanup(func() { maxInputSize = old })
	const team = "../../examples/studio/team.json"
	for _, args := range [][]string{
		{"run", "--config", "-", "--task", "x"},
		{"run", "--config", "../../examples/studio/replay_team.json", "--state", "-", "--task", "x"},
		{"mcp", "--config", "-", "tools"},
		{"context", "--config", "-", "../../examples/bad/user_message.json"},
		{"tokens", "--encoding", "cl100k_base", "--text", "-"},
		{"create", "--config", "-", "../../examples/bad/user_message.json"},
		{"create", "--config", team, "-"},
		{"create", "--config", team, "--tools", "-", "../../examples/bad/user_message.json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			spaces := &repeatReader{line: []byte("    \n"), left: 1 << 40}
			code := run(args, spaces, &stdout, &stderr)
			if code != exitBad || !strings.Contains(stderr.String(), "larger than the document limit (65536 bytes)") {
				t.Errorf("exit %d, stderr %q; want 1 and the document limit", code, stderr.String())
			}
		})
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	maxInputSize = old
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--config", "/dev/zero", "--task", "x"}, "/dev/zero: component: invalid ComponentModel: line 1, column 1: /: invalid JSON"},
		{[]string{"mcp", "--config", "/dev/zero", "tools"}, "/dev/zero: line 1, column 1: /: invalid JSON"},
		{[]string{"context", "--config", "/dev/zero", "-"}, "/dev/zero: component: invalid ComponentModel: line 1, column 1"},
		{[]string{"create", "--config", team, "/dev/zero"}, "/dev/zero: expected a JSON array of LLM messages: invalid character '\\x00'"},
		{[]string{"create", "--config", "/dev/zero", "-"}, "invalid JSON"},
		{[]string{"create", "--config", team, "--tools", "/dev/zero", "-"}, "--tools /dev/zero"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, strings.NewReader(`[{"type":"UserMessage","source":"user","content":"hi"}]`), &stdout, &stderr)
			if code == exitOK || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("exit %d, stderr %q; want a failure with %q", code, stderr.String(), c.want)
			}
		})
	}
}

// TestNormalizeComponentModelMasksKeys: a client config read as a bare
// ComponentModel (--type ComponentModel, whose config is kept as written)
// has its api_key, and a nested client's, masked; nothing else changes.
func TestNormalizeComponentModelMasksKeys(t *testing.T) {
	in := `{"provider":"autogen_agentchat.agents.AssistantAgent","component_type":"agent","config":{"name":"a","model_client":{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","config":{"model":"gpt-4o","api_key":"sk-secret-123"}}}}`
	var stdout, stderr bytes.Buffer
	code := run([]string{"normalize", "--type", "ComponentModel", "-"}, strings.NewReader(in), &stdout, &stderr)
	if code != 0 || strings.Contains(stdout.String(), "sk-secret") || !strings.Contains(stdout.String(), `"api_key":"**********"`) {
		t.Errorf("exit %d, stdout %s, stderr %s", code, stdout.String(), stderr.String())
	}
}

// TestNormalizeStrictRefusesWrongKind: normalize --strict refuses what
// validate --mode autogen --strict refuses, as load_component does: a
// termination condition where a participant belongs.
func TestNormalizeStrictRefusesWrongKind(t *testing.T) {
	team := `{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","version":1,"component_version":1,"config":{"participants":[{"provider":"autogen_agentchat.conditions.MaxMessageTermination","component_type":"termination","version":1,"component_version":1,"config":{"max_messages":3}}]}}`
	for _, args := range [][]string{{"normalize", "--strict", "-"}, {"validate", "--mode", "autogen", "--strict", "-"}} {
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(team), &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if code != exitBad || !strings.Contains(out, "/config/participants/0/provider") || !strings.Contains(out, "Expected type does not match") {
			t.Errorf("%v: exit %d, output %q", args, code, out)
		}
	}
}

// TestValidateGithubWarnings: with --format github a warning (an unknown
// provider, when not --strict) is a ::warning annotation on the output,
// as a fault is an ::error one; the text warning stays on stderr.
func TestValidateGithubWarnings(t *testing.T) {
	in := `{"provider":"my.Unknown","component_type":"agent","config":{}}`
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", "--mode", "autogen", "--format", "github", "-"}, strings.NewReader(in), &stdout, &stderr)
	want := `::warning file=-,line=1,col=13::/provider: unknown provider "my.Unknown": its config is not checked`
	if code != 0 || !strings.Contains(stdout.String(), want+"\n") || !strings.Contains(stderr.String(), "warning: unknown provider") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, stdout.String(), stderr.String())
	}
}

// TestHugeIntegerRefused: a three-million-digit integer (the 31 s
// input) is refused at once as pydantic's parser refuses it ("number out
// of range" at the 4,301st character), exit 1; a token count given as an
// integral float past int64 is pydantic's int_parsing_size.
func TestHugeIntegerRefused(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"digits", `{"prompt_tokens":` + strings.Repeat("9", 3_000_000) + `,"completion_tokens":1}`, "number out of range"},
		{"float", `{"prompt_tokens":1e300,"completion_tokens":1}`, "/prompt_tokens: Unable to parse input string as an integer, exceeded maximum size"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			var stdout, stderr bytes.Buffer
			code := run([]string{"validate", "--mode", "autogen", "--type", "RequestUsage", "-"}, strings.NewReader(tc.in), &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != exitBad || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, output %q; want 1 and %q", code, out, tc.want)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestJSONLTruncatedFirstLine: a .jsonl file whose first line is a
// truncated value reports that line and goes on with the next ones, as
// for any other broken line (not one broken document for the whole file).
func TestJSONLTruncatedFirstLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	in := `{"source":"a","content":"cut her` + "\n" +
		`{"source":"a","content":"fine","type":"TextMessage"}` + "\n" +
		`{"source":"a","content":"also fine","type":"TextMessage"}` + "\n"
	if err := os.WriteFile(path, []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"validate", "--type", "ChatMessage", path}, strings.NewReader(""), &stdout, &stderr)
	out := stdout.String() + stderr.String()
	if code != exitBad || !strings.Contains(out, path+":1:") || strings.Contains(out, path+":2:") || !strings.Contains(out, "3 documents, 1 invalid") {
		t.Errorf("exit %d, output %q", code, out)
	}
	stdout.Reset()
	stderr.Reset()
	code = run([]string{"render", "--as", "text", path}, strings.NewReader(""), &stdout, &stderr)
	if code != exitBad || stdout.String() != "fine\nalso fine\n" || !strings.Contains(stderr.String(), path+":1:") {
		t.Errorf("render: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestHugeTreeRefused: a team of 30,000 participants with their model
// clients (60,001 components) is refused by validate (both modes) and
// normalize with one "limit" fault naming the first component past the
// bound, exit 1, instead of being decoded at several times its size.
func TestHugeTreeRefused(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","config":{"participants":[`)
	for i := range 30_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"provider":"autogen_agentchat.agents.AssistantAgent","component_type":"agent","config":{"name":"a%d","model_client":{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","component_type":"model","config":{"model":"gpt-4o"}}}}`, i)
	}
	b.WriteString(`]}}`)
	for _, args := range [][]string{
		{"validate", "-"},
		{"validate", "--mode", "autogen", "-"},
		{"normalize", "-"},
		{"normalize", "--type", "ComponentModel", "-"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(args, strings.NewReader(b.String()), &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != exitBad || !strings.Contains(out, "/config/participants/24999/config/model_client: exceeds the components limit of 50000") {
				t.Errorf("exit %d, output %.400q", code, out)
			}
		})
	}
}
