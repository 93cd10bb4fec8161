// Command team loads an AutoGen Studio team file, binds its FunctionTool
// to a Go function, and runs it, printing the run as AutoGen's Console
// does. It needs nothing but Go: the default team file,
// examples/studio/replay_team.json, is a RoundRobinGroupChat whose
// AssistantAgent answers from a ReplayChatCompletionClient and calls the
// Studio gallery's calculator tool.
//
//	go run ./examples/team [TEAM.json] [TASK]
//
// Any team file AutoGen Studio exports runs the same way (a model client
// with an endpoint reads its key as AutoGen does, from OPENAI_API_KEY, ...);
// its FunctionTools need Go functions registered under their names, as
// calculator is below.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"

	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/ui"
	"github.com/agentschema/agentschema/pkg/component"
	_ "github.com/agentschema/agentschema/pkg/providers/all" // every provider: teams, agents, clients, tools
	"github.com/agentschema/agentschema/pkg/tools"
)

// calculatorArgs are the parameters of the gallery's calculator(a: float,
// b: float, operator: str) -> str; the tool's schema in the team file
// names the same parameters.
type calculatorArgs struct {
	A        float64 `json:"a"`
	B        float64 `json:"b"`
	Operator string  `json:"operator"`
}

// calculator is the Go function the team file's FunctionTool "calculator"
// runs. Its answer is what Python's str(float) writes for the result.
func calculator(_ context.Context, in calculatorArgs) (string, error) {
	// (Python writes results under 1e-4 or from 1e16 with an exponent;
	// this example keeps to the plain ones.)
	var r float64
	switch in.Operator {
	case "+":
		r = in.A + in.B
	case "-":
		r = in.A - in.B
	case "*":
		r = in.A * in.B
	case "/":
		if in.B == 0 {
			return "Error: Division by zero", nil
		}
		r = in.A / in.B
	default:
		return "Error: Invalid operator. Please use +, -, *, or /", nil
	}
	s := strconv.FormatFloat(r, 'f', -1, 64)
	if r == float64(int64(r)) {
		s += ".0" // str(7.0) is "7.0"
	}
	return s, nil
}

func init() {
	// Before component.Load: a FunctionTool is bound by its name.
	tools.RegisterFunction("calculator", calculator)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	path, task := "examples/studio/replay_team.json", "What is 3 + 4?"
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	if len(os.Args) > 2 {
		task = os.Args[2]
	}
	if err := runTeam(ctx, path, task, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// runTeam loads the team file at path and runs task, printing the run to
// w as AutoGen's Console prints it.
func runTeam(ctx context.Context, path, task string, w io.Writer) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	v, err := component.Load(ctx, data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err) // the JSON pointer of what cannot run
	}
	team, ok := v.(agentchat.Team)
	if !ok {
		return fmt.Errorf("%s: a %T, not a team", path, v)
	}
	defer team.Close(context.WithoutCancel(ctx))
	res, err := ui.Console(w, team.RunStream(ctx, agentchat.TextTask(task)), ui.Options{})
	if err != nil {
		return fmt.Errorf("%s", agentchat.ExceptionText(err)) // AutoGen's "Class: message"
	}
	if res.StopReason != nil {
		fmt.Fprintln(os.Stderr, "stopped:", *res.StopReason)
	}
	return nil
}
