// Package jsonscan finds where a run of plain JSON string content ends:
// the first byte that is a quote, a backslash, a control character
// (below 0x20) or not ASCII (0x80 and up). The decoder copies such a run
// as it is, and the encoder writes it as it is; everything else in a JSON
// string needs a closer look (an escape, or a UTF-8 sequence to check).
//
// [Index] and [IndexString] test 16 bytes an instruction with SSE2 on
// amd64 (part of every amd64 processor), and 8 bytes a word elsewhere.
// Both give the same answer as the byte-by-byte loop of [indexGeneric]'s
// doc, which the tests and the fuzz test compare them with.
package jsonscan
