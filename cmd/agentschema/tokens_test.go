package main

import (
	"github.com/agentschema/agentschema/gen"

	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// tokenCase is one case of testdata/conformance/tokens/cases.json.
type tokenCase struct {
	ID                   string          `json:"id"`
	Model                string          `json:"model"`
	ModelFamily          string          `json:"model_family"`
	Messages             json.RawMessage `json:"messages"`
	Tools                json.RawMessage `json:"tools"`
	AddNamePrefixes      bool            `json:"add_name_prefixes"`
	IncludeNameInMessage *bool           `json:"include_name_in_message"`
	Count                int             `json:"count"`
	Remaining            *int            `json:"remaining"`
	Text                 *string         `json:"text"`
	Encoding             string          `json:"encoding"`
	Tokens               []int           `json:"tokens"`
	Error                string          `json:"error"`
	ErrorMessage         string          `json:"error_message"`
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTokensConformance runs every case of tokens/cases.json (AutoGen 0.7.5,
// tiktoken 0.14) through the command: chat cases with --model, --family
// and --tools print AutoGen's count, and with --remaining its
// remaining_tokens (exit 1 where AutoGen knows no limit); encode cases
// with --encoding --text --ids print the ids; refused input exits 1 with
// AutoGen's exception text.
func TestTokensConformance(t *testing.T) {
	data, err := os.ReadFile("../../testdata/conformance/tokens/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []tokenCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 200 {
		t.Fatalf("only %d cases", len(cases))
	}
	dir := t.TempDir()
	var chat, enc int
	for i, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			if c.Messages == nil {
				enc++
				testEncodeCase(t, c)
				return
			}
			chat++
			args := []string{"tokens", "--model", c.Model, "--family", c.ModelFamily}
			if len(c.Tools) > 0 && string(c.Tools) != "[]" {
				args = append(args, "--tools", writeFile(t, dir, "tools"+strconv.Itoa(i)+".json", c.Tools))
			}
			if c.AddNamePrefixes {
				args = append(args, "--add-name-prefixes")
			}
			if c.IncludeNameInMessage != nil && !*c.IncludeNameInMessage {
				args = append(args, "--include-name=false")
			}
			file := writeFile(t, dir, "messages"+strconv.Itoa(i)+".json", c.Messages)
			code, out, errs := runCmd(t, "", append(args, file)...)
			if c.Error != "" {
				if code != 1 || out != "" || !strings.Contains(errs, c.ErrorMessage) {
					t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 with %q", code, out, errs, c.ErrorMessage)
				}
				return
			}
			if code != 0 || out != strconv.Itoa(c.Count)+"\n" || errs != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want %d", code, out, errs, c.Count)
			}
			code, out, errs = runCmd(t, "", append(args, "--remaining", file)...)
			if c.Remaining == nil {
				if code != 1 || !strings.Contains(errs, "no token limit") {
					t.Fatalf("--remaining: exit %d, stdout %q, stderr %q; want exit 1", code, out, errs)
				}
				return
			}
			if code != 0 || out != strconv.Itoa(*c.Remaining)+"\n" {
				t.Fatalf("--remaining: exit %d, stdout %q, stderr %q; want %d", code, out, errs, *c.Remaining)
			}
		})
	}
	t.Logf("%d chat cases, %d encode cases", chat, enc)
}

func testEncodeCase(t *testing.T, c tokenCase) {
	code, out, errs := runCmd(t, *c.Text, "tokens", "--encoding", c.Encoding, "--text", "--ids", "-")
	if c.Error != "" {
		if code != 1 || out != "" || !strings.Contains(errs, "disallowed special token") {
			t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1", code, out, errs)
		}
		return
	}
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var ids []int
	if err := json.Unmarshal([]byte(out), &ids); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if len(ids) != len(c.Tokens) {
		t.Fatalf("ids %v, want %v", ids, c.Tokens)
	}
	for i := range ids {
		if ids[i] != c.Tokens[i] {
			t.Fatalf("ids %v, want %v", ids, c.Tokens)
		}
	}
	code, out, _ = runCmd(t, *c.Text, "tokens", "--text", "--encoding", c.Encoding)
	if code != 0 || out != strconv.Itoa(len(c.Tokens))+"\n" {
		t.Fatalf("count: exit %d, %q; want %d", code, out, len(c.Tokens))
	}
}

