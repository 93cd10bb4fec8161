package component_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
)

// Greeter is a component: it dumps its config and loads from it.
type Greeter struct{ Greeting string }

// greeterSpec is Greeter's class as AutoGen's dump_component reads it.
var greeterSpec = component.Spec{
	Provider:      "example.Greeter",
	ComponentType: "greeter",
	Description:   component.Docstring("Says hello.\n\n    Args:\n        greeting: what to say.\n    "),
}

// ComponentModel dumps g as AutoGen's dump_component() would.
func (g *Greeter) ComponentModel() (gen.ComponentModel, error) {
	cfg := map[string]any{"greeting": g.Greeting, "style": nil} // None fields are dropped
	return greeterSpec.Model(cfg)
}

func loadGreeter(ctx context.Context, config gen.RawJSON) (any, error) {
	var c struct {
		Greeting string `json:"greeting"`
	}
	if err := json.Unmarshal(config, &c); err != nil {
		return nil, err
	}
	return &Greeter{Greeting: c.Greeting}, nil
}

func Example() {
	// Packages register their providers in init functions; a Registry of
	// its own keeps this example apart from Default.
	reg := component.NewRegistry()
	reg.Register("example.Greeter", loadGreeter, "greeter")

	data, err := component.Dump(&Greeter{Greeting: "hello"})
	if err != nil {
		panic(err)
	}
	fmt.Println(string(data))

	v, err := reg.Load(context.Background(), []byte(`{"provider": "greeter", "config": {"greeting": "hi"}}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(v.(*Greeter).Greeting)

	_, err = reg.Load(context.Background(), []byte(`{"provider": "example.Missing", "config": {}}`))
	var unknown *component.UnknownProviderError
	fmt.Println(errors.As(err, &unknown), unknown.Provider)
	// Output:
	// {"provider":"example.Greeter","component_type":"greeter","version":1,"component_version":1,"description":"Says hello.","label":"Greeter","config":{"greeting":"hello"}}
	// hi
	// true example.Missing
}

func ExampleDropNone() {
	out, _ := component.DropNone([]byte(`{"messages": [{"content": "hi", "thought": null}], "token_limit": null,
		"tool_schema": [{"name": "f", "parameters": {"type": "object", "properties": {"x": {"default": null}}}}]}`),
		"/tool_schema/*/parameters/properties")
	fmt.Println(string(out))
	// Output:
	// {"messages":[{"content":"hi"}],"tool_schema":[{"name":"f","parameters":{"type":"object","properties":{"x":{"default":null}}}}]}
}

// NormalizeTree writes a tree as AutoGen's load_component(x).dump_component()
// does: the class's envelope, the team's default name and description, and
// the handoff's derived members.
func ExampleNormalizeTree() {
	team := []byte(`{"provider": "autogen_agentchat.teams.Swarm", "label": "My team",
	  "config": {"participants": [{"provider": "autogen_agentchat.agents.UserProxyAgent", "config": {"name": "bob"}}]}}`)
	out, err := component.NormalizeTree(team)
	if err != nil {
		panic(err)
	}
	var m struct {
		Label  string
		Config struct{ Name, Description string }
	}
	_ = json.Unmarshal(out, &m)
	fmt.Printf("%s: %s, %q\n", m.Label, m.Config.Name, m.Config.Description)

	h := gen.Handoff{Target: "Bob"}
	_ = component.ApplyValidators(&h)
	fmt.Println(h.Name, "|", h.Description, "|", h.Message)
	// Output:
	// Swarm: Swarm, "A team of agents."
	// transfer_to_bob | Handoff to Bob. | Transferred to Bob, adopting the role of Bob immediately.
}
