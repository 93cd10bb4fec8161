package main

import (
	"io"
	"os"
	"runtime"
	"sync"
)

// Decoding in parallel.
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
	o := &inOrder[R]{emit: emit, jobs: make(chan *batch[R])}
	o.start(workers, work)
	err := forDocuments(name, r, elements, o.add)
	o.finish()
	if o.emitErr != nil {
		return o.emitErr
	}
	return err
}

// inOrder is the state of a parallel forDocumentsInOrder, all of it
// touched only by the caller's goroutine: the workers see nothing but
// jobs and the batches handed to them.
type inOrder[R any] struct {
	emit     func(doc document, fault error, res R) error
	jobs     chan *batch[R]
	wg       sync.WaitGroup // the workers
	pending  []*batch[R]    // handed over, not yet emitted, in input order
	inFlight int            // their bytes
	emitErr  error          // emit's error; nothing is emitted after it
	cur      *batch[R]      // being filled
}

// start starts workers goroutines, each running work on the documents of
// the batches it takes from jobs until jobs is closed, and closing a
// batch's done when its results are in.
func (o *inOrder[R]) start(workers int, work func(doc document, fault error) R) {
	jobs := o.jobs
	for range workers {
		o.wg.Add(1)
		go func() {
			defer o.wg.Done()
			for b := range jobs {
				b.res = make([]R, len(b.docs))
				for i, doc := range b.docs {
					b.res[i] = work(doc, b.faults[i])
				}
				close(b.done)
			}
		}()
	}
}

// add puts a copy of the document into the batch being filled and hands
// the batch over (dispatch) when it is full. Its error, emit's, stops the
// reading.
func (o *inOrder[R]) add(doc document, fault error) error {
	if o.cur == nil {
		o.cur = &batch[R]{done: make(chan struct{})}
	}
	doc.Data = append([]byte(nil), doc.Data...)
	o.cur.docs = append(o.cur.docs, doc)
	o.cur.faults = append(o.cur.faults, fault)
	o.cur.size += len(doc.Data)
	if len(o.cur.docs) >= batchDocs || o.cur.size >= batchBytes {
		o.dispatch()
	}
	return o.emitErr
}

// dispatch hands the current batch to a worker, emitting finished batches
// while every worker is busy, and keeps what is in flight bounded.
func (o *inOrder[R]) dispatch() {
	b := o.cur
	o.cur = nil
	o.pending = append(o.pending, b)
	o.inFlight += b.size
	for sent := false; !sent && o.emitErr == nil; {
		select {
		case o.jobs <- b:
			sent = true
		case <-o.pending[0].done:
			o.emitHead(true)
		}
	}
	for o.emitErr == nil && (len(o.pending)*batchDocs > maxInFlightDocs || o.inFlight > maxInFlightBytes) {
		o.emitHead(true)
	}
	for o.emitErr == nil && o.emitHead(false) {
	}
}

// emitHead emits the documents of the first pending batch, waiting for it
// if wait is set; it reports whether it emitted them.
func (o *inOrder[R]) emitHead(wait bool) bool {
	if len(o.pending) == 0 || o.emitErr != nil {
		return false
	}
	b := o.pending[0]
	if !wait {
		select {
		case <-b.done:
		default:
			return false
		}
	}
	<-b.done
	o.pending[0] = nil
	o.pending = o.pending[1:]
	o.inFlight -= b.size
	for i, doc := range b.docs {
		if o.emitErr = o.emit(doc, b.faults[i], b.res[i]); o.emitErr != nil {
			break
		}
	}
	return true
}

// finish hands over the last, partly filled batch, emits every pending
// batch (unless emit failed) and waits for the workers to end. The
// documents read before a read error are emitted too, as a serial run
// emits them before it meets the error.
func (o *inOrder[R]) finish() {
	if o.cur != nil && o.emitErr == nil {
		o.dispatch()
	}
	close(o.jobs)
	for o.emitErr == nil && len(o.pending) > 0 {
		o.emitHead(true)
	}
	o.wg.Wait()
}

// normalized is what normalize made of one document: its canonical line,
// or the faults it printed.
type normalized struct {
	line   []byte
	ok     bool
	faults []byte
}