// TestTokensInputForms counts the same conversation given as a JSON array,
// a saved context state, JSONL and one message per document. AutoGen's
// worked example (TOKENS.md §9): [System "Hello", User("Hello"), Assistant
// "Hello"] is 20 tokens for gpt-4o.
func TestTokensInputForms(t *testing.T) {
	sys := `{"type": "SystemMessage", "content": "Hello"}`
	usr := `{"type": "UserMessage", "content": "Hello", "source": "user"}`
	ast := `{"type": "AssistantMessage", "content": "Hello", "source": "assistant"}`
	inputs := map[string]string{
		"array":       "[" + sys + ", " + usr + ", " + ast + "]",
		"state":       `{"messages": [` + sys + ", " + usr + ", " + ast + "]}",
		"multi-line":  "[\n  " + sys + ",\n  " + usr + ",\n  " + ast + "\n]\n",
		"jsonl":       sys + "\n" + usr + "\n\n" + ast + "\n",
		"jsonl mixed": "[" + sys + "]\n" + `{"messages": [` + usr + "]}\n" + ast,
		// Of repeated members the last counts, as json.loads keeps it:
		// the array is read once more without the earlier content, and
		// its messages are not counted twice.
		"duplicates": "[" + sys + `, {"type": "UserMessage", "content": 5, "content": "Hello", "source": "user"}, ` + ast + "]",
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) {
			code, out, errs := runCmd(t, in, "tokens", "--model", "gpt-4o")
			if code != 0 || out != "20\n" {
				t.Fatalf("exit %d, %q, stderr %q", code, out, errs)
			}
		})
	}
	// Flags after the file name work too; no messages is the 3 tokens of
	// the reply priming.
	code, out, errs := runCmd(t, "", "tokens", "-", "--model", "gpt-4o")
	if code != 0 || out != "3\n" {
		t.Fatalf("empty: exit %d, %q, %q", code, out, errs)
	}
	// [User("hi")] is 10 (TOKENS.md §9); gpt-4o's limit is 128000.
	code, out, _ = runCmd(t, `[{"type": "UserMessage", "content": "hi", "source": "user"}]`, "tokens", "--model", "gpt-4o", "--remaining")
	if code != 0 || out != "127990\n" {
		t.Fatalf("remaining: exit %d, %q", code, out)
	}
}

func TestTokensTools(t *testing.T) {
	dir := t.TempDir()
	tool := `{"name": "get_weather", "description": "Get the weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}`
	msgs := `[{"type": "UserMessage", "content": "hi", "source": "user"}]`
	counts := map[string]string{}
	for name, content := range map[string]string{
		"array":  "[" + tool + "]",
		"object": tool,
		"jsonl":  tool + "\n",
	} {
		code, out, errs := runCmd(t, msgs, "tokens", "--model", "gpt-4o", "--tools", writeFile(t, dir, name, []byte(content)))
		if code != 0 {
			t.Fatalf("%s: exit %d, %q", name, code, errs)
		}
		counts[name] = out
	}
	if counts["array"] != counts["object"] || counts["array"] != counts["jsonl"] {
		t.Fatalf("counts differ: %v", counts)
	}
	if n, _ := strconv.Atoi(strings.TrimSpace(counts["array"])); n <= 10 {
		t.Fatalf("tools not counted: %v", counts)
	}
	// A tool without "name" is AutoGen's KeyError.
	code, _, errs := runCmd(t, msgs, "tokens", "--model", "gpt-4o", "--tools", writeFile(t, dir, "bad", []byte(`[{"parameters": {}}]`)))
	if code != 1 || !strings.Contains(errs, "KeyError") {
		t.Fatalf("malformed tool: exit %d, %q", code, errs)
	}
	for name, content := range map[string]string{"not json": "{", "scalar": "3"} {
		code, _, errs := runCmd(t, msgs, "tokens", "--model", "gpt-4o", "--tools", writeFile(t, dir, name, []byte(content)))
		if code != 1 || errs == "" {
			t.Errorf("%s: exit %d, %q", name, code, errs)
		}
	}
	if code, _, _ := runCmd(t, msgs, "tokens", "--model", "gpt-4o", "--tools", filepath.Join(dir, "missing")); code != 2 {
		t.Errorf("missing tools file: exit %d", code)
	}
	if code, _, _ := runCmd(t, msgs, "tokens", "--model", "gpt-4o", "--tools", "-"); code != 2 {
		t.Errorf("--tools - with stdin messages: exit %d", code)
	}
}

