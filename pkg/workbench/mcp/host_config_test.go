package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models/replay"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// hostConfig is an McpSessionHost component with the three parts, as
// AutoGen's dump_component() writes it.
const hostConfig = `{"provider":"autogen_ext.tools.mcp.McpSessionHost","component_type":"mcp_session_host","version":1,"component_version":1,` +
	`"description":"Host component that provides MCP server capabilities.","label":"McpSessionHost","config":{` +
	`"sampler":{"provider":"autogen_ext.tools.mcp.ChatCompletionClientSampler","component_type":"mcp_sampler","version":1,"component_version":1,` +
	`"label":"ChatCompletionClientSampler","config":{"client_config":{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient",` +
	`"component_type":"replay_chat_completion_client","version":1,"component_version":1,` +
	`"description":"A mock chat completion client that replays predefined responses using an index-based approach.",` +
	`"label":"ReplayChatCompletionClient","config":{"chat_completions":["hi"],"model_info":{"vision":false,"function_calling":false,` +
	`"json_output":false,"family":"unknown","structured_output":false}}}}},` +
	`"elicitor":{"provider":"autogen_ext.tools.mcp.StdioElicitor","component_type":"mcp_elicitor","version":1,"component_version":1,` +
	`"description":"Handle MCP elicitation requests by reading/writing to stdio","label":"StdioElicitor","config":{"timeout":2.5}},` +
	`"roots":{"provider":"autogen_ext.tools.mcp.StaticRootsProvider","component_type":"mcp_roots_provider","version":1,"component_version":1,` +
	`"label":"StaticRootsProvider","config":{"roots":[{"uri":"file:///home","name":"Home"},{"uri":"file:///tmp"}]}}}}`

func TestLoadHost(t *testing.T) {
	ctx := context.Background()
	h, err := LoadHost(ctx, []byte(hostConfig))
	if err != nil {
		t.Fatal(err)
	}
	s, ok := h.Sampler.(*ChatCompletionClientSampler)
	if !ok {
		t.Fatalf("sampler %T", h.Sampler)
	}
	if _, ok := s.Client.(*replay.Client); !ok {
		t.Errorf("client %T", s.Client)
	}
	if e, ok := h.Elicitor.(*StdioElicitor); !ok || e.Timeout != 2500*time.Millisecond || e.In != nil || e.Out != nil {
		t.Errorf("elicitor %+v", h.Elicitor)
	}
	r, err := h.HandleListRootsRequest(ctx)
	if err != nil || len(r.Roots) != 2 || r.Roots[0].Name != "Home" || r.Roots[1].URI != "file:///tmp" {
		t.Errorf("roots %+v %v", r, err)
	}
	// The dump is the config.
	m, err := h.ComponentModel()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := m.MarshalJSON(); string(got) != hostConfig {
		t.Errorf("dump\n got %s\nwant %s", got, hostConfig)
	}

	// The private module paths load too; null and {} are no part, and a
	// missing member is taken as null.
	for _, cfg := range []string{
		`{"provider":"autogen_ext.tools.mcp._host._session_host.McpSessionHost","config":{"sampler":null,"elicitor":{},"roots":null}}`,
		`{"provider":"autogen_ext.tools.mcp._host.McpSessionHost","config":{}}`,
	} {
		h, err := LoadHost(ctx, []byte(cfg))
		if err != nil || h.Sampler != nil || h.Elicitor != nil || h.Roots != nil {
			t.Errorf("%s: %+v %v", cfg, h, err)
			continue
		}
		m, err := h.ComponentModel()
		want := `{"provider":"autogen_ext.tools.mcp.McpSessionHost","component_type":"mcp_session_host","version":1,"component_version":1,` +
			`"description":"Host component that provides MCP server capabilities.","label":"McpSessionHost","config":{}}`
		if got, _ := m.MarshalJSON(); err != nil || string(got) != want {
			t.Errorf("dump %s %v", got, err)
		}
	}

	// The StdioElicitor's dump: {} without a timeout.
	m, err = NewStdioElicitor(nil, nil, 0).ComponentModel()
	if err != nil || string(m.Config) != `{}` {
		t.Errorf("elicitor dump %s %v", m.Config, err)
	}
	m, err = NewStdioElicitor(nil, nil, 1500*time.Millisecond).ComponentModel()
	if err != nil || string(m.Config) != `{"timeout":1.5}` {
		t.Errorf("elicitor dump %s %v", m.Config, err)
	}

	// A Go callback cannot be dumped.
	if _, err := (&Host{Elicitor: ElicitorFunc(nil)}).ComponentModel(); err == nil || !strings.Contains(err.Error(), "cannot be dumped") {
		t.Errorf("callback dump: %v", err)
	}

	// Nested components load from the registry of ctx.
	reg := component.NewRegistry()
	reg.Register(HostProvider, loadHost)
	reg.Register(samplerProvider, loadSampler)
	_, err = reg.Load(ctx, []byte(hostConfig))
	var unknown *component.UnknownProviderError
	var ce *ConfigError
	if !errors.As(err, &unknown) || unknown.Provider != "autogen_ext.models.replay.ReplayChatCompletionClient" ||
		!errors.As(err, &ce) || ce.Pointer != "/config/sampler/config/client_config" {
		t.Errorf("registry of ctx: %v", err)
	}
}

// workbenchConfig is an McpWorkbench config with host.
func workbenchConfig(t *testing.T, host string) *gen.McpWorkbenchConfig {
	t.Helper()
	var cfg gen.McpWorkbenchConfig
	if err := cfg.UnmarshalJSON([]byte(`{"server_params":{"type":"StdioServerParams","command":"x"},"host":` + host + `}`)); err != nil {
		t.Fatal(err)
	}
	return &cfg
}

