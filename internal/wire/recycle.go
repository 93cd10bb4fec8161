package wire

import (
	"runtime"
	"sync"
	"unsafe"
)

// The blocks that hold Marshal's results (see outBlock) and a decoder's
// strings (see strBlock) are reused once nothing points into them any
// more. A program that dumps or loads in bulk (a transcript read or
// written line by line, an event stream) drops each result soon after
// it is used; without reuse every block is new memory, and on a small
// heap the collector's cycles, and the runtime giving the freed pages back
// to the system and faulting them in again, cost more than the encoding
// itself (BENCHMARKS.md, "Ninth round").
//
// A block carries a finalizer (at most maxFreeBlocks of a pool's blocks
// at a time: see blockPool.armed). The collector runs it once nothing
// holds any byte of the block: a result is a slice into its block, and a
// string is made over its bytes in its block, which keeps the whole block
// alive; so a block is reused only when every result or string in it is
// unreachable, and its bytes are never seen again by anyone else. The
// finalizer puts the block on its pool's free list, which Marshal or the
// decoder takes from before it allocates. The list is bounded
// (maxFreeBlocks) and emptied when a whole collection cycle passes with
// no block put on it or taken from it (blockPool.ageOut), so a pool keeps
// at most maxFreeBlocks blocks, and only while it is in use.
type blockPool struct {
	size    int
	recycle func(*byte) // the blocks' finalizer: put
	tick    func(*tick) // the ticks' finalizer: ageOut

	mu     sync.Mutex
	blocks []*byte // the first byte of each free block
	// armed counts the blocks that carry the finalizer. It is bounded
	// (maxFreeBlocks) because a block with a finalizer that nothing
	// refers to survives the collection that finds it, and is freed (when
	// the free list is full) only by the next: unbounded, a stream's
	// garbage blocks would all stay a cycle longer, and its peak heap grow
	// by what it drops in a cycle. Blocks past the bound are plain memory.
	armed int
	// used says a block was put on the list or taken from it since the
	// last tick; ticking, that a tick is armed.
	used, ticking bool
	// keep, set only by tests, stops ageOut from emptying the list while
	// a test waits for blocks to reach it (the collections it runs to get
	// them there would otherwise age them out, finalizers being late).
	keep bool
}

// maxFreeBlocks bounds a free list: 128 blocks (2 MiB of result blocks,
// 1.2 MB of string blocks). More blocks found free at once (results or
// strings that were all kept, then dropped together) are left to the
// collector.
const maxFreeBlocks = 128

// The pools of result blocks and of string blocks.
var outBlocks, strBlocks blockPool

func init() {
	outBlocks.size = outBlock
	outBlocks.recycle = func(p *byte) { outBlocks.put(p) }
	outBlocks.tick = func(*tick) { outBlocks.ageOut() }
	strBlocks.size = strBlock
	strBlocks.recycle = func(p *byte) { strBlocks.put(p) }
	strBlocks.tick = func(*tick) { strBlocks.ageOut() }
}

// get returns a block of the pool's size, its length that size: a free
// one when there is one, else a new one (not zeroed: see newBlock). It
// carries the finalizer that frees it again, unless maxFreeBlocks blocks
// already do.
func (bp *blockPool) get() []byte {
	var p *byte
	bp.mu.Lock()
	if n := len(bp.blocks); n > 0 {
		p = bp.blocks[n-1]
		bp.blocks[n-1] = nil
		bp.blocks = bp.blocks[:n-1]
		bp.used = true
	}
	arm := bp.armed < maxFreeBlocks
	if arm {
		bp.armed++
	}
	bp.mu.Unlock()
	if p == nil {
		p = unsafe.SliceData(newBlock(bp.size)[:1])
	}
	if arm {
		runtime.SetFinalizer(p, bp.recycle)
	}
	return unsafe.Slice(p, bp.size)
}

// put is a block's finalizer: nothing refers to the block any more, so it
// goes on the free list (or, when the list is full, to the collector, its
// finalizer spent).
func (bp *blockPool) put(p *byte) {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	bp.armed--
	if len(bp.blocks) < maxFreeBlocks {
		bp.blocks = append(bp.blocks, p)
		bp.used = true
	}
	if !bp.ticking {
		bp.ticking = true
		runtime.SetFinalizer(&tick{}, bp.tick)
	}
}

// tick is an object whose finalizer runs after the next collection
// cycle. (It holds a pointer so that the allocator gives it an object of
// its own: a finalizer on a tiny pointer-free object may never run.)
type tick struct{ _ *byte }

// ageOut runs once a collection cycle while the free list holds blocks:
// it empties the list when no block was put on it or taken from it since
// the last tick, and stops ticking once the list is empty. (Blocks put on
// the list by the finalizers of the same collection, before or after its
// tick, stay at least until the next.)
func (bp *blockPool) ageOut() {
	bp.mu.Lock()
	defer bp.mu.Unlock()
	if !bp.used && !bp.keep {
		clear(bp.blocks)
		bp.blocks = bp.blocks[:0]
	}
	bp.used = false
	if len(bp.blocks) > 0 {
		runtime.SetFinalizer(&tick{}, bp.tick)
		return
	}
	bp.ticking = false
}

// newResultBlock returns a block for Marshal's results, its length
// outBlock.
func newResultBlock() []byte { return outBlocks.get() }

// newStringBlock returns an empty block for a decoder's strings, its
// capacity strBlock.
func newStringBlock() []byte { return strBlocks.get()[:0] }
