package tokens

import (
	"math"
	"strconv"
)

// VisionTokens is AutoGen's calculate_vision_tokens(image, detail="auto")
// for an image of width×height pixels (count_tokens never passes a detail,
// so the high-detail tile formula always applies): the image is scaled to
// fit 2048×2048, then, when both sides exceed 768, so that its shorter side
// is 768; the result is 85 + 170 per 512-pixel tile. Python's float
// arithmetic and int() truncation are reproduced exactly.
//
// Like AutoGen it fails (Python raises ZeroDivisionError) for an image so
// wide that the first scaling makes its height 0 (width > 2048 and
// width/height > 2048); a non-positive size is an error too.
func VisionTokens(width, height int) (int, error) {
	const (
		maxLongEdge    = 2048
		baseTokenCount = 85
		tokensPerTile  = 170
		maxShortEdge   = 768
		tileSize       = 512
	)
	if width <= 0 || height <= 0 {
		return 0, valueError("invalid image size "+strconv.Itoa(width)+"x"+strconv.Itoa(height), nil)
	}
	w, h := width, height
	if w > maxLongEdge || h > maxLongEdge {
		ar := float64(w) / float64(h)
		if ar > 1 {
			w, h = maxLongEdge, int(maxLongEdge/ar)
		} else {
			w, h = int(maxLongEdge*ar), maxLongEdge
		}
	}
	if h == 0 {
		return 0, &Error{Exception: ZeroDivisionError, Message: "division by zero"}
	}
	ar := float64(w) / float64(h)
	if w > maxShortEdge && h > maxShortEdge {
		if ar > 1 {
			w, h = int(maxShortEdge*ar), maxShortEdge
		} else {
			w, h = maxShortEdge, int(maxShortEdge/ar)
		}
	}
	tiles := int(math.Ceil(float64(w)/tileSize)) * int(math.Ceil(float64(h)/tileSize))
	return baseTokenCount + tokensPerTile*tiles, nil
}
