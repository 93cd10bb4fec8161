package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/agentschema/agentschema/internal/runtimecase"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
)

// TestCodeExecutorRetryFlows runs the retry flows of
// runtime_code/retry_flows_direct.json (a CodeExecutorAgent built in
// Python with max_retries_on_error, which no config can give) with the
// agent built in Go the same way, against the scripted model endpoint,
// and compares what it yields and the requests the model got as the
// cases are compared.
func TestCodeExecutorRetryFlows(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH")
	}
	b, err := os.ReadFile(filepath.Join(runtimeCodeCasesDir, "retry_flows_direct.json"))
	if err != nil {
		t.Skip(err)
	}
	var doc struct {
		Flows map[string]struct {
			ModelScript   []runtimecase.ScriptEntry  `json:"model_script"`
			Stdout        []any                      `json:"stdout"`
			ModelRequests []runtimecase.ModelRequest `json:"model_requests"`
		} `json:"flows"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	retries := regexp.MustCompile(`max_retries_on_error=(\d+)`)
	for name, f := range doc.Flows {
		t.Run(name, func(t *testing.T) {
			n, _ := strconv.Atoi(retries.FindStringSubmatch(name)[1])
			srv, err := runtimecase.NewModelServer(f.ModelScript)
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			ctx := context.Background()
			client, err := component.LoadAs[models.ChatCompletionClient](ctx, []byte(`{"provider": "OpenAIChatCompletionClient",
				"config": {"model": "gpt-4o", "api_key": "x", "max_retries": 0, "base_url": "`+srv.URL()+`/v1"}}`))
			if err != nil {
				t.Fatal(err)
			}
			dir, _ := filepath.EvalSymlinks(t.TempDir())
			executor, err := local.New(local.Options{WorkDir: dir, Warnings: io.Discard})
			if err != nil {
				t.Fatal(err)
			}
			agent, err := agents.NewCodeExecutorAgent("executor", executor,
				agents.CodeExecutorOptions{ModelClient: client, MaxRetriesOnError: n})
			if err != nil {
				t.Fatal(err)
			}
			defer agent.Close(ctx)
			var out bytes.Buffer
			for item, err := range agent.RunStream(ctx, agentchat.TextTask("Print something.")) {
				if err != nil {
					t.Fatal(err)
				}
				line, err := json.Marshal(item)
				if err != nil {
					t.Fatal(err)
				}
				out.Write(append(line, '\n'))
			}
			srv.Close()
			got := &runtimecase.Outcome{Stdout: out.Bytes(), State: []byte(`{"type":"BaseState","version":"1.0.0"}`),
				ModelRequests: srv.Requests()}
			want := &runtimecase.Expect{Stdout: f.Stdout, ModelRequests: f.ModelRequests,
				State: map[string]any{"type": "BaseState", "version": "1.0.0"}}
			for _, msg := range runtimecase.Compare(want, got, runtimecase.Placeholders{BaseURL: srv.URL(), WorkDir: dir}) {
				t.Error(msg)
			}
		})
	}
}
