package all_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/validate"
)

// TestEveryRunnableProviderValidated walks the runnable registry (what
// `run` and component.Load build with this package imported): validate
// must know each provider and have its config's schema, so that
// `validate --strict` checks every tree `run` accepts instead of naming a
// provider as unknown.
func TestEveryRunnableProviderValidated(t *testing.T) {
	providers := component.Default.Providers()
	if len(providers) < 40 {
		t.Fatalf("only %d providers registered", len(providers))
	}
	for _, p := range providers {
		info, ok := component.LookupProvider(p)
		if !ok {
			t.Errorf("%s: run builds it, but validate does not know it (add it to pkg/component/providers.go with a config schema in schemas/)", p)
			continue
		}
		var ut *validate.UnknownTypeError
		if err := (&validate.Validator{}).Validate(info.Config, []byte(`{}`)); errors.As(err, &ut) {
			t.Errorf("%s: validate has no schema %q for its config", p, info.Config)
		}
		for _, mode := range []validate.Mode{validate.ModeSchema, validate.ModeAutoGen} {
			err := (&validate.Validator{Mode: mode, Strict: true}).ValidateComponent([]byte(`{"provider":"` + p + `","config":{}}`))
			var fs agentschema.Faults
			errors.As(err, &fs)
			for _, f := range fs {
				if f.Type == validate.TypeUnknownProvider {
					t.Errorf("%s (%s): %s", p, mode, f.Message)
				}
			}
		}
	}
}

