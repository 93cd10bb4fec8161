package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentschema/agentschema/pkg/serve"
	"github.com/agentschema/agentschema/pkg/session/sqlite"
)

// A program embeds the service as an http.Handler. The team here is an
// AssistantAgent on AutoGen's replay client, so the example needs no
// model endpoint.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "serve")
	defer os.RemoveAll(dir)
	store, err := sqlite.Open(context.Background(), filepath.Join(dir, "agentschema.db"), sqlite.Options{})
	if err != nil {
		panic(err)
	}
	defer store.Close()
	team := `{"provider": "autogen_agentchat.agents.AssistantAgent", "component_type": "agent", "config": {
		"name": "assistant", "description": "An assistant.", "reflect_on_tool_use": false,
		"tool_call_summary_format": "{result}", "model_client_stream": false,
		"model_client": {"provider": "autogen_ext.models.replay.ReplayChatCompletionClient",
			"component_type": "replay_chat_completion_client",
			"config": {"chat_completions": ["Hello!"], "model_info": {"vision": false, "function_calling": false,
				"json_output": false, "family": "unknown", "structured_output": false}}}}}`
	h, err := serve.New(serve.Options{Team: []byte(team), Sessions: store})
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	req, _ := http.NewRequest("POST", srv.URL+"/v1/sessions/demo/runs", strings.NewReader(`{"task": "Hi"}`))
	req.Header.Set("Accept", "text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var item struct {
				Type    string `json:"type"`
				Source  string `json:"source"`
				Content any    `json:"content"`
			}
			json.Unmarshal([]byte(data), &item)
			fmt.Printf("%q %q %v\n", item.Type, item.Source, item.Content)
		}
	}
	// Output:
	// "TextMessage" "user" Hi
	// "TextMessage" "assistant" Hello!
	// "" "" <nil>
}
