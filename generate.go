// Package agentschema gives Go programs AutoGen's agent type system. See
// README.md; the types are in gen/ and the packages under pkg/. This package
// itself holds the module's one error model, Fault.
package agentschema

// The generator is a module of its own (internal/cmd/schemagen/go.mod), so
// that its dependencies (go-jsonschema and what it needs) stay out of the
// module graph of every program that imports this module.
//go:generate go -C internal/cmd/schemagen run . -schemas ../../../schemas -out ../../../gen
