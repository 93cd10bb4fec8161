package wire

// RawJSON is a JSON value kept as its compact text: objects keep their key
// order and numbers their exact digits (AutoGen's dict[str, Any] fields,
// such as a component's config or a tool's parameter properties).
type RawJSON []byte

// IsNull reports whether r is empty or the literal null.
func (r RawJSON) IsNull() bool { return len(r) == 0 || string(r) == "null" }

// String returns the JSON text.
func (r RawJSON) String() string { return string(r) }

// Raw reads any JSON value and returns its compact text.
func (d *Decoder) Raw() RawJSON {
	d.ws()
	start := d.pos
	raw, ok := d.RawValue()
	if !ok {
		return nil
	}
	_ = start
	return Compact(raw)
}

// RawObject reads a JSON object and returns its compact text; anything
// else is a fault ("dict_type").
func (d *Decoder) RawObject() RawJSON {
	if d.Peek() != KindObject {
		d.typeFault("dict_type", "Input should be a valid dictionary")
		return nil
	}
	return d.Raw()
}

// RawObjectPtr reads a JSON object or null (nil).
func (d *Decoder) RawObjectPtr() RawJSON {
	if d.Null() {
		return nil
	}
	return d.RawObject()
}

// Compact returns a copy of valid JSON text without insignificant white
// space.
func Compact(src []byte) RawJSON {
	out := make([]byte, 0, len(src))
	inStr := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inStr {
			out = append(out, c)
			switch c {
			case '\\':
				i++
				out = append(out, src[i])
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			inStr = true
		}
		out = append(out, c)
	}
	return out
}

// RawJSON appends r; an empty value is written as null.
func (e *Encoder) RawJSON(r RawJSON) {
	if len(r) == 0 {
		e.Null()
		return
	}
	e.reserve(len(r))
	e.set(append(e.buf, r...))
}

// RawObject appends r; an empty value is written as {}.
func (e *Encoder) RawObject(r RawJSON) {
	if len(r) == 0 {
		e.add("{}")
		return
	}
	e.reserve(len(r))
	e.set(append(e.buf, r...))
}
