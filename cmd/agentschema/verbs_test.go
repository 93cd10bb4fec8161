package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// The verbs that read documents, each with the arguments it needs before
// its inputs.
var documentVerbs = map[string][]string{
	"normalize": {"normalize"},
	"validate":  {"validate"},
	"tokens":    {"tokens", "--model", "gpt-4o"},
	"render":    {"render", "--as", "text"},
}

// TestVerbsReadInputsAlike gives every verb the same three user messages
// in each input form (stdin without an argument, -, a file, a directory,
// a JSON array, a pretty-printed array, JSONL, concatenated documents)
// and checks that each form gives the same output as JSONL on stdin.
func TestVerbsReadInputsAlike(t *testing.T) {
	msgs := []string{
		`{"content":"one","source":"a","type":"UserMessage"}`,
		`{"content":"two","source":"b","type":"UserMessage"}`,
		`{"content":"three","source":"c","type":"UserMessage"}`,
	}
	if _, err := os.Stat("../../examples"); err != nil {
		t.Fatal(err)
	}
	// render reads agentchat messages: the same texts as TextMessages.
	chat := make([]string, len(msgs))
	for i, m := range msgs {
		chat[i] = strings.Replace(m, "UserMessage", "TextMessage", 1)
	}
	forms := func(docs []string) map[string]func(t *testing.T) (stdin string, args []string) {
		jsonl := strings.Join(docs, "\n") + "\n"
		array := "[" + strings.Join(docs, ",") + "]"
		pretty := "[\n  " + strings.Join(docs, ",\n  ") + "\n]\n"
		return map[string]func(t *testing.T) (string, []string){
			"stdin":        func(*testing.T) (string, []string) { return jsonl, nil },
			"dash":         func(*testing.T) (string, []string) { return jsonl, []string{"-"} },
			"array":        func(*testing.T) (string, []string) { return array, nil },
			"pretty array": func(*testing.T) (string, []string) { return pretty, nil },
			"concatenated": func(*testing.T) (string, []string) { return strings.Join(docs, "\n\n"), nil },
			"file": func(t *testing.T) (string, []string) {
				return "", []string{contextFile(t, "in.jsonl", []byte(jsonl))}
			},
			"directory": func(t *testing.T) (string, []string) {
				dir := t.TempDir()
				// Two files read in lexical order, and a file that is not
				// JSON by its name, skipped.
				os.WriteFile(filepath.Join(dir, "a.json"), []byte(docs[0]), 0o644)
				os.WriteFile(filepath.Join(dir, "b.jsonl"), []byte(strings.Join(docs[1:], "\n")), 0o644)
				os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not JSON"), 0o644)
				return "", []string{dir}
			},
		}
	}
	for verb, args := range documentVerbs {
		docs := msgs
		if verb == "render" {
			docs = chat
		}
		code, want, errs := runCmd(t, strings.Join(docs, "\n")+"\n", args...)
		if code != exitOK || want == "" {
			t.Fatalf("%s on JSONL: exit %d, stdout %q, stderr %q", verb, code, want, errs)
		}
		for name, form := range forms(docs) {
			t.Run(verb+"/"+name, func(t *testing.T) {
				stdin, in := form(t)
				code, out, errs := runCmd(t, stdin, append(append([]string{}, args...), in...)...)
				if code != exitOK || out != want {
					t.Errorf("exit %d, stderr %q\n got %q\nwant %q", code, errs, out, want)
				}
			})
		}
	}
	// context too: the view of an unbounded context is every message.
	config := contextFile(t, "unbounded.json", []byte(`{"provider":"autogen_core.model_context.UnboundedChatCompletionContext","config":{}}`))
	_, want, _ := runCmd(t, strings.Join(msgs, "\n"), "context", "--config", config)
	if strings.Count(want, `"source"`) != 3 {
		t.Fatalf("context view %q", want)
	}
	for name, form := range forms(msgs) {
		t.Run("context/"+name, func(t *testing.T) {
			stdin, in := form(t)
			code, out, errs := runCmd(t, stdin, append([]string{"context", "--config", config}, in...)...)
			if code != exitOK || out != want {
				t.Errorf("exit %d, stderr %q\n got %q\nwant %q", code, errs, out, want)
			}
		})
	}
}

