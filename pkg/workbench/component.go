package workbench

import (
	"context"
	"strconv"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
)

// The provider strings of AutoGen's static workbenches.
const (
	StaticWorkbenchProvider       = "autogen_core.tools.StaticWorkbench"
	StaticStreamWorkbenchProvider = "autogen_core.tools.StaticStreamWorkbench"
)

var (
	staticSpec = component.Spec{
		Provider:      StaticWorkbenchProvider,
		ComponentType: "workbench",
		Description:   "A workbench that provides a static set of tools that do not change after\n    each tool execution.",
		Label:         "StaticWorkbench",
	}
	staticStreamSpec = component.Spec{
		Provider:      StaticStreamWorkbenchProvider,
		ComponentType: "workbench",
		Description:   "A workbench that provides a static set of tools that do not change after\n    each tool execution, and supports streaming results.",
		Label:         "StaticStreamWorkbench",
	}
)

func init() {
	component.Register(StaticWorkbenchProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		ts, overrides, err := loadConfig(ctx, config)
		if err != nil {
			return nil, err
		}
		return NewStaticWorkbench(ts, overrides)
	}, "autogen_core.tools._static_workbench.StaticWorkbench")
	component.Register(StaticStreamWorkbenchProvider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		ts, overrides, err := loadConfig(ctx, config)
		if err != nil {
			return nil, err
		}
		return NewStaticStreamWorkbench(ts, overrides)
	}, "autogen_core.tools._static_workbench.StaticStreamWorkbench")
}

// loadConfig reads a StaticWorkbenchConfig and loads its tools, each with
// the registry of ctx (component.LoadModelAs).
func loadConfig(ctx context.Context, config gen.RawJSON) ([]tools.Tool, map[string]gen.ToolOverride, error) {
	var cfg gen.StaticWorkbenchConfig
	if err := cfg.UnmarshalJSON(config); err != nil {
		return nil, nil, err
	}
	ts := make([]tools.Tool, 0, len(cfg.Tools))
	for i := range cfg.Tools {
		t, err := component.LoadModelAs[tools.Tool](ctx, &cfg.Tools[i])
		if err != nil {
			return nil, nil, &component.NestedError{Pointer: "/config/tools/" + strconv.Itoa(i), Err: err}
		}
		ts = append(ts, t)
	}
	return ts, cfg.ToolOverrides, nil
}

// config is the workbench's StaticWorkbenchConfig: each tool's component
// config (a tool must implement component.Component; one that does not is
// a *component.DumpError at its pointer) and the overrides.
func (w *StaticWorkbench) config() (*gen.StaticWorkbenchConfig, error) {
	cfg := &gen.StaticWorkbenchConfig{Tools: []gen.ComponentModel{}, ToolOverrides: w.Overrides()}
	for i, t := range w.tools {
		m, err := component.NestedModel("/config/tools/"+strconv.Itoa(i), t)
		if err != nil {
			return nil, err
		}
		cfg.Tools = append(cfg.Tools, m)
	}
	return cfg, nil
}

// ComponentModel returns the workbench's component config, as AutoGen's
// dump_component() writes a StaticWorkbench's. Every tool must implement
// component.Component (tools.FunctionTool does).
func (w *StaticWorkbench) ComponentModel() (gen.ComponentModel, error) {
	cfg, err := w.config()
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return staticSpec.Model(cfg)
}

// ComponentModel returns the workbench's component config, as AutoGen's
// dump_component() writes a StaticStreamWorkbench's.
func (w *StaticStreamWorkbench) ComponentModel() (gen.ComponentModel, error) {
	cfg, err := w.config()
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return staticStreamSpec.Model(cfg)
}
