package jsonscan

import "unsafe"

// copyPlainMin is the shortest copy that copyPlain does; shorter ones are
// an Index and a copy.
const copyPlainMin = 16

// CopyPlain copies the plain run at the start of src (the bytes before
// [Index] of src) into dst, as much of it as dst holds, and returns the
// number of bytes copied: min(Index(src), len(dst)). It may write more of
// dst than that, up to min(len(dst), len(src)) bytes (copies of src's
// next bytes), but nothing after.
//
// It reads each byte once: a run copied and scanned in one pass.
func CopyPlain(dst, src []byte) int {
	n := min(len(dst), len(src))
	if n < copyPlainMin {
		k := Index(src[:n])
		return copy(dst, src[:k])
	}
	return copyPlain(unsafe.SliceData(dst), unsafe.SliceData(src), n)
}

// CopyPlainString is [CopyPlain] from a string.
func CopyPlainString(dst []byte, src string) int {
	n := min(len(dst), len(src))
	if n < copyPlainMin {
		k := IndexString(src[:n])
		return copy(dst, src[:k])
	}
	return copyPlain(unsafe.SliceData(dst), unsafe.StringData(src), n)
}
