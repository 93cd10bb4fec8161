//go:build !amd64 || purego

package jsonscan

import "unsafe"

func index(p *byte, n int) int { return indexGeneric(p, n) }

func copyPlain(dst, src *byte, n int) int {
	k := indexGeneric(src, n)
	copy(unsafe.Slice(dst, n), unsafe.Slice(src, k))
	return k
}

func quote(dst, src *byte, ndst, nsrc int) (written, read int) {
	return quoteGeneric(unsafe.Slice(dst, ndst), unsafe.Slice(src, nsrc))
}
