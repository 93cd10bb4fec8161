package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models/replay"
	"github.com/agentschema/agentschema/pkg/workbench"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// startedWith starts w and stops it when the test ends.
func startedWith(t *testing.T, w *Workbench) *Workbench {
	t.Helper()
	if err := w.Start(context.Background()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	pid := w.childPID()
	t.Cleanup(func() {
		if err := w.Stop(context.Background()); err != nil && !errors.Is(err, ErrNotStarted) {
			t.Errorf("Stop: %v", err)
		}
		if pid != 0 {
			assertGone(t, pid)
		}
	})
	return w
}

// everythingWith starts the reference server with a host.
func everythingWith(t *testing.T, h *Host) *Workbench {
	t.Helper()
	w, err := New(everything(t), nil, &Options{Host: h})
	if err != nil {
		t.Fatal(err)
	}
	return startedWith(t, w)
}

// callText calls a tool and returns the text of its result.
func callText(t *testing.T, w *Workbench, tool, args string) (string, bool) {
	t.Helper()
	r, err := w.CallTool(context.Background(), tool, json.RawMessage(args), "")
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	return workbench.ToText(r, nil), r.IsError
}

// TestEverythingSampling: the server's trigger-sampling-request
// (tools/trigger-sampling-request.js: systemPrompt "You are a helpful test
// server.", one user message "Resource trigger-sampling-request context:
// <prompt>", maxTokens, temperature 0.7) answered by a
// ChatCompletionClientSampler over the replay client.
func TestEverythingSampling(t *testing.T) {
	client := replay.New(replay.Texts("Hello from the model."))
	w := everythingWith(t, &Host{Sampler: NewChatCompletionClientSampler(client)})

	text, isError := callText(t, w, "trigger-sampling-request", `{"prompt": "say hi", "maxTokens": 10}`)
	if isError {
		t.Fatalf("error result %q", text)
	}
	// The server shows the CreateMessageResult it got.
	for _, want := range []string{`"model": "unknown"`, `"stopReason": "endTurn"`, `"role": "assistant"`,
		`"type": "text"`, `"text": "Hello from the model."`} {
		if !strings.Contains(text, want) {
			t.Errorf("result %q lacks %s", text, want)
		}
	}

	calls := client.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls to the model", len(calls))
	}
	got, _ := json.Marshal(calls[0].Messages)
	want := `[{"content":"You are a helpful test server.","type":"SystemMessage"},` +
		`{"content":["Resource trigger-sampling-request context: say hi"],"source":"user","type":"UserMessage"}]`
	if string(got) != want {
		t.Errorf("messages\n got %s\nwant %s", got, want)
	}
	if args := calls[0].Options.ExtraArgs; !reflect.DeepEqual(args, map[string]any{"max_tokens": int64(10), "temperature": 0.7}) {
		t.Errorf("extra create args %#v", args)
	}

	// The replay client has no more answers: the host's INTERNAL_ERROR.
	text, isError = callText(t, w, "trigger-sampling-request", `{"prompt": "again"}`)
	if !isError || !strings.Contains(text, "MCP error -32603: Sampling request failed: No more mock responses available") {
		t.Errorf("exhausted client: %v %q", isError, text)
	}
}

// TestEverythingElicitation: trigger-elicitation-request answered by a Go
// callback and by a StdioElicitor over a reader and a buffer.
func TestEverythingElicitation(t *testing.T) {
	t.Run("callback", func(t *testing.T) {
		var got *sdk.ElicitParams
		var raw json.RawMessage
		h := &Host{Elicitor: ElicitorFunc(func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			got, raw = req.Params, RawParams(ctx)
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"name": "Ada Lovelace", "check": true, "integer": 7}}, nil
		})}
		w := everythingWith(t, h)
		text, isError := callText(t, w, "trigger-elicitation-request", `{}`)
		if isError {
			t.Fatalf("error result %q", text)
		}
		for _, want := range []string{"✅ User provided the requested information!",
			"User inputs:\n- Name: Ada Lovelace\n- Agreed to terms: true\n- Favorite Integer: 7\n",
			`"action": "accept"`} {
			if !strings.Contains(text, want) {
				t.Errorf("result %q lacks %q", text, want)
			}
		}
		// The content is sent as it is: the SDK's defaults are not filled
		// in (AutoGen's session does not validate the answer).
		if strings.Contains(text, "It was a dark and stormy night.") {
			t.Errorf("schema defaults filled in: %q", text)
		}
		if got == nil || got.Message != "Please provide inputs for the following fields:" || got.Meta != nil {
			t.Errorf("params %+v", got)
		}
		if !bytes.Contains(raw, []byte(`"requestedSchema":{"type":"object","properties":{"name":`)) {
			t.Errorf("raw params %s", raw)
		}
	})

	want, err := os.ReadFile("testdata/elicitation_prompt_everything.txt")
	if err != nil {
		t.Fatal(err)
	}
	// Without an accept, the schema is not shown.
	short := banner("=== BEGIN MCP ELICITATION REQUEST ===") +
		"\nPlease provide inputs for the following fields:\nChoices:\n\t[a]ccept\n\t[d]ecline\n\t[c]ancel\nPlease enter one of the above options: " +
		banner("=== END MCP ELICITATION REQUEST ===")
	cases := []struct {
		name, input string
		prompt      string // "": the full prompt of testdata (written by CPython's json.dumps)
		results     []string
		isError     bool
	}{
		{"accept", "a\n" + `{"name": "Grace", "check": false, "number": 2.5}` + "\n", "",
			[]string{"- Name: Grace\n- Agreed to terms: false\n- Favorite Number: 2.5"}, false},
		{"decline", "  Decline \n", short, []string{"❌ User declined to provide the requested information.", `"action": "decline"`}, false},
		{"cancel", "c\n", short, []string{"⚠️ User cancelled the elicitation dialog."}, false},
		{"bad json", "a\nnot json\n", "",
			[]string{"MCP error -32603: Elicitation request failed: Expecting value: line 1 column 1 (char 0)"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			w := everythingWith(t, &Host{Elicitor: NewStdioElicitor(strings.NewReader(c.input), &out, 0)})
			text, isError := callText(t, w, "trigger-elicitation-request", `{}`)
			if isError != c.isError {
				t.Errorf("is_error %v: %q", isError, text)
			}
			for _, r := range c.results {
				if !strings.Contains(text, r) {
					t.Errorf("result %q lacks %q", text, r)
				}
			}
			prompt := c.prompt
			if prompt == "" {
				prompt = string(want)
			}
			if out.String() != prompt {
				t.Errorf("prompt\n got %q\nwant %q", out.String(), prompt)
			}
		})
	}
}

