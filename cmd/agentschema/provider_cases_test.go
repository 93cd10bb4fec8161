package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// providerCallInputs are the inputs of a recorded provider call
// (testdata/conformance/providers): what create is given.
type providerCallInputs struct {
	Config          json.RawMessage   `json:"config"`
	Messages        json.RawMessage   `json:"messages"`
	Tools           []json.RawMessage `json:"tools"`
	ToolChoice      json.RawMessage   `json:"tool_choice"`
	JSONOutput      json.RawMessage   `json:"json_output"`
	ExtraCreateArgs json.RawMessage   `json:"extra_create_args"`
	Stream          bool              `json:"stream"`
}

// providerCreateArgs are create's arguments for a recorded call, its files
// written to a temporary folder and {{BASE_URL}} replaced by origin.
func providerCreateArgs(t *testing.T, c *providerCallInputs, origin string) []string {
	tmp := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	args := []string{"create", "--config", write("client.json", []byte(strings.ReplaceAll(string(c.Config), "{{BASE_URL}}", origin)))}
	if len(c.Tools) > 0 {
		tools, _ := json.Marshal(c.Tools)
		args = append(args, "--tools", write("tools.json", tools))
	}
	var choice any
	if err := json.Unmarshal(c.ToolChoice, &choice); err != nil {
		t.Fatalf("tool_choice: %v", err)
	}
	switch ch := choice.(type) {
	case string:
		if ch != "auto" {
			args = append(args, "--tool-choice", ch)
		}
	case map[string]any:
		args = append(args, "--tool-choice", fmt.Sprint(ch["tool"]))
	}
	switch s := strings.TrimSpace(string(c.JSONOutput)); s {
	case "", "null":
	case "true":
		args = append(args, "--json-output")
	case "false":
		args = append(args, "--json-output=false")
	default:
		var out struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(c.JSONOutput, &out); err != nil {
			t.Fatalf("json_output: %v", err)
		}
		args = append(args, "--output-schema", out.Name+"="+write("schema.json", out.Schema))
	}
	if s := strings.TrimSpace(string(c.ExtraCreateArgs)); s != "" && s != "{}" {
		args = append(args, "--extra-args", write("args.json", c.ExtraCreateArgs))
	}
	if c.Stream {
		args = append(args, "--stream")
	}
	return append(args, write("messages.json", c.Messages))
}
