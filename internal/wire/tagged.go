package wire

import "bytes"

// A transcript line, or any document that is one of a union's objects,
// is chosen by its tag member ("type"), which AutoGen writes last, or
// before a few large members (a ToolCallSummaryMessage's tool calls and
// results). PeekTag finds it by skimming the object up to it before the
// decode reads it all again; DecodeTagged guesses the tag from the bytes
// instead, decodes once, and checks the guess while decoding.

// DecodeTagged is Decode for a document that is an object of a union
// chosen by its member key: TryTagged with byTag, and when that does not
// stand, Decode with fn, which finds the tag itself (PeekTag) as it would
// without this shortcut. The value and the faults are always fn's, and a
// valid document is read once.
func DecodeTagged(data []byte, opts Options, key string, byTag func(d *Decoder, tag string), fn func(d *Decoder)) error {
	if TryTagged(data, opts, key, func(d *Decoder, tag string) bool { byTag(d, tag); return true }) {
		return nil
	}
	return Decode(data, opts, fn)
}

// TryTagged decodes data, a document that is an object chosen by its
// member key, without looking for that member first. It guesses the tag:
// the value of key when the document ends with that member, else the
// first `"key":"` in the document, when the value is a string without
// escapes. byTag reads the document given the guess, or returns false to
// decline it. TryTagged reports whether the result stands: byTag read it,
// no fault was recorded, and the object has exactly one member named key,
// whose value is the guess. Then the document was what the guess said,
// and a decode that looks for the tag first would have read it the same
// way. Otherwise (no guess, a wrong one, a fault, key repeated) what byTag
// read is to be dropped and the document decoded the ordinary way, which
// finds and words the faults.
func TryTagged(data []byte, opts Options, key string, byTag func(d *Decoder, tag string) bool) bool {
	// Only a document that starts with its object's brace is guessed (one
	// with white space first takes the ordinary way, which gives the same
	// result). Reading its first byte before its last ones (guessTag) also
	// lets the processor wait for the two ends of a long line, which are
	// far apart in memory, together rather than one after the other.
	if len(data) == 0 || data[0] != '{' {
		return false
	}
	tag, ok := guessTag(data, key)
	if !ok {
		return false
	}
	d := pooledDecoder(data, opts)
	d.tagKey = key
	read := false
	d.decodeDocumentFunc(func(d *Decoder) { read = byTag(d, d.str(tag)) })
	// (Failed waits for the image checks.)
	stands := read && !d.Failed() && d.tagSeen == 1 && string(d.tagVal) == string(tag)
	d.release()
	return stands
}

// guessTag returns tailTag's tag, or the first plain string value of a
// `"key":"` in data (wherever it is: DecodeTagged checks it).
func guessTag(data []byte, key string) ([]byte, bool) {
	if tag, ok := tailTag(data, key); ok {
		return tag, true
	}
	var buf [64]byte
	pat := append(append(append(buf[:0], '"'), key...), `":"`...)
	i := bytes.Index(data, pat)
	if i < 0 {
		return nil, false
	}
	start := i + len(pat)
	for e := start; e < len(data); e++ {
		switch c := data[e]; {
		case c == '"':
			return data[start:e], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

// tailTag returns the value of the member key when data ends with it, as
// `{` or `,`, "key", `:`, a string without escapes, `}` and white space
// (between the tokens too): in a valid document, the last member of the
// top-level object.
func tailTag(data []byte, key string) ([]byte, bool) {
	p := skipWSBack(data, len(data))
	if p == 0 || data[p-1] != '}' {
		return nil, false
	}
	p = skipWSBack(data, p-1)
	if p == 0 || data[p-1] != '"' {
		return nil, false
	}
	end := p - 1
	p = end
	for p > 0 && data[p-1] != '"' {
		if c := data[p-1]; c == '\\' || c < 0x20 {
			return nil, false
		}
		p--
	}
	if p < 2 || data[p-2] == '\\' {
		return nil, false
	}
	tag := data[p:end]
	p = skipWSBack(data, p-1)
	if p == 0 || data[p-1] != ':' {
		return nil, false
	}
	p = skipWSBack(data, p-1)
	if p < len(key)+2 || data[p-1] != '"' || string(data[p-1-len(key):p-1]) != key || data[p-2-len(key)] != '"' {
		return nil, false
	}
	p = skipWSBack(data, p-2-len(key))
	if p == 0 || (data[p-1] != ',' && data[p-1] != '{') {
		return nil, false
	}
	return tag, true
}

// skipWSBack returns the offset after the last byte before p that is not
// JSON white space (0 when there is none).
func skipWSBack(data []byte, p int) int {
	for p > 0 {
		switch data[p-1] {
		case ' ', '\t', '\n', '\r':
			p--
		default:
			return p
		}
	}
	return 0
}
