package groupchat

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/agentschema/agentschema/pkg/distributed/worker"
)

var (
	placeholderUUID = regexp.MustCompile(`<uuid-(\d+)>`)
	reference       = filepath.Join("..", "..", "..", "testdata", "conformance", "distributed", "reference", "host_transcript.norm.jsonl")
)

// recordedEvents returns each group-chat payload of AutoGen's recorded run
// (data_type or dataschema -> its JSON), the normalizer's placeholders put
// back as real values.
func recordedEvents(t testing.TB) map[string][][]byte {
	data, err := os.ReadFile(reference)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][][]byte{}
	for _, line := range bytes.Split(data, []byte("\n")) {
		var r struct {
			Msg struct {
				CloudEvent *struct {
					Attributes map[string]struct {
						CeString string `json:"ce_string"`
					} `json:"attributes"`
					BinaryDataJSON json.RawMessage `json:"binary_data_json"`
				} `json:"cloudEvent"`
				Request *struct {
					Payload struct {
						DataType string          `json:"data_type"`
						DataJSON json.RawMessage `json:"data_json"`
					} `json:"payload"`
				} `json:"request"`
			} `json:"msg"`
		}
		if len(bytes.TrimSpace(line)) == 0 || json.Unmarshal(line, &r) != nil {
			continue
		}
		var name string
		var payload []byte
		switch {
		case r.Msg.CloudEvent != nil:
			name, payload = r.Msg.CloudEvent.Attributes["dataschema"].CeString, r.Msg.CloudEvent.BinaryDataJSON
		case r.Msg.Request != nil:
			name, payload = r.Msg.Request.Payload.DataType, r.Msg.Request.Payload.DataJSON
		}
		payload = bytes.ReplaceAll(payload, []byte(`"<created_at>"`), []byte(`"2026-11-28T12:00:00.123456Z"`))
		payload = placeholderUUID.ReplaceAll(payload, []byte(`00000000-0000-4000-8000-1000000000$1`))
		out[name] = append(out[name], payload)
	}
	return out
}

func serializerOf(name string) *worker.Serializer {
	for _, s := range Serializers() {
		if s.TypeName == name {
			return s
		}
	}
	return nil
}

// TestRecordedEventsRoundTrip reads every group-chat event of AutoGen's
// recorded run and writes it back: the same JSON value.
func TestRecordedEventsRoundTrip(t *testing.T) {
	events := recordedEvents(t)
	for _, name := range []string{"GroupChatStart", "GroupChatAgentResponse", "GroupChatRequestPublish", "GroupChatMessage", "GroupChatTermination"} {
		payloads := events[name]
		if len(payloads) == 0 {
			t.Errorf("no %s in the recorded run", name)
		}
		s := serializerOf(name)
		for i, p := range payloads {
			v, err := s.Unmarshal(p)
			if err != nil {
				t.Fatalf("%s #%d: %v\n%s", name, i, err, p)
			}
			back, err := s.Marshal(v)
			if err != nil {
				t.Fatalf("%s #%d: %v", name, i, err)
			}
			var a, b any
			_ = json.Unmarshal(p, &a)
			if err := json.Unmarshal(back, &b); err != nil || !reflect.DeepEqual(a, b) {
				t.Errorf("%s #%d:\n read: %s\nwrote: %s", name, i, p, back)
			}
		}
	}
}

// FuzzEvents: the group-chat decoders fail cleanly on any input, and what
// they read writes back to the same value.
func FuzzEvents(f *testing.F) {
	for name, ps := range recordedEvents(f) {
		for _, p := range ps {
			f.Add(name, p)
		}
	}
	f.Add("GroupChatError", []byte(`{"error":{"error_type":"ValueError","error_message":"x","traceback":null}}`))
	f.Add("GroupChatReset", []byte(`{}`))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		s := serializerOf(name)
		if s == nil {
			return
		}
		v, err := s.Unmarshal(data)
		if err != nil {
			return
		}
		out, err := s.Marshal(v)
		if err != nil {
			return // a message the decoder took but cannot write (e.g. a StopMessage missing)
		}
		v2, err := s.Unmarshal(out)
		if err != nil {
			t.Fatalf("%s: wrote %s, which does not read back: %v", name, out, err)
		}
		out2, err := s.Marshal(v2)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("%s: %s then %s (%v)", name, out, out2, err)
		}
	})
}
