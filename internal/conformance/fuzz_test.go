package conformance

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// seed adds the inputs of every case of the given types to f.
func seed(f *testing.F, types ...string) {
	cases, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	want := map[string]bool{}
	for _, t := range types {
		want[t] = true
	}
	for _, c := range cases {
		if want[c.Type] {
			f.Add([]byte(c.Input))
		}
	}
}

// roundTrip checks that whatever decodes as title encodes to JSON that
// decodes again to a value with the same encoding.
func roundTrip(t *testing.T, title string, data []byte) {
	v, err := gen.Decode(title, data)
	if err != nil {
		return
	}
	out1, err := json.Marshal(v)
	if err != nil {
		return // e.g. an image whose header reads but whose pixels do not
	}
	v2, err := gen.Decode(title, out1)
	if err != nil {
		t.Fatalf("re-decoding our own output failed: %v\n%s", err, out1)
	}
	out2, err := json.Marshal(v2)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out1, out2) {
		t.Fatalf("round trip changed the value:\n%s\n%s", out1, out2)
	}
}

func FuzzLLMMessage(f *testing.F) {
	seed(f, "LLMMessage", "UserMessage", "AssistantMessage", "SystemMessage", "FunctionExecutionResultMessage")
	f.Fuzz(func(t *testing.T, data []byte) { roundTrip(t, "LLMMessage", data) })
}

func FuzzChatMessage(f *testing.F) {
	seed(f, "ChatMessage", "TextMessage", "MultiModalMessage", "StopMessage", "HandoffMessage", "ToolCallSummaryMessage")
	f.Fuzz(func(t *testing.T, data []byte) { roundTrip(t, "ChatMessage", data) })
}

func FuzzAgentEvent(f *testing.F) {
	seed(f, "AgentEvent", "ToolCallRequestEvent", "ToolCallExecutionEvent", "MemoryQueryEvent", "ThoughtEvent", "CodeExecutionEvent")
	f.Fuzz(func(t *testing.T, data []byte) { roundTrip(t, "AgentEvent", data) })
}

func FuzzToolResult(f *testing.F) {
	seed(f, "ToolResult", "TextResultContent", "ImageResultContent")
	f.Fuzz(func(t *testing.T, data []byte) { roundTrip(t, "ToolResult", data) })
}

func FuzzContextState(f *testing.F) {
	seed(f, "ChatCompletionContextState")
	f.Fuzz(func(t *testing.T, data []byte) { roundTrip(t, "ChatCompletionContextState", data) })
}

func FuzzComponentAndConfigs(f *testing.F) {
	seed(f, "ComponentModel", "FunctionToolConfig", "MemoryContent")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, title := range []string{"ComponentModel", "FunctionToolConfig", "MemoryContent"} {
			roundTrip(t, title, data)
		}
	})
}
