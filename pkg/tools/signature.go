package tools

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
)

// pythonParams returns the parameter names of the def in source (AutoGen's
// FunctionTool schema is built from them), leaving out *args, **kwargs,
// the "/" and "*" markers and a cancellation_token; ok is false when the
// signature cannot be read plainly.
func pythonParams(source, name string) (params []string, ok bool) {
	_, after, found := strings.Cut(source, "def "+name+"(")
	if !found {
		return nil, false
	}
	depth, start := 0, 0
	var parts []string
	for i, r := range after {
		switch r {
		case '(', '[', '{':
			depth++
		case ']', '}':
			depth--
		case ')':
			if depth == 0 {
				parts = append(parts, after[start:i])
				return paramNames(parts), true
			}
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, after[start:i])
				start = i + 1
			}
		}
	}
	return nil, false
}

// paramNames reads each parameter's name from its text ("a: float = 1").
func paramNames(parts []string) []string {
	var names []string
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || p == "/" || p == "*" || strings.HasPrefix(p, "*") {
			continue
		}
		n := strings.TrimSpace(strings.FieldsFunc(p, func(r rune) bool { return r == ':' || r == '=' })[0])
		if n != "cancellation_token" && n != "self" {
			names = append(names, n)
		}
	}
	return names
}

// warnSignature logs a warning (slog) when the Go function registered for
// a FunctionTool config takes other parameters than the config's Python
// function: the model is told the Go function's schema, which is not the
// one AutoGen would send.
func warnSignature(ctx context.Context, t Tool, source, name string) {
	py, ok := pythonParams(source, name)
	if !ok {
		return
	}
	var goParams []string
	if s := t.Schema(); s.Parameters != nil {
		var props map[string]json.RawMessage
		if json.Unmarshal(s.Parameters.Properties, &props) == nil {
			for k := range props {
				goParams = append(goParams, k)
			}
		}
	}
	slices.Sort(goParams)
	sorted := slices.Clone(py)
	slices.Sort(sorted)
	if slices.Equal(sorted, goParams) {
		return
	}
	slog.WarnContext(ctx, "FunctionTool: the registered Go function's parameters differ from the config's Python function; the model is sent the Go function's schema",
		"tool", t.Name(), "function", name, "config_parameters", strings.Join(py, ", "), "go_parameters", strings.Join(goParams, ", "))
}
