//go:build race

package bpe

// raceEnabled lets the slowest exhaustive tests skip under -race, where
// they take minutes; they still run in ordinary `go test`.
const raceEnabled = true
