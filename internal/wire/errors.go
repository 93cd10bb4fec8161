package wire

import (
	"github.com/agentschema/agentschema"
)

// Error is one decoding fault; it is the module's one fault type (see
// agentschema.Fault).
type Error = agentschema.Fault

// Errors is every fault found in one document, in input order.
type Errors = agentschema.Faults

// LimitError is the Err of an *Error of Type "limit".
type LimitError = agentschema.LimitError

// lineCol computes the 1-based line and column of offset in data.
func lineCol(data []byte, offset int) (line, col int) {
	if offset > len(data) {
		offset = len(data)
	}
	line = 1
	last := -1
	for i := 0; i < offset; i++ {
		if data[i] == '\n' {
			line++
			last = i
		}
	}
	return line, offset - last
}

// appendPointerToken escapes one reference token as RFC 6901 requires.
func appendPointerToken(b []byte, tok string) []byte {
	for i := 0; i < len(tok); i++ {
		switch tok[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, tok[i])
		}
	}
	return b
}
