package pyformat

import (
	"strings"
	"testing"
)

// TestPaddedDigits: paddedDigits gives what adding one zero at a time
// until the grouped digits are min characters long gives, for every digit
// count, width and group size a spec can ask for here.
func TestPaddedDigits(t *testing.T) {
	for _, every := range []int{3, 4} {
		for n := 1; n <= 13; n++ {
			for min := -2; min <= 70; min++ {
				d := strings.Repeat("7", n)
				for len(group(d, ",", every)) < min {
					d = "0" + d
				}
				if got := paddedDigits(n, min, every); got != len(d) {
					t.Errorf("paddedDigits(%d, %d, %d) = %d, want %d", n, min, every, got, len(d))
				}
			}
		}
	}
}
