package wire

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// pools are the block pools, by name, for the tests that run on each.
var pools = []struct {
	name string
	bp   *blockPool
}{{"results", &outBlocks}, {"strings", &strBlocks}}

// state returns the free list's length, whether it holds the block that
// starts at base, and whether a tick is armed.
func (bp *blockPool) state(base uintptr) (n int, holds, ticking bool) {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	for _, p := range bp.blocks {
		if uintptr(unsafe.Pointer(p)) == base {
			holds = true
		}
	}
	return len(bp.blocks), holds, bp.ticking
}

// armedNow returns how many of bp's blocks carry the finalizer.
func (bp *blockPool) armedNow() int {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	return bp.armed
}

// localPool is a pool of its own for the tests that call put, get and
// ageOut by hand: its finalizers do nothing.
func localPool() *blockPool {
	return &blockPool{size: 64, recycle: func(*byte) {}, tick: func(*tick) {}}
}

// collectUntil runs the collector, and gives the finalizers it queues time
// to run, until ok says so; it fails the test after ten seconds. With
// keep, the list is not aged out meanwhile (blockPool.keep).
func collectUntil(t *testing.T, bp *blockPool, what string, keep bool, ok func() bool) {
	t.Helper()
	if keep {
		bp.mu.Lock()
		bp.keep = true
		bp.mu.Unlock()
		defer func() {
			bp.mu.Lock()
			bp.keep = false
			bp.mu.Unlock()
		}()
	}
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			n, _, _ := bp.state(0)
			t.Fatalf("after ten seconds of collections: %s (the free list holds %d blocks)", what, n)
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
}

// dropFreeList empties the free list, so that a test starts from nothing:
// first collections until the blocks that earlier tests dropped have been
// finalized (an encoder or decoder left in a pool holds its block for two
// cycles more), so that the blocks the test takes carry the finalizer.
func dropFreeList(t *testing.T, bp *blockPool) {
	t.Helper()
	collectUntil(t, bp, "the blocks of earlier tests are not finalized", false, func() bool {
		return bp.armedNow() <= 4
	})
	bp.mu.Lock()
	clear(bp.blocks)
	bp.blocks = bp.blocks[:0]
	bp.mu.Unlock()
}

// dropBlocks takes n blocks from bp and drops them all at once (a
// collection while they are taken finds none of them free); it returns
// the first one's address.
//
//go:noinline
func dropBlocks(bp *blockPool, n int) uintptr {
	blocks := make([][]byte, n)
	for i := range blocks {
		blocks[i] = bp.get()
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(blocks[0])))
}

// TestBlockReused checks that a block that nothing refers to any more
// comes back from the free list, and that one still referred to does not.
func TestBlockReused(t *testing.T) {
	for _, p := range pools {
		t.Run(p.name, func(t *testing.T) {
			bp := p.bp
			dropFreeList(t, bp)
			kept := bp.get()
			keptBase := uintptr(unsafe.Pointer(unsafe.SliceData(kept)))
			base := dropBlocks(bp, 1)
			collectUntil(t, bp, "the dropped block is not on the free list", true, func() bool {
				_, holds, _ := bp.state(base)
				return holds
			})
			if _, holds, _ := bp.state(keptBase); holds {
				t.Fatal("a block still referred to is on the free list")
			}
			runtime.KeepAlive(kept)
			// The free list is taken from last in, first out.
			bp.mu.Lock()
			last := uintptr(unsafe.Pointer(bp.blocks[len(bp.blocks)-1]))
			bp.mu.Unlock()
			got := bp.get()
			if len(got) != bp.size || cap(got) != bp.size {
				t.Fatalf("a reused block has length %d and capacity %d, want %d", len(got), cap(got), bp.size)
			}
			if uintptr(unsafe.Pointer(unsafe.SliceData(got))) != last {
				t.Fatal("a new block was made while the free list held one")
			}
		})
	}
}

// TestFreeListBounded checks both bounds: of many blocks taken, at most
// maxFreeBlocks carry the finalizer; of many put on a list, it keeps
// maxFreeBlocks and leaves the rest to the collector.
func TestFreeListBounded(t *testing.T) {
	for _, p := range pools {
		t.Run(p.name, func(t *testing.T) {
			bp := p.bp
			held := make([][]byte, 3*maxFreeBlocks)
			for i := range held {
				held[i] = bp.get()
			}
			armed := bp.armedNow()
			if armed > maxFreeBlocks || armed < maxFreeBlocks-8 {
				// (A block dropped by an earlier test may be finalized
				// meanwhile: a few less.)
				t.Errorf("%d blocks held carry the finalizer, want %d", armed, maxFreeBlocks)
			}
			runtime.KeepAlive(held)
		})
	}
	bp := localPool()
	for range 3 * maxFreeBlocks {
		bp.put(unsafe.SliceData(make([]byte, 64)))
	}
	if n := len(bp.blocks); n != maxFreeBlocks {
		t.Errorf("%d blocks put: the list holds %d, want %d", 3*maxFreeBlocks, n, maxFreeBlocks)
	}
}