// TestHelpPerVerb checks that 'help VERB', 'VERB -h' and 'VERB --help'
// print that verb's usage, with examples, on stdout and exit 0.
func TestHelpPerVerb(t *testing.T) {
	for _, verb := range []string{"normalize", "validate", "tokens", "context", "render", "schema", "version"} {
		for _, args := range [][]string{{"help", verb}, {verb, "-h"}, {verb, "--help"}} {
			code, out, errs := runCmd(t, "", args...)
			if code != exitOK || errs != "" {
				t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			}
			if !strings.HasPrefix(out, "usage: agentschema "+verb) || !strings.Contains(out, "Example") {
				t.Errorf("%v: stdout %.200q, want the verb's usage with examples", args, out)
			}
		}
	}
	// Flags are listed too, and a flag after the inputs asks for help as well.
	code, out, _ := runCmd(t, "", "tokens", "somefile", "-h")
	if code != exitOK || !strings.Contains(out, "-remaining") {
		t.Errorf("tokens FILE -h: exit %d, %.300q", code, out)
	}
	if code, _, errs := runCmd(t, "", "help", "nromalize"); code != exitUsage || !strings.Contains(errs, `did you mean "normalize"?`) {
		t.Errorf("help of a misspelt verb: exit %d, stderr %q", code, errs)
	}
}

// TestHelpHidesTestOnlyClients checks that no help names the conformance
// cases' own client, and that the command does not link the test-support
// package (it registers the client from an internal package).
func TestHelpHidesTestOnlyClients(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"help", "context"}} {
		_, out, _ := runCmd(t, "", args...)
		if strings.Contains(out, "CharBudget") || strings.Contains(out, "oracle") {
			t.Errorf("%v names the test-only client: %q", args, out)
		}
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH to list the command's dependencies")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := string(out)
	if strings.Contains(deps, "modelcontexttest") || !strings.Contains(deps, "internal/oracleclients") {
		t.Errorf("the command's dependencies: modelcontexttest %v, oracleclients %v",
			strings.Contains(deps, "modelcontexttest"), strings.Contains(deps, "internal/oracleclients"))
	}
}

