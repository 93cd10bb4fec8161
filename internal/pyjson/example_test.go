package pyjson_test

import (
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/internal/pyjson"
)

func ExampleParse() {
	v, err := pyjson.Parse([]byte(`{"b": 1.0, "a": [1e-5, "é", true, null], "b": 12345678901234567890}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(pyjson.Dumps(&v))
	fmt.Println(pyjson.Repr(&v))

	_, err = pyjson.Parse([]byte(`[1,]`))
	var se *pyjson.SyntaxError
	fmt.Println(errors.As(err, &se), se.Offset, se.Msg)
	// Output:
	// {"b": 12345678901234567890, "a": [1e-05, "\u00e9", true, null]}
	// {'b': 12345678901234567890, 'a': [1e-05, 'é', True, None]}
	// true 3 expecting value
}

func ExampleOptions() {
	doc := []byte(`["\ud800", "\u2028"]`)
	for _, o := range []pyjson.Options{{}, {WTF8: true}, {ASCII: true}} {
		v, _ := o.Parse(doc)
		fmt.Printf("%-5v %-5v %s %s\n", o.WTF8, o.ASCII, o.Dumps(&v), o.Repr(&v))
	}
	// Output:
	// false false ["\ufffd", "\u2028"] ['�', '\u2028']
	// true  false ["\ud800", "\u2028"] ['\ud800', '\u2028']
	// false true  ["\ufffd", "\u2028"] ['\ufffd', '\u2028']
}

func ExampleFloatRepr() {
	for _, f := range []float64{1, 1.0 / 3, 1e16, 1e-5, 123456.789} {
		fmt.Println(pyjson.FloatRepr(f))
	}
	// Output:
	// 1.0
	// 0.3333333333333333
	// 1e+16
	// 1e-05
	// 123456.789
}
