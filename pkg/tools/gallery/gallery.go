// Package gallery holds Go versions of the Python functions of AutoGen
// Studio's default gallery that this module implements, registered with
// tools.RegisterFunction under their Python names, so that a FunctionTool
// config using them (a Studio team file) loads and runs:
//
//	import _ "github.com/agentschema/agentschema/pkg/tools/gallery"
//
// It registers "calculator" (calculator(a: float, b: float, operator:
// str) -> str). The agentschema command imports it. A program that
// registers its own function under one of these names must not import it
// (tools.RegisterFunction panics on a second registration).
package gallery

import (
	"context"

	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/tools"
)

// Names are the function names this package registers.
var Names = []string{"calculator"}

func init() {
	tools.RegisterFunction("calculator", Calculator)
}

// CalculatorArgs are the parameters of the gallery's calculator(a: float,
// b: float, operator: str) -> str.
type CalculatorArgs struct {
	A        float64 `json:"a"`
	B        float64 `json:"b"`
	Operator string  `json:"operator"`
}

// Calculator is AutoGen Studio's gallery calculator: str(a op b) of
// Python floats, or its error texts.
func Calculator(_ context.Context, in CalculatorArgs) (string, error) {
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