func TestHostConfigErrors(t *testing.T) {
	part := func(member, provider, config string) string {
		return `{"provider":"autogen_ext.tools.mcp.McpSessionHost","config":{"` + member + `":{"provider":"` + provider + `","config":` + config + `}}}`
	}
	sampler := func(client string) string {
		return part("sampler", "autogen_ext.tools.mcp.ChatCompletionClientSampler", `{"client_config":`+client+`}`)
	}
	cases := []struct{ name, host, want string }{
		{"no provider", `{"config":{}}`, "mcp: /config/host/provider: Field required"},
		{"not a host", `{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{"chat_completions":[]}}`,
			"mcp: /config/host: component: Expected type does not match"},
		{"part not an object", `{"provider":"autogen_ext.tools.mcp.McpSessionHost","config":{"sampler":5}}`,
			"mcp: /config/host/config/sampler: Input should be a valid dictionary or instance of ComponentModel"},
		{"part of another type", part("sampler", "autogen_ext.tools.mcp.StaticRootsProvider", `{"roots":[]}`),
			"mcp: /config/host/config/sampler: component: Expected type does not match"},
		{"unknown client", sampler(`{"provider":"my.Client","config":{}}`),
			`mcp: /config/host/config/sampler/config/client_config: component: unknown provider "my.Client"`},
		{"no client", part("sampler", "autogen_ext.tools.mcp.ChatCompletionClientSampler", `{}`),
			"mcp: /config/host/config/sampler/config/client_config: Field required"},
		{"bad client config", sampler(`{"provider":"autogen_ext.models.replay.ReplayChatCompletionClient","config":{}}`),
			"mcp: /config/host/config/sampler/config/client_config/config/chat_completions: Field required"},
		{"bad timeout", part("elicitor", "autogen_ext.tools.mcp.StdioElicitor", `{"timeout":"soon"}`),
			"mcp: /config/host/config/elicitor/config/timeout: Input should be a valid number"},
		{"no roots", part("roots", "autogen_ext.tools.mcp.StaticRootsProvider", `{}`),
			"mcp: /config/host/config/roots/config/roots: Field required"},
		{"root not a file", part("roots", "autogen_ext.tools.mcp.StaticRootsProvider", `{"roots":[{"uri":"file:///a"},{"uri":"https://x"}]}`),
			"mcp: /config/host/config/roots/config/roots/1/uri: URL scheme should be 'file'"},
		{"root without uri", part("roots", "autogen_ext.tools.mcp.StaticRootsProvider", `{"roots":[{"name":"x"}]}`),
			"mcp: /config/host/config/roots/config/roots/0/uri: Field required"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := FromConfig(workbenchConfig(t, c.host), nil)
			var ce *ConfigError
			if err == nil || !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error %v\nwant %s", err, c.want)
			}
		})
	}
}

func TestWorkbenchHost(t *testing.T) {
	host := `{"provider":"autogen_ext.tools.mcp.McpSessionHost","config":{"elicitor":{"provider":"autogen_ext.tools.mcp.StdioElicitor","config":{"timeout":null}}}}`
	var out bytes.Buffer
	in := strings.NewReader("d\n")
	w, err := FromConfig(workbenchConfig(t, host), &Options{ElicitIn: in, ElicitOut: &out})
	if err != nil {
		t.Fatal(err)
	}
	e, ok := w.Host().Elicitor.(*StdioElicitor)
	if !ok || e.In != in || e.Out != &out || e.Timeout != 0 {
		t.Fatalf("elicitor %+v", w.Host().Elicitor)
	}
	// Config keeps the host as given; ComponentModel dumps it.
	if string(w.Config().Host) != host {
		t.Errorf("config host %s", w.Config().Host)
	}
	m, err := w.ComponentModel()
	if err != nil {
		t.Fatal(err)
	}
	if want := `"host":{"provider":"autogen_ext.tools.mcp.McpSessionHost","component_type":"mcp_session_host","version":1,"component_version":1,` +
		`"description":"Host component that provides MCP server capabilities.","label":"McpSessionHost","config":{"elicitor":{` +
		`"provider":"autogen_ext.tools.mcp.StdioElicitor","component_type":"mcp_elicitor","version":1,"component_version":1,` +
		`"description":"Handle MCP elicitation requests by reading/writing to stdio","label":"StdioElicitor","config":{}}}}}`; !strings.HasSuffix(string(m.Config), want) {
		t.Errorf("dump %s", m.Config)
	}

	// Options.Host replaces the config's host, which is not loaded.
	mine := &Host{Roots: NewStaticRootsProvider(&sdk.Root{URI: "file:///a"})}
	w, err = FromConfig(workbenchConfig(t, `{"provider":"no.such.Host","config":{}}`), &Options{Host: mine})
	if err != nil || w.Host() != mine {
		t.Fatalf("Options.Host: %v", err)
	}
	if h := string(w.Config().Host); !strings.Contains(h, `"roots":[{"uri":"file:///a"}]`) {
		t.Errorf("config host %s", h)
	}
	// One with a Go callback has no config, and cannot be dumped.
	w, err = New(params(t, `{"type":"StdioServerParams","command":"x"}`), nil, &Options{Host: &Host{Elicitor: ElicitorFunc(nil)}})
	if err != nil {
		t.Fatal(err)
	}
	if w.Config().Host != nil {
		t.Errorf("config host %s", w.Config().Host)
	}
	if _, err := w.ComponentModel(); err == nil {
		t.Error("dumped a callback")
	}
}
