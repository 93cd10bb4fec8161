package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestChat runs the program against an httptest server speaking the
// chat-completions SSE protocol: the first answer calls the tool, the
// second streams text. It checks what the program sent and printed.
func TestChat(t *testing.T) {
	now = func() time.Time { return time.Date(2025, 1, 2, 11, 30, 0, 0, time.UTC) }
	var bodies []map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer test-key" || r.URL.Path != "/v1/chat/completions" {
			w.WriteHeader(401)
			return
		}
		b, _ := io.ReadAll(r.Body)
		var body map[string]any
		_ = json.Unmarshal(b, &body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "text/event-stream")
		send := func(delta string, finish string) {
			fmt.Fprintf(w, "data: {\"choices\":[{\"index\":0,\"delta\":%s,\"finish_reason\":%s}]}\n\n", delta, finish)
		}
		if len(bodies) == 1 {
			send(`{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"city_time","arguments":"{\"city\":"}}]}`, "null")
			send(`{"tool_calls":[{"index":0,"function":{"arguments":" \"Paris\"}"}}]}`, "null")
			send(`{}`, `"tool_calls"`)
		} else {
			send(`{"content":"It is "}`, "null")
			send(`{"content":"12:30 in Paris."}`, "null")
			send(`{}`, `"stop"`)
		}
		fmt.Fprint(w, "data: [DONE]\n\n")
	}))
	defer srv.Close()
	env := map[string]string{"OPENAI_BASE_URL": srv.URL + "/v1", "OPENAI_API_KEY": "test-key", "OPENAI_MODEL": "my-local-model"}
	var out strings.Builder
	if err := run(context.Background(), func(k string) string { return env[k] }, strings.NewReader("What time is it in Paris?\n"), &out); err != nil {
		t.Fatal(err)
	}
	want := "[city_time({\"city\": \"Paris\"}) -> 12:30]\nIt is 12:30 in Paris.\n"
	if out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
	if len(bodies) != 2 {
		t.Fatalf("%d requests", len(bodies))
	}
	msgs := bodies[1]["messages"].([]any)
	last := msgs[len(msgs)-1].(map[string]any)
	if last["role"] != "tool" || last["content"] != "12:30" || last["tool_call_id"] != "call_1" {
		t.Errorf("tool message %v", last)
	}
	if bodies[0]["tool_choice"] != "auto" || bodies[0]["stream"] != true || bodies[0]["model"] != "my-local-model" {
		t.Errorf("first body %v", bodies[0])
	}
}
