package workbench_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/tools"
	"github.com/agentschema/agentschema/pkg/workbench"
)

type AddArgs struct {
	A int `json:"a"`
	B int `json:"b"`
}

// A workbench serves tools behind one interface; an override renames and
// redescribes a tool. Failures are results with is_error set, worded as
// AutoGen words them.
func ExampleNewStaticWorkbench() {
	add, err := tools.NewFunctionTool("add", "Add two integers.", func(ctx context.Context, in AddArgs) (int, error) {
		return in.A + in.B, nil
	})
	if err != nil {
		panic(err)
	}
	name, desc := "plus", "Adds numbers"
	wb, err := workbench.NewStaticWorkbench([]tools.Tool{add}, map[string]gen.ToolOverride{
		"add": {Name: &name, Description: &desc},
	})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	list, _ := wb.ListTools(ctx)
	fmt.Println(list[0].Name, "-", *list[0].Description)

	for _, call := range []struct{ name, args string }{
		{"plus", `{"a": 1, "b": 2}`},
		{"add", `{"a": 1, "b": 2}`},
		{"plus", `{"a": "x", "b": 2}`},
		{"minus", `{}`},
	} {
		r, err := wb.CallTool(ctx, call.name, json.RawMessage(call.args), "call_1")
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s %v: %q\n", r.Name, r.IsError, workbench.ToText(r, nil))
	}

	// Two tools cannot take the same name.
	_, err = workbench.NewStaticWorkbench([]tools.Tool{add}, map[string]gen.ToolOverride{"add": {Name: new("add2")}, "sub": {Name: new("add2")}})
	fmt.Println(err)
	// Output:
	// plus - Adds numbers
	// plus false: "3"
	// add false: "3"
	// plus true: "1 validation error for addargs\na\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.13/v/int_parsing"
	// minus true: "Tool minus not found."
	// Tool override name 'add2' is used by multiple tools: 'add' and 'sub'. Override names must be unique.
}

type CountdownArgs struct {
	N int `json:"n"`
}

// A stream workbench passes a stream tool's intermediate values on, then
// its return value as the ToolResult.
func ExampleStaticStreamWorkbench_CallToolStream() {
	countdown, err := tools.NewBaseStreamTool("countdown", "Counts down.",
		func(ctx context.Context, in CountdownArgs, yield func(int) bool) (string, error) {
			for i := in.N; i > 0; i-- {
				if !yield(i) {
					return "", ctx.Err()
				}
			}
			return "lift off", nil
		})
	if err != nil {
		panic(err)
	}
	wb, err := workbench.NewStaticStreamWorkbench([]tools.Tool{countdown}, nil)
	if err != nil {
		panic(err)
	}
	for v, err := range wb.CallToolStream(context.Background(), "countdown", json.RawMessage(`{"n": 3}`), "") {
		if err != nil {
			panic(err)
		}
		if r, ok := v.(gen.ToolResult); ok {
			fmt.Println("result:", workbench.ToText(r, nil))
		} else {
			fmt.Println("item:", v)
		}
	}
	// Output:
	// item: 3
	// item: 2
	// item: 1
	// result: lift off
}
