package wire

import "bytes"

// TagStatus says what PeekTag found.
type TagStatus int

// The outcomes of PeekTag.
const (
	// TagFound: the member exists and is a string.
	TagFound TagStatus = iota
	// TagMissing: the object has no such member.
	TagMissing
	// TagNotString: the member exists but is not a string; the tag
	// returned is its JSON text.
	TagNotString
	// TagNotObject: the next value is not an object.
	TagNotObject
)

// PeekTag looks ahead into the object that comes next and returns the
// value of its member key, without consuming anything. It skims the
// object's members at the top level only (nested values are stepped over
// by bracket and quote matching); the decode that follows checks the full
// syntax, so the tag is read in one pass over the bytes rather than a
// second parse.
func (d *Decoder) PeekTag(key string) (string, TagStatus) {
	if d.Peek() != KindObject {
		return "", TagNotObject
	}
	p := d.pos + 1
	data := d.data
	n := len(data)
	skipWS := func() {
		for p < n && (data[p] == ' ' || data[p] == '\t' || data[p] == '\n' || data[p] == '\r') {
			p++
		}
	}
	for {
		skipWS()
		if p >= n || data[p] != '"' {
			return "", TagMissing
		}
		ks := p + 1
		ke, esc := skimString(data, p)
		if ke < 0 {
			return "", TagMissing
		}
		var name []byte
		if esc {
			save := d.pos
			d.pos = p
			nerr, fatal := len(d.errs), d.fatal
			name, _ = d.rawString()
			d.pos, d.errs, d.fatal = save, d.errs[:nerr], fatal
		} else {
			name = data[ks : ke-1]
		}
		p = ke
		skipWS()
		if p >= n || data[p] != ':' {
			return "", TagMissing
		}
		p++
		skipWS()
		vs := p
		p = SkimValue(data, p)
		if p < 0 {
			return "", TagMissing
		}
		if string(name) == key {
			if data[vs] != '"' {
				return string(data[vs:p]), TagNotString
			}
			if _, esc := skimString(data, vs); !esc {
				return d.str(data[vs+1 : p-1]), TagFound
			}
			save := d.pos
			d.pos = vs
			nerr, fatal := len(d.errs), d.fatal
			v, ok := d.rawString()
			d.pos, d.errs, d.fatal = save, d.errs[:nerr], fatal
			if !ok {
				return "", TagMissing
			}
			return d.str(v), TagFound
		}
		skipWS()
		if p >= n {
			return "", TagMissing
		}
		if data[p] == ',' {
			p++
			continue
		}
		return "", TagMissing
	}
}

// skimString returns the offset just past the string starting at p (a
// quote) and whether it holds escapes; -1 when unterminated.
func skimString(data []byte, p int) (int, bool) {
	esc := false
	for i := p + 1; i < len(data); {
		q := bytes.IndexByte(data[i:], '"')
		if q < 0 {
			return -1, esc
		}
		q += i
		// The quote ends the string unless an odd run of backslashes
		// precedes it.
		k := q
		for k > i && data[k-1] == '\\' {
			k--
		}
		if !esc && bytes.IndexByte(data[i:q], '\\') >= 0 {
			esc = true
		}
		if (q-k)%2 == 0 {
			return q + 1, esc
		}
		i = q + 1
	}
	return -1, esc
}

// SkimValue returns the offset just past the value starting at p, matching
// brackets and quotes without checking anything else; -1 on a fault.
func SkimValue(data []byte, p int) int {
	if p >= len(data) {
		return -1
	}
	switch data[p] {
	case '"':
		e, _ := skimString(data, p)
		return e
	case '{', '[':
		depth := 0
		for i := p; i < len(data); i++ {
			switch data[i] {
			case '"':
				e, _ := skimString(data, i)
				if e < 0 {
					return -1
				}
				i = e - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return -1
	}
	i := p
	for i < len(data) {
		switch data[i] {
		case ',', '}', ']', ' ', '\t', '\n', '\r':
			return i
		}
		i++
	}
	return i
}

// UnionFault records the fault for a tagged union whose tag could not be
// used and skips the value. allowed lists the valid tags.
func (d *Decoder) UnionFault(tag string, st TagStatus, key string, allowed []string) {
	switch st {
	case TagNotObject:
		d.typeFault("model_attributes_type", "Input should be a valid dictionary or object to extract fields from")
		return
	case TagMissing:
		d.Fail("union_tag_not_found", "Unable to extract tag using discriminator '"+key+"'")
	default:
		d.Fail("union_tag_invalid", "Input tag "+pyQuote(tag)+" found using '"+key+"' does not match any of the expected tags: "+pyJoin(allowed))
	}
	d.Skip()
}

func pyJoin(vals []string) string {
	s := ""
	for i, v := range vals {
		if i > 0 {
			s += ", "
		}
		s += pyQuote(v)
	}
	return s
}
