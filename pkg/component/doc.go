// Package component gives Go programs AutoGen's component configs
// (autogen_core's ComponentModel, dump_component and load_component).
//
// It owns:
//
//   - the envelope, ComponentModel (an alias of gen.ComponentModel): provider,
//     component_type, version, component_version, description, label and the
//     config as raw JSON, encoded as AutoGen's model_dump(mode="json");
//   - the dump side: Spec describes a component class (provider,
//     component_type, version, description, label) and Spec.Model builds
//     what AutoGen's dump_component() writes, with the config's None fields
//     dropped at every depth (DropNone); Docstring extracts the description
//     from a class docstring as AutoGen does; a value that can dump itself
//     implements Component, and Dump writes its JSON; ModelOf makes the
//     envelope of a class LookupProvider knows (how the agents, teams and
//     termination conditions built in Go dump themselves), NestedModel a
//     member's, and a value that cannot be dumped is a *DumpError naming
//     its pointer and Go type;
//   - the load side: a Registry from provider strings (and aliases, such as
//     AutoGen's WELL_KNOWN_PROVIDERS short names) to Loader functions, and
//     Load, LoadModel and LoadAs, which build a component from its config.
//     An unknown provider is an *UnknownProviderError naming it.
//
// It also owns component trees without behaviour: LookupProvider resolves
// a provider (its full class path or any alias AutoGen's load_component
// accepts) to its class's component_type, config schema title and the
// config members holding nested components; Walk visits every component
// of a tree with its JSON pointer; DecodeConfig and ConfigOf read a config
// as its generated type (gen.AssistantAgentConfig, ...), SetConfig writes
// it back; NormalizeTree writes a tree as dump_component() does after
// load_component. (LoadAs builds registered components; ConfigOf only
// reads configs.)
//
// What AutoGen does to a config beyond its model's fields is here too:
// ApplyValidators runs pydantic's model validators that derive members
// (validators.go); DumpConfig makes each class's constructor and
// _to_config changes and refusals (dump.go), and NormalizeTree writes each
// known component with its class's envelope (descriptions.go);
// MaskSecrets writes SecretStr members as pydantic dumps them.
//
// Packages that implement components register their providers in an init
// function, so importing them is enough to load their configs:
//
//	import _ "github.com/agentschema/agentschema/pkg/models/replay"
//
// Loaders that hold nested components (a context's model_client) load them
// with LoadModel(ctx, ...) on the context they were given: a Registry's Load
// stores the registry in the context, so nested components come from the
// same registry.
//
// Registries are safe for concurrent use.
package component
