// Package orderedjson writes JSON objects whose members keep the order in
// which they were set, as a Python dict does: the model clients build their
// request bodies with it, so that the bytes they send are the bytes
// AutoGen's Python clients send.
package orderedjson

import (
	"bytes"
	"encoding/json"
)

// Object is a JSON object whose members are written in order.
type Object []Member

// Member is one member of an Object.
type Member struct {
	Key string
	Val any
}

// MarshalJSON writes the members in order, each value as [Marshal] writes
// it.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.Key)
		b.Write(k)
		b.WriteByte(':')
		v, err := Marshal(m.Val)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Get returns the value of key and whether it is there.
func (o Object) Get(key string) (any, bool) {
	for _, m := range o {
		if m.Key == key {
			return m.Val, true
		}
	}
	return nil, false
}

// Set replaces key's value, or appends it (Python's dict assignment).
func (o *Object) Set(key string, v any) {
	for i := range *o {
		if (*o)[i].Key == key {
			(*o)[i].Val = v
			return
		}
	}
	*o = append(*o, Member{key, v})
}

// Del removes key (Python's dict.pop(key, None)).
func (o *Object) Del(key string) {
	for i := range *o {
		if (*o)[i].Key == key {
			*o = append((*o)[:i], (*o)[i+1:]...)
			return
		}
	}
}

// Marshal is encoding/json's Marshal without HTML escaping, as Python's
// json.dumps writes "<", ">" and "&".
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
