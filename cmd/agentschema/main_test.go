package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestNormalizeExamples(t *testing.T) {
	code, out, errs := runCmd(t, "", "normalize", "../../examples/transcript.jsonl")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if n := strings.Count(out, "\n"); n != 14 {
		t.Fatalf("want 14 lines, got %d", n)
	}
	code, out, errs = runCmd(t, "", "normalize", "--type", "ChatCompletionContextState", "../../examples/context_state.json")
	if code != 0 || errs != "" || strings.Count(out, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q, out %q", code, errs, out)
	}
}

func TestNormalizeBadLinesKeepGoing(t *testing.T) {
	in := `{"content":"hi","source":"u","type":"UserMessage"}
{"content":3,"source":"u","type":"UserMessage"}

{"type":"Nope"}
{"content":"x","type":"SystemMessage"}
`
	code, out, errs := runCmd(t, in, "normalize", "-")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if strings.Count(out, "\n") != 2 {
		t.Fatalf("the good documents must still be printed: %q", out)
	}
	for _, want := range []string{"-:2: /content: ", `-:4: /type: unknown "type" tag "Nope"`} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
}

func TestNormalizeMultiLineDocumentLines(t *testing.T) {
	in := "{\n  \"messages\": [\n    {\"type\": \"UserMessage\", \"content\": \"x\"}\n  ]\n}\n"
	code, _, errs := runCmd(t, in, "normalize", "--type", "ChatCompletionContextState")
	if code != 1 || !strings.HasPrefix(errs, "-:3: /messages/0/source: Field required") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"bogus"}, {"normalize", "--type", "NoSuchType"}, {"schema", "show", "Nope"}, {"normalize", "--bad-flag"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestSchemaListShow(t *testing.T) {
	code, out, _ := runCmd(t, "", "schema", "list")
	if code != 0 || !strings.Contains(out, "LLMMessage\n") {
		t.Fatalf("exit %d: %q", code, out)
	}
	code, out, _ = runCmd(t, "", "schema", "show", "UserMessage")
	if code != 0 || !strings.Contains(out, `"title": "UserMessage"`) {
		t.Fatalf("exit %d: %q", code, out)
	}
}
