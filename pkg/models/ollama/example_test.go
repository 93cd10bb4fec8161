package ollama_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// An Ollama client loaded from its AutoGen component config, streaming a
// completion. The server here stands in for a local Ollama.
func Example() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"model": "llama3.2", "message": {"role": "assistant", "content": "Paris"}, "done": false}
{"model": "llama3.2", "message": {"role": "assistant", "content": " it is."}, "done": false}
{"model": "llama3.2", "message": {"role": "assistant", "content": ""}, "done": true, "done_reason": "stop", "prompt_eval_count": 26, "eval_count": 3}
`)
	}))
	defer srv.Close()
	config := `{"provider": "OllamaChatCompletionClient", "config": {"model": "llama3.2", "host": "` + srv.URL + `"}}`
	client, err := models.LoadClient(context.Background(), []byte(config))
	if err != nil {
		fmt.Println(err)
		return
	}
	msgs := []gen.LLMMessage{models.NewUserText("user", "What is the capital of France?")}
	for ev, err := range client.CreateStream(context.Background(), msgs, models.CreateOptions{}) {
		if err != nil {
			fmt.Println(err)
			return
		}
		if ev.IsResult() {
			fmt.Printf("\n%s %q %s+%s tokens\n", ev.Result.FinishReason, ev.Result.Content.Text,
				ev.Result.Usage.PromptTokens, ev.Result.Usage.CompletionTokens)
		} else {
			fmt.Print(ev.Text)
		}
	}
	// Output:
	// Paris it is.
	// stop "Paris it is." 26+3 tokens
}

// A model AutoGen's Ollama table does not know needs a model_info; the
// error is AutoGen's ValueError, word for word.
func ExampleNew() {
	_, err := ollama.New(gen.OllamaClientConfigurationConfigModel{Model: "my-model"})
	class, msg, _ := ollama.ExceptionOf(err)
	fmt.Println(class+":", msg)
	info, _ := ollama.LookupModelInfo("llama3.2:3b")
	fmt.Println(info.FunctionCalling, info.Vision)
	// Output:
	// ValueError: model_info is required when model name is not a valid OpenAI model
	// true false
}
