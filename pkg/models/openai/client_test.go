package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// TestCancel: ctx cancels a request that is waiting for its answer, and a
// stream between chunks; the client returns ctx.Err().
func TestCancel(t *testing.T) {
	clearEnv(t)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Mode") == "stream" {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprint(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n")
			w.(http.Flusher).Flush()
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	load := func(mode string) models.ChatCompletionClient {
		cfg := `{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o","api_key":"k","base_url":"` + srv.URL + `","max_retries":0,"default_headers":{"X-Mode":"` + mode + `"}}}`
		c, err := models.LoadClient(context.Background(), []byte(cfg))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	msgs := []gen.LLMMessage{models.NewUserText("user", "hi")}

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := load("create").Create(ctx, msgs, models.CreateOptions{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("create: %v", err)
	}

	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	var chunks []string
	var gotErr error
	for ev, err := range load("stream").CreateStream(ctx2, msgs, models.CreateOptions{}) {
		if err != nil {
			gotErr = err
			break
		}
		chunks = append(chunks, ev.Text)
		cancel2() // cancel after the first chunk
	}
	if len(chunks) != 1 || !errors.Is(gotErr, context.Canceled) {
		t.Errorf("stream: chunks %q, err %v", chunks, gotErr)
	}
}

// TestDump: dump_component writes the config given, the api_key as
// pydantic writes a SecretStr, and the Azure client drops model_info as
// AutoGen's does (its raw config lacks it).
func TestDump(t *testing.T) {
	clearEnv(t)
	tests := []struct{ in, want string }{
		{`{"provider":"openai_chat_completion_client","config":{"model":"gpt-4o","api_key":"sk-secret","temperature":0.5,"seed":null,"model_info":{"vision":true,"function_calling":true,"json_output":true,"family":"gpt-4o","structured_output":true}}}`,
			`{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","component_type":"model","version":1,"component_version":1,"description":"Chat completion client for OpenAI hosted models.","label":"OpenAIChatCompletionClient",
			"config":{"model":"gpt-4o","api_key":"**********","temperature":0.5,"model_info":{"vision":true,"function_calling":true,"json_output":true,"family":"gpt-4o","structured_output":true}}}`},
		{`{"provider":"AzureOpenAIChatCompletionClient","config":{"model":"gpt-4o","azure_endpoint":"https://x.openai.azure.com","api_version":"2024-06-01","api_key":"az-secret","model_info":{"vision":true,"function_calling":true,"json_output":true,"family":"gpt-4o","structured_output":true}}}`,
			`{"provider":"autogen_ext.models.openai.AzureOpenAIChatCompletionClient","component_type":"model","version":1,"component_version":1,"description":"Chat completion client for Azure OpenAI hosted models.","label":"AzureOpenAIChatCompletionClient",
			"config":{"model":"gpt-4o","azure_endpoint":"https://x.openai.azure.com","api_version":"2024-06-01","api_key":"**********"}}`},
	}
	for _, tt := range tests {
		c, err := models.LoadClient(context.Background(), []byte(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		out, err := component.Dump(c.(component.Component))
		if err != nil {
			t.Fatal(err)
		}
		if !clientcase.SameJSON(out, []byte(tt.want)) {
			t.Errorf("dump\n got %s\nwant %s", out, tt.want)
		}
		if strings.Contains(string(out), "secret") {
			t.Errorf("the key shows: %s", out)
		}
	}
}

// TestAPIKeyFromEnvironment: without api_key the key comes from
// OPENAI_API_KEY; without either the client is refused as AutoGen's (the
// openai library's) is.
func TestAPIKeyFromEnvironment(t *testing.T) {
	clearEnv(t)
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}`)
	}))
	defer srv.Close()
	cfg := `{"provider":"OpenAIChatCompletionClient","config":{"model":"gpt-4o","base_url":"` + srv.URL + `"}}`
	_, err := models.LoadClient(context.Background(), []byte(cfg))
	var oe *openai.Error
	if !errors.As(err, &oe) || oe.Exception != "OpenAIError" || !errors.Is(err, openai.OpenAIError) || errors.Is(err, openai.ValueError) {
		t.Fatalf("no key: %v", err)
	}
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	c, err := models.LoadClient(context.Background(), []byte(cfg))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Create(context.Background(), []gen.LLMMessage{models.NewUserText("user", "hi")}, models.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if auth != "Bearer sk-from-env" {
		t.Errorf("Authorization %q", auth)
	}
	// Two requests: ActualUsage and TotalUsage both sum, as AutoGen's do.
	if u := c.TotalUsage(); u != c.ActualUsage() {
		t.Errorf("usage %v %v", u, c.ActualUsage())
	}
	out, _ := component.Dump(c.(component.Component))
	if strings.Contains(string(out), "api_key") {
		t.Errorf("a key from the environment is dumped: %s", out)
	}
}

// FuzzConfig: any config either loads or fails with an error, and a key in
// a credential's place (api_key, a misspelt "apikey", an Authorization
// header) never shows in the error. A key anywhere else (an unknown
// member's value, a member's name) is not a credential, and the error may
// quote it as pydantic's does: such inputs are not checked
// (keyOnlyAsCredential).
func FuzzConfig(f *testing.F) {
	f.Add(`{"model":"gpt-4o","api_key":"sk-fuzz-secret","temperature":1}`)
	f.Add(`{"model":"x","api_key":"sk-fuzz-secret","model_info":{"vision":1}}`)
	f.Add(`{"model":"gpt-4o","api_key":"sk-fuzz-secret","stop":[1],"n":2}`)
	f.Add(`{"apikey":"sk-fuzz-secret"}`)
	f.Add(`{"default_headers":{"Authorization":"Bearer sk-fuzz-secret"}}`)
	f.Add(`{"0000":"sk-fuzz-secret"}`) // the fuzzer's: not a credential
	f.Fuzz(func(t *testing.T, cfg string) {
		_, err := openai.OpenAIFromConfig([]byte(cfg))
		if err != nil && showsKey(err.Error()) && keyOnlyAsCredential(cfg) {
			t.Fatalf("key in error: %v", err)
		}
	})
}

// fuzzKey is FuzzConfig's secret.
const fuzzKey = "sk-fuzz-secret"

// showsKey reports whether s shows fuzzKey or a part of it that pydantic's
// shortened input_value (its first 25 and last 24 characters) would leave.
func showsKey(s string) bool {
	return strings.Contains(s, "sk-fuzz") || strings.Contains(s, "fuzz-secret")
}

// keyOnlyAsCredential reports whether cfg holds fuzzKey only in the value
// of api_key, apikey or default_headers' Authorization: what is left of
// the config, read by encoding/json, once those are deleted, does not
// hold "fuzz". Text encoding/json does not read (Python's NaN, for one)
// is checked only when "fuzz" appears nowhere but in api_key's fuzzKey.
func keyOnlyAsCredential(cfg string) bool {
	var doc map[string]any
	if err := json.Unmarshal([]byte(cfg), &doc); err != nil {
		return strings.Count(cfg, "fuzz") == strings.Count(cfg, `"api_key":"`+fuzzKey+`"`)
	}
	delete(doc, "api_key")
	delete(doc, "apikey")
	if h, ok := doc["default_headers"].(map[string]any); ok {
		delete(h, "Authorization")
	}
	rest, err := json.Marshal(doc)
	return err == nil && !strings.Contains(string(rest), "fuzz")
}

// FuzzOutputSchema: the strict-schema transformation never panics and
// gives JSON.
func FuzzOutputSchema(f *testing.F) {
	f.Add(`{"type":"object","properties":{"a":{"$ref":"#/$defs/A","description":"d"}},"$defs":{"A":{"type":"string"}}}`)
	f.Add(`{"allOf":[{"type":"object"}],"default":null}`)
	f.Add(`{"properties":{"a":{"$ref":"#/nope","x":1}}}`)
	f.Fuzz(func(t *testing.T, schema string) {
		if !json.Valid([]byte(schema)) {
			return
		}
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }))
		defer srv.Close()
		key, base := "k", srv.URL
		var retries gen.Int
		c, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base, MaxRetries: &retries})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = c.CreateWith(context.Background(), []gen.LLMMessage{models.NewUserText("u", "x")}, models.CreateOptions{},
			openai.Options{OutputSchema: &openai.OutputSchema{Name: "S", Schema: json.RawMessage(schema)}})
	})
}
