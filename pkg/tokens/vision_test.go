package tokens

import (
	"errors"
	"testing"
)

func TestVisionTokens(t *testing.T) {
	for _, tc := range []struct{ w, h, want int }{
		// AutoGen's own test_calculate_vision_tokens values.
		{1, 1, 255}, {512, 512, 255}, {2048, 512, 765}, {2048, 2048, 765}, {512, 1024, 425},
		// cases.json sizes.
		{513, 513, 765}, {512, 513, 425}, {769, 769, 765}, {1536, 1536, 765}, {1, 5000, 85},
		{3000, 2000, 1105}, {4000, 3000, 765}, {1920, 1080, 1105}, {1080, 1920, 1105}, {767, 4000, 765},
		{4096, 2, 85 + 170*4}, {2048, 1, 85 + 170*4},
	} {
		got, err := VisionTokens(tc.w, tc.h)
		if err != nil || got != tc.want {
			t.Errorf("VisionTokens(%d, %d) = %d, %v; want %d", tc.w, tc.h, got, err, tc.want)
		}
	}
	// Python raises ZeroDivisionError when the first scaling makes the height 0.
	for _, sz := range [][2]int{{4097, 2}, {2049, 1}, {5000, 1}, {10000, 3}, {0, 10}, {10, 0}, {-1, 5}} {
		var e *Error
		if _, err := VisionTokens(sz[0], sz[1]); !errors.As(err, &e) {
			t.Errorf("VisionTokens(%d, %d) did not fail", sz[0], sz[1])
		}
	}
}
