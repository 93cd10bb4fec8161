package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// onePixel is the 1x1 PNG of AutoGen's host tests.
const onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="

func rpcError(t *testing.T, err error) (int64, string) {
	t.Helper()
	var e *jsonrpc.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T %v is not a *jsonrpc.Error", err, err)
	}
	return e.Code, e.Message
}

// TestHostAnswers: McpSessionHost's answers when a part is missing or
// fails (test_mcp_host.py), and its parts' results passed on.
func TestHostAnswers(t *testing.T) {
	ctx := context.Background()
	fail := func(err error) *Host {
		return &Host{
			Sampler: SamplerFunc(func(context.Context, *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
				return nil, err
			}),
			Elicitor: ElicitorFunc(func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error) { return nil, err }),
			Roots:    RootsProviderFunc(func(context.Context) (*sdk.ListRootsResult, error) { return nil, err }),
		}
	}
	panics := &Host{
		Sampler: SamplerFunc(func(context.Context, *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			panic("Sampler failed")
		}),
		Elicitor: ElicitorFunc(func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error) { panic("Elicitor failed") }),
		Roots:    RootsProviderFunc(func(context.Context) (*sdk.ListRootsResult, error) { panic("Roots error") }),
	}
	cases := []struct {
		name string
		host *Host
		code int64
		msgs [3]string // sampling, elicitation, roots
	}{
		{"no parts", &Host{}, jsonrpc.CodeInvalidRequest, [3]string{
			"No model client available for sampling requests", "No elicitor configured for this host", "Host does not support listing roots"}},
		{"nil host", nil, jsonrpc.CodeInvalidRequest, [3]string{
			"No model client available for sampling requests", "No elicitor configured for this host", "Host does not support listing roots"}},
		{"errors", fail(errors.New("Model API error")), jsonrpc.CodeInternalError, [3]string{
			"Sampling request failed: Model API error", "Elicitation request failed: Model API error", "Caught error listing roots: Model API error"}},
		{"panics", panics, jsonrpc.CodeInternalError, [3]string{
			"Sampling request failed: Sampler failed", "Elicitation request failed: Elicitor failed", "Caught error listing roots: Roots error"}},
		// str(TimeoutError()) is empty.
		{"timeout", fail(&readTimeoutError{d: time.Second}), jsonrpc.CodeInternalError, [3]string{
			"Sampling request failed: ", "Elicitation request failed: ", "Caught error listing roots: "}},
		// A part's ErrorData is answered as it is.
		{"error data", fail(&jsonrpc.Error{Code: 7, Message: "mine"}), 7, [3]string{"mine", "mine", "mine"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.host.HandleSamplingRequest(ctx, &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{}})
			if code, msg := rpcError(t, err); code != c.code || msg != c.msgs[0] {
				t.Errorf("sampling: %d %q", code, msg)
			}
			_, err = c.host.HandleElicitRequest(ctx, &sdk.ElicitRequest{Params: &sdk.ElicitParams{}})
			if code, msg := rpcError(t, err); code != c.code || msg != c.msgs[1] {
				t.Errorf("elicitation: %d %q", code, msg)
			}
			_, err = c.host.HandleListRootsRequest(ctx)
			if code, msg := rpcError(t, err); code != c.code || msg != c.msgs[2] {
				t.Errorf("roots: %d %q", code, msg)
			}
		})
	}

	h := &Host{
		Elicitor: ElicitorFunc(func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"answer": "Test answer"}}, nil
		}),
		Roots: NewStaticRootsProvider(&sdk.Root{URI: "file:///test1", Name: "Test Root 1"}),
	}
	if r, err := h.HandleElicitRequest(ctx, &sdk.ElicitRequest{}); err != nil || r.Action != "accept" || r.Content["answer"] != "Test answer" {
		t.Errorf("elicit: %+v %v", r, err)
	}
	r, err := h.HandleListRootsRequest(ctx)
	if err != nil || len(r.Roots) != 1 || r.Roots[0].URI != "file:///test1" || r.Roots[0].Name != "Test Root 1" {
		t.Fatalf("roots: %+v %v", r, err)
	}
	r.Roots[0].Name = "changed" // a copy
	if h.Roots.(*StaticRootsProvider).Roots[0].Name != "Test Root 1" {
		t.Error("ListRoots gave the provider's own roots")
	}
	empty, err := (&Host{Roots: NewStaticRootsProvider()}).HandleListRootsRequest(ctx)
	if b, _ := json.Marshal(empty); err != nil || string(b) != `{"roots":[]}` {
		t.Errorf("no roots: %s %v", b, err)
	}
}

