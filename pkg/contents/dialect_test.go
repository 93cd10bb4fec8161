package contents

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// TestDialectGolden reads documents as .NET Microsoft.Extensions.AI and the
// Agent Framework's Python package write them and checks this project's
// JSON of them against golden files written by hand from the schemas:
// every member the writers put on a content is kept (or mapped to this
// project's name), none dropped. Each document then reads back from its
// golden JSON unchanged.
//
// The .NET documents follow System.Text.Json with AIJsonUtilities'
// defaults (camelCase names, nulls left out, "$type" from AIContent.cs's
// [JsonDerivedType] attributes; DataContent writes only "uri" and "name",
// its MediaType and Data being [JsonIgnore] in DataContent.cs;
// UsageDetails.cs's CachedInputTokenCount and ReasoningTokenCount). The
// Agent Framework documents follow Content.to_dict and
// SerializationMixin.to_dict in python/packages/core/agent_framework/
// _types.py (usage_details, error_details, protected_data,
// informational_only, "model" on ChatResponse, the UsageDetails keys
// cache_read_input_token_count and reasoning_output_token_count).
func TestDialectGolden(t *testing.T) {
	tests := []struct {
		in, golden string
		decode     func([]byte) (any, error)
	}{
		{"dotnet_chat_response.json", "chat_response.golden.json", decodeAs[gen.ChatResponse]},
		{"agentframework_chat_response.json", "agentframework_chat_response.golden.json", decodeAs[gen.ChatResponse]},
		{"dotnet_chat_response_update.json", "chat_response_update.golden.json", decodeAs[gen.ChatResponseUpdate]},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			in, err := os.ReadFile(filepath.Join("testdata", tt.in))
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", tt.golden))
			if err != nil {
				t.Fatal(err)
			}
			want = bytes.TrimSpace(want)
			v, err := tt.decode(in)
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			got, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("JSON\n got %s\nwant %s", got, want)
			}
			v2, err := tt.decode(want)
			if err != nil {
				t.Fatalf("decode golden: %v", err)
			}
			again, err := json.Marshal(v2)
			if err != nil || !bytes.Equal(again, want) {
				t.Errorf("golden does not read back unchanged:\n got %s (%v)", again, err)
			}
		})
	}
}

func decodeAs[T any](data []byte) (any, error) {
	v := new(T)
	if err := json.Unmarshal(data, v); err != nil {
		return nil, err
	}
	return v, nil
}

