// Package bench holds the module-wide benchmarks of issue 10 that do not
// belong to one package: the map floors and the typed decoding and encoding
// of AutoGen's saved state and transcript (testdata/bench, written by
// AutoGen's own models). Other named benchmarks live beside their packages:
// BenchmarkValidateState1k in pkg/validate, BenchmarkCountTokensState1k and
// BenchmarkEncodeText1MB in pkg/tokens, BenchmarkGetMessages in
// pkg/modelcontext. `make bench` runs them all and prints a table.
package bench