// TestFreeListEmptiedWhenIdle checks that blocks nobody takes are given
// back: collections with no block put or taken empty the list, and the
// ticks stop. (That a cycle that puts or takes one keeps the list is
// TestAgeOutKeepsBlocksJustPut.)
func TestFreeListEmptiedWhenIdle(t *testing.T) {
	for _, p := range pools {
		t.Run(p.name, func(t *testing.T) {
			bp := p.bp
			dropFreeList(t, bp)
			dropBlocks(bp, 8)
			collectUntil(t, bp, "the dropped blocks never reached the free list", true, func() bool {
				n, _, _ := bp.state(0)
				return n >= 8
			})
			collectUntil(t, bp, "the free list was not emptied, or the ticks went on", false, func() bool {
				n, _, ticking := bp.state(0)
				return n == 0 && !ticking
			})
		})
	}
}

// TestAgeOutKeepsBlocksJustPut: blocks put on the list by the finalizers
// of one collection are kept by that collection's tick, whether it runs
// before or after them, and dropped by the next tick only when nothing
// was put or taken in between.
func TestAgeOutKeepsBlocksJustPut(t *testing.T) {
	bp := localPool()
	a, b := unsafe.SliceData(make([]byte, 64)), unsafe.SliceData(make([]byte, 64))
	steps := []struct {
		name string
		do   func()
		want int
	}{
		{"a put, then the tick", func() { bp.put(a); bp.ageOut() }, 1},
		{"a cycle with no use", bp.ageOut, 0},
		{"the tick, then a put", func() { bp.ageOut(); bp.put(b) }, 1},
		{"the next tick", bp.ageOut, 1},
		{"a cycle with no use", bp.ageOut, 0},
		{"a put, a take, a put", func() { bp.put(a); bp.get(); bp.put(b); bp.ageOut() }, 1},
		{"a take", func() { bp.get(); bp.ageOut() }, 0},
	}
	for _, st := range steps {
		st.do()
		if n := len(bp.blocks); n != st.want {
			t.Fatalf("after %s: %d blocks on the list, want %d", st.name, n, st.want)
		}
	}
}

// TestKeptResultsNeverChange keeps every fifth of Marshal's results and
// drops the others, with collections in between, so that the blocks of
// dropped results are reused while kept results share blocks with them: a
// kept result must keep its bytes. (A block put on the free list while a
// result in it is still referred to fails this test: the next documents
// are written over it.)
func TestKeptResultsNeverChange(t *testing.T) {
	dropFreeList(t, &outBlocks)
	type keptResult struct {
		out  []byte
		want string
	}
	var kept []keptResult
	for round := range 60 {
		for i := range 300 {
			// Sizes from a few bytes to past a quarter of a block, so that
			// results share blocks, spill into new ones and are allocated
			// by themselves.
			n := (round*131 + i*97) % 6000
			text := strings.Repeat(string(rune('a'+(round+i)%26)), n) + fmt.Sprint(round, ".", i)
			out, err := Marshal(EncodeFunc(func(e *Encoder) { e.Str(text) }))
			if err != nil {
				t.Fatal(err)
			}
			if i%5 == 0 {
				kept = append(kept, keptResult{out, `"` + text + `"`})
			}
		}
		if round%4 == 3 {
			runtime.GC()
			time.Sleep(time.Millisecond) // the finalizers run
		}
		for j, k := range kept {
			if string(k.out) != k.want {
				t.Fatalf("round %d: kept result %d changed: %.40q..., want %.40q...", round, j, k.out, k.want)
			}
		}
	}
	collectUntil(t, &outBlocks, "no block of a dropped result reached the free list", true, func() bool {
		n, _, _ := outBlocks.state(0)
		return n > 0
	})
}

// TestKeptStringsNeverChange is TestKeptResultsNeverChange for a
// decoder's strings: every fifth string decoded is kept, the others
// dropped, and the blocks reused must not be those of a kept string.
func TestKeptStringsNeverChange(t *testing.T) {
	dropFreeList(t, &strBlocks)
	text := func(round int) func(i int) string {
		return func(i int) string {
			n := (round*131 + i*97) % (strBlockMaxString + 200)
			return fmt.Sprint(round, ".", i, ":\n") + strings.Repeat(string(rune('a'+(round+i)%26)), n)
		}
	}
	escaped := func(int) bool { return true } // the newline written as \n
	type keptString struct{ s, want string }
	var kept []keptString
	for round := range 60 {
		got := readStrs(t, NewDecoder(strDoc(300, text(round), escaped), Options{}))
		for i := 0; i < len(got); i += 5 {
			kept = append(kept, keptString{got[i], text(round)(i)})
		}
		if round%4 == 3 {
			runtime.GC()
			time.Sleep(time.Millisecond) // the finalizers run
		}
		for j, k := range kept {
			if k.s != k.want {
				t.Fatalf("round %d: kept string %d changed: %.40q..., want %.40q...", round, j, k.s, k.want)
			}
		}
	}
	collectUntil(t, &strBlocks, "no block of a dropped string reached the free list", true, func() bool {
		n, _, _ := strBlocks.state(0)
		return n > 0
	})
}
