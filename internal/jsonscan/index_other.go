//go:build !amd64 || purego

package jsonscan

import "unsafe"

func index(p *byte, n int) int { return indexGeneric(p, n) }

func copyPlain(dst, src *byte, n int) int {
	k := indexGeneric(src, n)
	copy(unsafe.Slice(dst, n), unsafe.Slice(src, k))
	return k
}
