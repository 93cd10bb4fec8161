package main

import (
	"io"
	"os"
	"runtime"
	"sync"
)

// Decoding in parallel (issue 19.5).
//
// The JSONL verbs read an input one document at a time. When the input is
// a regular file (nothing waits on a writer, so no document has to be shown
// the moment it is complete) and there are several cores, the per-document
// work (decoding, checking, encoding, rendering into a buffer) runs on
// several goroutines, and what it produced is written in input order on the
// verb's own goroutine. The output, faults included, is byte for byte what
// a serial run writes: the work writes nothing itself and touches no
// shared state; the emit step, serial and in order, does all the writing.

// workerCount is the number of goroutines that work on documents in
// parallel: GOMAXPROCS by default. Tests set it (1 forces a serial run).
var workerCount = 0

// maxInFlightBytes bounds the bytes of documents read ahead of the one
// being written, and maxInFlightDocs their number, so memory stays at a
// few documents' worth however far the workers could run ahead.
const (
	maxInFlightBytes = 16 << 20
	maxInFlightDocs  = 1024
)

// parallelFor reports how many workers to use for the input named name:
// one (serial) for standard input and anything that is not a regular file.
func parallelFor(name string) int {
	n := workerCount
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	if n <= 1 || name == "-" {
		return 1
	}
	info, err := os.Stat(name)
	if err != nil || !info.Mode().IsRegular() {
		return 1
	}
	return n
}

// batch is a run of documents on its way through the workers. Documents
// go in batches because one is often small (a chat message: some hundreds
// of bytes, microseconds of work), so handing each over on its own would
// cost about as much as the work.
type batch[R any] struct {
	docs   []document
	faults []error
	res    []R
	size   int // bytes of the documents
	done   chan struct{}
}

// The size of a batch: at most batchDocs documents or batchBytes bytes.
const (
	batchDocs  = 64
	batchBytes = 256 << 10
)

// forDocumentsInOrder calls work for each document of the input r named
// name (read as forDocuments reads it) and emit with the document and
// work's result, in input order. With workers > 1, work runs on that many
// goroutines while reading goes on (each document's bytes are copied, as
// the reader reuses its buffer), and must not write anything or touch
// state shared between documents; emit always runs on the caller's
// goroutine, one document at a time. The error is emit's, or a read
// error; after either, no more documents are read or emitted, and every
// goroutine has ended when it returns.
func forDocumentsInOrder[R any](name string, r io.Reader, elements bool, workers int,
	work func(doc document, fault error) R,
	emit func(doc document, fault error, res R) error) error {
	if workers <= 1 {
		return forDocuments(name, r, elements, func(doc document, fault error) error {
			return emit(doc, fault, work(doc, fault))
		})
	}
	jobs := make(chan *batch[R])
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range jobs {
				b.res = make([]R, len(b.docs))
				for i, doc := range b.docs {
					b.res[i] = work(doc, b.faults[i])
				}
				close(b.done)
			}
		}()
	}
	var (
		pending  []*batch[R] // handed over, not yet emitted, in input order
		inFlight int         // their bytes
		emitErr  error
		cur      *batch[R] // being filled
	)
	// emitHead emits the documents of the first pending batch, waiting for
	// it if wait is set; it reports whether it emitted them.
	emitHead := func(wait bool) bool {
		if len(pending) == 0 || emitErr != nil {
			return false
		}
		b := pending[0]
		if !wait {
			select {
			case <-b.done:
			default:
				return false
			}
		}
		<-b.done
		pending[0] = nil
		pending = pending[1:]
		inFlight -= b.size
		for i, doc := range b.docs {
			if emitErr = emit(doc, b.faults[i], b.res[i]); emitErr != nil {
				break
			}
		}
		return true
	}
	// dispatch hands the current batch to a worker, emitting finished
	// batches while every worker is busy, and keeps what is in flight
	// bounded.
	dispatch := func() {
		b := cur
		cur = nil
		pending = append(pending, b)
		inFlight += b.size
		for sent := false; !sent && emitErr == nil; {
			select {
			case jobs <- b:
				sent = true
			case <-pending[0].done:
				emitHead(true)
			}
		}
		for emitErr == nil && (len(pending)*batchDocs > maxInFlightDocs || inFlight > maxInFlightBytes) {
			emitHead(true)
		}
		for emitErr == nil && emitHead(false) {
		}
	}
	err := forDocuments(name, r, elements, func(doc document, fault error) error {
		if cur == nil {
			cur = &batch[R]{done: make(chan struct{})}
		}
		doc.Data = append([]byte(nil), doc.Data...)
		cur.docs = append(cur.docs, doc)
		cur.faults = append(cur.faults, fault)
		cur.size += len(doc.Data)
		if len(cur.docs) >= batchDocs || cur.size >= batchBytes {
			dispatch()
		}
		return emitErr
	})
	if cur != nil && emitErr == nil {
		dispatch()
	}
	close(jobs)
	// The documents read before a read error are emitted, as a serial run
	// emits them before it meets the error.
	for emitErr == nil && len(pending) > 0 {
		emitHead(true)
	}
	wg.Wait()
	if emitErr != nil {
		return emitErr
	}
	return err
}

// normalized is what normalize made of one document: its canonical line,
// or the faults it printed.
type normalized struct {
	line   []byte
	ok     bool
	faults []byte
}
