// Package wire is the runtime behind the generated types in gen/: a JSON
// scanner that decodes straight into Go structs with pydantic's lax rules
// and reports every fault with its JSON pointer, line and column, and an
// encoder that writes the JSON AutoGen writes.
//
// Generated code calls it; users meet its types through aliases in gen/ and
// pkg/ (Error, Errors, Int, RawJSON, Image, DateTime, Options).
package wire
