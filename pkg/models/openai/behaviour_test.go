package openai_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// TestClientBehaviour covers what the recorded cases do not show, each
// expected value written from AutoGen's source (autogen-ext 0.7.5
// _openai_client.py), openai-python 1.93's (_client.py, _streaming.py,
// _exceptions.py, lib/_parsing, lib/streaming/chat) or CPython 3.11's
// wording, as the comment of each row says.
func TestClientBehaviour(t *testing.T) {
	clearEnv(t)
	const completion = `{"id":"x","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}`
	chunk := func(delta, finish string) string {
		if finish == "" {
			finish = "null"
		}
		return `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}` + "\n\n"
	}
	hiResult := `{"finish_reason":"stop","content":"hi","usage":{"prompt_tokens":3,"completion_tokens":1},"cached":false,"logprobs":null,"thought":null}`
	rows := []behaviourRow{
		// openai-python AzureOpenAI: the key as api-key (_prepare_options)
		// and as "Authorization: Bearer" (OpenAI.auth_headers).
		{name: "azure key", azure: true, config: `"api_key":"k-1"`, body: completion, wantSent: true, wantResult: hiResult,
			wantHeaders: map[string]string{"Authorization": "Bearer k-1", "Api-Key": "k-1"}},
		// With an AD token, Authorization is the token and no api-key
		// header is set, even with a key.
		{name: "azure key and ad token", azure: true, config: `"api_key":"k-1","azure_ad_token":"ad-2"`, body: completion, wantSent: true, wantResult: hiResult,
			wantHeaders: map[string]string{"Authorization": "Bearer ad-2", "Api-Key": ""}},
		// create(messages=..., stream=False, tools=..., **create_args):
		// CPython's "got multiple values for keyword argument".
		{name: "extra messages", extra: `{"messages":[]}`, wantClass: "TypeError",
			wantMessage: "openai.resources.chat.completions.completions.AsyncCompletions.create() got multiple values for keyword argument 'messages'"},
		{name: "extra tools stream", extra: `{"tools":[]}`, stream: true, wantClass: "TypeError",
			wantMessage: "openai.resources.chat.completions.completions.AsyncCompletions.create() got multiple values for keyword argument 'tools'"},
		// parse() and stream() take no stream argument.
		{name: "structured extra stream", extra: `{"stream":true}`, schema: true, wantClass: "TypeError",
			wantMessage: "AsyncCompletions.parse() got an unexpected keyword argument 'stream'"},
		{name: "structured stream extra stream", extra: `{"stream":true}`, schema: true, stream: true, wantClass: "TypeError",
			wantMessage: "AsyncCompletions.stream() got an unexpected keyword argument 'stream'"},
		{name: "structured extra tools", extra: `{"tools":[]}`, schema: true, wantClass: "TypeError",
			wantMessage: "openai.resources.chat.completions.completions.AsyncCompletions.parse() got multiple values for keyword argument 'tools'"},
		// A usage count that is null (or missing: the openai library
		// constructs it as None) fails in _add_usage: 0 + None.
		{name: "usage null", body: strings.Replace(completion, `"prompt_tokens":3`, `"prompt_tokens":null`, 1), wantSent: true,
			wantClass: "TypeError", wantMessage: "unsupported operand type(s) for +: 'int' and 'NoneType'"},
		{name: "usage missing", body: strings.Replace(completion, `"completion_tokens":1,`, ``, 1), wantSent: true,
			wantClass: "TypeError", wantMessage: "unsupported operand type(s) for +: 'int' and 'NoneType'"},
		{name: "stream usage null", stream: true, contentType: "text/event-stream", wantSent: true,
			body:       chunk(`{"content":"a"}`, `"stop"`) + `data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[],"usage":{"prompt_tokens":2,"completion_tokens":null}}` + "\n\ndata: [DONE]\n\n",
			wantChunks: []string{"a"}, wantClass: "TypeError", wantMessage: "unsupported operand type(s) for +: 'int' and 'NoneType'"},
		// A body that is not JSON under another content type is returned
		// as text by the openai library; AutoGen reads result.usage.
		{name: "text body", contentType: "text/plain", body: "oops", wantSent: true,
			wantClass: "AttributeError", wantMessage: "'str' object has no attribute 'usage'"},
		// An "error" event with an error object is an APIError; an error
		// that is falsy ({}) is not, and the chunk has no choices.
		{name: "named error event", stream: true, contentType: "text/event-stream", wantSent: true,
			body:       chunk(`{"content":"a"}`, "") + "event: error\ndata: {\"error\": {\"message\": \"boom\", \"code\": \"x1\"}}\n\n",
			wantChunks: []string{"a"}, wantClass: "APIError", wantMessage: "boom"},
		{name: "falsy error", stream: true, contentType: "text/event-stream", wantSent: true,
			body:      "data: {\"error\": {}}\n\n",
			wantClass: "TypeError", wantMessage: "object of type 'NoneType' has no len()"},
		// Comments and retry lines alone dispatch nothing before an id.
		{name: "comment lines", stream: true, contentType: "text/event-stream", wantSent: true,
			body:       ": keep-alive\n\n" + chunk(`{"content":"a"}`, `"stop"`) + "retry: 5\n" + "data: [DONE]\n\n",
			wantChunks: []string{"a"}, wantResult: `{"finish_reason":"stop","content":"a","usage":{"prompt_tokens":0,"completion_tokens":0},"cached":false,"logprobs":null,"thought":null}`},
		// Structured stream: finish_reason length after the first chunk
		// is LengthFinishReasonError (the snapshot has no usage yet).
		{name: "structured stream length", schema: true, stream: true, contentType: "text/event-stream", wantSent: true,
			body:       chunk(`{"role":"assistant","content":""}`, "") + chunk(`{"content":"{\"a\": 1"}`, "") + chunk(`{}`, `"length"`) + "data: [DONE]\n\n",
			wantChunks: []string{`{"a": 1`}, wantClass: "LengthFinishReasonError", wantMessage: "Could not parse response content as the length limit was reached"},
		// The content is parsed partially as it grows: text that cannot
		// become JSON fails with jiter's ValueError before its chunk is
		// yielded.
		{name: "structured stream not json", schema: true, stream: true, contentType: "text/event-stream", wantSent: true,
			body:       chunk(`{"content":""}`, "") + chunk(`{"content":"Hello"}`, "") + "data: [DONE]\n\n",
			wantChunks: nil, wantClass: "ValueError", wantMessage: "expected value at line 1 column 1"},
		// The first chunk is not checked for length; its content is
		// validated when it finishes.
		{name: "structured stream one chunk", schema: true, stream: true, contentType: "text/event-stream", wantSent: true,
			body:      chunk(`{"content":"{\"a\": \"x\"}"}`, `"length"`) + "data: [DONE]\n\n",
			wantClass: "ValidationError",
			wantMessage: "1 validation error for Answer\na\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n" +
				"    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { runBehaviourRow(t, r) })
	}
}

// answerSchema is the structured output schema of TestClientBehaviour's
// rows with schema set: pydantic's for class Answer(BaseModel): a: int.
const answerSchema = `{"properties":{"a":{"title":"A","type":"integer"}},"required":["a"],"title":"Answer","type":"object"}`

// behaviourRow is one row of TestClientBehaviour.
type behaviourRow struct {
	name        string
	azure       bool
	config      string // the client config's members besides model, max_retries and the endpoint
	extra       string // extra_create_args
	schema      bool   // structured output with answerSchema
	stream      bool
	contentType string
	body        string
	wantHeaders map[string]string // exact values; "" means absent
	wantSent    bool
	wantChunks  []string
	wantResult  string
	wantClass   string
	wantMessage string
}

// runBehaviourRow runs one row of TestClientBehaviour: a client loaded
// against a server that answers r.body, one create (or stream) call, and
// the checks of the request sent, the chunks, and the result or error.
func runBehaviourRow(t *testing.T, r behaviourRow) {
	resp := clientcase.Response{Status: 200, ContentType: r.contentType, Body: r.body}
	if resp.ContentType == "" {
		resp.ContentType = "application/json"
	}
	srv := clientcase.NewServer(t, resp)
	provider, endpoint := openai.OpenAIProvider, `"base_url":"`+srv.URL+`/v1"`
	if r.azure {
		provider, endpoint = openai.AzureProvider, `"azure_endpoint":"`+srv.URL+`","azure_deployment":"dep","api_version":"2024-06-01"`
	}
	cfg := `{"provider":"` + provider + `","config":{"model":"gpt-4o","max_retries":0,` + endpoint
	if r.config != "" {
		cfg += "," + r.config
	} else {
		cfg += `,"api_key":"sk-x"`
	}
	cfg += "}}"
	client, err := models.LoadClient(context.Background(), []byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	opts := models.CreateOptions{}
	if r.extra != "" {
		if err := json.Unmarshal([]byte(r.extra), &opts.ExtraArgs); err != nil {
			t.Fatal(err)
		}
	}
	var more openai.Options
	if r.schema {
		more.OutputSchema = &openai.OutputSchema{Name: "Answer", Schema: json.RawMessage(answerSchema)}
	}
	msgs := []gen.LLMMessage{models.NewUserText("user", "hi")}
	var chunks []string
	var result gen.CreateResult
	switch cl := client.(type) {
	case *openai.OpenAIChatCompletionClient:
		if r.stream {
			chunks, result, err = models.CollectStream(cl.CreateStreamWith(context.Background(), msgs, opts, more))
		} else {
			result, err = cl.CreateWith(context.Background(), msgs, opts, more)
		}
	case *openai.AzureOpenAIChatCompletionClient:
		if r.stream {
			chunks, result, err = models.CollectStream(cl.CreateStreamWith(context.Background(), msgs, opts, more))
		} else {
			result, err = cl.CreateWith(context.Background(), msgs, opts, more)
		}
	}
	sent := srv.Requests()
	if (len(sent) > 0) != r.wantSent {
		t.Errorf("%d requests sent", len(sent))
	}
	for k, v := range r.wantHeaders {
		if len(sent) > 0 && sent[0].Header.Get(k) != v {
			t.Errorf("header %s = %q, want %q", k, sent[0].Header.Get(k), v)
		}
	}
	if !(len(chunks) == 0 && len(r.wantChunks) == 0) && !reflect.DeepEqual(chunks, r.wantChunks) {
		t.Errorf("chunks %q, want %q", chunks, r.wantChunks)
	}
	if r.wantClass != "" {
		class, msg, ok := pyErrorOf(err)
		if !ok || class != r.wantClass || msg != r.wantMessage {
			t.Errorf("error %T %v\n got %s: %q\nwant %s: %q", err, err, class, msg, r.wantClass, r.wantMessage)
		}
		if c2, m2, ok2 := openai.ExceptionOf(err); !ok2 || c2 != class || m2 != msg {
			t.Errorf("ExceptionOf: %s %q %v", c2, m2, ok2)
		}
		return
	}
	if err != nil {
		t.Fatalf("error %T: %v", err, err)
	}
	got, _ := gen.Marshal(&result)
	if !clientcase.SameJSON(got, []byte(r.wantResult)) {
		t.Errorf("result %s, want %s", got, r.wantResult)
	}
}

// TestStrictSchemaRequired: the openai library's strict form writes
// required for every schema with properties, [] when there are none, in
// $defs too; a schema without properties gets no required.
func TestStrictSchemaRequired(t *testing.T) {
	clearEnv(t)
	srv := clientcase.NewServer(t, clientcase.Response{Status: 200, ContentType: "application/json", Body: `{"id":"x","object":"chat.completion","created":1,"model":"gpt-4o","choices":[{"index":0,"message":{"role":"assistant","content":"{\"e\": {}, \"m\": {}}"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4}}`})
	client, err := openai.OpenAIFromConfig([]byte(`{"model":"gpt-4o","api_key":"sk-x","max_retries":0,"base_url":"` + srv.URL + `"}`))
	if err != nil {
		t.Fatal(err)
	}
	schema := `{"$defs":{"Empty":{"properties":{},"title":"Empty","type":"object"},"Map":{"additionalProperties":{"type":"integer"},"type":"object"}},` +
		`"properties":{"e":{"$ref":"#/$defs/Empty"},"m":{"$ref":"#/$defs/Map"}},"title":"Outer","type":"object"}`
	want := `{"$defs":{"Empty":{"properties":{},"title":"Empty","type":"object","additionalProperties":false,"required":[]},"Map":{"additionalProperties":{"type":"integer"},"type":"object"}},` +
		`"properties":{"e":{"$ref":"#/$defs/Empty"},"m":{"$ref":"#/$defs/Map"}},"title":"Outer","type":"object","additionalProperties":false,"required":["e","m"]}`
	_, err = client.CreateWith(context.Background(), []gen.LLMMessage{models.NewUserText("user", "hi")}, models.CreateOptions{},
		openai.Options{OutputSchema: &openai.OutputSchema{Name: "Outer", Schema: json.RawMessage(schema)}})
	if err != nil {
		t.Fatal(err)
	}
	sent := srv.Requests()
	if len(sent) != 1 {
		t.Fatalf("%d requests", len(sent))
	}
	var body struct {
		ResponseFormat struct {
			JSONSchema struct {
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(sent[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	if !clientcase.SameJSON(body.ResponseFormat.JSONSchema.Schema, []byte(want)) {
		t.Errorf("schema\n got %s\nwant %s", body.ResponseFormat.JSONSchema.Schema, want)
	}
	if !strings.Contains(string(sent[0].Body), `"strict":true`) {
		t.Errorf("body %s", sent[0].Body)
	}
}

// TestConfigValidationError: a config the config model refuses is
// pydantic's ValidationError, and the credentials do not show in it, not
// even in the input values it quotes (where pydantic would quote them,
// they are "**********"). The texts are pydantic 2.13's for the masked
// inputs.
func TestConfigValidationError(t *testing.T) {
	clearEnv(t)
	for _, c := range []struct {
		name, config, want string
	}{
		{"openai", `{"api_key":"sk-secret-1234","max_retries":0}`,
			"1 validation error for OpenAIClientConfigurationConfigModel\nmodel\n  Field required [type=missing, input_value={'api_key': '**********', 'max_retries': 0}, input_type=dict]\n" +
				"    For further information visit https://errors.pydantic.dev/2.13/v/missing"},
		{"azure", `{"model":"gpt-4o","azure_ad_token":"ad-secret-1234","api_version":"2024-06-01"}`,
			"1 validation error for AzureOpenAIClientConfigurationConfigModel\nazure_endpoint\n  Field required [type=missing, input_value={'model': 'gpt-4o', 'azur..._version': '2024-06-01'}, input_type=dict]\n" +
				"    For further information visit https://errors.pydantic.dev/2.13/v/missing"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.name == "azure" {
				_, err = openai.AzureFromConfig([]byte(c.config))
			} else {
				_, err = openai.OpenAIFromConfig([]byte(c.config))
			}
			class, msg, ok := openai.ExceptionOf(err)
			if !ok || class != "ValidationError" || msg != c.want {
				t.Errorf("%T %v\n got %s: %q\nwant ValidationError: %q", err, err, class, msg, c.want)
			}
			if strings.Contains(err.Error(), "secret") {
				t.Errorf("the key shows: %v", err)
			}
		})
	}
}
