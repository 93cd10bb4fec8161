package wire

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// freeState returns the free list's length, whether it holds the block
// that starts at base, and whether a tick is armed.
func freeState(base uintptr) (n int, holds, ticking bool) {
	free.mu.Lock()
	defer free.mu.Unlock()
	for _, p := range free.blocks {
		if uintptr(unsafe.Pointer(p)) == base {
			holds = true
		}
	}
	return len(free.blocks), holds, free.ticking
}

// collectUntil runs the collector, and gives the finalizers it queues time
// to run, until ok says so; it fails the test after ten seconds. With
// inUse, each cycle counts as one that took a block from the free list,
// so that the ticks do not empty it while the test waits.
func collectUntil(t *testing.T, what string, inUse bool, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			n, _, _ := freeState(0)
			t.Fatalf("after ten seconds of collections: %s (the free list holds %d blocks)", what, n)
		}
		if inUse {
			free.mu.Lock()
			free.taken = true
			free.mu.Unlock()
		}
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
}

// dropBlocks makes n result blocks and drops them all at once (a
// collection while they are made finds none of them free); it returns the
// first one's address.
//
//go:noinline
func dropBlocks(n int) uintptr {
	blocks := make([][]byte, n)
	for i := range blocks {
		blocks[i] = newResultBlock()
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(blocks[0])))
}

// dropFreeList empties the free list, so that a test starts from nothing:
// first some collections, for the blocks that earlier tests dropped (an
// encoder left in Marshal's pool holds its block for two cycles more).
func dropFreeList(t *testing.T) {
	t.Helper()
	for range 4 {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
	free.mu.Lock()
	clear(free.blocks)
	free.blocks = free.blocks[:0]
	free.mu.Unlock()
}

// TestResultBlockReused checks that a result block that nothing refers to
// any more comes back from the free list, and that one still referred to
// does not.
func TestResultBlockReused(t *testing.T) {
	dropFreeList(t)
	kept := newResultBlock()
	keptBase := uintptr(unsafe.Pointer(unsafe.SliceData(kept)))
	base := dropBlocks(1)
	collectUntil(t, "the dropped block is not on the free list", true, func() bool {
		_, holds, _ := freeState(base)
		return holds
	})
	if _, holds, _ := freeState(keptBase); holds {
		t.Fatal("a block still referred to is on the free list")
	}
	runtime.KeepAlive(kept)
	// The free list is taken from last in, first out.
	free.mu.Lock()
	last := uintptr(unsafe.Pointer(free.blocks[len(free.blocks)-1]))
	free.mu.Unlock()
	got := newResultBlock()
	if len(got) != outBlock || cap(got) != outBlock {
		t.Fatalf("a reused block has length %d and capacity %d, want %d", len(got), cap(got), outBlock)
	}
	if uintptr(unsafe.Pointer(unsafe.SliceData(got))) != last {
		t.Fatal("a new block was made while the free list held one")
	}
}

// TestKeptResultsNeverChange keeps every fifth of Marshal's results and
// drops the others, with collections in between, so that the blocks of
// dropped results are reused while kept results share blocks with them: a
// kept result must keep its bytes. (A block put on the free list while a
// result in it is still referred to fails this test: the next documents
// are written over it.)
func TestKeptResultsNeverChange(t *testing.T) {
	dropFreeList(t)
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
	if n, _, _ := freeState(0); n == 0 {
		// The blocks of dropped results were reused, or are on the list:
		// either way some went through it; an empty list after the last
		// collection means none did.
		collectUntil(t, "no block of a dropped result reached the free list", true, func() bool {
			n, _, _ := freeState(0)
			return n > 0
		})
	}
}

// TestFreeListBounded drops more blocks than the free list keeps, all at
// once: the list keeps maxFreeBlocks of them, and the collector the rest.
func TestFreeListBounded(t *testing.T) {
	dropFreeList(t)
	dropBlocks(3 * maxFreeBlocks)
	collectUntil(t, "the free list never filled", true, func() bool {
		n, _, _ := freeState(0)
		if n > maxFreeBlocks {
			t.Fatalf("the free list holds %d blocks, past its bound %d", n, maxFreeBlocks)
		}
		return n == maxFreeBlocks
	})
}

// TestFreeListEmptiedWhenIdle checks that blocks nobody takes are given
// back: a collection cycle with no block taken empties the list, and the
// ticks stop.
func TestFreeListEmptiedWhenIdle(t *testing.T) {
	dropFreeList(t)
	dropBlocks(8)
	collectUntil(t, "the dropped blocks never reached the free list", true, func() bool {
		n, _, _ := freeState(0)
		return n == 8
	})
	collectUntil(t, "the free list was not emptied, or the ticks went on", false, func() bool {
		n, _, ticking := freeState(0)
		return n == 0 && !ticking
	})
	// Taking a block in each cycle keeps the list.
	dropBlocks(8)
	collectUntil(t, "the dropped blocks never reached the free list", true, func() bool {
		n, _, _ := freeState(0)
		return n == 8
	})
	var held [][]byte
	for i := range 3 {
		held = append(held, newResultBlock())
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
		if n, _, _ := freeState(0); n < 8-1-i {
			t.Fatalf("cycle %d, a block taken in each: the free list holds %d blocks, want at least %d", i, n, 8-1-i)
		}
	}
	runtime.KeepAlive(held)
}
