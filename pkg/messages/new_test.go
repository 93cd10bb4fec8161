package messages_test

import (
	"encoding/json"
	"errors"
	"regexp"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/messages"
)

// TestConstructorsFillDefaults checks that every constructor fills what
// pydantic fills: a UUID4 id, created_at now (UTC), metadata {},
// models_usage null; and that the JSON reads back as the same type.
func TestConstructorsFillDefaults(t *testing.T) {
	uuid4 := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	call := gen.FunctionCall{ID: "c1", Name: "f", Arguments: "{}"}
	res := gen.FunctionExecutionResult{CallID: "c1", Name: "f", Content: "ok"}
	for _, m := range []messages.Message{
		messages.NewTextMessage("a", "hi"),
		messages.NewMultiModalMessage("a", gen.MultiModalMessageContentItemOfText("hi")),
		messages.NewStopMessage("a", "stop"),
		messages.NewHandoffMessage("a", "b", "over"),
		messages.NewToolCallSummaryMessage("a", "ok", []gen.FunctionCall{call}, []gen.FunctionExecutionResult{res}),
		messages.NewToolCallRequestEvent("a", call),
		messages.NewToolCallExecutionEvent("a", res),
		messages.NewThoughtEvent("a", "hmm"),
		messages.NewModelClientStreamingChunkEvent("a", "h", "x"),
		messages.NewSelectSpeakerEvent("m", "a"),
		messages.NewSelectorEvent("m", "a"),
		messages.NewMemoryQueryEvent("a"),
		messages.NewUserInputRequestedEvent("a", "r1"),
	} {
		t.Run(m.Type(), func(t *testing.T) {
			data, err := m.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			var fields struct {
				ID          string          `json:"id"`
				CreatedAt   string          `json:"created_at"`
				Metadata    json.RawMessage `json:"metadata"`
				ModelsUsage json.RawMessage `json:"models_usage"`
				Type        string          `json:"type"`
			}
			if err := json.Unmarshal(data, &fields); err != nil {
				t.Fatal(err)
			}
			if !uuid4.MatchString(fields.ID) {
				t.Errorf("id %q is not a UUID4", fields.ID)
			}
			at, err := time.Parse(time.RFC3339Nano, fields.CreatedAt)
			if err != nil || time.Since(at) > time.Minute || time.Since(at) < 0 {
				t.Errorf("created_at %q is not now (%v)", fields.CreatedAt, err)
			}
			if string(fields.Metadata) != "{}" || string(fields.ModelsUsage) != "null" || fields.Type != m.Type() {
				t.Errorf("metadata %s, models_usage %s, type %q", fields.Metadata, fields.ModelsUsage, fields.Type)
			}
			if m.Type() == "SelectorEvent" {
				return // not one of the factory's types, in AutoGen either
			}
			back, err := messages.Load(data)
			if err != nil || back.Type() != m.Type() {
				t.Errorf("Load: %v, %v", back, err)
			}
		})
	}
}

// TestToModelMessages converts a transcript as an agent's context gets
// it: chat messages by ToModelMessage, a handoff's context before its
// text, events skipped.
func TestToModelMessages(t *testing.T) {
	thought := gen.AssistantMessage{Source: "a", Content: gen.AssistantMessageContentOfText("hmm")}
	got, err := messages.ToModelMessages([]messages.Message{
		messages.NewTextMessage("user", "hi"),
		messages.NewToolCallRequestEvent("a", gen.FunctionCall{ID: "c", Name: "f", Arguments: "{}"}),
		messages.NewHandoffMessage("a", "b", "over", &thought),
		messages.NewThoughtEvent("b", "thinking"),
		messages.NewStopMessage("b", "done"),
	})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, m := range got {
		b, _ := json.Marshal(m)
		lines = append(lines, string(b))
	}
	want := []string{
		`{"content":"hi","source":"user","type":"UserMessage"}`,
		`{"content":"hmm","thought":null,"source":"a","type":"AssistantMessage"}`,
		`{"content":"over","source":"a","type":"UserMessage"}`,
		`{"content":"done","source":"b","type":"UserMessage"}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d messages: %v", len(lines), lines)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("message %d: %s, want %s", i, lines[i], want[i])
		}
	}
}

// TestUnsetMessageRefused: a message built as a struct literal, whose
// created_at was never set, is refused on encoding with a clear error
// (AutoGen never writes the year-1 time a Go zero value would give); one
// made by its constructor encodes, and a decoded one re-encodes as read,
// even with AutoGen's explicit "id": "" and a year-1 created_at.
func TestUnsetMessageRefused(t *testing.T) {
	_, err := json.Marshal(&gen.TextMessage{Source: "user", Content: "hi"})
	if err == nil || !errors.Is(err, gen.ErrUnsetDateTime) {
		t.Errorf("literal: %v, want the unset datetime error", err)
	}
	if _, err := json.Marshal(messages.NewTextMessage("user", "hi")); err != nil {
		t.Errorf("constructor: %v", err)
	}
	in := `{"id":"","source":"a","models_usage":null,"metadata":{},"created_at":"0001-01-01T00:00:00Z","content":"x","type":"TextMessage"}`
	var m gen.TextMessage
	if err := json.Unmarshal([]byte(in), &m); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(&m)
	if err != nil || string(out) != in {
		t.Errorf("decoded: %s, %v; want it as read", out, err)
	}
}
