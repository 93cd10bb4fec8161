package bench

import (
	"bytes"
	stdjson "encoding/json"
	"os"
	"testing"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/messages"
)

func load(b *testing.B, name string) []byte {
	b.Helper()
	data, err := os.ReadFile("../testdata/bench/" + name)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// lines splits a JSONL payload into its non-empty lines.
func lines(data []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// BenchmarkFloorMapState1k is the floor of the standard library: state_1k.json
// into map[string]any with encoding/json.
func BenchmarkFloorMapState1k(b *testing.B) {
	data := load(b, "state_1k.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var m map[string]any
		if err := stdjson.Unmarshal(data, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFloorMapV2State1k is the fast floor: the same with
// github.com/go-json-experiment/json (what becomes encoding/json/v2).
func BenchmarkFloorMapV2State1k(b *testing.B) {
	data := load(b, "state_1k.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var m map[string]any
		if err := jsonv2.Unmarshal(data, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeState1k decodes state_1k.json into the typed
// ChatCompletionContextState, images checked as AutoGen checks them.
func BenchmarkDecodeState1k(b *testing.B) {
	data := load(b, "state_1k.json")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		var s gen.ChatCompletionContextState
		if err := s.UnmarshalJSON(data); err != nil {
			b.Fatal(err)
		}
		n = len(s.Messages)
	}
	b.ReportMetric(float64(testing.AllocsPerRun(1, func() {
		var s gen.ChatCompletionContextState
		_ = s.UnmarshalJSON(data)
	}))/float64(n), "allocs/msg")
}

// BenchmarkFloorMarshalMapState1k is the encoding floor: encoding/json
// marshalling state_1k.json held as a map.
func BenchmarkFloorMarshalMapState1k(b *testing.B) {
	data := load(b, "state_1k.json")
	var m map[string]any
	if err := stdjson.Unmarshal(data, &m); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := stdjson.Marshal(m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeState1k encodes the typed state back to AutoGen's JSON.
func BenchmarkEncodeState1k(b *testing.B) {
	data := load(b, "state_1k.json")
	var s gen.ChatCompletionContextState
	if err := s.UnmarshalJSON(data); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeTranscript2k decodes every line of transcript_2k.jsonl into
// the ChatMessage or AgentEvent union, picked by its type tag in the same
// pass.
func BenchmarkDecodeTranscript2k(b *testing.B) {
	data := load(b, "transcript_2k.jsonl")
	ls := lines(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range ls {
			if _, err := decodeTranscriptLine(l); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(testing.AllocsPerRun(1, func() {
		for _, l := range ls {
			_, _ = decodeTranscriptLine(l)
		}
	})/float64(len(ls)), "allocs/msg")
}

// BenchmarkLoadTranscript2k decodes every line of transcript_2k.jsonl with
// messages.Load, the counterpart of AutoGen's MessageFactory().create
// (what bench_loads.py times on AutoGen's side): errors as AutoGen's
// factory words them, the built-in types decoded in one pass.
func BenchmarkLoadTranscript2k(b *testing.B) {
	data := load(b, "transcript_2k.jsonl")
	ls := lines(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range ls {
			if _, err := messages.Load(l); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFloorMapV2Transcript2k is the transcript's fast floor:
// go-json-experiment into map[string]any, line by line, the same lines as
// BenchmarkDecodeTranscript2k.
func BenchmarkFloorMapV2Transcript2k(b *testing.B) {
	data := load(b, "transcript_2k.jsonl")
	ls := lines(data)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range ls {
			var m map[string]any
			if err := jsonv2.Unmarshal(l, &m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFloorMarshalMapTranscript2k is the transcript's encoding floor:
// encoding/json marshalling each line held as a map, one JSON text per
// line, as BenchmarkEncodeTranscript2k writes them.
func BenchmarkFloorMarshalMapTranscript2k(b *testing.B) {
	data := load(b, "transcript_2k.jsonl")
	ls := lines(data)
	ms := make([]map[string]any, len(ls))
	for i, l := range ls {
		if err := stdjson.Unmarshal(l, &ms[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range ms {
			if _, err := stdjson.Marshal(m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkEncodeTranscript2k encodes every decoded transcript line back to
// AutoGen's JSON, one MarshalJSON per line, as the command's normalize does.
func BenchmarkEncodeTranscript2k(b *testing.B) {
	data, vs := decodedTranscript(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		for _, v := range vs {
			if _, err := wire.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkEncodeTranscript2kReused is the dump's encoding work alone, as
// a Go program writing the transcript as JSONL does it: every decoded line
// appended by gen.MarshalAppend to one buffer that each pass reuses, no
// result allocated. EncodeTranscript2k less this is what the results'
// fresh memory costs (the allocator, the collector, the runtime's returned
// pages): see BENCHMARKS.md, "Fourth round: where the dump's time goes"
// and "Fifth round". Not what bench_loads.py compares with AutoGen's
// model_dump_json, which makes each line's string.
func BenchmarkEncodeTranscript2kReused(b *testing.B) {
	data, vs := decodedTranscript(b)
	buf := make([]byte, 0, 2<<20)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		buf = buf[:0]
		for _, v := range vs {
			var err error
			if buf, err = gen.MarshalAppend(buf, v); err != nil {
				b.Fatal(err)
			}
			buf = append(buf, '\n')
		}
	}
}

// decodedTranscript returns transcript_2k.jsonl and its lines decoded.
func decodedTranscript(b *testing.B) ([]byte, []gen.Encodable) {
	b.Helper()
	data := load(b, "transcript_2k.jsonl")
	ls := lines(data)
	vs := make([]gen.Encodable, len(ls))
	for i, l := range ls {
		v, err := decodeTranscriptLine(l)
		if err != nil {
			b.Fatal(err)
		}
		vs[i] = v
	}
	return data, vs
}

// decodeTranscriptLine decodes one chat message or event by its tag, on a
// pooled decoder (wire.DecodeTagged: the tag is read from where AutoGen
// writes it, without skimming the line first), as the command decodes
// each JSONL line.
func decodeTranscriptLine(line []byte) (gen.Encodable, error) {
	var v gen.Encodable
	err := wire.DecodeTagged(line, wire.Options{}, "type",
		func(d *wire.Decoder, tag string) { v = decodeByTag(d, tag) },
		func(d *wire.Decoder) {
			tag, _ := d.PeekTag("type")
			v = decodeByTag(d, tag)
		})
	return v, err
}

// decodeByTag reads the chat message or event whose type tag is tag.
func decodeByTag(d *wire.Decoder, tag string) gen.Encodable {
	title, ok := gen.TitleForTag(tag)
	if !ok {
		d.Fail("union_tag_invalid", "unknown type "+tag)
		d.Skip()
		return nil
	}
	v, _ := gen.DecodeTitled(title, d)
	return v
}
