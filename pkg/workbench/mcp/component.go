package mcp

import (
	"context"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// Provider is the provider string of AutoGen's McpWorkbench.
const Provider = "autogen_ext.tools.mcp.McpWorkbench"

// spec is what AutoGen's dump_component() writes for an McpWorkbench: the
// Workbench base's component_type, version 1, and the first paragraph of
// the class docstring.
var spec = component.Spec{
	Provider:      Provider,
	ComponentType: "workbench",
	Description:   "A workbench that wraps an MCP server and provides an interface\n    to list and call tools provided by the server.",
	Label:         "McpWorkbench",
	// headers is a dict[str, Any]: exclude_none keeps its None values.
	KeepNull: []string{"/server_params/headers"},
}

func init() {
	component.Register(Provider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		var cfg gen.McpWorkbenchConfig
		if err := cfg.UnmarshalJSON(config); err != nil {
			return nil, err
		}
		return FromConfig(&cfg, nil)
	}, "autogen_ext.tools.mcp._workbench.McpWorkbench")
}

// FromConfig returns the workbench of an McpWorkbenchConfig. The config's
// host (an McpSessionHost component, for sampling, elicitation and roots)
// is kept for ComponentModel but not used: the server's elicitation
// requests are answered with AutoGen's error for a workbench without a host
// ("No host available for elicitation."), and sampling is not offered (the
// SDK's sampling handler is deprecated).
func FromConfig(cfg *gen.McpWorkbenchConfig, opts *Options) (*Workbench, error) {
	if cfg == nil || cfg.ServerParams == nil {
		return nil, fmt.Errorf("mcp: config has no server_params")
	}
	w, err := New(cfg.ServerParams, cfg.ToolOverrides, opts)
	if err != nil {
		return nil, err
	}
	if len(cfg.Host) > 0 && string(cfg.Host) != "null" {
		w.host = append(gen.RawJSON(nil), cfg.Host...)
	}
	return w, nil
}

// Config returns the workbench's McpWorkbenchConfig.
func (w *Workbench) Config() *gen.McpWorkbenchConfig {
	return &gen.McpWorkbenchConfig{ServerParams: w.params, ToolOverrides: w.Overrides(), Host: w.host}
}

// ComponentModel returns the workbench's component config as AutoGen's
// dump_component() writes it (None fields dropped).
func (w *Workbench) ComponentModel() (gen.ComponentModel, error) {
	return spec.Model(w.Config())
}
