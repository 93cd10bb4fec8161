package openai_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// TestRecordedClientCases runs every case of testdata/conformance/clients
// (calls of AutoGen's OpenAIChatCompletionClient or
// AzureOpenAIChatCompletionClient recorded against a fake of the OpenAI
// HTTP API; see the README there) through the library: the client is
// loaded from the case's component config (with the fake server's
// origin), Create or CreateStream runs, and the requests, result, chunks,
// usage and error must be AutoGen's (clientcase.Run).
func TestRecordedClientCases(t *testing.T) {
	clearEnv(t)
	cases := clientcase.LoadClients(t, "../../../testdata/conformance/clients")
	clientcase.RunAll(t, cases, func(t *testing.T, c *clientcase.Case) { clientcase.Run(t, c, openaiProvider) })
}

// openaiProvider is what the OpenAI clients' cases record: the
// OpenAI-Organization header, an API error's status, code, param and type.
var openaiProvider = clientcase.Provider{
	Headers:     []string{"openai-organization"},
	ExceptionOf: pyErrorOf,
	CheckClient: func(t *testing.T, c *clientcase.Case, client models.ChatCompletionClient) {
		switch client.(type) {
		case *openai.OpenAIChatCompletionClient:
			if c.Client == "openai" {
				return
			}
		case *openai.AzureOpenAIChatCompletionClient:
			if c.Client == "azure" {
				return
			}
		}
		t.Fatalf("loaded %T for a %s case", client, c.Client)
	},
	CheckError: func(t *testing.T, want *clientcase.Error, err error) {
		var ae *openai.APIError
		if !errors.As(err, &ae) {
			return
		}
		if want.StatusCode != nil && ae.StatusCode != *want.StatusCode {
			t.Errorf("status %d, want %d", ae.StatusCode, *want.StatusCode)
		}
		if got, w := ae.Code, codeText(want.Code); got != w {
			t.Errorf("code %q, want %q", got, w)
		}
		if got, w := ae.Param, deref(want.Param); got != w {
			t.Errorf("param %q, want %q", got, w)
		}
		if got, w := ae.Type, deref(want.ErrorType); got != w {
			t.Errorf("error type %q, want %q", got, w)
		}
	},
}

// pyErrorOf returns the Python exception class and str() an error of this
// package stands for.
func pyErrorOf(err error) (class, msg string, ok bool) {
	var ae *openai.APIError
	var oe *openai.Error
	var te *openai.TypeError
	var ke *openai.KeyError
	var ve *openai.ValidationError
	switch {
	case errors.As(err, &ae):
		return ae.ExceptionName(), ae.Error(), true
	case errors.As(err, &oe):
		return string(oe.Exception), oe.Message, true
	case errors.As(err, &te):
		return "TypeError", te.Message, true
	case errors.As(err, &ke):
		return "KeyError", strings.TrimPrefix(ke.Error(), "KeyError: "), true
	case errors.As(err, &ve):
		return "ValidationError", ve.Error(), true
	}
	return "", "", false
}

// codeText is an error code as APIError holds it: a string as it is, a
// number as written, null as "".
func codeText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	return string(raw)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
