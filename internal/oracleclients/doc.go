// Package oracleclients holds the model clients the conformance cases
// define for themselves (CONTEXTS.md in testdata/conformance): the
// CharBudgetClient counting rule, whose provider string is
// "oracle_clients.CharBudgetClient". AutoGen cannot load it; it exists so
// that tests (through pkg/modelcontext/modelcontexttest) and the
// agentschema command, whose context verb replays the cases, can.
//
// It is internal: it is a fixture of the cases, not a client for users,
// and the command registers it without naming it in its help.
package oracleclients
