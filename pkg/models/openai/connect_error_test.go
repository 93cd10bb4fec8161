package openai_test

import (
	"context"
	"errors"
	"net"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// TestConnectionRefused: a server that refuses the connection is
// openai-python's APIConnectionError("Connection error."), as AutoGen
// raises it, for create and for a stream.
func TestConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + l.Addr().String() + "/v1"
	l.Close()
	key, retries := "sk-test", gen.IntOf(0)
	c, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o-mini", APIKey: &key, BaseURL: &base, MaxRetries: &retries})
	if err != nil {
		t.Fatal(err)
	}
	msgs := []gen.LLMMessage{models.NewUserText("user", "Hi")}
	_, err = c.Create(context.Background(), msgs, models.CreateOptions{})
	var e *openai.Error
	if !errors.As(err, &e) || err.Error() != "APIConnectionError: Connection error." {
		t.Errorf("create: %v (%T)", err, err)
	}
	var streamErr error
	for _, err := range c.CreateStream(context.Background(), msgs, models.CreateOptions{}) {
		if err != nil {
			streamErr = err
		}
	}
	if streamErr == nil || streamErr.Error() != "APIConnectionError: Connection error." {
		t.Errorf("stream: %v", streamErr)
	}
}
