// Command chat talks to any OpenAI-compatible chat-completions endpoint
// (OpenAI, Azure OpenAI, or a local server such as Ollama or vLLM) through
// AutoGen's OpenAI client in Go: it streams the answer, lets the model
// call a tool (the time in a city), and keeps the conversation in a
// token-limited context.
//
// Environment:
//
//	OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL (default gpt-4o-mini)
//	or AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY, AZURE_OPENAI_DEPLOYMENT,
//	   OPENAI_API_VERSION (default 2024-10-21)
//	CHAT_TOKEN_LIMIT: the context's token limit (default 4000)
//
// Each line of standard input is a user message; answers are printed as
// they stream. For a model AutoGen does not know (a local one), the
// client is given a model_info with function calling.
//
//	OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_API_KEY=ollama OPENAI_MODEL=llama3.1 go run ./examples/chat
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
	"github.com/agentschema/agentschema/pkg/tools"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "chat:", err)
		os.Exit(1)
	}
}

type timeArgs struct {
	City string `json:"city" description:"The city, e.g. Paris."`
}

// cityTime is the tool: the time now in one of a few cities.
func cityTime(ctx context.Context, in timeArgs) (string, error) {
	zones := map[string]string{"Paris": "Europe/Paris", "Tokyo": "Asia/Tokyo", "New York": "America/New_York"}
	zone, ok := zones[in.City]
	if !ok {
		return "", fmt.Errorf("unknown city %q", in.City)
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		return "", err
	}
	return now().In(loc).Format("15:04"), nil
}

// now is time.Now, replaced in tests.
var now = time.Now

// newClient builds the client the environment names.
func newClient(getenv func(string) string) (models.ChatCompletionClient, error) {
	str := func(s string) *string {
		if s == "" {
			return nil
		}
		return &s
	}
	model := getenv("OPENAI_MODEL")
	if model == "" {
		model = "gpt-4o-mini"
	}
	var info *gen.ModelInfo
	if _, known := openai.LookupModelInfo(model); !known {
		info = &gen.ModelInfo{FunctionCalling: true, Family: models.FamilyUnknown}
	}
	if endpoint := getenv("AZURE_OPENAI_ENDPOINT"); endpoint != "" {
		version := getenv("OPENAI_API_VERSION")
		if version == "" {
			version = "2024-10-21"
		}
		return openai.NewAzure(gen.AzureOpenAIClientConfigurationConfigModel{
			Model: model, AzureEndpoint: endpoint, APIVersion: version, ModelInfo: info,
			AzureDeployment: str(getenv("AZURE_OPENAI_DEPLOYMENT")), APIKey: str(getenv("AZURE_OPENAI_API_KEY")),
		})
	}
	return openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{
		Model: model, ModelInfo: info, APIKey: str(getenv("OPENAI_API_KEY")), BaseURL: str(getenv("OPENAI_BASE_URL")),
	})
}

func run(ctx context.Context, getenv func(string) string, in io.Reader, out io.Writer) error {
	client, err := newClient(getenv)
	if err != nil {
		return err
	}
	defer client.Close()
	tool, err := tools.NewFunctionTool("city_time", "The local time in a city.", cityTime)
	if err != nil {
		return err
	}
	limit := 4000
	if s := getenv("CHAT_TOKEN_LIMIT"); s != "" {
		if limit, err = strconv.Atoi(s); err != nil {
			return fmt.Errorf("CHAT_TOKEN_LIMIT: %w", err)
		}
	}
	history, err := modelcontext.NewTokenLimited(client, modelcontext.WithTokenLimit(limit),
		modelcontext.WithToolSchema(tool.Schema()),
		modelcontext.WithInitialMessages(models.NewSystemMessage("You are a helpful assistant. Use the tool for the time.")))
	if err != nil {
		return err
	}
	opts := models.CreateOptions{Tools: []gen.ToolSchema{tool.Schema()}}
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		if err := history.AddMessage(ctx, models.NewUserText("user", lines.Text())); err != nil {
			return err
		}
		// Let the model call tools until it answers in text.
		for round := 0; ; round++ {
			msgs, err := history.GetMessages(ctx)
			if err != nil {
				return err
			}
			var result *gen.CreateResult
			for ev, err := range client.CreateStream(ctx, msgs, opts) {
				if err != nil {
					return err
				}
				if ev.IsResult() {
					result = ev.Result
					continue
				}
				fmt.Fprint(out, ev.Text)
			}
			if result == nil {
				return models.ErrNoResult
			}
			if err := history.AddMessage(ctx, models.AssistantMessageOf("assistant", *result)); err != nil {
				return err
			}
			if !result.Content.IsFunctionCalls() || round == 4 {
				fmt.Fprintln(out)
				break
			}
			var results []gen.FunctionExecutionResult
			for _, call := range result.Content.FunctionCalls {
				value, err := tool.RunJSON(ctx, json.RawMessage(call.Arguments), call.ID)
				isErr := err != nil
				text := ""
				if isErr {
					text = err.Error()
				} else {
					text = tool.ReturnValueAsString(value)
				}
				fmt.Fprintf(out, "[%s(%s) -> %s]\n", call.Name, call.Arguments, text)
				results = append(results, models.NewFunctionResult(call.ID, call.Name, text, &isErr))
			}
			if err := history.AddMessage(ctx, models.NewFunctionExecutionResultMessage(results...)); err != nil {
				return err
			}
		}
	}
	return lines.Err()
}
