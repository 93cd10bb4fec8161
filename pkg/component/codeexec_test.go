package component_test

import (
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// TestExecutorRefusals: the code executors' constructor refusals
// (autogen_ext/code_executors/local and docker __init__), at their
// members.
func TestExecutorRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		v    gen.Encodable
		ptr  string
		msg  string
	}{
		{"local timeout 0", &gen.LocalCommandLineCodeExecutorConfig{Timeout: gen.IntOf(0), FunctionsModule: "functions"},
			"/config/timeout", "Value error, Timeout must be greater than or equal to 1."},
		{"docker timeout -1", &gen.DockerCommandLineCodeExecutorConfig{Timeout: gen.IntOf(-1), FunctionsModule: "functions"},
			"/config/timeout", "Value error, Timeout must be greater than or equal to 1."},
		{"local module", &gen.LocalCommandLineCodeExecutorConfig{Timeout: gen.IntOf(1), FunctionsModule: "my-module"},
			"/config/functions_module", "Value error, Module name must be a valid Python identifier"},
		{"docker module", &gen.DockerCommandLineCodeExecutorConfig{Timeout: gen.IntOf(60), FunctionsModule: ""},
			"/config/functions_module", "Value error, Module name must be a valid Python identifier"},
		{"local ok", &gen.LocalCommandLineCodeExecutorConfig{Timeout: gen.IntOf(1), FunctionsModule: "_f"}, "", ""},
	} {
		_, err := component.DumpConfig(tc.v)
		var f *agentschema.Fault
		if tc.ptr == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
			continue
		}
		if !errors.As(err, &f) || f.Pointer != tc.ptr || f.Message != tc.msg {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}