// TestChatCompletionClientSampler: the messages, the extra create args
// and the result of AutoGen's sampler.
func TestChatCompletionClientSampler(t *testing.T) {
	png, _ := base64.StdEncoding.DecodeString(onePixel)
	text := func(role sdk.Role, s string) *sdk.SamplingMessage {
		return &sdk.SamplingMessage{Role: role, Content: &sdk.TextContent{Text: s}}
	}
	image := func(role sdk.Role) *sdk.SamplingMessage {
		return &sdk.SamplingMessage{Role: role, Content: &sdk.ImageContent{Data: png, MIMEType: "image/png"}}
	}
	vision := models.DefaultModelInfo()
	vision.Vision, vision.Family = true, "test-vision-model"
	calls := gen.CreateResult{FinishReason: "function_calls", Content: gen.CreateResultContentOfFunctionCalls([]gen.FunctionCall{
		{ID: "test_func_call_1", Name: "test_func", Arguments: `{"param": "välue"}`}})}
	long := models.NewTextResult("cut", "length", gen.RequestUsage{}, false)

	cases := []samplerCase{
		{name: "text",
			params: sdk.CreateMessageParams{SystemPrompt: "You are a helpful assistant.", MaxTokens: 100,
				Messages: []*sdk.SamplingMessage{text("user", "Hello"), text("assistant", "Hi."), text("user", "Again")}},
			reply: replay.Completion{Text: "Mock response"},
			messages: `[{"content":"You are a helpful assistant.","type":"SystemMessage"},{"content":["Hello"],"source":"user","type":"UserMessage"},` +
				`{"content":"Hi.","thought":null,"source":"assistant","type":"AssistantMessage"},{"content":["Again"],"source":"user","type":"UserMessage"}]`,
			extra:  map[string]any{"max_tokens": int64(100)},
			result: `{"content":{"type":"text","text":"Mock response"},"model":"unknown","role":"assistant","stopReason":"endTurn"}`},
		{name: "extra args",
			params: sdk.CreateMessageParams{MaxTokens: 200, Temperature: 0.7, StopSequences: []string{"STOP", "END"},
				Messages: []*sdk.SamplingMessage{text("user", "Hello")}},
			reply:    replay.Completion{Text: "ok"},
			messages: `[{"content":["Hello"],"source":"user","type":"UserMessage"}]`,
			extra:    map[string]any{"max_tokens": int64(200), "temperature": 0.7, "stop": []string{"STOP", "END"}},
			result:   `{"content":{"type":"text","text":"ok"},"model":"unknown","role":"assistant","stopReason":"endTurn"}`},
		// The params as sent tell a temperature of 0 and an empty list
		// from absent ones, which the SDK's values cannot.
		{name: "raw zero temperature",
			params:   sdk.CreateMessageParams{MaxTokens: 5, Messages: []*sdk.SamplingMessage{text("user", "Hello")}},
			raw:      `{"messages":[],"maxTokens":5,"temperature":0,"stopSequences":[],"systemPrompt":""}`,
			reply:    replay.Completion{Text: "ok"},
			messages: `[{"content":["Hello"],"source":"user","type":"UserMessage"}]`,
			extra:    map[string]any{"max_tokens": int64(5), "temperature": 0.0, "stop": []string{}},
			result:   `{"content":{"type":"text","text":"ok"},"model":"unknown","role":"assistant","stopReason":"endTurn"}`},
		{name: "no raw zero temperature",
			params: sdk.CreateMessageParams{MaxTokens: 5, Messages: []*sdk.SamplingMessage{text("user", "Hello")}},
			reply:  replay.Completion{Text: "ok"}, extra: map[string]any{"max_tokens": int64(5)},
			messages: `[{"content":["Hello"],"source":"user","type":"UserMessage"}]`,
			result:   `{"content":{"type":"text","text":"ok"},"model":"unknown","role":"assistant","stopReason":"endTurn"}`},
		{name: "image with vision", info: &vision,
			params: sdk.CreateMessageParams{MaxTokens: 100, Messages: []*sdk.SamplingMessage{image("user")}},
			reply:  replay.Completion{Result: &long}, extra: map[string]any{"max_tokens": int64(100)},
			// The image as AutoGen's Image (Pillow's RGB) writes it.
			messages: `[{"content":[{"data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAAEElEQVR4nGL6/58BEAAA//8FBwIBwtIxTgAAAABJRU5ErkJggg=="}],"source":"user","type":"UserMessage"}]`,
			result:   `{"content":{"type":"text","text":"cut"},"model":"test-vision-model","role":"assistant","stopReason":"maxTokens"}`},
		{name: "function calls",
			params: sdk.CreateMessageParams{MaxTokens: 100, Messages: []*sdk.SamplingMessage{text("user", "Hello")}},
			reply:  replay.Completion{Result: &calls}, extra: map[string]any{"max_tokens": int64(100)},
			messages: `[{"content":["Hello"],"source":"user","type":"UserMessage"}]`,
			result: `{"content":{"type":"text","text":"[{\"id\":\"test_func_call_1\",\"arguments\":\"{\\\"param\\\": \\\"välue\\\"}\",\"name\":\"test_func\"}]"},` +
				`"model":"unknown","role":"assistant","stopReason":"function_calls"}`},
		{name: "image without vision",
			params: sdk.CreateMessageParams{MaxTokens: 100, Messages: []*sdk.SamplingMessage{image("user")}},
			err:    "model unknown does not support vision."},
		{name: "assistant image", info: &vision,
			params: sdk.CreateMessageParams{MaxTokens: 100, Messages: []*sdk.SamplingMessage{image("assistant")}},
			err:    "Assistant messages only support string content."},
		{name: "audio",
			params: sdk.CreateMessageParams{MaxTokens: 100, Messages: []*sdk.SamplingMessage{{Role: "user", Content: &sdk.AudioContent{Data: []byte("x"), MIMEType: "audio/wav"}}}},
			err:    "Unsupported content type: audio"},
		{name: "role",
			params: sdk.CreateMessageParams{MaxTokens: 100, Messages: []*sdk.SamplingMessage{text("system", "x")}},
			err:    "Unrecognized message role: system"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runSamplerCase(t, c) })
	}
}

