//go:build race

package pyimg

// raceEnabled lets the largest image tests use smaller images under
// -race, where they take minutes; they run whole in ordinary go test.
const raceEnabled = true
