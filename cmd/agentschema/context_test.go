package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/modelcontext/modelcontexttest"
)

const contextCases = "../../testdata/conformance/contexts"

// contextFile writes data to a new file in t's temporary directory.
func contextFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// messagesArray is the JSON array of raw messages.
func messagesArray(msgs []json.RawMessage) []byte {
	if msgs == nil {
		msgs = []json.RawMessage{}
	}
	b, _ := json.Marshal(msgs)
	return b
}

// messagesJSONL is one message per line.
func messagesJSONL(t *testing.T, msgs []json.RawMessage) string {
	var b bytes.Buffer
	for _, m := range msgs {
		if err := json.Compact(&b, m); err != nil {
			t.Fatal(err)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestContextConformance runs every recorded case with a component
// through the command: the case's component config (which holds the
// initial messages), the added messages on standard input or in a file,
// as a JSON array, JSONL or a saved state; the view and (--state) the
// state must be AutoGen's.
func TestContextConformance(t *testing.T) {
	cases, err := modelcontexttest.LoadCases(contextCases)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, c := range cases {
		if c.Component == nil {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			config := contextFile(t, "component.json", c.Component)
			// Vary how the messages come in.
			var stdin string
			args := []string{"context", "--config", config}
			switch i % 4 {
			case 0:
				stdin = string(messagesArray(c.Messages))
			case 1:
				stdin = messagesJSONL(t, c.Messages)
			case 2:
				args = append(args, contextFile(t, "messages.json", messagesArray(c.Messages)))
			case 3:
				stdin = `{"messages":` + string(messagesArray(c.Messages)) + "}"
				args = append(args, "-")
			}
			code, out, errs := runCmd(t, stdin, args...)
			if code != exitOK || errs != "" {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			if !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
				t.Errorf("output is not one line: %q", out)
			}
			if err := modelcontexttest.SameJSON([]byte(out), c.View); err != nil {
				t.Errorf("view: %v", err)
			}
			code, out, errs = runCmd(t, stdin, append([]string{args[0], "--state"}, args[1:]...)...)
			if code != exitOK || errs != "" {
				t.Fatalf("--state: exit %d, stderr %q", code, errs)
			}
			if err := modelcontexttest.SameJSON([]byte(out), c.State); err != nil {
				t.Errorf("state: %v", err)
			}
		})
	}
	if n < 290 {
		t.Errorf("only %d cases", n)
	}
}

// TestContextConformanceErrors runs the cases whose constructor raised,
// with the config AutoGen would dump for their params: exit 1 and
// AutoGen's message.
func TestContextConformanceErrors(t *testing.T) {
	cases, err := modelcontexttest.LoadCases(contextCases)
	if err != nil {
		t.Fatal(err)
	}
	const replayClient = `{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{"chat_completions":["unused"]}}`
	n := 0
	for _, c := range cases {
		if c.Error == nil {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			var provider, cfg string
			p := c.Params
			switch c.Context {
			case "buffered":
				provider, cfg = modelcontext.BufferedProvider, fmt.Sprintf(`{"buffer_size":%d}`, *p.BufferSize)
			case "head_and_tail":
				provider, cfg = modelcontext.HeadAndTailProvider, fmt.Sprintf(`{"head_size":%d,"tail_size":%d}`, *p.HeadSize, *p.TailSize)
			case "token_limited":
				provider, cfg = modelcontext.TokenLimitedProvider, fmt.Sprintf(`{"model_client":%s,"token_limit":%d}`, replayClient, *p.TokenLimit)
			}
			config := contextFile(t, "component.json", fmt.Appendf(nil, `{"provider":%q,"config":%s}`, provider, cfg))
			code, out, errs := runCmd(t, string(messagesArray(c.Messages)), "context", "--config", config)
			if code != exitBad || out != "" || !strings.Contains(errs, c.Error.Msg) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want 1 and %q", code, out, errs, c.Error.Msg)
			}
		})
	}
	if n != 7 {
		t.Errorf("%d error cases, want 7", n)
	}
}

