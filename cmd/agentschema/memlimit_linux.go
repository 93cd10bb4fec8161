package main

import (
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"syscall"
	"unsafe"

	"github.com/agentschema/agentschema/internal/pyimg"
)

// Under an address-space limit (ulimit -v, RLIMIT_AS) the Go runtime has
// far less room than the number suggests: it reserves about 1.1 GB of
// address space for its own indexes before main runs, and the heap grows
// in 64 MiB reservations. What is left is often a few hundred megabytes,
// and the runtime cannot recover when a reservation fails: it dies with
// "fatal error: out of memory" however much of its heap is garbage.
//
// limitMemoryToAddressSpace gives the collector that room as its soft
// memory limit (runtime/debug.SetMemoryLimit), so that garbage is
// collected before the heap asks for address space it cannot have. Data
// that is live beyond it still cannot fit, so the largest document the
// command takes (maxInputSize: a single-document input, a JSONL line, an
// array's element) is lowered to what that room can hold worked on, and
// documents are worked one at a time: a larger document is refused with a
// message (exit 1), as one over the usual limit is, where the runtime
// would have died; so is an image whose decode needs more than half the
// memory limit (pyimg.SetDecodeMemory). An explicit GOMEMLIMIT is left
// alone.
func limitMemoryToAddressSpace() {
	room, ok := addressSpaceRoom()
	if !ok {
		return
	}
	limit := room / 4 * 3
	if limit < minMemoryLimit {
		limit = minMemoryLimit
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit)
	}
	// Whole MiB, so that the limit a message names does not vary with
	// what the process had mapped when it started.
	if docs := limit / documentAmplification &^ (1<<20 - 1); docs < maxInputSize {
		maxInputSize = max(docs, 1<<20)
		inputLimitNote = "; the most this process can work on under its address-space limit (ulimit -v)"
	}
	if workerCount == 0 {
		workerCount = 1
	}
	// JPEG and WebP decodes hold the whole image: one that needs more than
	// half the limit is refused with a message.
	pyimg.SetDecodeMemory(limit/2, true)
}

// documentAmplification is the memory a document may take while it is
// worked on, as a multiple of its size: a document of tiny values (an
// object of a million one-digit members, an array of a million numbers
// checked in schema mode, on validate's tape and then as a tree; a run of
// letters that tokens counts as one piece) takes up to about this many
// times its size. Under a 1.5 GB limit it leaves 2 MiB documents.
const documentAmplification = 48

// minMemoryLimit is the least limit set: below it the collector would
// run all the time and the command would fail anyway.
const minMemoryLimit = 16 << 20

// addressSpaceRoom returns the address space the process may still map
// under RLIMIT_AS, and whether there is such a limit.
func addressSpaceRoom() (int64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) || rl.Cur > 1<<62 {
		return 0, false
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return 0, false
	}
	// The heap is reserved in 64 MiB arenas, and where its first
	// allocations fall in them is random: they may straddle two. Counted
	// as one arena, so that the room (and the limits made from it) is the
	// same on every run.
	// Any Go-managed address is in the arenas: a heap object's, or a
	// goroutine stack's, should the compiler keep heap on the stack.
	heap := new(int64)
	size := mappedBytes(maps, uintptr(unsafe.Pointer(heap)))
	runtime.KeepAlive(heap)
	return int64(rl.Cur) - size, true
}

// heapArena is the unit in which the Go heap reserves address space on
// 64-bit Linux.
const heapArena = 64 << 20

// mappedBytes returns the address space the mappings of maps (the text of
// /proc/self/maps) take, counting the run of adjacent mappings that holds
// the address heap, the Go heap's arenas, as one arena when it is a
// multiple of them.
func mappedBytes(maps []byte, heap uintptr) int64 {
	var total, runStart, runEnd, heapRun uint64
	endRun := func() {
		if uint64(heap) >= runStart && uint64(heap) < runEnd {
			heapRun = runEnd - runStart
		}
	}
	for line := range bytes.Lines(maps) {
		span, _, _ := bytes.Cut(line, []byte(" "))
		lo, hi, _ := bytes.Cut(span, []byte("-"))
		start, err1 := strconv.ParseUint(string(lo), 16, 64)
		end, err2 := strconv.ParseUint(string(hi), 16, 64)
		if err1 != nil || err2 != nil || end < start {
			continue
		}
		total += end - start
		if start != runEnd {
			endRun()
			runStart = start
		}
		runEnd = end
	}
	endRun()
	if heapRun > heapArena && heapRun%heapArena == 0 {
		total -= heapRun - heapArena
	}
	return int64(total)
}
