package wire

import (
	"runtime"
	"sort"

	"github.com/agentschema/agentschema/internal/pyimg"
)

// Reading an image's pixel data (inflating a PNG's rows, say) is most of the
// cost of decoding a state that holds images, and it does not depend on the
// rest of the document. So the decoder checks large images on other
// goroutines while it goes on parsing, and collects their faults before it
// reports its errors: Err, Errors and Failed wait for them. The faults are
// the ones a serial check gives, at the same pointers, in document order.

// asyncImageMin is the size in bytes of an image file from which its check
// runs on another goroutine (inflating 2 KiB costs some tens of
// microseconds, starting a goroutine about one); smaller images are
// checked in place.
const asyncImageMin = 2 << 10

// asyncRestFactor: an image is checked on another goroutine only when the
// document has at least this many times the image's size left to parse
// meanwhile. Otherwise (the image of a one-message transcript line, the
// last images of a state) the decoder would only wait for it at the end
// of the document, and the hand-over would be pure cost.
const asyncRestFactor = 4

// imageSlots bounds the image checks running at once across all decoders.
var imageSlots = make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))

// pendingImage is an image check running on another goroutine.
type pendingImage struct {
	done    chan error
	offset  int
	pointer string
}

// checkImage reads all of img's pixel data, as AutoGen does on load, and
// records a fault at offset if it fails: in place for small images, near
// the end of the document, for an image repeated (whose check is done or
// under way: img.Check waits for it and gives its result) or when
// opts.SerialImages is set, otherwise on another goroutine.
func (d *Decoder) checkImage(img *pyimg.Image, offset int, repeated bool) {
	if n := len(img.Bytes()); repeated || d.opts.SerialImages || n < asyncImageMin || len(d.data)-d.pos < asyncRestFactor*n {
		if err := img.Check(); err != nil {
			d.imageFault(offset, d.pointer(""), err)
		}
		return
	}
	p := pendingImage{done: make(chan error, 1), offset: offset, pointer: d.pointer("")}
	d.images = append(d.images, p)
	imageSlots <- struct{}{}
	go func() {
		defer func() { <-imageSlots }()
		p.done <- img.Check()
	}()
}

// waitImages waits for the image checks still running and records their
// faults, keeping the errors in document order.
func (d *Decoder) waitImages() {
	if len(d.images) == 0 {
		return
	}
	added := false
	for _, p := range d.images {
		if err := <-p.done; err != nil {
			d.imageFault(p.offset, p.pointer, err)
			added = true
		}
	}
	clear(d.images)
	d.images = d.images[:0]
	if added {
		sort.SliceStable(d.errs, func(i, j int) bool { return d.errs[i].Offset < d.errs[j].Offset })
	}
}
