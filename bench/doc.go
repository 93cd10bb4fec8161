// Package bench holds the module-wide benchmarks with performance targets that
// do not belong to one package: the map floors (decoding and encoding, for
// the state and the transcript) and the typed decoding and encoding of
// AutoGen's saved state and transcript (testdata/bench, written by
// AutoGen's own models). The decoders report allocations per message.
// Other named benchmarks live beside their packages: BenchmarkValidateState1k
// in pkg/validate, BenchmarkCountTokensState1k and BenchmarkEncodeText1MB in
// pkg/tokens, BenchmarkGetMessages in pkg/modelcontext, BenchmarkVerbsOnFile
// (serial against parallel) in cmd/agentschema. `make bench` runs the named ones and prints a table;
// BENCHMARKS.md records the last run.
package bench