func TestTokensRefused(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
		code        int
		stderr      []string
	}{
		{"special token", `[{"type": "UserMessage", "content": "a <|endoftext|> b", "source": "u"}]`,
			[]string{"--model", "gpt-4o"}, 1, []string{"ValueError: Encountered text corresponding to disallowed special token '<|endoftext|>'."}},
		{"invalid name", `[{"type": "UserMessage", "content": "hi", "source": "bad name"}]`,
			[]string{"--model", "gpt-4o"}, 1, []string{"ValueError: Invalid name: bad name."}},
		{"not a message", `[{"type": "Nope"}]`, []string{"--model", "gpt-4o"}, 1, []string{"-:1: /0: "}},
		{"bad field", "[\n" + `{"type": "UserMessage", "content": 3, "source": "u"}` + "\n]", []string{"--model", "gpt-4o"}, 1, []string{"-:2: /0/content"}},
		{"scalar", `3`, []string{"--model", "gpt-4o"}, 1, []string{"-:1: /: Input should be a JSON array of LLM or AgentChat messages"}},
		{"bad JSON", `[{"type": `, []string{"--model", "gpt-4o"}, 1, []string{"-:1:"}},
		{"bad state", `{"messages": 3}`, []string{"--model", "gpt-4o"}, 1, []string{"/messages"}},
		{"unknown model", `[]`, []string{"--model", "my-local-model"}, 1,
			[]string{`unknown model "my-local-model"`, "--encoding NAME --text", "--family FAMILY"}},
		{"unknown model text", "hello", []string{"--model", "my-local-model", "--text"}, 1,
			[]string{`unknown model "my-local-model"`, "--encoding NAME --text"}},
		{"no limit", `[]`, []string{"--model", "mistral-large-latest", "--family", "mistral", "--remaining"}, 1,
			[]string{`no token limit for model "mistral-large-latest"`, "KeyError"}},
		{"special text", "<|endoftext|>", []string{"--encoding", "cl100k_base", "--text"}, 1, []string{"disallowed special token"}},
		{"invalid UTF-8 text", "a\xffb", []string{"--encoding", "cl100k_base", "--text"}, 1, []string{"not valid UTF-8"}},
		{"unknown encoding", "x", []string{"--encoding", "nope", "--text"}, 2, []string{`unknown encoding "nope"`, "o200k_base"}},
		{"no model", `[]`, nil, 2, []string{"--model MODEL is required"}},
		{"text without encoding", "x", []string{"--text"}, 2, []string{"--text needs --encoding"}},
		{"ids without text", `[]`, []string{"--model", "gpt-4o", "--ids"}, 2, []string{"--ids needs --text"}},
		{"encoding for messages", `[]`, []string{"--model", "gpt-4o", "--encoding", "o200k_base"}, 2, []string{"add --text"}},
		{"both", "x", []string{"--model", "gpt-4o", "--encoding", "o200k_base", "--text"}, 2, []string{"not both"}},
		{"text with tools", "x", []string{"--encoding", "o200k_base", "--text", "--remaining"}, 2, []string{"not --text"}},
		{"two text files", `x`, []string{"--encoding", "o200k_base", "--text", "a", "b"}, 2, []string{"--text counts one input FILE"}},
		{"missing file", ``, []string{"--model", "gpt-4o", "/nonexistent/file.json"}, 2, []string{"no such file"}},
		{"bad flag", ``, []string{"--bogus"}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, tt.stdin, append([]string{"tokens"}, tt.args...)...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout %q, stderr %q", code, tt.code, out, errs)
			}
			if out != "" {
				t.Errorf("stdout %q", out)
			}
			for _, want := range tt.stderr {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr %q lacks %q", errs, want)
				}
			}
		})
	}
}

