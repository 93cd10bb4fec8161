package wire

import "github.com/agentschema/agentschema/internal/jsonscan"

// plainEnd returns the offset of the first byte at or after p that is a
// quote, a backslash, a control character (< 0x20) or not ASCII (>= 0x80),
// or len(data) when there is none.
func plainEnd(data []byte, p int) int {
	return p + jsonscan.Index(data[p:])
}
