// Package suggest finds the name a mistyped one most probably means, for
// the "did you mean" of the command's verbs and types and of component
// providers.
package suggest

import (
	"strings"
	"unicode/utf8"
)

// Nearest returns the name of names that s most probably means: the one
// equal to it but for case, else the nearest by edit distance (ignoring
// case) when it is near enough (at most a third of s's length, and at
// most 3 edits), else "". Ties go to the name that sorts first.
func Nearest(s string, names []string) string {
	ls := strings.ToLower(s)
	for _, n := range names {
		if strings.ToLower(n) == ls {
			return n
		}
	}
	best, bestD := "", 0
	for _, n := range names {
		d := EditDistance(ls, strings.ToLower(n))
		if best == "" || d < bestD || d == bestD && n < best {
			best, bestD = n, d
		}
	}
	if best == "" || bestD > 3 || bestD*3 > utf8.RuneCountInString(s) {
		return ""
	}
	return best
}

// EditDistance is the Levenshtein distance between a and b, in runes.
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