// recordedConfigs are the dumped components of the runtime conformance
// cases (written by AutoGen 0.7.5's dump_component(); HttpTools among
// them), with the placeholders of their endpoints filled in.
func recordedConfigs(t *testing.T) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "conformance", "runtime", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no runtime cases: %v", err)
	}
	fill := strings.NewReplacer(`"{{TOOL_PORT}}"`, "8080", "{{TOOL_HOST}}", "127.0.0.1", "{{BASE_URL}}", "http://127.0.0.1:1")
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Config json.RawMessage `json:"config"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)] = []byte(fill.Replace(string(c.Config)))
	}
	return out
}

// TestValidateStrictRecordedConfigs: every component AutoGen dumped for
// the runtime cases, HttpTools included, passes `validate --strict` in
// both modes.
func TestValidateStrictRecordedConfigs(t *testing.T) {
	httpTools := 0
	for name, data := range recordedConfigs(t) {
		httpTools += strings.Count(string(data), `"autogen_ext.tools.http.HttpTool"`)
		for _, mode := range []validate.Mode{validate.ModeSchema, validate.ModeAutoGen} {
			if err := (&validate.Validator{Mode: mode, Strict: true}).ValidateComponent(data); err != nil {
				t.Errorf("%s (%s): %v", name, mode, err)
			}
		}
	}
	if httpTools < 10 {
		t.Errorf("%d HttpTools in the recorded configs, want at least 10", httpTools)
	}
}

// httpToolComponent is an HttpTool as AutoGen dumps it (the runtime case
// assistant/a026_tool_headers, its port filled in).
const httpToolComponent = `{"provider": "autogen_ext.tools.http.HttpTool", "component_type": "tool", "version": 1, "component_version": 1,
 "description": "A wrapper for using an HTTP server as a tool.", "label": "HttpTool",
 "config": {"name": "whoami", "description": "Who am I.", "scheme": "http", "host": "127.0.0.1", "port": 8080, "path": "/me",
  "method": "GET", "headers": {"X-Trace": "t1"}, "json_schema": {"type": "object", "properties": {"verbose": {"type": "string"}}, "required": ["verbose"]},
  "return_type": "text", "timeout": 5.0}}`

// mcpHostWorkbench is an McpWorkbench with a host of the three parts, as
// AutoGen's dump_component() writes them.
const mcpHostWorkbench = `{"provider": "autogen_ext.tools.mcp.McpWorkbench", "component_type": "workbench", "version": 1, "component_version": 1,
 "config": {"server_params": {"type": "StdioServerParams", "command": "mcp-server", "args": [], "env": null, "read_timeout_seconds": 5.0},
  "tool_overrides": {},
  "host": {"provider": "autogen_ext.tools.mcp.McpSessionHost", "component_type": "mcp_session_host", "version": 1, "component_version": 1,
   "description": "Host component that provides MCP server capabilities.", "label": "McpSessionHost", "config": {
   "sampler": {"provider": "autogen_ext.tools.mcp.ChatCompletionClientSampler", "component_type": "mcp_sampler", "version": 1, "component_version": 1,
    "label": "ChatCompletionClientSampler", "config": {"client_config": {"provider": "autogen_ext.models.openai.OpenAIChatCompletionClient",
     "component_type": "model", "version": 1, "component_version": 1, "config": {"model": "gpt-4o"}}}},
   "elicitor": {"provider": "autogen_ext.tools.mcp.StdioElicitor", "component_type": "mcp_elicitor", "version": 1, "component_version": 1,
    "description": "Handle MCP elicitation requests by reading/writing to stdio", "label": "StdioElicitor", "config": {"timeout": 2.5}},
   "roots": {"provider": "autogen_ext.tools.mcp.StaticRootsProvider", "component_type": "mcp_roots_provider", "version": 1, "component_version": 1,
    "label": "StaticRootsProvider", "config": {"roots": [{"uri": "file:///home", "name": "Home"}, {"uri": "file:///tmp"}]}}}}}}`

// studioTeam is examples/studio/team.json with the HttpTool added to its
// agent's workbench and the MCP workbench as a second one, after edit
// changes the tool's and the workbench's config (decoded as maps).
func studioTeam(t *testing.T, edit func(tool, wb map[string]any)) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "studio", "team.json"))
	if err != nil {
		t.Fatal(err)
	}
	var team, tool, wb map[string]any
	for _, x := range []struct {
		s string
		v *map[string]any
	}{{string(data), &team}, {httpToolComponent, &tool}, {mcpHostWorkbench, &wb}} {
		if err := json.Unmarshal([]byte(x.s), x.v); err != nil {
			t.Fatal(err)
		}
	}
	if edit != nil {
		edit(tool["config"].(map[string]any), wb["config"].(map[string]any))
	}
	agent := team["config"].(map[string]any)["participants"].([]any)[0].(map[string]any)["config"].(map[string]any)
	static := agent["workbench"].([]any)[0].(map[string]any)["config"].(map[string]any)
	static["tools"] = append(static["tools"].([]any), tool)
	agent["workbench"] = append(agent["workbench"].([]any), wb)
	out, err := json.Marshal(team)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// hostPart returns the config of the host's part (sampler, elicitor,
// roots) in an McpWorkbench config.
func hostPart(wb map[string]any, part string) map[string]any {
	return wb["host"].(map[string]any)["config"].(map[string]any)[part].(map[string]any)["config"].(map[string]any)
}

// TestValidateStrictHttpToolAndMcpHost: a Studio team whose agent has an
// HttpTool and an MCP workbench with a host of the three parts passes
// `validate --strict` in both modes; a bad member of each is refused at
// its JSON pointer with the type expected there (pydantic's message in
// the autogen mode), and a part of the wrong component type as AutoGen's
// load_component refuses it.
func TestValidateStrictHttpToolAndMcpHost(t *testing.T) {
	const tool, wb = "/config/participants/0/config/workbench/0/config/tools/1/config", "/config/participants/0/config/workbench/1/config"
	const typeMismatch = "autogen_ext.tools.http.HttpTool is a tool component, but client_config takes a model or a replay_chat_completion_client (AutoGen: Expected type does not match)"
	tests := []struct {
		name            string
		edit            func(tool, wb map[string]any)
		pointer         string
		schema, autogen string // the fault's message in each mode ("": none)
	}{
		{"valid", nil, "", "", ""},
		{"HttpTool port", func(tl, _ map[string]any) { tl["port"] = "eighty" },
			tool + "/port", `expected integer, got string "eighty"`, "Input should be a valid integer, unable to parse string as an integer"},
		{"HttpTool method", func(tl, _ map[string]any) { tl["method"] = "FETCH" },
			tool + "/method", `expected one of "GET", "POST", "PUT", "DELETE", "PATCH", got "FETCH"`, "Input should be 'GET', 'POST', 'PUT', 'DELETE' or 'PATCH'"},
		{"HttpTool json_schema", func(tl, _ map[string]any) { delete(tl, "json_schema") },
			tool + "/json_schema", `missing required property "json_schema"`, "Field required"},
		{"elicitor timeout", func(_, w map[string]any) { hostPart(w, "elicitor")["timeout"] = "soon" },
			wb + "/host/config/elicitor/config/timeout", `expected number or null, got string "soon"`, "Input should be a valid number, unable to parse string as a number"},
		{"root uri", func(_, w map[string]any) { hostPart(w, "roots")["roots"].([]any)[1].(map[string]any)["uri"] = 5 },
			wb + "/host/config/roots/config/roots/1/uri", "expected string, got number 5", "Input should be a valid string"},
		{"sampler client", func(_, w map[string]any) {
			hostPart(w, "sampler")["client_config"].(map[string]any)["config"].(map[string]any)["model"] = 4
		}, wb + "/host/config/sampler/config/client_config/config/model", "expected string, got number 4", "Input should be a valid string"},
		{"sampler client of another type", func(_, w map[string]any) {
			var tl map[string]any
			_ = json.Unmarshal([]byte(httpToolComponent), &tl)
			hostPart(w, "sampler")["client_config"] = tl
		}, wb + "/host/config/sampler/config/client_config/provider", typeMismatch, typeMismatch},
		// AutoGen requires each part and the timeout, but its own dumps
		// leave the None ones out; run (and the schemas) read them as
		// None, the autogen mode reports what AutoGen would.
		{"host without elicitor", func(_, w map[string]any) { delete(w["host"].(map[string]any)["config"].(map[string]any), "elicitor") },
			wb + "/host/config/elicitor", "", "Field required"},
		{"elicitor without timeout", func(_, w map[string]any) { delete(hostPart(w, "elicitor"), "timeout") },
			wb + "/host/config/elicitor/config/timeout", "", "Field required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := studioTeam(t, tc.edit)
			for _, mode := range []validate.Mode{validate.ModeSchema, validate.ModeAutoGen} {
				err := (&validate.Validator{Mode: mode, Strict: true}).ValidateComponent(data)
				want := tc.schema
				if mode == validate.ModeAutoGen {
					want = tc.autogen
				}
				if want == "" {
					if err != nil {
						t.Errorf("%s: %v", mode, err)
					}
					continue
				}
				var fs agentschema.Faults
				if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Pointer != tc.pointer || fs[0].Message != want {
					t.Errorf("%s: %v\nwant one fault at %s: %s", mode, err, tc.pointer, want)
				}
			}
		})
	}
}
