package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// node is a JSON value that keeps object member order, so properties are
// generated in the order the schema (and pydantic's dump) lists them.
type node struct {
	kind    byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null
	members []member
	items   []*node
	str     string
}

type member struct {
	key string
	val *node
}

func parseNode(data []byte) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after the schema")
	}
	return n, nil
}

func readNode(dec *json.Decoder) (*node, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := readNode(dec)
				if err != nil {
					return nil, err
				}
				n.members = append(n.members, member{kt.(string), v})
			}
			_, err := dec.Token()
			return n, err
		case '[':
			n := &node{kind: 'a'}
			for dec.More() {
				v, err := readNode(dec)
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, v)
			}
			_, err := dec.Token()
			return n, err
		}
	case string:
		return &node{kind: 's', str: t}, nil
	case json.Number:
		return &node{kind: 'n', str: t.String()}, nil
	case bool:
		if t {
			return &node{kind: 'b', str: "true"}, nil
		}
		return &node{kind: 'b', str: "false"}, nil
	case nil:
		return &node{kind: 'z'}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

func (n *node) get(key string) *node {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

func (n *node) getStr(key string) string {
	if v := n.get(key); v != nil && v.kind == 's' {
		return v.str
	}
	return ""
}

// json renders the node back as compact JSON.
func (n *node) json() string {
	var b bytes.Buffer
	n.write(&b)
	return b.String()
}

func (n *node) write(b *bytes.Buffer) {
	switch n.kind {
	case 'o':
		b.WriteByte('{')
		for i, m := range n.members {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(m.key)
			b.Write(k)
			b.WriteByte(':')
			m.val.write(b)
		}
		b.WriteByte('}')
	case 'a':
		b.WriteByte('[')
		for i, v := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			v.write(b)
		}
		b.WriteByte(']')
	case 's':
		s, _ := json.Marshal(n.str)
		b.Write(s)
	case 'n', 'b':
		b.WriteString(n.str)
	case 'z':
		b.WriteString("null")
	}
}
