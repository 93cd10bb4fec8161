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
		opts, _ := ctx.Value(optionsKey{}).(*Options)
		return FromConfigContext(ctx, &cfg, opts)
	}, "autogen_ext.tools.mcp._workbench.McpWorkbench")
}

type optionsKey struct{}

// WithOptions returns a context whose McpWorkbench configs, when loaded
// through the component registry with it (an agent's workbench, in a
// team), get opts: where a stdio server's stderr and a StdioElicitor's
// prompts go, a Host, a Logger. A program that writes its own output to
// standard output (agentschema run) sends them elsewhere so.
func WithOptions(ctx context.Context, opts *Options) context.Context {
	return context.WithValue(ctx, optionsKey{}, opts)
}

// FromConfig returns the workbench of an McpWorkbenchConfig, loading its
// host with the component registry Default; see FromConfigContext.
func FromConfig(cfg *gen.McpWorkbenchConfig, opts *Options) (*Workbench, error) {
	return FromConfigContext(context.Background(), cfg, opts)
}

// FromConfigContext returns the workbench of an McpWorkbenchConfig. Its
// host, an McpSessionHost component (see Host and LoadHost), is loaded as
// AutoGen's _from_config loads it, with the component registry of ctx
// (inside a Loader, the registry loading the workbench): a host that
// cannot be loaded is a *ConfigError whose pointer is in the workbench's
// component ("/config/host/config/sampler/config/client_config"). The
// config's host is not loaded when opts.Host is set: opts.Host replaces
// it. A StdioElicitor of the config's host reads opts.ElicitIn and writes
// opts.ElicitOut when they are set.
func FromConfigContext(ctx context.Context, cfg *gen.McpWorkbenchConfig, opts *Options) (*Workbench, error) {
	if cfg == nil || cfg.ServerParams == nil {
		return nil, fmt.Errorf("mcp: config has no server_params")
	}
	w, err := New(cfg.ServerParams, cfg.ToolOverrides, opts)
	if err != nil {
		return nil, err
	}
	if w.opts.Host != nil || len(cfg.Host) == 0 || string(cfg.Host) == "null" {
		return w, nil
	}
	h, err := loadComponent[*Host](ctx, cfg.Host, "/config/host")
	if err != nil {
		return nil, err
	}
	if e, ok := h.Elicitor.(*StdioElicitor); ok && e != nil {
		if e.In == nil {
			e.In = w.opts.ElicitIn
		}
		if e.Out == nil {
			e.Out = w.opts.ElicitOut
		}
	}
	w.host = append(gen.RawJSON(nil), cfg.Host...)
	w.sessionHost = h
	return w, nil
}

// Host returns the host that answers the server's requests: Options.Host,
// or the one loaded from the config; nil when there is none.
func (w *Workbench) Host() *Host { return w.sessionHost }

// Config returns the workbench's McpWorkbenchConfig. Its host is the
// config's host as it was given (so that reloading the config gives the
// same host, secrets included), or the ComponentModel of Options.Host
// when that can be dumped, or null.
func (w *Workbench) Config() *gen.McpWorkbenchConfig {
	host := w.host
	if w.opts.Host != nil {
		host = nil
		if m, err := w.opts.Host.ComponentModel(); err == nil {
			if b, err := m.MarshalJSON(); err == nil {
				host = b
			}
		}
	}
	return &gen.McpWorkbenchConfig{ServerParams: w.params, ToolOverrides: w.Overrides(), Host: host}
}

// ComponentModel returns the workbench's component config as AutoGen's
// dump_component() writes it (None fields dropped), the host as its own
// dump_component() writes it (a model client's api_key masked). A host
// with a part that cannot be dumped (an ElicitorFunc) is an error.
func (w *Workbench) ComponentModel() (gen.ComponentModel, error) {
	cfg := w.Config()
	cfg.Host = nil
	if w.sessionHost != nil {
		m, err := w.sessionHost.ComponentModel()
		if err != nil {
			return gen.ComponentModel{}, err
		}
		if cfg.Host, err = m.MarshalJSON(); err != nil {
			return gen.ComponentModel{}, err
		}
	}
	return spec.Model(cfg)
}
