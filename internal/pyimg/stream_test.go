package pyimg

import (
	"errors"
	"sync"
	"testing"
)

// TestHostileImages checks small files declaring images just under
// Pillow's per-image threshold: each is accepted or refused with the
// message it always had, and checking it allocates (so holds at most) a
// few megabytes whatever the image's size.
func TestHostileImages(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes images of 169 million pixels")
	}
	const mb = 1 << 20
	cases := []struct {
		name  string
		data  func() []byte
		err   string // "" when the image is accepted
		alloc uint64 // bytes Check may allocate
	}{
		{"png grey 13000x13000", func() []byte { return grayPNG(t, hostileSide, hostileSide) }, "", 2 * mb},
		{"png truncated", func() []byte { return truncatedPNG(hostileSide, hostileSide) }, "cannot decode PNG image: image file is truncated", mb},
		{"gif 13000x13000", func() []byte { return hostileGIF(t, hostileSide, hostileSide) }, "", 2 * mb},
		{"gif truncated", func() []byte { return gifFile(hostileSide, hostileSide, []byte{0x04}) }, "cannot decode GIF image: image file is truncated", mb},
		{"bmp rle8 13000x13000", func() []byte { return hostileBMP(hostileSide, hostileSide) }, "", mb},
		{"bmp rle8 short", func() []byte { return rleBMP(hostileSide, hostileSide, []byte{1, 0, 0, 0}) }, "cannot decode BMP image: not enough image data", mb},
		{"webp lossy 16383x10000", func() []byte { return hostileVP8(16383, 10000, 100, 10) }, "cannot decode WEBP image: broken data stream: unexpected EOF", mb},
		{"webp lossy 16383x10000 declaring 512 KiB", func() []byte { return declaredVP8(16383, 10000, 0x7ffff, 85) }, "cannot decode WEBP image: broken data stream: unexpected EOF", mb},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := c.data()
			var err error
			peak, total := heapUse(func() {
				var im *Image
				if im, err = Open(data, Limits{}); err == nil {
					err = im.Check()
				}
			})
			t.Logf("%d bytes: heap peak %.1f MB, allocated %.1f MB", len(data), float64(peak)/mb, float64(total)/mb)
			if got := errText(err); got != c.err {
				t.Fatalf("error %q, want %q", got, c.err)
			}
			if total > c.alloc {
				t.Errorf("Check allocated %.1f MB, want at most %.1f MB", float64(total)/mb, float64(c.alloc)/mb)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestHostileSmall runs the hostile builders at sizes cheap enough for
// -short, checking that Check and RGB agree.
func TestHostileSmall(t *testing.T) {
	for name, c := range map[string]struct {
		data []byte
		err  string
	}{
		"png":            {grayPNG(t, 300, 200), ""},
		"png truncated":  {truncatedPNG(300, 200), "cannot decode PNG image: image file is truncated"},
		"gif":            {hostileGIF(t, 300, 200), ""},
		"gif truncated":  {gifFile(300, 200, []byte{0x04}), "cannot decode GIF image: image file is truncated"},
		"bmp rle8":       {hostileBMP(300, 200), ""},
		"bmp rle8 short": {rleBMP(300, 200, []byte{1, 0, 0, 0}), "cannot decode BMP image: not enough image data"},
		"jpeg":           {hostileJPEG(t, 300, 200, false), ""},
		"jpeg truncated": {hostileJPEG(t, 300, 200, true), "cannot decode JPEG image: broken data stream: invalid JPEG format: missing 0xff00 sequence"},
		"vp8 short":      {hostileVP8(4000, 4000, 100, 10), "cannot decode WEBP image: broken data stream: unexpected EOF"},
		"vp8 headers":    {hostileVP8(4000, 4000, 1, 10), "cannot decode WEBP image: broken data stream: unexpected EOF"},
		"vp8 declared":   {declaredVP8(4000, 4000, 0x7ffff, 85), "cannot decode WEBP image: broken data stream: unexpected EOF"},
		"vp8l solid":     {hostileVP8L(300, 200, true), ""},
		"vp8l truncated": {hostileVP8L(300, 200, false), "cannot decode WEBP image: broken data stream: unexpected EOF"},
	} {
		checkErr, rgbErr := checkAndRGB(t, c.data)
		if errText(checkErr) != c.err || errText(rgbErr) != c.err {
			t.Errorf("%s: Check %q, RGB %q, want %q", name, errText(checkErr), errText(rgbErr), c.err)
		}
	}
}

// checkAndRGB opens data twice and returns Check's error on one and RGB's
// on the other (nil, nil when Open refuses it).
func checkAndRGB(t *testing.T, data []byte) (checkErr, rgbErr error) {
	a, err := Open(data, Limits{MaxPixels: 1 << 24})
	if err != nil {
		return nil, nil
	}
	b, _ := Open(data, Limits{MaxPixels: 1 << 24})
	checkErr = a.Check()
	_, _, _, rgbErr = b.RGB()
	// Check then RGB on the same image agree too.
	if _, _, _, err := a.RGB(); errText(err) != errText(rgbErr) {
		t.Errorf("RGB after Check: %v, RGB alone: %v", err, rgbErr)
	}
	return checkErr, rgbErr
}

// TestVP8Probe checks that a lossy WebP refused by vp8TooShort gets the
// error golang.org/x/image/webp gives it after decoding every macroblock.
func TestVP8Probe(t *testing.T) {
	for _, data := range [][]byte{
		hostileVP8(1000, 1000, 100, 10), // headers fine, first partition too short
		hostileVP8(1000, 1000, 1, 10),   // headers cut short
	} {
		im, err := Open(data, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		early := im.vp8TooShort()
		if early == nil {
			t.Fatalf("%d bytes: not refused early", len(data))
		}
		_, err = im.readWebP()
		if errText(err) != errText(early) {
			t.Errorf("refused early with %q, the decoder gives %q", early, err)
		}
	}
	if vp8MacroblockBits < 1.5 || vp8MacroblockBits > 1.7 {
		t.Errorf("vp8MacroblockBits %v", vp8MacroblockBits)
	}
}

// TestDecodeBudget checks that concurrent JPEG and WebP checks hold no
// more decoded memory than the budget: with a budget of one image, they
// run one at a time.
func TestDecodeBudget(t *testing.T) {
	jpg := hostileJPEG(t, 1000, 1000, false)
	webp := hostileVP8L(1000, 1000, true)
	im, _ := Open(jpg, Limits{})
	one := im.jpegDecodeBytes()
	saved := decodeMemory
	decodeMemory = newMemBudget(one)
	defer func() { decodeMemory = saved }()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			data := jpg
			if i%2 == 1 {
				data = webp
			}
			im, err := Open(data, Limits{})
			if err == nil {
				err = im.Check()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	if decodeMemory.peak > one || decodeMemory.used != 0 {
		t.Fatalf("budget of %d: peak %d, %d still used", one, decodeMemory.peak, decodeMemory.used)
	}
}

// FuzzCheck checks that no input panics Check and that Check accepts
// exactly what RGB accepts, with the same error. The seeds hold valid and
// hostile images of each format.
func FuzzCheck(f *testing.F) {
	seedImages(f)
	f.Add(grayPNG(f, 40, 30))
	f.Add(truncatedPNG(40, 30))
	f.Add(hostileGIF(f, 40, 30))
	f.Add(gifFile(40, 30, []byte{0x04}))
	f.Add(hostileBMP(40, 30))
	f.Add(rleBMP(40, 30, []byte{1, 0, 0, 0}))
	f.Add(rleBMP(40, 30, []byte{0, 2, 5, 5, 0, 3, 1, 2, 3, 0, 0, 0}))
	f.Add(hostileJPEG(f, 40, 30, false))
	f.Add(hostileJPEG(f, 40, 30, true))
	f.Add(hostileVP8(400, 300, 40, 4))
	f.Add(hostileVP8L(40, 30, true))
	f.Add(hostileVP8L(40, 30, false))
	f.Fuzz(func(t *testing.T, data []byte) {
		checkErr, rgbErr := checkAndRGB(t, data)
		if errText(checkErr) != errText(rgbErr) {
			t.Fatalf("Check: %v, RGB: %v", checkErr, rgbErr)
		}
	})
}
