package validate

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
)

// TestRecorderSession: a session file of AutoGen's
// ChatCompletionClientRecorder (testdata/realworld/recorder_session.json,
// written by hand as finalize() writes it: json.dump(records, f,
// indent=2) of RecordDicts whose messages are LLMMessage.model_dump()s and
// whose response is CreateResult.model_dump()) is a list of records that
// each validate in both modes and encode back as written; a record that
// replay refuses, and one the writer cannot have written, are faults at
// their members.
func TestRecorderSession(t *testing.T) {
	data, err := os.ReadFile("testdata/realworld/recorder_session.json")
	if err != nil {
		t.Fatal(err)
	}
	var records []json.RawMessage
	if err := json.Unmarshal(data, &records); err != nil || len(records) != 2 {
		t.Fatalf("%d records, %v", len(records), err)
	}
	for i, r := range records {
		for _, mode := range []Mode{ModeSchema, ModeAutoGen} {
			if err := (&Validator{Mode: mode}).Validate("ChatCompletionClientRecord", r); err != nil {
				t.Errorf("record %d, %v: %v", i, mode, err)
			}
		}
		var rec gen.ChatCompletionClientRecord
		if err := json.Unmarshal(r, &rec); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(&rec)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		_ = json.Unmarshal(r, &a)
		_ = json.Unmarshal(out, &b)
		if ja, jb := mustJSON(a), mustJSON(b); ja != jb {
			t.Errorf("record %d: encoded %s\nwant %s", i, jb, ja)
		}
	}
	// Replay's own defaults for a response it reads with .get():
	// content "", finish_reason "stop", usage 0 and 0.
	var rec gen.ChatCompletionClientRecord
	if err := json.Unmarshal([]byte(`{"mode":"create","messages":[],"response":{}}`), &rec); err != nil {
		t.Fatal(err)
	}
	if r := rec.Response; r.Content.Text != "" || r.Content.Type != gen.ChatCompletionClientRecordResponseContentText || r.FinishReason != "stop" || r.Usage.PromptTokens.Sign() != 0 {
		t.Errorf("defaults: %+v", r)
	}
	for _, tc := range []struct{ doc, ptr string }{
		{`{"mode":"replay","messages":[],"response":{}}`, "/mode"},
		{`{"mode":"create","messages":[{"content":"x","type":"UserMessage"}],"response":{}}`, "/messages/0/source"},
		{`{"mode":"create","messages":[],"response":{"finish_reason":"done"}}`, "/response/finish_reason"},
		{`{"mode":"create","messages":[]}`, "/response"},
	} {
		var fs agentschema.Faults
		err := (&Validator{Mode: ModeAutoGen}).Validate("ChatCompletionClientRecord", []byte(tc.doc))
		if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Pointer != tc.ptr {
			t.Errorf("%s: %v, want one fault at %s", tc.doc, err, tc.ptr)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
