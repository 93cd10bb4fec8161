package main

import (
	"os"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/clientcase"
)

// runCreateCase runs a recorded client case through 'agentschema create'
// as the README of the cases says: the case's response served on
// 127.0.0.1 (setup, when set, is given its origin before the command
// runs), the config, tools, extra args, output schema and messages
// written to files, the flags from the case (clientcase.CreateArgs). The
// requests sent (headers names the recorded ones), the exit status and
// the output (each chunk, then the CreateResult) or the error on stderr
// ("CLASS: MESSAGE") must be AutoGen's.
func runCreateCase(t *testing.T, c *clientcase.Case, headers []string, setup func(origin string)) {
	srv := clientcase.NewServer(t, c.Response)
	if setup != nil {
		setup(srv.URL)
	}
	code, out, errs := runCmd(t, "", c.CreateArgs(t, srv.URL)...)
	clientcase.CheckRequests(t, c.Wanted(), srv.Requests(), headers)
	if strings.Contains(out+errs, "**********") && (c.Error == nil || !strings.Contains(c.Error.Message, "**********")) {
		t.Errorf("the API key shows: %q %q", out, errs)
	}
	if c.Error != nil {
		if code != exitBad || out != "" && !c.Stream {
			t.Fatalf("exit %d, output %q, stderr %q; want exit 1 for %s: %s", code, out, errs, c.Error.Type, c.Error.Message)
		}
		wantErr := "agentschema create: " + c.Error.Type + ": " + strings.ReplaceAll(c.Error.Message, "{{BASE_URL}}", srv.URL) + "\n"
		if c.StubDependent {
			wantErr = "agentschema create: " + c.Error.Type + ": "
		}
		if !strings.HasPrefix(errs, wantErr) || !c.StubDependent && errs != wantErr {
			t.Errorf("stderr\n got %q\nwant %q", errs, wantErr)
		}
		checkLines(t, out, c.Chunks, nil)
		return
	}
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	checkLines(t, out, c.Chunks, c.Result)
}

// TestCreateAnthropicCases runs every anthropic and bedrock case of
// testdata/conformance/providers through 'agentschema create'
// (runCreateCase); for Bedrock, ANTHROPIC_BEDROCK_BASE_URL points at the
// fake server.
func TestCreateAnthropicCases(t *testing.T) {
	cases := clientcase.LoadProviders(t, "../../testdata/conformance/providers", "anthropic", "bedrock")
	headers := []string{"x-api-key", "anthropic-version", "anthropic-beta", "content-type", "accept", "x-amz-security-token"}
	clientcase.RunAll(t, cases, func(t *testing.T, c *clientcase.Case) {
		for _, kv := range os.Environ() {
			if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "ANTHROPIC_") || strings.HasPrefix(k, "AWS_") {
				t.Setenv(k, "")
				os.Unsetenv(k)
			}
		}
		runCreateCase(t, c, headers, func(origin string) {
			if c.Client == "bedrock" {
				t.Setenv("ANTHROPIC_BEDROCK_BASE_URL", origin)
			}
		})
	})
}

// TestCreateOllamaCases runs every Ollama case of
// testdata/conformance/providers through 'agentschema create'
// (runCreateCase).
func TestCreateOllamaCases(t *testing.T) {
	t.Setenv("OLLAMA_HOST", "")
	cases := clientcase.LoadProviders(t, "../../testdata/conformance/providers", "ollama")
	clientcase.RunAll(t, cases, func(t *testing.T, c *clientcase.Case) {
		runCreateCase(t, c, []string{"accept", "content-type"}, nil)
	})
}