// TestContextCommandErrors checks usage errors (exit 2), unreadable inputs
// (exit 2) and bad configs or messages (exit 1).
func TestContextCommandErrors(t *testing.T) {
	good := contextFile(t, "good.json", []byte(`{"provider":"autogen_core.model_context.BufferedChatCompletionContext","config":{"buffer_size":2}}`))
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr string
	}{
		{"no config", "[]", []string{}, exitUsage, "--config COMPONENT.json is required"},
		{"two files, one missing", "", []string{"--config", good, "../../examples/context_state.json", "none.jsonl"}, exitUsage, "none.jsonl"},
		{"both on stdin", "", []string{"--config", "-"}, exitUsage, "cannot both come from standard input"},
		{"bad flag", "", []string{"--config", good, "--nope"}, exitUsage, "flag provided but not defined"},
		{"missing config", "[]", []string{"--config", filepath.Join(t.TempDir(), "none.json")}, exitUsage, "none.json"},
		{"missing messages", "", []string{"--config", good, filepath.Join(t.TempDir(), "none.jsonl")}, exitUsage, "none.jsonl"},
		{"config not JSON", "[]", []string{"--config", contextFile(t, "c.json", []byte(`{`))}, exitBad, "c.json"},
		{"unknown provider", "[]", []string{"--config", contextFile(t, "c.json", []byte(`{"provider":"my.Context","config":{}}`))}, exitBad, `"my.Context"`},
		{"not a context", "[]", []string{"--config", contextFile(t, "c.json", []byte(`{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{"chat_completions":[]}}`))}, exitBad, "ChatCompletionContext"},
		{"bad message", `[{"content":"x","type":"UserMessage"}]`, []string{"--config", good}, exitBad, "-:1: /0/source: Field required"},
		{"bad line", "{\"content\":\"x\",\"type\":\"SystemMessage\"}\n{\"type\":\"Nope\"}\n", []string{"--config", good}, exitBad, "-:2: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tt.stdin, append([]string{"context"}, tt.args...)...)
			if code != tt.code || out != "" || !strings.Contains(errs, tt.stderr) {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errs, tt.code, tt.stderr)
			}
		})
	}
}

// TestContextCommandOutput checks the output's exact bytes for a small
// case worked out by hand: a buffered context of 2 whose window starts
// with a function result (dropped), and the state with every field.
func TestContextCommandOutput(t *testing.T) {
	config := contextFile(t, "c.json", []byte(`{"provider":"autogen_core.model_context.BufferedChatCompletionContext",
		"config":{"buffer_size":2,"initial_messages":[{"content":"sys","type":"SystemMessage"}]}}`))
	in := `[{"content":[{"id":"1","arguments":"{}","name":"f"}],"source":"a","type":"AssistantMessage"},
		{"content":[{"content":"r","name":"f","call_id":"1"}],"type":"FunctionExecutionResultMessage"},
		{"content":"done","source":"a","type":"AssistantMessage"}]`
	code, out, errs := runCmd(t, in, "context", "--config", config)
	if want := `[{"content":"done","thought":null,"source":"a","type":"AssistantMessage"}]` + "\n"; code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q\n got %q\nwant %q", code, errs, out, want)
	}
	code, out, _ = runCmd(t, in, "context", "--state", "--config", config)
	want := `{"messages":[{"content":"sys","type":"SystemMessage"},` +
		`{"content":[{"id":"1","arguments":"{}","name":"f"}],"thought":null,"source":"a","type":"AssistantMessage"},` +
		`{"content":[{"content":"r","name":"f","call_id":"1","is_error":null}],"type":"FunctionExecutionResultMessage"},` +
		`{"content":"done","thought":null,"source":"a","type":"AssistantMessage"}]}` + "\n"
	if code != 0 || out != want {
		t.Fatalf("--state: exit %d\n got %q\nwant %q", code, out, want)
	}
	// No messages at all: the view of the initial ones.
	code, out, _ = runCmd(t, "", "context", "--config", config)
	if want := `[{"content":"sys","type":"SystemMessage"}]` + "\n"; code != 0 || out != want {
		t.Fatalf("empty input: exit %d, got %q", code, out)
	}
	// The usage line is registered.
	if _, out, _ := runCmd(t, "", "help"); !strings.Contains(out, "  context --config COMPONENT.json") {
		t.Errorf("help lacks the context command:\n%s", out)
	}
}
