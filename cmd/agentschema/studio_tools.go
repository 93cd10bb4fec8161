package main

import (
	"context"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/tools"
)

// The command cannot run the Python source a FunctionTool config holds,
// and binds a FunctionTool to a Go function by name instead. It has Go
// versions of the tools of AutoGen Studio's default gallery, so that a
// Studio team file using them runs; any other FunctionTool is an error
// naming it (use an HttpTool, an MCP workbench, or the Go library).
func init() {
	tools.RegisterFunction("calculator", studioCalculator)
}

// calculatorArgs are the parameters of the gallery's calculator(a: float,
// b: float, operator: str) -> str.
type calculatorArgs struct {
	A        float64 `json:"a"`
	B        float64 `json:"b"`
	Operator string  `json:"operator"`
}

// studioCalculator is AutoGen Studio's gallery calculator: str(a op b) of
// Python floats, or its error texts.
func studioCalculator(_ context.Context, in calculatorArgs) (string, error) {
	switch in.Operator {
	case "+":
		return pyjson.FloatRepr(in.A + in.B), nil
	case "-":
		return pyjson.FloatRepr(in.A - in.B), nil
	case "*":
		return pyjson.FloatRepr(in.A * in.B), nil
	case "/":
		if in.B == 0 {
			return "Error: Division by zero", nil
		}
		return pyjson.FloatRepr(in.A / in.B), nil
	}
	return "Error: Invalid operator. Please use +, -, *, or /", nil
}