func TestTokensTextByModel(t *testing.T) {
	// "hello world" is [24912, 2375] in o200k_base (gpt-4o) and
	// [15339, 1917] in cl100k_base (gpt-4).
	for model, want := range map[string]string{"gpt-4o": "[24912,2375]\n", "gpt-4": "[15339,1917]\n", "gpt-oss-20b": ""} {
		code, out, errs := runCmd(t, "hello world", "tokens", "--model", model, "--text", "--ids")
		if code != 0 || (want != "" && out != want) {
			t.Errorf("%s: exit %d, %q, %q", model, code, out, errs)
		}
	}
}

func TestTokensUsageListed(t *testing.T) {
	code, out, _ := runCmd(t, "", "help")
	if code != 0 || !strings.Contains(out, "  tokens --model MODEL") || !strings.Contains(out, "  tokens --encoding NAME --text") {
		t.Fatalf("usage: %q", out)
	}
}

// FuzzReadLLMMessages: any input is either read (and then counts or is
// refused with an error) or reported on stderr; nothing panics.
func FuzzReadLLMMessages(f *testing.F) {
	f.Add([]byte(`[{"type": "UserMessage", "content": "hi", "source": "user"}]`))
	f.Add([]byte(`{"messages": [{"type": "SystemMessage", "content": "x"}]}` + "\n" + `{"type": "AssistantMessage", "content": [], "source": "a"}`))
	f.Add([]byte(`[{"type": "FunctionExecutionResultMessage", "content": [{"content": "1", "name": "f", "call_id": "c"}]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var errs strings.Builder
		var msgs []gen.LLMMessage
		rc := readLLMMessages("tokens", []string{"-"}, strings.NewReader(string(data)), &faultPrinter{w: &errs}, &errs, func(_ string, _ int, m gen.LLMMessage) bool {
			msgs = append(msgs, m)
			return true
		})
		ok := rc == exitOK
		if ok != (errs.Len() == 0) {
			t.Fatalf("ok %v with stderr %q", ok, errs.String())
		}
		if ok {
			code, out, stderr := runCmd(t, string(data), "tokens", "--model", "gpt-4o")
			if code == 0 && out == "" || code == 1 && stderr == "" || code > 1 {
				t.Fatalf("%d messages: exit %d, %q, %q", len(msgs), code, out, stderr)
			}
		}
	})
}

// TestTokensAgentChatTranscript counts an AgentChat transcript as the
// LLM messages an agent's model context gets for it: the TextMessage as
// a UserMessage, the event skipped, the HandoffMessage's context and then
// its text. The same lines as LLM messages count the same.
func TestTokensAgentChatTranscript(t *testing.T) {
	chat := `{"type":"TextMessage","source":"user","content":"What is the weather?","id":"1","created_at":"2025-01-01T00:00:00Z","metadata":{},"models_usage":null}
{"type":"ToolCallRequestEvent","source":"a","content":[{"id":"c1","name":"f","arguments":"{}"}],"id":"2","created_at":"2025-01-01T00:00:00Z","metadata":{},"models_usage":null}
{"type":"HandoffMessage","source":"a","target":"b","content":"over to you","context":[{"type":"AssistantMessage","source":"a","content":"thinking"}],"id":"3","created_at":"2025-01-01T00:00:00Z","metadata":{},"models_usage":null}
`
	llm := `{"type":"UserMessage","source":"user","content":"What is the weather?"}
{"type":"AssistantMessage","source":"a","content":"thinking"}
{"type":"UserMessage","source":"a","content":"over to you"}
`
	code1, out1, errs1 := runCmd(t, chat, "tokens", "--model", "gpt-4o", "-")
	code2, out2, errs2 := runCmd(t, llm, "tokens", "--model", "gpt-4o", "-")
	if code1 != 0 || code2 != 0 || out1 != out2 {
		t.Errorf("transcript: exit %d, %q, %q\nLLM messages: exit %d, %q, %q", code1, out1, errs1, code2, out2, errs2)
	}
}
