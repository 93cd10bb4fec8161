package pyimg

import "sync"

// DefaultDecodeMemory is the decoding memory budget: the bytes that JPEG
// and WebP decodes (Go's image/jpeg and golang.org/x/image/webp, which hold
// the whole image) may hold at once, across all goroutines. A decode that
// needs more than the whole budget runs alone.
const DefaultDecodeMemory int64 = 1 << 30

// decodeMemory is the package's decoding memory budget.
var decodeMemory = newMemBudget(DefaultDecodeMemory)

// SetDecodeMemory sets the decoding memory budget to n bytes (n > 0). With
// strict, a decode that needs more than the whole budget is refused, a
// *DecodeError ("image too large to decode in the memory this process may
// use"), instead of running alone: for a process that cannot have more,
// such as one under an address-space limit, where the runtime would die
// of the allocation. A program sets it before it decodes images.
func SetDecodeMemory(n int64, strict bool) {
	decodeMemory.mu.Lock()
	decodeMemory.limit, decodeMemory.strict = max(n, 1), strict
	decodeMemory.mu.Unlock()
}

// memBudget is a weighted semaphore over bytes: acquire waits until the
// bytes are free. A request larger than the budget is cut to the budget,
// so it waits for every other decode to finish and then runs alone, or,
// when strict, refused.
type memBudget struct {
	mu     sync.Mutex
	cond   sync.Cond
	limit  int64
	strict bool
	used   int64
	peak   int64 // the largest used seen, for tests
}

func newMemBudget(limit int64) *memBudget {
	b := &memBudget{limit: limit}
	b.cond.L = &b.mu
	return b
}

// acquire takes n bytes of the budget, waiting for them, and returns the
// amount to release; for a strict budget smaller than n, an error for an
// image of format.
func (b *memBudget) acquire(n int64, format string) (int64, error) {
	b.mu.Lock()
	if b.strict && n > b.limit {
		b.mu.Unlock()
		return 0, decodeErr(format, "image too large to decode in the memory this process may use", nil)
	}
	n = max(1, min(n, b.limit))
	for b.used+n > b.limit {
		b.cond.Wait()
	}
	b.used += n
	b.peak = max(b.peak, b.used)
	b.mu.Unlock()
	return n, nil
}

// release gives back what acquire returned.
func (b *memBudget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
	b.cond.Broadcast()
}

// jpegDecodeBytes estimates what image/jpeg allocates to decode the
// image: the planes of every component (padded to whole blocks of the
// largest sampling, 16 pixels), and for a progressive frame its
// coefficients, four bytes a sample; a four-component image is also
// converted to CMYK.
func (im *Image) jpegDecodeBytes() int64 {
	px := int64(im.width+16) * int64(im.height+16)
	comps := int64(im.jpeg.comps)
	n := px * comps
	if im.jpeg.progressive {
		n += 4 * px * comps
	}
	if comps == 4 {
		n += 4 * px
	}
	return n
}

// webpDecodeBytes estimates what golang.org/x/image/webp allocates to decode
// the image: 4 bytes a pixel for lossless data; for lossy data 1.5 bytes
// a pixel (padded to whole macroblocks), and for an alpha plane up to 5
// more (it may be lossless-compressed).
func (im *Image) webpDecodeBytes() int64 {
	px := int64(im.width+16) * int64(im.height+16)
	switch {
	case im.webp.lossless:
		return 4 * px
	case im.webp.vp8:
		return 2 * px
	}
	return 7 * px
}

// rgbBytes is the size of the RGB pixels and of the temporary planes the
// conversion to RGB uses (two upsampled chroma planes for JPEG).
func (im *Image) rgbBytes() int64 {
	return 5 * int64(im.width) * int64(im.height)
}
