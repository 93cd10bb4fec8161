package wire_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// decodeMessageByTag reads a chat message or event by its tag, as the
// benchmark and the command do.
func decodeMessageByTag(d *wire.Decoder, tag string) gen.Encodable {
	title, ok := gen.TitleForTag(tag)
	if !ok {
		d.Fail("union_tag_invalid", "unknown type "+tag)
		d.Skip()
		return nil
	}
	v, _ := gen.DecodeTitled(title, d)
	return v
}

// taggedOutcomes decodes data with PeekTag (the reference) and with
// DecodeTagged, and reports whether DecodeTagged needed its full decode.
func taggedOutcomes(data []byte, opts wire.Options) (want, got string, full bool) {
	peek := func(v *gen.Encodable) func(d *wire.Decoder) {
		return func(d *wire.Decoder) {
			tag, _ := d.PeekTag("type")
			*v = decodeMessageByTag(d, tag)
		}
	}
	var v1 gen.Encodable
	err1 := wire.Decode(data, opts, peek(&v1))
	want = outcome(v1, err1)
	var v2 gen.Encodable
	slow := peek(&v2)
	err := wire.DecodeTagged(data, opts, "type",
		func(d *wire.Decoder, tag string) { v2 = decodeMessageByTag(d, tag) },
		func(d *wire.Decoder) { full = true; slow(d) })
	return want, outcome(v2, err), full
}

// TestDecodeTaggedAgreesWithPeekTag: DecodeTagged gives exactly what
// decoding by PeekTag gives, on the benchmark transcript's lines, the
// conformance suite's documents, and documents made to mislead a reader
// of the tail (the tag repeated before it, written with an escape, an
// unknown tag, a second document, a nested object ending with a tag,
// truncation, indentation, unknown members refused); and it decodes every
// transcript line once.
func TestDecodeTaggedAgreesWithPeekTag(t *testing.T) {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	type doc struct {
		name     string
		data     []byte
		opts     wire.Options
		fastPath bool // DecodeTagged must not need its full decode
	}
	var docs []doc
	for i, l := range bytes.Split(data, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		name := fmt.Sprintf("transcript line %d", i+1)
		docs = append(docs, doc{name: name, data: l, fastPath: true})
		if i%50 != 0 {
			continue
		}
		var indented bytes.Buffer
		if err := json.Indent(&indented, l, " ", "\t"); err != nil {
			t.Fatal(err)
		}
		// Indented, the tag is still found at the tail (where these lines
		// have it when they end with a string), not elsewhere.
		docs = append(docs, doc{name: name + " indented", data: append(indented.Bytes(), "\r\n "...), fastPath: bytes.HasSuffix(l, []byte(`"}`))})
		for _, m := range misleading(l) {
			docs = append(docs, doc{name: name + " " + m.name, data: m.data, opts: m.opts})
		}
	}
	for _, c := range reuseCases(t) {
		docs = append(docs, doc{name: c.name, data: c.data})
	}
	for _, c := range docs {
		want, got, full := taggedOutcomes(c.data, c.opts)
		if !sameOutcome(got, want) {
			t.Errorf("%s: DecodeTagged gave\n%s\nPeekTag gave\n%s", c.name, got, want)
		}
		if c.fastPath && full {
			t.Errorf("%s: DecodeTagged decoded the document twice", c.name)
		}
	}
}

