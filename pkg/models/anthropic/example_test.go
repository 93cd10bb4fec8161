package anthropic_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/anthropic"
)

// A client loads from the component config AutoGen's dump_component()
// writes, and calls the Messages API (here a local fake).
func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"msg_1","type":"message","role":"assistant","content":[{"type":"text","text":"Paris."}],"stop_reason":"end_turn","usage":{"input_tokens":12,"output_tokens":3}}`)
	}))
	defer srv.Close()
	config := []byte(`{"provider": "autogen_ext.models.anthropic.AnthropicChatCompletionClient",
		"config": {"model": "claude-3-haiku-20240307", "api_key": "sk-ant-example", "base_url": "` + srv.URL + `"}}`)
	client, err := models.LoadClient(context.Background(), config)
	if err != nil {
		panic(err)
	}
	defer client.Close()
	res, err := client.Create(context.Background(), []gen.LLMMessage{
		models.NewSystemMessage("Answer briefly."), models.NewUserText("user", "Capital of France?")}, models.CreateOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.FinishReason, res.Content.Text, res.Usage.PromptTokens, res.Usage.CompletionTokens)
	dump, _ := component.Dump(client.(component.Component))
	fmt.Println(strings.ReplaceAll(string(dump), srv.URL, "BASE"))
	// Output:
	// stop Paris. 12 3
	// {"provider":"autogen_ext.models.anthropic.AnthropicChatCompletionClient","component_type":"model","version":1,"component_version":1,"description":"Chat completion client for Anthropic's Claude models.","label":"AnthropicChatCompletionClient","config":{"model":"claude-3-haiku-20240307","max_tokens":4096,"temperature":1.0,"api_key":"**********","base_url":"BASE"}}
}

// AutoGen's model table matches by prefix: claude-2.0's base name is
// "claude", so models newer than the table get claude-2.0's capabilities.
func ExampleLookupModelInfo() {
	for _, m := range []string{"claude-3-7-sonnet-20250219", "claude-haiku-4-5", "my-model"} {
		mi, ok := anthropic.LookupModelInfo(m)
		fmt.Println(m, ok, mi.Vision, mi.FunctionCalling, mi.Family)
	}
	// Output:
	// claude-3-7-sonnet-20250219 true true true claude-3-7-sonnet
	// claude-haiku-4-5 true false false claude-3-5-sonnet
	// my-model false false false
}
