package wire

import "crypto/rand"

const hexDigits = "0123456789abcdef"

// NewUUID4 returns a random UUID version 4 in its canonical lowercase
// form, as Python's str(uuid.uuid4()) writes it.
func NewUUID4() string {
	var u [16]byte
	_, _ = rand.Read(u[:]) // crypto/rand.Read never fails on supported platforms
	u[6] = u[6]&0x0f | 0x40
	u[8] = u[8]&0x3f | 0x80
	var b [36]byte
	j := 0
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b[j] = '-'
			j++
		}
		b[j] = hexDigits[c>>4]
		b[j+1] = hexDigits[c&0xf]
		j += 2
	}
	return string(b[:])
}
