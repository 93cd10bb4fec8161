//go:build amd64 && !purego

package jsonscan

// index is implemented in index_amd64.s with SSE2.
//
//go:noescape
func index(p *byte, n int) int

// copyPlain is implemented in index_amd64.s with SSE2; n >= 16.
//
//go:noescape
func copyPlain(dst, src *byte, n int) int

// quote is implemented in index_amd64.s with SSE2.
//
//go:noescape
func quote(dst, src *byte, ndst, nsrc int) (written, read int)