// misleading derives from a transcript line (whose last member is its
// "type") documents whose tail says one thing and whose content another.
func misleading(line []byte) []struct {
	name string
	data []byte
	opts wire.Options
} {
	body := line[1:]
	tail := bytes.LastIndex(line, []byte(`"type":`))
	var out []struct {
		name string
		data []byte
		opts wire.Options
	}
	add := func(name, s string, opts wire.Options) {
		out = append(out, struct {
			name string
			data []byte
			opts wire.Options
		}{name, []byte(s), opts})
	}
	add("tag repeated before, other", `{"type":"ThoughtEvent",`+string(body), wire.Options{})
	add("tag repeated before, other, not a string", `{"type":7,`+string(body), wire.Options{})
	add("tag repeated before, escaped name", `{"typ\u0065":"StopMessage",`+string(body), wire.Options{})
	add("unknown tag at the tail", string(line[:tail])+`"type":"NoSuchMessage"}`, wire.Options{})
	add("escaped tag at the tail", string(line[:tail])+`"type":"Text\u004dessage"}`, wire.Options{})
	add("tag escaped before the tail", string(line[:tail])+`"type":"a\"b"}`, wire.Options{})
	add("second document", string(line)+` {"type":"TextMessage"}`, wire.Options{})
	add("two documents, tag in the second", `{"source":"a","content":"b"} {"type":"TextMessage"}`, wire.Options{})
	add("nested object ends with the tag", `{"source":"a","content":"b","x":{"type":"TextMessage"}}`, wire.Options{})
	add("truncated", string(line[:len(line)*2/3])+`","type":"TextMessage"}`, wire.Options{})
	add("tag only", `{"type":"TextMessage"}`, wire.Options{})
	add("not an object", `["type","TextMessage"]`, wire.Options{})
	add("unknown member refused", `{"zzz":1,`+string(body), wire.Options{DisallowUnknownFields: true})
	add("byte-order mark", "\ufeff"+string(line), wire.Options{})
	add("limit", string(line), wire.Options{MaxDocumentSize: len(line) - 1})
	add("comma for brace", strings.Replace(string(line), "{", ",", 1), wire.Options{})
	return out
}

// FuzzDecodeTagged: for any bytes, DecodeTagged gives what decoding by
// PeekTag gives. Seeds: transcript lines of each type and the misleading
// documents derived from one.
func FuzzDecodeTagged(f *testing.F) {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	seen := map[string]bool{}
	for _, l := range bytes.Split(data, []byte("\n")) {
		var h struct{ Type string }
		if json.Unmarshal(l, &h) != nil || seen[h.Type] || len(l) > 4000 {
			continue
		}
		seen[h.Type] = true
		f.Add(l)
		for _, m := range misleading(l) {
			if m.opts == (wire.Options{}) {
				f.Add(m.data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		want, got, _ := taggedOutcomes(doc, wire.Options{})
		if !sameOutcome(got, want) {
			t.Fatalf("DecodeTagged gave\n%s\nPeekTag gave\n%s", got, want)
		}
	})
}

// TestUnionUnmarshalOnePass: the generated UnmarshalChatMessage and
// UnmarshalAgentEvent (one pass through DecodeTagged) give what the
// unions' PeekTag decoders give, on the transcript's lines and the
// misleading documents.
func TestUnionUnmarshalOnePass(t *testing.T) {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	unions := []struct {
		title     string
		unmarshal func([]byte) (gen.Encodable, error)
	}{
		{"ChatMessage", func(b []byte) (gen.Encodable, error) { return gen.UnmarshalChatMessage(b) }},
		{"AgentEvent", func(b []byte) (gen.Encodable, error) { return gen.UnmarshalAgentEvent(b) }},
	}
	for i, l := range bytes.Split(data, []byte("\n")) {
		if len(l) == 0 || i%10 != 0 {
			continue
		}
		docs := [][]byte{l}
		for _, m := range misleading(l) {
			if m.opts == (wire.Options{}) {
				docs = append(docs, m.data)
			}
		}
		for _, doc := range docs {
			for _, u := range unions {
				v, err := u.unmarshal(doc)
				if v == nil && err == nil {
					t.Fatalf("%s: nil value and no error", u.title)
				}
				var w gen.Encodable
				werr := wire.Decode(doc, wire.Options{}, func(d *wire.Decoder) { w, _ = gen.DecodeTitled(u.title, d) })
				if got, want := outcome(v, err), outcome(w, werr); !sameOutcome(got, want) {
					t.Errorf("line %d as %s: Unmarshal gave\n%s\nPeekTag gave\n%s", i+1, u.title, got, want)
				}
			}
		}
	}
}
