package main

import (
	"testing"
)

// TestNormalizeReadsAsValidate: documents that validate reads
// normalize as AutoGen reads them: a .NET content with only
// "$type" is an AIContent, and of duplicate members the last counts
// (json.loads), so an earlier one is no fault. Documents with no tag
// whose shape names their type are read as it (validate.UntaggedTitle):
// .NET's ChatMessage (written with the current Agent Framework's
// "message" tag, camelCase members in snake_case), 'run”s TaskResult
// line, and a context state as AutoGen's save_state writes it.
func TestNormalizeReadsAsValidate(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{"$type":"text","text":"hi"}`, `{"type":"text","text":"hi"}`},
		{`{"$type":"functionCall","callId":"1","name":"f","arguments":{"a":1}}`, `{"type":"function_call","call_id":"1","name":"f","arguments":{"a":1}}`},
		// The Agent Framework's string arguments, unchanged.
		{`{"type":"function_call","call_id":"1","name":"f","arguments":"{\"a\": 1}"}`, `{"type":"function_call","call_id":"1","name":"f","arguments":"{\"a\": 1}"}`},
		{`{"type":"Nope","type":"UserMessage","content":"x","source":"s"}`, `{"content":"x","source":"s","type":"UserMessage"}`},
		{`{"content":5,"content":"x","source":"s","type":"UserMessage"}`, `{"content":"x","source":"s","type":"UserMessage"}`},
		{`{"authorName":"a","role":"assistant","contents":[{"$type":"text","text":"hi"}],"messageId":"m1"}`, `{"type":"message","role":"assistant","author_name":"a","contents":[{"type":"text","text":"hi"}],"message_id":"m1"}`},
		{`{"messages":[{"type":"TextMessage","source":"user","content":"hi","id":"1","metadata":{},"created_at":"2025-01-02T03:04:05Z"}],"stop_reason":null}`, `{"messages":[{"id":"1","source":"user","models_usage":null,"metadata":{},"created_at":"2025-01-02T03:04:05Z","content":"hi","type":"TextMessage"}],"stop_reason":null}`},
		{`{"messages":[{"type":"UserMessage","source":"user","content":"hi"}]}`, `{"messages":[{"content":"hi","source":"user","type":"UserMessage"}]}`},
	}
	for _, c := range cases {
		code, out, errs := runCmd(t, c.in+"\n", "normalize", "-")
		if code != 0 || out != c.want+"\n" {
			t.Errorf("%s: exit %d, stderr %q\n got %s\nwant %s", c.in, code, errs, out, c.want)
		}
		code, _, errs = runCmd(t, c.in+"\n", "validate", "-")
		if code != 0 {
			t.Errorf("validate %s: exit %d, stderr %q", c.in, code, errs)
		}
	}
	// A fault in the last of duplicates is reported there, once.
	code, out, errs := runCmd(t, `{"content":"x","source":"s","type":"UserMessage","content":5}`+"\n", "normalize", "-")
	if code != 1 || out != "" || errs != "-:1: /content: Input should be a string or an array\n" {
		t.Errorf("exit %d, out %q, stderr %q", code, out, errs)
	}
}
