package component

import (
	"errors"
	"fmt"

	"github.com/agentschema/agentschema/gen"
)

// ErrNoComponentConfig is the reason a value cannot be dumped when it does
// not implement Component: a Go value (a custom agent, a tool written
// against tools.Tool alone, a client without a config) that AutoGen has
// no class for.
var ErrNoComponentConfig = errors.New("it has no component config (it does not implement component.Component)")

// DumpError says why a component built in Go cannot be dumped: the member
// at Pointer (a JSON pointer from the dumped component's envelope, such as
// "/config/participants/1/config/workbench/0/config/tools/2"; "" for the
// component itself) holds a value of Go type Type that has no component
// config, or one its class refuses to dump (Err says which). AutoGen's
// dump_component() raises in the same places: an object without
// dump_component, a CodeExecutorAgent with an approval_func.
type DumpError struct {
	Pointer string
	Type    string
	Err     error
}

// Error is "component: cannot dump POINTER (TYPE): reason".
func (e *DumpError) Error() string {
	where := e.Pointer
	if where == "" {
		where = "the component"
	}
	return fmt.Sprintf("component: cannot dump %s (%s): %v", where, e.Type, e.Err)
}

// Unwrap returns the reason.
func (e *DumpError) Unwrap() error { return e.Err }

// ModelOf returns the ComponentModel AutoGen's dump_component() writes for
// a component of the class provider names (a provider LookupProvider
// knows) whose _to_config() returns config: the class's provider,
// component_type, component_version, description and label, and config
// without its null members (see Spec.Model). It is how the Go types of
// AutoGen's classes (agents, teams, termination conditions) dump
// themselves; config holds their members' ComponentModels, made with
// NestedModel.
func ModelOf(provider string, config any) (gen.ComponentModel, error) {
	info, ok := LookupProvider(provider)
	if !ok {
		return gen.ComponentModel{}, fmt.Errorf("component: %s is not a known component class", provider)
	}
	s := Spec{Provider: info.Provider, ComponentType: info.ComponentType, Version: info.Version, Description: info.Description}
	return s.Model(config)
}

// NestedModel returns the ComponentModel of v, a component held by the
// member at ptr of the config being dumped ("/config/participants/0"), as
// _to_config's member.dump_component() does. A v that does not implement
// Component is a *DumpError at ptr wrapping ErrNoComponentConfig; v's own
// failure is a *DumpError too, its pointer placed under ptr.
func NestedModel(ptr string, v any) (gen.ComponentModel, error) {
	c, ok := v.(Component)
	if !ok || v == nil {
		return gen.ComponentModel{}, &DumpError{Pointer: ptr, Type: fmt.Sprintf("%T", v), Err: ErrNoComponentConfig}
	}
	m, err := c.ComponentModel()
	if err != nil {
		return gen.ComponentModel{}, AtDumpPointer(ptr, fmt.Sprintf("%T", v), err)
	}
	return m, nil
}

// AtDumpPointer places a dump failure of the value (of Go type typ) at ptr
// in the component that holds it: a *DumpError gets ptr before its
// pointer; another error becomes a *DumpError at ptr.
func AtDumpPointer(ptr, typ string, err error) error {
	var de *DumpError
	if errors.As(err, &de) {
		out := *de
		out.Pointer = ptr + de.Pointer
		return &out
	}
	return &DumpError{Pointer: ptr, Type: typ, Err: err}
}
