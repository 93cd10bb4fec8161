package httptool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/tools"
	"github.com/agentschema/agentschema/pkg/tools/httptool"
)

// An HttpTool sends each call as an HTTP request: here a POST whose path
// holds one argument and whose JSON body holds the others.
func ExampleNew() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Printf("%s %s %s\n", r.Method, r.URL.Path, body)
		fmt.Fprint(w, "updated")
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port

	tool, err := httptool.New("update_user", "127.0.0.1", port, json.RawMessage(`{
		"type": "object",
		"properties": {
			"user_id": {"type": "string", "description": "User id"},
			"email": {"type": "string", "description": "New email"}
		},
		"required": ["user_id", "email"]}`),
		httptool.WithDescription("Update a user's email."), httptool.WithPath("/users/{user_id}"))
	if err != nil {
		panic(err)
	}
	fmt.Println(string(tool.Schema().Parameters.Properties))

	out, err := tool.RunJSON(context.Background(), json.RawMessage(`{"user_id": "u42", "email": "a@b.c"}`), "call_1")
	fmt.Println(tool.ReturnValueAsString(out), err)

	_, err = tool.RunJSON(context.Background(), json.RawMessage(`{"email": "a@b.c"}`), "call_2")
	fmt.Println(err)
	// Output:
	// {"user_id":{"description":"User id","title":"User Id","type":"string"},"email":{"description":"New email","title":"Email","type":"string"}}
	// POST /users/u42 {"email":"a@b.c"}
	// updated <nil>
	// 1 validation error for DynamicModel
	// user_id
	//   Field required [type=missing, input_value={'email': 'a@b.c'}, input_type=dict]
	//     For further information visit https://errors.pydantic.dev/2.13/v/missing
}

// A dumped HttpTool loads through the component registry; a "json" tool's
// result reads as Python's str() of the decoded body.
func Example_component() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Println(r.Method, r.URL.RequestURI())
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"city": "Paris", "sunny": true, "rain": null, "temp": 22.0}`)
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port

	config := `{"provider": "autogen_ext.tools.http.HttpTool", "component_type": "tool", "version": 1,
		"config": {"name": "get_weather", "description": "Get the weather for a city.",
			"host": "127.0.0.1", "port": PORT, "path": "/weather", "method": "GET", "headers": null,
			"json_schema": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]},
			"return_type": "json"}}`
	tool, err := component.LoadAs[tools.Tool](context.Background(), []byte(strings.Replace(config, "PORT", fmt.Sprint(port), 1)))
	if err != nil {
		panic(err)
	}
	out, err := tool.RunJSON(context.Background(), json.RawMessage(`{"city": "Paris"}`), "c1")
	fmt.Println(tool.ReturnValueAsString(out), err)
	// Output:
	// GET /weather?city=Paris&days=
	// {'city': 'Paris', 'sunny': True, 'rain': None, 'temp': 22.0} <nil>
}
