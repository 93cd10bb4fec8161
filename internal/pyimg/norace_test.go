//go:build !race

package pyimg

// raceEnabled: see race_test.go.
const raceEnabled = false
