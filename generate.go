// Package agentschema gives Go programs AutoGen's agent type system. See
// README.md; the types are in gen/ and the packages under pkg/.
package agentschema

//go:generate go run ./internal/cmd/schemagen -schemas schemas -out gen
