package pyjson

// SkipSpace returns the offset of the first byte of data at or after p
// that is not JSON white space (space, tab, line feed, carriage return),
// or len(data).
func SkipSpace(data []byte, p int) int {
	for p < len(data) {
		switch data[p] {
		case ' ', '\t', '\n', '\r':
			p++
		default:
			return p
		}
	}
	return p
}