// samplerCase is one case of TestChatCompletionClientSampler.
type samplerCase struct {
	name     string
	params   sdk.CreateMessageParams
	raw      string // the params as sent; "" for none
	info     *gen.ModelInfo
	reply    replay.Completion
	messages string // the messages the client got, as JSON
	extra    map[string]any
	result   string // the CreateMessageResult, as JSON
	err      string
}

// runSamplerCase samples c.params with a replay client answering c.reply
// and checks the result (or the error, with no model call), the messages
// the client got and the extra create args.
func runSamplerCase(t *testing.T, c samplerCase) {
	var opts []replay.Option
	if c.info != nil {
		opts = append(opts, replay.WithModelInfo(*c.info))
	}
	client := replay.New([]replay.Completion{c.reply}, opts...)
	ctx := context.Background()
	if c.raw != "" {
		ctx = withRawParams(ctx, json.RawMessage(c.raw))
	}
	params := c.params
	res, err := NewChatCompletionClientSampler(client).Sample(ctx, &sdk.CreateMessageRequest{Params: &params})
	if c.err != "" {
		if err == nil || err.Error() != c.err {
			t.Fatalf("error %v, want %q", err, c.err)
		}
		if len(client.Calls()) != 0 {
			t.Error("the model was called")
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(res)
	if string(got) != c.result {
		t.Errorf("result\n got %s\nwant %s", got, c.result)
	}
	call := client.Calls()[0]
	msgs, _ := json.Marshal(call.Messages)
	if string(msgs) != c.messages {
		t.Errorf("messages\n got %s\nwant %s", msgs, c.messages)
	}
	if !reflect.DeepEqual(call.Options.ExtraArgs, c.extra) {
		t.Errorf("extra args %#v, want %#v", call.Options.ExtraArgs, c.extra)
	}
}

// elicitPrompt is what StdioElicitor writes before reading the action.
func elicitPrompt(message string) string {
	return banner("=== BEGIN MCP ELICITATION REQUEST ===") + "\n" + message +
		"\nChoices:\n\t[a]ccept\n\t[d]ecline\n\t[c]ancel\nPlease enter one of the above options: "
}

var elicitEnd = banner("=== END MCP ELICITATION REQUEST ===")

// TestStdioElicitor: AutoGen's StreamElicitor over a reader and a buffer.
func TestStdioElicitor(t *testing.T) {
	// The schema as the server sent it: key order and non-ASCII text as
	// CPython's json.dumps(schema, indent=2) writes them.
	raw := `{"message":"Who?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","title":"Namé"},"age":{"type":"integer"}},"required":[]}}`
	schemaText := "Input Schema:\n{\n  \"type\": \"object\",\n  \"properties\": {\n    \"name\": {\n      \"type\": \"string\",\n" +
		"      \"title\": \"Nam\\u00e9\"\n    },\n    \"age\": {\n      \"type\": \"integer\"\n    }\n  },\n  \"required\": []\n}\n" +
		"Please enter a JSON string following the above schema: "
	literal := func(in string) string {
		v := in
		return "1 validation error for ElicitResult\naction\n  Input should be 'accept', 'decline' or 'cancel' [type=literal_error, input_value=" +
			v + ", input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/literal_error"
	}
	cases := []struct {
		name, input, raw string
		schema           any // the SDK's decoded schema, when there is no raw
		action           string
		content          string // JSON
		out, err         string
	}{
		{name: "accept", input: "a\n" + `{"name": "Ada", "age": 36, "ratio": 1.50, "big": 12345678901234567890}` + "\n", raw: raw,
			action: "accept", content: `{"age":36,"big":12345678901234567890,"name":"Ada","ratio":1.5}`,
			out: elicitPrompt("Who?") + schemaText + elicitEnd},
		{name: "accept word", input: " ACCEPT \r\n{}\n", raw: raw, action: "accept", content: `{}`,
			out: elicitPrompt("Who?") + schemaText + elicitEnd},
		// Without the raw params the SDK's map gives the keys sorted.
		{name: "decoded schema", input: "a\n{\"x\": true}", schema: map[string]any{"type": "object", "properties": map[string]any{}},
			action: "accept", content: `{"x":true}`,
			out: elicitPrompt("Who?") + "Input Schema:\n{\n  \"properties\": {},\n  \"type\": \"object\"\n}\n" +
				"Please enter a JSON string following the above schema: " + elicitEnd},
		{name: "empty schema", input: "a\n", raw: `{"message":"Who?","requestedSchema":{}}`, action: "accept",
			out: elicitPrompt("Who?") + elicitEnd},
		{name: "decline", input: "d\n", raw: raw, action: "decline", out: elicitPrompt("Who?") + elicitEnd},
		{name: "cancel", input: "cancel", raw: raw, action: "cancel", out: elicitPrompt("Who?") + elicitEnd},
		{name: "unknown action", input: "maybe\n", raw: raw, err: literal("'maybe'"), out: elicitPrompt("Who?") + elicitEnd},
		{name: "end of input", input: "", raw: raw, err: literal("''"), out: elicitPrompt("Who?") + elicitEnd},
		{name: "long action", input: strings.Repeat("x", 60) + "\n", raw: raw,
			err: literal("'xxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxx'"), out: elicitPrompt("Who?") + elicitEnd},
		{name: "bad json", input: "a\n{\"name\": }\n", raw: raw, err: "Expecting value: line 1 column 10 (char 9)",
			out: elicitPrompt("Who?") + schemaText + elicitEnd},
		{name: "no json", input: "a\n", raw: raw, err: "Expecting value: line 1 column 1 (char 0)",
			out: elicitPrompt("Who?") + schemaText + elicitEnd},
		{name: "not an object", input: "a\n[1]\n", raw: raw, err: "the content is not a JSON object: [1]",
			out: elicitPrompt("Who?") + schemaText + elicitEnd},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			e := NewStdioElicitor(strings.NewReader(c.input), &out, 0)
			ctx := context.Background()
			if c.raw != "" {
				ctx = withRawParams(ctx, json.RawMessage(c.raw))
			}
			res, err := e.Elicit(ctx, &sdk.ElicitRequest{Params: &sdk.ElicitParams{Message: "Who?", RequestedSchema: c.schema}})
			if out.String() != c.out {
				t.Errorf("output\n got %q\nwant %q", out.String(), c.out)
			}
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Action != c.action {
				t.Errorf("action %q", res.Action)
			}
			if c.content == "" {
				if res.Content != nil {
					t.Errorf("content %v", res.Content)
				}
				return
			}
			if got, _ := json.Marshal(res.Content); string(got) != c.content {
				t.Errorf("content %s, want %s", got, c.content)
			}
		})
	}
}

