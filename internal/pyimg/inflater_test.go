package pyimg

import (
	"runtime"
	"testing"
)

// TestCheckPNGReusesInflater: checking one small PNG after another takes
// the inflater and its buffered reader from the pool, so a check
// allocates well under the 4 KiB buffer it used to allocate every time.
func TestCheckPNGReusesInflater(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector does not keep sync.Pool's items")
	}
	data := bench64(t, false)
	check := func() {
		im, err := Open(data, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if err := im.Check(); err != nil {
			t.Fatal(err)
		}
	}
	check()
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 200
	for range n {
		check()
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / n; per > 2048 {
		t.Fatalf("a check allocated %d bytes, want at most 2048", per)
	}
}
