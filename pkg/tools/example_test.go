package tools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/pkg/tools"
)

// StockArgs are the parameters of a stock price tool: json tags name them,
// description tags describe them, a default makes one optional.
type StockArgs struct {
	Ticker string `json:"ticker"`
	Date   string `json:"date" description:"Date in YYYY/MM/DD"`
	Market string `json:"market" enum:"NYSE,NASDAQ" default:"NYSE"`
}

// A typed tool: the schema comes from the argument struct, the arguments
// are validated (and converted, as pydantic does) before the function runs,
// and the result is rendered as AutoGen renders it.
func ExampleNewFunctionTool() {
	tool, err := tools.NewFunctionTool("get_stock_price", "Fetch the stock price for a given ticker.",
		func(ctx context.Context, in StockArgs) (float64, error) {
			return 123.0, nil
		})
	if err != nil {
		panic(err)
	}
	s := tool.Schema()
	fmt.Println(s.Name, *s.Strict)
	fmt.Println(string(s.Parameters.Properties))
	fmt.Println(s.Parameters.Required)

	out, err := tool.RunJSON(context.Background(), json.RawMessage(`{"ticker": "AAPL", "date": "2021/01/01"}`), "call_1")
	fmt.Println(tool.ReturnValueAsString(out), err)

	_, err = tool.RunJSON(context.Background(), json.RawMessage(`{"ticker": 1}`), "call_2")
	fmt.Println(err)
	// Output:
	// get_stock_price false
	// {"ticker":{"description":"ticker","title":"Ticker","type":"string"},"date":{"description":"Date in YYYY/MM/DD","title":"Date","type":"string"},"market":{"default":"NYSE","description":"market","enum":["NYSE","NASDAQ"],"title":"Market","type":"string"}}
	// [ticker date]
	// 123.0 <nil>
	// 2 validation errors for get_stock_priceargs
	// ticker
	//   Input should be a valid string [type=string_type, input_value=1, input_type=int]
	//     For further information visit https://errors.pydantic.dev/2.13/v/string_type
	// date
	//   Field required [type=missing, input_value={'ticker': 1}, input_type=dict]
	//     For further information visit https://errors.pydantic.dev/2.13/v/missing
}

// WeatherArgs has only required fields, as a strict tool needs.
type WeatherArgs struct {
	City  string `json:"city"`
	Units string `json:"units" enum:"metric,imperial"`
}

// A strict tool (for models in structured-output mode): every argument
// must be required; a default is refused with AutoGen's error.
func ExampleStrict() {
	weather := func(ctx context.Context, in WeatherArgs) (string, error) { return "sunny in " + in.City, nil }
	tool, err := tools.NewFunctionTool("weather", "Current weather.", weather, tools.Strict())
	if err != nil {
		panic(err)
	}
	fmt.Println(*tool.Schema().Strict, *tool.Schema().Parameters.AdditionalProperties)

	type withDefault struct {
		City string `json:"city" default:"Paris"`
	}
	_, err = tools.NewFunctionTool("weather", "Current weather.",
		func(ctx context.Context, in withDefault) (string, error) { return "", nil }, tools.Strict())
	fmt.Println(err)
	// Output:
	// true false
	// Strict mode is enabled, but not all input arguments are marked as required. Default arguments are not allowed in strict mode.
}

// CountdownArgs is the argument model of a stream tool.
type CountdownArgs struct {
	N int `json:"n" description:"Where to start."`
}

// Tick is what the countdown streams.
type Tick struct {
	Remaining int `json:"remaining"`
}

// A streaming tool yields intermediate values, then its return value.
func ExampleNewBaseStreamTool() {
	tool, err := tools.NewBaseStreamTool("countdown", "Counts down.",
		func(ctx context.Context, in CountdownArgs, yield func(Tick) bool) (string, error) {
			for i := in.N; i > 0; i-- {
				if !yield(Tick{Remaining: i}) {
					return "", ctx.Err()
				}
			}
			return "lift off", nil
		})
	if err != nil {
		panic(err)
	}
	var parts []string
	for v, err := range tool.RunJSONStream(context.Background(), json.RawMessage(`{"n": 3}`), "") {
		if err != nil {
			panic(err)
		}
		parts = append(parts, tool.ReturnValueAsString(v))
	}
	fmt.Println(strings.Join(parts, " | "))
	// Output:
	// {"remaining": 3} | {"remaining": 2} | {"remaining": 1} | lift off
}

// ReturnValueAsString writes values as Python's str() does, and structs
// (pydantic models) as json.dumps of their dump.
func ExampleReturnValueAsString() {
	fmt.Println(tools.ReturnValueAsString(nil))
	fmt.Println(tools.ReturnValueAsString(1e16))
	fmt.Println(tools.ReturnValueAsString([]any{"a", nil, true, 2.0}))
	fmt.Println(tools.ReturnValueAsString(map[string]int{"b": 2, "a": 1}))
	fmt.Println(tools.ReturnValueAsString(Tick{Remaining: 1}))
	// Output:
	// None
	// 1e+16
	// ['a', None, True, 2.0]
	// {'a': 1, 'b': 2}
	// {"remaining": 1}
}
