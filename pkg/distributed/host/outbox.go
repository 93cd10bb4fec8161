package host

import (
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// DefaultMaxQueue is how many bytes of messages the host keeps queued for
// one channel that does not read them fast enough, unless WithMaxQueue
// says otherwise: sixteen messages of the default largest size.
const DefaultMaxQueue = 16 * DefaultMaxMessageSize

// outbox is what the host has still to write to one channel. Messages
// queue here and one goroutine (run) writes them in order, so whoever
// routes a message never waits for its reader: AutoGen's host does the
// same with an asyncio.Queue per worker. A worker that stops reading (hung,
// or hostile) would hold the goroutine that routes each message to it, and
// with it every other worker's messages, if the host wrote to it directly.
// Unlike AutoGen's queue, this one is bounded: a message that would take
// it over max bytes overflows it, and the host ends that channel.
type outbox[M proto.Message] struct {
	max int

	mu       sync.Mutex
	q        []queued[M]
	bytes    int // queued, and being written
	over     bool
	wake     chan struct{} // a message was queued (capacity 1)
	overflow chan struct{} // closed when the outbox overflows
}

type queued[M proto.Message] struct {
	m M
	n int
}

func newOutbox[M proto.Message](max int) *outbox[M] {
	return &outbox[M]{max: max, wake: make(chan struct{}, 1), overflow: make(chan struct{})}
}

// put queues m and calls queuedFn, under the outbox's lock so that what
// queuedFn records is in the order of writing. It reports false, queuing
// nothing, when the outbox has overflowed, now or before. One message
// always fits an empty outbox, whatever its size.
func (o *outbox[M]) put(m M, queuedFn func()) bool {
	n := proto.Size(m)
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.over {
		return false
	}
	if o.bytes > 0 && o.bytes+n > o.max {
		o.over = true
		clear(o.q)
		o.q = nil
		close(o.overflow)
		return false
	}
	queuedFn()
	o.q = append(o.q, queued[M]{m, n})
	o.bytes += n
	select {
	case o.wake <- struct{}{}:
	default:
	}
	return true
}

// run writes the queued messages with send, in order, until stop is
// closed, the outbox overflows or send fails.
func (o *outbox[M]) run(send func(M) error, stop <-chan struct{}) {
	for {
		o.mu.Lock()
		if o.over {
			o.mu.Unlock()
			return
		}
		if len(o.q) == 0 {
			o.mu.Unlock()
			select {
			case <-o.wake:
				continue
			case <-stop:
				return
			}
		}
		next := o.q[0]
		o.q[0] = queued[M]{}
		o.q = o.q[1:]
		o.mu.Unlock()
		select {
		case <-stop:
			return
		default:
		}
		if send(next.m) != nil {
			return
		}
		o.mu.Lock()
		o.bytes -= next.n
		o.mu.Unlock()
	}
}

// overflowed is the status a channel (what: "channel", "control channel")
// ends with when its outbox overflowed.
func (h *Host) overflowed(what, cid string) error {
	return status.Errorf(codes.ResourceExhausted,
		"the host ended the %s of client %s: it did not read the messages sent to it, and they passed the limit of %d bytes queued", what, cid, h.maxQueue)
}
