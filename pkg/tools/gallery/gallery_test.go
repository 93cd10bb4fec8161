package gallery_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
	"github.com/agentschema/agentschema/pkg/tools/gallery"
)

// TestCalculator: the expected texts are Python's str() of the same float
// operations and the gallery function's error strings.
func TestCalculator(t *testing.T) {
	for _, tc := range []struct {
		in   gallery.CalculatorArgs
		want string
	}{
		{gallery.CalculatorArgs{A: 3, B: 4, Operator: "+"}, "7.0"},
		{gallery.CalculatorArgs{A: 0.1, B: 0.2, Operator: "+"}, "0.30000000000000004"},
		{gallery.CalculatorArgs{A: 3, B: 4, Operator: "-"}, "-1.0"},
		{gallery.CalculatorArgs{A: 1e20, B: 10, Operator: "*"}, "1e+21"},
		{gallery.CalculatorArgs{A: 1, B: 4, Operator: "/"}, "0.25"},
		{gallery.CalculatorArgs{A: 1, B: 0, Operator: "/"}, "Error: Division by zero"},
		{gallery.CalculatorArgs{A: 1, B: 2, Operator: "%"}, "Error: Invalid operator. Please use +, -, *, or /"},
	} {
		if got, err := gallery.Calculator(context.Background(), tc.in); err != nil || got != tc.want {
			t.Errorf("%+v: %q %v", tc.in, got, err)
		}
	}
}

// TestRegistered: importing the package lets a Studio FunctionTool config
// named calculator load and run.
func TestRegistered(t *testing.T) {
	if !slices.Contains(tools.RegisteredFunctions(), "calculator") {
		t.Fatal("calculator is not registered")
	}
	v, err := component.Load(context.Background(), []byte(`{"provider": "autogen_core.tools.FunctionTool", "config": {
		"name": "calculator", "description": "A simple calculator that performs basic arithmetic operations",
		"global_imports": [], "has_cancellation_support": false,
		"source_code": "def calculator(a: float, b: float, operator: str) -> str:\n    return str(a + b)\n"}}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := v.(tools.Tool).RunJSON(context.Background(), json.RawMessage(`{"a": 2, "b": 5, "operator": "*"}`), "")
	if err != nil || out != "10.0" {
		t.Errorf("%v %v", out, err)
	}
}