// TestDidYouMean checks the suggestion for a type name with the wrong case
// or a typo, instead of the list of every type.
func TestDidYouMean(t *testing.T) {
	tests := []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"normalize", "--type", "usermessage"}, `unknown type "usermessage" (did you mean "UserMessage"?)`},
		{[]string{"validate", "--type", "USERMESSAGE", "-"}, `(did you mean "UserMessage"?)`},
		{[]string{"validate", "--type", "AsistantMessage", "-"}, `(did you mean "AssistantMessage"?)`},
		{[]string{"normalize", "--type", "Zzzzzzzzzz"}, `unknown type "Zzzzzzzzzz"; 'agentschema schema list' lists the`},
		{[]string{"schema", "show", "userMessage"}, `(did you mean "UserMessage"?)`},
		{[]string{"valdate"}, `unknown command "valdate" (did you mean "validate"?)`},
	}
	for _, tt := range tests {
		code, _, errs := runCmd(t, "", tt.args...)
		if code != exitUsage || !strings.Contains(errs, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", tt.args, code, errs, tt.want)
		}
		if strings.Contains(errs, "ToolCallSummaryMessage") {
			t.Errorf("%v: lists every type: %q", tt.args, errs)
		}
	}
	for _, tt := range []struct {
		s, want string
		names   []string
	}{
		{"usermessage", "UserMessage", []string{"UserMessage", "UserInput"}},
		{"UserMesage", "UserMessage", []string{"UserMessage", "UserInput"}},
		{"abc", "", []string{"xyz"}},
		{"ab", "", []string{"ac"}}, // one edit of two letters is too far
	} {
		if got := suggest(tt.s, tt.names); got != tt.want {
			t.Errorf("suggest(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestFormatFlag checks --format json and github on every verb that
// reports faults. The bad document is on line 2, its content (a number)
// at column 12.
func TestFormatFlag(t *testing.T) {
	good := `{"content":"ok","source":"u","type":"UserMessage"}`
	bad := `{"content":3,"source":"u","type":"UserMessage"}`
	in := good + "\n" + bad + "\n"
	config := contextFile(t, "unbounded.json", []byte(`{"provider":"autogen_core.model_context.UnboundedChatCompletionContext","config":{}}`))
	verbs := map[string][]string{
		"normalize": {"normalize"},
		"validate":  {"validate", "--mode", "autogen"},
		"tokens":    {"tokens", "--model", "gpt-4o"},
		"context":   {"context", "--config", config},
		"render":    {"render"},
	}
	for verb, args := range verbs {
		t.Run(verb, func(t *testing.T) {
			code, out, errs := runCmd(t, strings.Replace(in, "UserMessage", "TextMessage", map[bool]int{true: 2, false: 0}[verb == "render"]), append(args, "--format", "github", "-")...)
			faults := errs
			if verb == "validate" {
				faults = out
			}
			if code != exitBad || !strings.Contains(faults, "::error file=-,line=2,col=12::/content: ") {
				t.Errorf("github: exit %d, stdout %q, stderr %q", code, out, errs)
			}
			code, out, errs = runCmd(t, strings.Replace(in, "UserMessage", "TextMessage", map[bool]int{true: 2, false: 0}[verb == "render"]), append(args, "--format", "json", "-")...)
			faults = errs
			if verb == "validate" {
				faults = out
			}
			var f jsonFault
			first := strings.TrimLeft(strings.SplitN(strings.TrimPrefix(faults, "[\n"), "\n", 2)[0], " ")
			if err := json.Unmarshal([]byte(strings.TrimSuffix(first, ",")), &f); err != nil || f.Line != 2 || f.Column != 12 || f.Pointer != "/content" || f.File != "-" {
				t.Errorf("json: exit %d, fault %+v (%v) from %q", code, f, err, faults)
			}
			if code, _, errs := runCmd(t, "", append(args, "--format", "xml", "-")...); code != exitUsage || !strings.Contains(errs, "--format") {
				t.Errorf("--format xml: exit %d, %q", code, errs)
			}
		})
	}
	// The GitHub escapes: % CR LF in the message; also : and , in the file.
	f := fault{File: "a:b,c.jsonl", Line: 1, Column: 2, Pointer: "/x", Message: "50% bad\nnext"}
	if got, want := f.github(), "::error file=a%3Ab%2Cc.jsonl,line=1,col=2::/x: 50%25 bad%0Anext\n"; got != want {
		t.Errorf("github %q, want %q", got, want)
	}
}

// TestVersion checks the version line from the build info.
func TestVersion(t *testing.T) {
	defer func(f func() (*debug.BuildInfo, bool)) { readBuildInfo = f }(readBuildInfo)
	readBuildInfo = func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/agentschema/agentschema", Version: "v0.1.0"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-11-25T00:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}, true
	}
	code, out, _ := runCmd(t, "", "version")
	if want := "agentschema v0.1.0 (abc123+dirty, 2026-11-25T00:00:00Z) go1.26.0\n"; code != exitOK || out != want {
		t.Errorf("exit %d, %q, want %q", code, out, want)
	}
	readBuildInfo = func() (*debug.BuildInfo, bool) { return &debug.BuildInfo{Main: debug.Module{Version: ""}}, true }
	if _, out, _ := runCmd(t, "", "version"); out != "agentschema (devel)\n" {
		t.Errorf("no VCS info: %q", out)
	}
	if code, _, _ := runCmd(t, "", "version", "extra"); code != exitUsage {
		t.Errorf("version extra: exit %d", code)
	}
}

// TestRenderStreams checks that render prints each message as soon as its
// line arrives, before the input ends ('tail -f run.jsonl | agentschema
// render').
func TestRenderStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"render", "--as", "text"}, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	for _, text := range []string{"first", "second"} {
		if _, err := io.WriteString(inW, `{"content":"`+text+`","source":"a","type":"TextMessage"}`+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() { s, _ := lines.ReadString('\n'); got <- s }()
		select {
		case s := <-got:
			if s != text+"\n" {
				t.Fatalf("got %q, want %q", s, text)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q not printed while the input stays open", text)
		}
	}
	inW.Close()
	if code := <-done; code != exitOK {
		t.Fatalf("exit %d", code)
	}
}

// TestStdinByDefault checks that every verb reads standard input without
// an argument, validate included.
func TestStdinByDefault(t *testing.T) {
	code, out, _ := runCmd(t, goodLine+"\n", "validate")
	if code != exitOK || out != "1 document, 0 invalid\n" {
		t.Errorf("validate: exit %d, %q", code, out)
	}
}

// TestInputsMany checks that tokens and context read several inputs as
// one stream of messages: the count of two files is the count of their
// messages together.
func TestInputsMany(t *testing.T) {
	a := contextFile(t, "a.jsonl", []byte(`{"type":"SystemMessage","content":"Hello"}`+"\n"))
	b := contextFile(t, "b.json", []byte(`[{"type":"UserMessage","content":"Hello","source":"user"}]`))
	_, both, _ := runCmd(t, `{"type":"SystemMessage","content":"Hello"}`+"\n"+`{"type":"UserMessage","content":"Hello","source":"user"}`, "tokens", "--model", "gpt-4o")
	code, out, errs := runCmd(t, "", "tokens", "--model", "gpt-4o", a, b)
	if code != exitOK || out != both {
		t.Errorf("tokens a b: exit %d, %q (stderr %q), want %q", code, out, errs, both)
	}
	config := contextFile(t, "unbounded.json", []byte(`{"provider":"autogen_core.model_context.UnboundedChatCompletionContext","config":{}}`))
	code, out, _ = runCmd(t, "", "context", "--config", config, a, b)
	if want := `[{"content":"Hello","type":"SystemMessage"},{"content":"Hello","source":"user","type":"UserMessage"}]` + "\n"; code != exitOK || out != want {
		t.Errorf("context a b: exit %d, %q, want %q", code, out, want)
	}
}
