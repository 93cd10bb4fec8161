package component

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/internal/pystr"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// Component is implemented by values that can dump their own config, as
// AutoGen's dump_component() does. Implementations usually return
// spec.Model(config) for their package's Spec.
type Component interface {
	ComponentModel() (gen.ComponentModel, error)
}

// Dump returns the JSON of c's ComponentModel, as AutoGen's
// dump_component().model_dump(mode="json") writes it.
func Dump(c Component) ([]byte, error) {
	if c == nil {
		return nil, errors.New("component: Dump of a nil Component")
	}
	m, err := c.ComponentModel()
	if err != nil {
		return nil, err
	}
	return wire.Marshal(&m)
}

// Spec describes a component class as AutoGen's dump_component() reads it:
// the class variables component_provider_override, component_type,
// component_version, the description and the label.
type Spec struct {
	// Provider is the provider string: AutoGen's component_provider_override,
	// or the class's module and qualified name
	// ("autogen_core.model_context.BufferedChatCompletionContext").
	Provider string
	// ComponentType is the logical type ("model", "chat_completion_context",
	// "tool", ...). AutoGen refuses to dump a class without one.
	ComponentType string
	// Version is the component_version, written as both version and
	// component_version. Zero means 1, AutoGen's default.
	Version int64
	// Description is the description: AutoGen's component_description, or
	// the class docstring up to its first blank line (see Docstring). Empty
	// means none (null).
	Description string
	// Label is the label; empty means the last dotted segment of Provider
	// (AutoGen's default, the class name).
	Label string
	// KeepNull lists the places in the config whose null members are kept
	// when dumping, as JSON pointers with "*" matching any one segment (for
	// example "/tool_schema/*/parameters/properties"): the members of a
	// matched object, at every depth below it. Pydantic's exclude_none drops
	// None fields of models and TypedDicts only; a free-form dict[str, Any]
	// such as a tool's parameter properties keeps its None values.
	KeepNull []string
}

// Model returns the ComponentModel that AutoGen's dump_component() writes
// for a component of this class whose config is config: the config as
// model_dump(exclude_none=True) gives it, i.e. with null object members
// dropped at every depth (except under KeepNull).
//
// config is JSON text (gen.RawJSON, json.RawMessage or []byte), a value with
// a MarshalJSON method (every gen type), or any other value encoding/json
// can marshal. It must encode to a JSON object.
func (s Spec) Model(config any) (gen.ComponentModel, error) {
	if s.Provider == "" {
		return gen.ComponentModel{}, errors.New("component: Spec has no Provider")
	}
	if s.ComponentType == "" {
		return gen.ComponentModel{}, fmt.Errorf("component: %s: component_type not defined", s.Provider)
	}
	raw, err := marshalConfig(config)
	if err != nil {
		return gen.ComponentModel{}, fmt.Errorf("component: %s: config: %w", s.Provider, err)
	}
	cfg, err := DropNone(raw, s.KeepNull...)
	if err != nil {
		return gen.ComponentModel{}, fmt.Errorf("component: %s: config: %w", s.Provider, err)
	}
	if len(cfg) == 0 || cfg[0] != '{' {
		return gen.ComponentModel{}, fmt.Errorf("component: %s: config is not a JSON object", s.Provider)
	}
	version := s.Version
	if version == 0 {
		version = 1
	}
	label := s.Label
	if label == "" {
		label = s.Provider[strings.LastIndexByte(s.Provider, '.')+1:]
	}
	v := gen.IntOf(version)
	cv := v
	ctype := s.ComponentType
	m := gen.ComponentModel{
		Provider:         s.Provider,
		ComponentType:    &ctype,
		Version:          &v,
		ComponentVersion: &cv,
		Label:            &label,
		Config:           cfg,
	}
	if s.Description != "" {
		d := s.Description
		m.Description = &d
	}
	return m, nil
}

// marshalConfig returns the JSON text of a config value.
func marshalConfig(config any) ([]byte, error) {
	switch c := config.(type) {
	case nil:
		return nil, errors.New("nil config")
	case gen.RawJSON:
		return c, nil
	case json.RawMessage:
		return c, nil
	case []byte:
		return c, nil
	case json.Marshaler:
		return c.MarshalJSON()
	case gen.Encodable:
		return wire.Marshal(c)
	}
	return json.Marshal(config)
}

// Docstring returns the description AutoGen's dump_component() takes from a
// class docstring: the docstring stripped of surrounding white space, cut
// before "\n\nArgs:", "\n\nParameters:", "\n\nAttributes:" and then before
// the first blank line ("\n\n"), and stripped again. Inner newlines and
// indentation are kept.
func Docstring(doc string) string {
	doc = pyStrip(doc)
	for _, marker := range []string{"\n\nArgs:", "\n\nParameters:", "\n\nAttributes:", "\n\n"} {
		if i := strings.Index(doc, marker); i >= 0 {
			doc = doc[:i]
		}
	}
	return pyStrip(doc)
}

// pyStrip is Python's str.strip(): it removes leading and trailing
// characters for which str.isspace() is true.
func pyStrip(s string) string {
	return strings.TrimFunc(s, pystr.IsSpaceRune)
}
