//go:build race

package main

// raceEnabled lets the largest streaming tests skip under -race, where
// they take minutes; they run in ordinary `go test`.
const raceEnabled = true
