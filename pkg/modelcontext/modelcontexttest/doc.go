// Package modelcontexttest supports tests of model contexts: it reads the
// conformance cases recorded from AutoGen (testdata/conformance/contexts)
// and provides the CharBudgetClient counting rule those cases define,
// with its provider ("oracle_clients.CharBudgetClient") for a component
// registry, and Opaque, which hides a client's per-message counting so
// that a token-limited context recounts as AutoGen does.
//
// It is meant for tests, as net/http/httptest is, and for tools that
// replay the cases: the agentschema command registers the CharBudgetClient
// provider so that its context command can run every case.
package modelcontexttest