// TestStdioElicitorTimeout: a read that takes longer than the timeout
// fails with AutoGen's TimeoutError (empty text); the line typed later
// answers the next request.
func TestStdioElicitorTimeout(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	var out bytes.Buffer
	e := NewStdioElicitor(pr, &out, 50*time.Millisecond)
	h := &Host{Elicitor: e}
	req := &sdk.ElicitRequest{Params: &sdk.ElicitParams{Message: "Sure?"}}
	_, err := h.HandleElicitRequest(context.Background(), req)
	if code, msg := rpcError(t, err); code != jsonrpc.CodeInternalError || msg != "Elicitation request failed: " {
		t.Errorf("timeout: %d %q", code, msg)
	}
	if _, err := e.Elicit(context.Background(), req); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("timeout error %v", err)
	}
	go pw.Write([]byte("d\n"))
	e.Timeout = 0
	res, err := e.Elicit(context.Background(), req)
	if err != nil || res.Action != "decline" {
		t.Errorf("after a timeout: %+v %v", res, err)
	}
	if want := strings.Repeat(elicitPrompt("Sure?")+elicitEnd, 3); out.String() != want {
		t.Errorf("output %q", out.String())
	}

	// A cancelled request gives up its read too.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Elicit(ctx, req); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestDumpsIndent(t *testing.T) {
	// Written by CPython's json.dumps(json.loads(in), indent=2).
	cases := []struct{ in, want string }{
		{`{"b": {}, "a": [], "é": "ü\u2028😀", "f": [1.0, 1e100, 2.5e-7, -0.0, 10000000000000000.0], "n": null, "t": true, "nested": {"x": [1, {"y": []}]}}`,
			"{\n  \"b\": {},\n  \"a\": [],\n  \"\\u00e9\": \"\\u00fc\\u2028\\ud83d\\ude00\",\n  \"f\": [\n    1.0,\n    1e+100,\n    2.5e-07,\n    -0.0,\n    1e+16\n  ],\n" +
				"  \"n\": null,\n  \"t\": true,\n  \"nested\": {\n    \"x\": [\n      1,\n      {\n        \"y\": []\n      }\n    ]\n  }\n}"},
		{`[]`, `[]`},
		{`"x"`, `"x"`},
		{`12345678901234567890`, `12345678901234567890`},
	}
	for _, c := range cases {
		v := rawValue(t, c.in)
		if got := dumpsIndent(&v); got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestRawParams(t *testing.T) {
	cases := []struct {
		in       string
		marked   bool
		keepMeta map[string]any
	}{
		{`{"message":"m","requestedSchema":{"b":1,"a":2}}`, true, nil},
		{`{"_meta":{"progressToken":3},"message":"m"}`, true, map[string]any{"progressToken": float64(3)}},
		{`{"_meta":null,"message":"m"}`, true, nil},
		{`{"_meta":[1],"message":"m"}`, false, nil},
		{`[1]`, false, nil},
		{`null`, false, nil},
	}
	for _, c := range cases {
		out := markRawParams(json.RawMessage(c.in))
		if !c.marked {
			if string(out) != c.in {
				t.Errorf("%s: marked as %s", c.in, out)
			}
			continue
		}
		var p sdk.ElicitParams
		if err := json.Unmarshal(out, &p); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		raw := takeRawParams(&p.Meta)
		if string(raw) != c.in || p.Message != "m" || !reflect.DeepEqual(map[string]any(p.Meta), c.keepMeta) {
			t.Errorf("%s: raw %s, meta %v", c.in, raw, p.Meta)
		}
	}
}

func TestFileURL(t *testing.T) {
	cases := []struct{ in, want, err string }{
		{"file:///home", "file:///home", ""},
		{"FILE:///tmp/x%20y", "file:///tmp/x%20y", ""},
		{"file:/tmp", "file:///tmp", ""},
		{"file://localhost/etc", "file:///etc", ""},
		{"file://server/share", "file://server/share", ""},
		{"file://server", "file://server/", ""},
		{"https://example.com", "", "URL scheme should be 'file'"},
		{"/home", "", "Input should be a valid URL, relative URL without a base"},
	}
	for _, c := range cases {
		got, err := fileURL(c.in)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: %q %v, want error %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s: %q %v, want %q", c.in, got, err, c.want)
		}
	}
}

// rawValue parses JSON as Python's json.loads.
func rawValue(t *testing.T, in string) pyjson.Value {
	t.Helper()
	v, err := pyjson.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	return v
}
