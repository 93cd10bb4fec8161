package clientcase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/agentschema/agentschema/internal/pyimg"
)

// SameJSON compares JSON values: key order ignored, numbers by value, and
// two different strings equal when both are images with the same decoded
// pixels, as data: URIs of the same media type or as bare base64 (AutoGen
// re-encodes images with Pillow, whose bytes differ from Go's for the
// same pixels). Text that is not JSON is equal to nothing.
func SameJSON(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return sameValue(x, y)
}

func sameValue(x, y any) bool {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(x) != len(ym) {
			return false
		}
		for k, v := range x {
			if w, ok := ym[k]; !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	case []any:
		ya, ok := y.([]any)
		if !ok || len(x) != len(ya) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], ya[i]) {
				return false
			}
		}
		return true
	case json.Number:
		yn, ok := y.(json.Number)
		if !ok {
			return false
		}
		xf, err1 := x.Float64()
		yf, err2 := yn.Float64()
		return x == yn || err1 == nil && err2 == nil && xf == yf
	case string:
		ys, ok := y.(string)
		return ok && (x == ys || sameImage(x, ys))
	}
	return reflect.DeepEqual(x, y)
}

// sameImage reports whether a and b are the same image: data: URIs with
// the same media type and pixels, or base64 with the same pixels.
func sameImage(a, b string) bool {
	ma, da, uriA := cutDataURI(a)
	mb, db, uriB := cutDataURI(b)
	if uriA != uriB || ma != mb {
		return false
	}
	pa, err1 := Pixels(da)
	pb, err2 := Pixels(db)
	return err1 == nil && err2 == nil && bytes.Equal(pa, pb)
}

// cutDataURI splits a data: URI of an image into its media type and its
// base64 data; s is returned as the data when it is not one.
func cutDataURI(s string) (media, data string, ok bool) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return "", s, false
	}
	media, data, ok = strings.Cut(rest, ";base64,")
	if !ok || !strings.HasPrefix(media, "image/") {
		return "", s, false
	}
	return media, data, true
}

// Pixels decodes a base64 image: its size ("WxH:") then its RGB pixels.
func Pixels(b64 string) ([]byte, error) {
	data, err := pyimg.DecodeBase64(b64)
	if err != nil {
		return nil, err
	}
	im, err := pyimg.Load(data, pyimg.Limits{})
	if err != nil {
		return nil, err
	}
	w, h, pix, err := im.RGB()
	if err != nil {
		return nil, err
	}
	return append([]byte(fmt.Sprintf("%dx%d:", w, h)), pix...), nil
}

// Compact is raw without insignificant white space (raw itself when it is
// not JSON), for messages.
func Compact(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