// TestDialectMembers checks the members one at a time, in both spellings,
// against this project's names (the .NET names follow the classes in
// src/Libraries/Microsoft.Extensions.AI.Abstractions, the Agent Framework
// names Content.to_dict's fields_to_capture in _types.py).
func TestDialectMembers(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{".NET protectedData (TextReasoningContent.cs)", `{"$type":"reasoning","text":"t","protectedData":"p"}`, `{"type":"text_reasoning","text":"t","protected_data":"p"}`},
		{"AF protected_data", `{"type":"text_reasoning","text":"t","protected_data":"p"}`, `{"type":"text_reasoning","text":"t","protected_data":"p"}`},
		{".NET data name (DataContent.cs)", `{"$type":"data","uri":"data:text/plain;base64,aGk=","name":"a.txt"}`, `{"type":"data","data":"aGk=","media_type":"text/plain","name":"a.txt"}`},
		{".NET informationalOnly (FunctionCallContent.cs)", `{"$type":"functionCall","callId":"c","name":"f","informationalOnly":true}`, `{"type":"function_call","call_id":"c","name":"f","informational_only":true}`},
		{".NET cachedInputTokenCount, reasoningTokenCount (UsageDetails.cs)", `{"$type":"usage","details":{"cachedInputTokenCount":4,"reasoningTokenCount":3}}`, `{"type":"usage","details":{"cached_input_token_count":4,"reasoning_token_count":3}}`},
		{".NET audio and text counts (UsageDetails.cs)", `{"$type":"usage","details":{"inputAudioTokenCount":1,"inputTextTokenCount":2,"outputAudioTokenCount":3,"outputTextTokenCount":4}}`, `{"type":"usage","details":{"input_audio_token_count":1,"input_text_token_count":2,"output_audio_token_count":3,"output_text_token_count":4}}`},
		{"AF usage_details (Content.from_usage)", `{"type":"usage","usage_details":{"input_token_count":1,"cache_read_input_token_count":2,"cache_creation_input_token_count":5,"reasoning_output_token_count":3}}`, `{"type":"usage","details":{"input_token_count":1,"cached_input_token_count":2,"cache_creation_input_token_count":5,"reasoning_token_count":3}}`},
		// A provider's own counts sit in the Agent Framework's usage_details
		// as members (UsageDetails is a TypedDict with extra_items=int;
		// agent_framework_anthropic/_chat_client.py lines 1164-1170 set
		// "anthropic.cache_read_input_tokens" beside the standard keys).
		{"AF provider counts into additional_counts", `{"type":"usage","usage_details":{"input_token_count":5,"anthropic.cache_read_input_tokens":2,"cache_read_input_token_count":2}}`,
			`{"type":"usage","details":{"input_token_count":5,"cached_input_token_count":2,"additional_counts":{"anthropic.cache_read_input_tokens":2}}}`},
		{"AF provider count beside additional_counts, the map's own count wins", `{"type":"usage","usage_details":{"a.x":1,"a.y":2,"additional_counts":{"a.x":9}}}`,
			`{"type":"usage","details":{"additional_counts":{"a.x":9,"a.y":2}}}`},
		{"an unknown member that is no count key is still skipped", `{"type":"usage","details":{"colour":"red"}}`, `{"type":"usage","details":{}}`},
		{"AF error_details (Content.from_error)", `{"type":"error","message":"m","error_details":"d"}`, `{"type":"error","details":"d","message":"m"}`},
		{".NET annotations (AIContent.cs)", `{"$type":"text","text":"x","annotations":[{"$type":"citation","fileId":"f"}]}`, `{"type":"text","text":"x","annotations":[{"$type":"citation","fileId":"f"}]}`},
		{".NET hostedFile (HostedFileContent.cs)", `{"$type":"hostedFile","fileId":"f","scope":"s"}`, `{"type":"hosted_file","file_id":"f","scope":"s"}`},
		{".NET hostedVectorStore (HostedVectorStoreContent.cs)", `{"$type":"hostedVectorStore","vectorStoreId":"v"}`, `{"type":"hosted_vector_store","vector_store_id":"v"}`},
		{".NET toolCall (ToolCallContent.cs)", `{"$type":"toolCall","callId":"c"}`, `{"type":"tool_call","call_id":"c"}`},
		{".NET toolResult (ToolResultContent.cs)", `{"$type":"toolResult","callId":"c"}`, `{"type":"tool_result","call_id":"c"}`},
		{".NET toolApprovalRequest, its toolCall a content (ToolApprovalRequestContent.cs)",
			`{"$type":"toolApprovalRequest","requestId":"r1","toolCall":{"$type":"functionCall","callId":"c","name":"f","arguments":{"x":1}},"requiresConfirmation":true}`,
			`{"type":"function_approval_request","id":"r1","function_call":{"type":"function_call","call_id":"c","name":"f","arguments":{"x":1}},"requires_confirmation":true}`},
		{"AF function_approval_response", `{"type":"function_approval_response","id":"r1","approved":false,"function_call":{"type":"function_call","call_id":"c","name":"f"}}`,
			`{"type":"function_approval_response","id":"r1","approved":false,"function_call":{"type":"function_call","call_id":"c","name":"f"}}`},
		{".NET toolApprovalResponse with reason (ToolApprovalResponseContent.cs)", `{"$type":"toolApprovalResponse","requestId":"r1","approved":true,"toolCall":{"$type":"mcpServerToolCall","callId":"c","name":"search","serverName":"docs"},"reason":"ok"}`,
			`{"type":"function_approval_response","id":"r1","approved":true,"function_call":{"type":"mcp_server_tool_call","call_id":"c","tool_name":"search","server_name":"docs"},"reason":"ok"}`},
		{".NET mcpServerToolResult, outputs kept as written (McpServerToolResultContent.cs)", `{"$type":"mcpServerToolResult","callId":"c","outputs":[{"$type":"text","text":"found"}]}`,
			`{"type":"mcp_server_tool_result","call_id":"c","output":[{"$type":"text","text":"found"}]}`},
		{"AF mcp_server_tool_call with string arguments", `{"type":"mcp_server_tool_call","call_id":"c","tool_name":"t","arguments":"{\"q\":1}"}`,
			`{"type":"mcp_server_tool_call","call_id":"c","tool_name":"t","arguments":"{\"q\":1}"}`},
		{".NET codeInterpreterToolCall, inputs as contents (CodeInterpreterToolCallContent.cs)", `{"$type":"codeInterpreterToolCall","callId":"c","inputs":[{"$type":"data","uri":"data:text/x-python;base64,cHJpbnQoMSk="}]}`,
			`{"type":"code_interpreter_tool_call","call_id":"c","inputs":[{"type":"data","data":"cHJpbnQoMSk=","media_type":"text/x-python"}]}`},
		{".NET codeInterpreterToolResult (CodeInterpreterToolResultContent.cs)", `{"$type":"codeInterpreterToolResult","callId":"c","outputs":[{"$type":"text","text":"1"},{"$type":"hostedFile","fileId":"f"}]}`,
			`{"type":"code_interpreter_tool_result","call_id":"c","outputs":[{"type":"text","text":"1"},{"type":"hosted_file","file_id":"f"}]}`},
		{"AF image_generation_tool_call without call_id", `{"type":"image_generation_tool_call","image_id":"img1"}`, `{"type":"image_generation_tool_call","image_id":"img1"}`},
		{".NET imageGenerationToolResult (ImageGenerationToolResultContent.cs)", `{"$type":"imageGenerationToolResult","callId":"c","outputs":[{"$type":"uri","uri":"https://x/i.png","mediaType":"image/png"}]}`,
			`{"type":"image_generation_tool_result","call_id":"c","outputs":[{"type":"uri","uri":"https://x/i.png","media_type":"image/png"}]}`},
		{".NET webSearchToolCall (WebSearchToolCallContent.cs)", `{"$type":"webSearchToolCall","callId":"c","queries":["go","json"]}`, `{"type":"web_search_tool_call","call_id":"c","queries":["go","json"]}`},
		{".NET webSearchToolResult (WebSearchToolResultContent.cs)", `{"$type":"webSearchToolResult","callId":"c","outputs":[{"$type":"uri","uri":"https://go.dev","mediaType":"text/html"}]}`,
			`{"type":"web_search_tool_result","call_id":"c","outputs":[{"type":"uri","uri":"https://go.dev","media_type":"text/html"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Unmarshal([]byte(tt.in))
			if err != nil {
				t.Fatalf("Unmarshal: %v", err)
			}
			out, err := Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Errorf("JSON\n got %s\nwant %s", out, tt.want)
			}
		})
	}
}

// TestUsageAddNewCounts checks that Add adds the counts .NET and the Agent
// Framework added, as the other counts: an absent count plus a present one
// is the present one (UsageDetails.Add, UsageDetails.cs lines 118-130, sums the
// nullable counts this way).
func TestUsageAddNewCounts(t *testing.T) {
	a := gen.UsageDetails{CachedInputTokenCount: Count(4), ReasoningTokenCount: Count(1)}
	b := gen.UsageDetails{CachedInputTokenCount: Count(2), CacheCreationInputTokenCount: Count(5)}
	got := a.Add(b)
	out, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"cached_input_token_count":6,"cache_creation_input_token_count":5,"reasoning_token_count":1}`
	if string(out) != want {
		t.Errorf("Add = %s, want %s", out, want)
	}
}