// TestEverythingRoots: get-roots-list (which the server lists because the
// session declares the roots capability) shows the static roots.
func TestEverythingRoots(t *testing.T) {
	w := everythingWith(t, &Host{Roots: NewStaticRootsProvider(
		&sdk.Root{URI: "file:///home", Name: "Home"}, &sdk.Root{URI: "file:///tmp"})})
	text, isError := callText(t, w, "get-roots-list", `{}`)
	want := "Current MCP Roots (2 total):\n\n1. Home\n   URI: file:///home\n\n2. Unnamed Root\n   URI: file:///tmp\n\n"
	if isError || !strings.HasPrefix(text, want) {
		t.Errorf("get-roots-list: %v %q", isError, text)
	}
}

// TestEverythingNoHost: without a host, every request gets AutoGen's
// error for a session without one.
func TestEverythingNoHost(t *testing.T) {
	w := started(t, everything(t), nil)
	cases := []struct{ tool, args, want string }{
		{"trigger-sampling-request", `{"prompt": "hi", "maxTokens": 10}`, "MCP error -32600: No host available for sampling."},
		{"trigger-elicitation-request", `{}`, "MCP error -32600: No host available for elicitation."},
		// The server logs the failure and reports no roots.
		{"get-roots-list", `{}`, "The client supports roots but no roots are currently configured."},
	}
	for _, c := range cases {
		text, _ := callText(t, w, c.tool, c.args)
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: %q, want %q", c.tool, text, c.want)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(w.Stderr(), "MCP error -32600: No host available for listing roots.") {
		if time.Now().After(deadline) {
			t.Errorf("server stderr %q", w.Stderr())
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestEverythingHostFromConfig: the host of an McpWorkbench component
// config (sampler over a replay client, static roots) loaded with the
// workbench, and answering the server.
func TestEverythingHostFromConfig(t *testing.T) {
	p := everything(t).(*gen.StdioServerParams)
	args, _ := json.Marshal(p.Args)
	config := fmt.Sprintf(`{"provider": "autogen_ext.tools.mcp.McpWorkbench", "config": {
		"server_params": {"type": "StdioServerParams", "command": %q, "args": %s, "read_timeout_seconds": 30},
		"host": {"provider": "autogen_ext.tools.mcp.McpSessionHost", "component_type": "mcp_session_host", "config": {
			"sampler": {"provider": "autogen_ext.tools.mcp.ChatCompletionClientSampler", "config": {
				"client_config": {"provider": "autogen_ext.models.replay.ReplayChatCompletionClient",
					"config": {"chat_completions": ["From the config."]}}}},
			"elicitor": null,
			"roots": {"provider": "autogen_ext.tools.mcp.StaticRootsProvider", "config": {
				"roots": [{"uri": "file:///workspace", "name": "Workspace"}]}}}}}}`, p.Command, args)
	v, err := component.Load(context.Background(), []byte(config))
	if err != nil {
		t.Fatal(err)
	}
	w := startedWith(t, v.(*Workbench))
	if text, _ := callText(t, w, "trigger-sampling-request", `{"prompt": "x"}`); !strings.Contains(text, `"text": "From the config."`) {
		t.Errorf("sampling: %q", text)
	}
	if text, _ := callText(t, w, "get-roots-list", `{}`); !strings.Contains(text, "1. Workspace\n   URI: file:///workspace") {
		t.Errorf("roots: %q", text)
	}
	if text, _ := callText(t, w, "trigger-elicitation-request", `{}`); !strings.Contains(text, "MCP error -32600: No elicitor configured for this host") {
		t.Errorf("elicitation: %q", text)
	}
}
