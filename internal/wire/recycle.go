package wire

import (
	"runtime"
	"sync"
	"unsafe"
)

// Marshal's result blocks (see outBlock) are reused once nothing points
// into them any more. A program that dumps in bulk (a transcript written
// line by line, an event stream) drops each result soon after it is
// written; without reuse every block is new memory, and on a small heap
// the collector's cycles, and the runtime giving the freed pages back to
// the system and faulting them in again, cost twice the encoding itself
// (BENCHMARKS.md, "Ninth round").
//
// Each block carries a finalizer (recycleBlock). The collector runs it
// once no result and no encoder holds any byte of the block: a result is
// a slice into its block, which keeps the whole block alive, so a block is
// reused only when every result in it is unreachable, and its bytes are
// never seen again by anyone else. The finalizer puts the block on a free
// list that Marshal takes from before it allocates. The list is bounded
// (maxFreeBlocks) and emptied when a whole collection cycle passes with
// no block taken from it (onTick), so what it keeps is at most
// maxFreeBlocks blocks, and only while Marshal is in use.
var free struct {
	mu     sync.Mutex
	blocks []*byte // the first byte of each free block
	// taken says a block was taken since the last tick; ticking, that a
	// tick is armed.
	taken, ticking bool
}

// maxFreeBlocks bounds the free list: 128 blocks, 2 MiB. More blocks
// found free at once (results that were all kept, then dropped together)
// are left to the collector.
const maxFreeBlocks = 128

// newResultBlock returns a result block of outBlock bytes, its length
// outBlock: a free one when there is one, else a new one (not zeroed: see
// newBlock). Either way it carries the finalizer that frees it again.
func newResultBlock() []byte {
	var p *byte
	free.mu.Lock()
	if n := len(free.blocks); n > 0 {
		p = free.blocks[n-1]
		free.blocks[n-1] = nil
		free.blocks = free.blocks[:n-1]
		free.taken = true
	}
	free.mu.Unlock()
	if p == nil {
		p = unsafe.SliceData(newBlock(outBlock)[:1])
	}
	runtime.SetFinalizer(p, recycleBlock)
	return unsafe.Slice(p, outBlock)
}

// recycleBlock is a result block's finalizer: nothing refers to the block
// any more, so it goes on the free list (or, when the list is full, to
// the collector, its finalizer spent).
func recycleBlock(p *byte) {
	free.mu.Lock()
	defer free.mu.Unlock()
	if len(free.blocks) < maxFreeBlocks {
		free.blocks = append(free.blocks, p)
	}
	if !free.ticking {
		free.ticking = true
		armTick()
	}
}

// tick is an object whose finalizer (onTick) runs after the next
// collection cycle. (It holds a pointer so that the allocator gives it an
// object of its own: a finalizer on a tiny pointer-free object may never
// run.)
type tick struct{ _ *byte }

func armTick() { runtime.SetFinalizer(&tick{}, onTick) }

// onTick runs once a collection cycle while the free list holds blocks:
// it empties the list when no block was taken from it since the last
// tick, and stops ticking once the list is empty.
func onTick(*tick) {
	free.mu.Lock()
	defer free.mu.Unlock()
	if !free.taken {
		clear(free.blocks)
		free.blocks = free.blocks[:0]
	}
	free.taken = false
	if len(free.blocks) > 0 {
		armTick()
		return
	}
	free.ticking = false
}
