package openai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
	"github.com/agentschema/agentschema/pkg/tools"
)

// fakeEndpoint stands in for an OpenAI-compatible server: it prints what
// the client sent (the keys of the body) and answers with reply, a
// chat.completion message, or streams chunks of it.
func fakeEndpoint(reply string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var req map[string]json.RawMessage
		_ = json.Unmarshal(body, &req)
		if string(req["stream"]) == "true" {
			w.Header().Set("Content-Type", "text/event-stream")
			for _, word := range strings.SplitAfter(reply, " ") {
				b, _ := json.Marshal(word)
				fmt.Fprintf(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":%s},\"finish_reason\":null}]}\n\n", b)
			}
			fmt.Fprint(w, "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":null}\n\n")
			fmt.Fprint(w, "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":4}}\n\ndata: [DONE]\n\n")
			return
		}
		if rf, ok := req["response_format"]; ok {
			fmt.Println("response_format:", string(rf))
		}
		if t, ok := req["tools"]; ok {
			fmt.Println("tools:", string(t))
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"choices":[{"index":0,"message":%s,"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":4}}`, reply)
	}))
}

func newClient(url string) *openai.OpenAIChatCompletionClient {
	key, base := "sk-example", url
	var retries gen.Int // 0: no retries
	c, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base, MaxRetries: &retries})
	if err != nil {
		panic(err)
	}
	return c
}

func ExampleOpenAIChatCompletionClient_Create() {
	srv := fakeEndpoint(`{"role":"assistant","content":"Paris."}`)
	defer srv.Close()
	client := newClient(srv.URL)
	res, err := client.Create(context.Background(), []gen.LLMMessage{
		models.NewSystemMessage("Answer in one word."),
		models.NewUserText("user", "What is the capital of France?"),
	}, models.CreateOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	// Output:
	// {"finish_reason":"stop","content":"Paris.","usage":{"prompt_tokens":12,"completion_tokens":4},"cached":false,"logprobs":null,"thought":null}
}

func ExampleOpenAIChatCompletionClient_CreateStream() {
	srv := fakeEndpoint("Once upon a time")
	defer srv.Close()
	client := newClient(srv.URL)
	for ev, err := range client.CreateStreamWith(context.Background(),
		[]gen.LLMMessage{models.NewUserText("user", "Tell me a story.")}, models.CreateOptions{},
		openai.Options{IncludeUsage: new(true)}) {
		switch {
		case err != nil:
			fmt.Println(err)
			return
		case ev.IsResult():
			fmt.Printf("\n%s %s+%s\n", ev.Result.FinishReason, ev.Result.Usage.PromptTokens, ev.Result.Usage.CompletionTokens)
		default:
			fmt.Printf("[%s]", ev.Text)
		}
	}
	// Output:
	// [Once ][upon ][a ][time]
	// stop 12+4
}

func ExampleOpenAIChatCompletionClient_Create_tools() {
	type weatherArgs struct {
		City string `json:"city" description:"The city."`
	}
	weather, err := tools.NewFunctionTool("get_weather", "Get the weather of a city.",
		func(ctx context.Context, in weatherArgs) (string, error) { return in.City + ": sunny", nil })
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := fakeEndpoint(`{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\"city\": \"Paris\"}"}}]}`)
	defer srv.Close()
	client := newClient(srv.URL)
	res, err := client.Create(context.Background(), []gen.LLMMessage{models.NewUserText("user", "Weather in Paris?")},
		models.CreateOptions{Tools: []gen.ToolSchema{weather.Schema()}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, call := range res.Content.FunctionCalls {
		fmt.Println(res.FinishReason, call.ID, call.Name, call.Arguments)
	}
	// Output:
	// tools: [{"type":"function","function":{"name":"get_weather","description":"Get the weather of a city.","parameters":{"type":"object","properties":{"city":{"description":"The city.","title":"City","type":"string"}},"required":["city"],"additionalProperties":false},"strict":false}}]
	// function_calls call_1 get_weather {"city": "Paris"}
}

func ExampleOpenAIChatCompletionClient_Create_structuredOutput() {
	type Weather struct {
		City        string  `json:"city"`
		Temperature float64 `json:"temperature"`
		Note        *string `json:"note"`
	}
	srv := fakeEndpoint(`{"role":"assistant","content":"{\"city\": \"Paris\", \"temperature\": 18.5, \"note\": null}"}`)
	defer srv.Close()
	client := newClient(srv.URL)
	res, err := client.Create(context.Background(), []gen.LLMMessage{models.NewUserText("user", "Weather in Paris?")},
		models.CreateOptions{OutputType: reflect.TypeFor[Weather]()})
	if err != nil {
		fmt.Println(err)
		return
	}
	var w Weather
	_ = json.Unmarshal([]byte(res.Content.Text), &w)
	fmt.Println(w.City, w.Temperature)
	// Output:
	// response_format: {"type":"json_schema","json_schema":{"schema":{"properties":{"city":{"title":"City","type":"string"},"temperature":{"title":"Temperature","type":"number"},"note":{"anyOf":[{"type":"string"},{"type":"null"}],"title":"Note"}},"required":["city","temperature","note"],"title":"Weather","type":"object","additionalProperties":false},"name":"Weather","strict":true}}
	// Paris 18.5
}

// A token-limited context for gpt-4o: the client counts tokens offline, as
// AutoGen's does, so the context trims without calling the API.
func Example_tokenLimitedContext() {
	key := "sk-example"
	client, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	mc, err := modelcontext.NewTokenLimited(client, modelcontext.WithTokenLimit(30))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{"Hello", "Tell me about the history of Paris, please.", "Thanks!"} {
		_ = mc.AddMessage(ctx, models.NewUserText("user", text))
	}
	view, err := mc.GetMessages(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _ := client.CountTokens(view)
	for _, m := range view {
		fmt.Println(m.(*gen.UserMessage).Content.Text)
	}
	fmt.Println(n, "tokens")
	// Output:
	// Hello
	// Thanks!
	// 18 tokens
}
