package main

import (
	"strings"
	"testing"
)

// TestRecorderSessionFile: a ChatCompletionClientRecorder session file,
// a JSON list of records, is read as its records when --type names the
// record (an object type): each validates and normalizes on its own line.
// A --type whose JSON may be an array still reads the array as one
// document. Without --type, each record is known by its shape (mode,
// messages, response) and read the same.
func TestRecorderSessionFile(t *testing.T) {
	const file = "../../pkg/validate/testdata/realworld/recorder_session.json"
	for _, mode := range []string{"schema", "autogen"} {
		code, out, errs := runCmd(t, "", "validate", "--mode", mode, "--type", "ChatCompletionClientRecord", file)
		if code != 0 || !strings.Contains(out+errs, "2 documents, 0 invalid") {
			t.Errorf("validate --mode %s: exit %d, %s%s", mode, code, out, errs)
		}
	}
	code, out, errs := runCmd(t, "", "normalize", "--type", "ChatCompletionClientRecord", file)
	if code != 0 || strings.Count(out, "\n") != 2 || !strings.HasPrefix(out, `{"mode":"create","messages":[{"content":"You are a helpful assistant.","type":"SystemMessage"}`) {
		t.Errorf("normalize: exit %d, %q %s", code, out, errs)
	}
	code, untyped, errs := runCmd(t, "", "normalize", file)
	if code != 0 || untyped != out {
		t.Errorf("normalize without --type: exit %d, %q %s", code, untyped, errs)
	}
	code, vout, errs := runCmd(t, "", "validate", "--mode", "autogen", file)
	if code != 0 || !strings.Contains(vout+errs, "2 documents, 0 invalid") {
		t.Errorf("validate without --type: exit %d, %s%s", code, vout, errs)
	}
	if !readsElements("ChatCompletionClientRecord") || !readsElements("ChatMessage") || !readsElements("") {
		t.Errorf("readsElements")
	}
}
