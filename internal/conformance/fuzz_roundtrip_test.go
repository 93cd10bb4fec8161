package conformance

import (
	"bytes"
	"errors"
	"hash/fnv"
	"slices"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// fuzzTitle returns title if the registry knows it, otherwise a title
// picked by a hash of it, so that every mutation of the title still
// decodes as some type and the fuzzer reaches all of them.
func fuzzTitle(titles []string, title string) string {
	if _, ok := slices.BinarySearch(titles, title); ok {
		return title
	}
	h := fnv.New32a()
	h.Write([]byte(title))
	return titles[h.Sum32()%uint32(len(titles))]
}

// FuzzRegistryRoundTrip decodes any input as any title of the generated
// registry (gen.Decode), seeded with the input of every valid and invalid
// conformance case under its own title. Properties:
//
//   - Decode never panics, and a failure is a wire.Errors of *wire.Error
//     with a line and column inside the input.
//   - Round trip: whatever decodes encodes without error, and the encoding
//     decodes again (also with DisallowUnknownFields: the encoding holds
//     only members the type has) to a value with the same encoding.
//   - Strictness only refuses: what decodes with DisallowUnknownFields
//     decodes without it. (The two values are not compared: members
//     AutoGen fills in on decoding, such as a message's id and
//     created_at, differ from one decoding to the next.)
func FuzzRegistryRoundTrip(f *testing.F) {
	titles := gen.Titles()
	cases, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		if _, ok := slices.BinarySearch(titles, c.Type); ok {
			f.Add(c.Type, []byte(c.Input))
		}
	}
	f.Add("LLMMessage", []byte(`{"content":"hi","source":"user","type":"UserMessage","extra":1}`))
	f.Add("ChatCompletionContextState", []byte(`{"messages":[{"content":"x","type":"SystemMessage"},{"content":"x","type":"SystemMessage"}]}`))
	f.Fuzz(func(t *testing.T, title string, data []byte) {
		title = fuzzTitle(titles, title)
		v, err := gen.Decode(title, data)
		if err != nil {
			checkDecodeError(t, title, data, err)
		}
		_, strictErr := gen.UnmarshalOptions{DisallowUnknownFields: true}.Decode(title, data)
		if strictErr != nil {
			checkDecodeError(t, title, data, strictErr)
		}
		if err != nil {
			if strictErr == nil {
				t.Fatalf("%s: decodes with DisallowUnknownFields but not without: %v", title, err)
			}
			return
		}
		out1, err := wire.Marshal(v)
		if err != nil {
			t.Fatalf("%s: decoded but does not encode: %v", title, err)
		}
		for _, opts := range []gen.UnmarshalOptions{{}, {DisallowUnknownFields: true}} {
			v2, err := opts.Decode(title, out1)
			if err != nil {
				t.Fatalf("%s: re-decoding our own output (%+v) failed: %v\n%s", title, opts, err, out1)
			}
			out2, err := wire.Marshal(v2)
			if err != nil {
				t.Fatalf("%s: re-encoding failed: %v", title, err)
			}
			if !bytes.Equal(out1, out2) {
				t.Fatalf("%s: round trip changed the value:\n%s\n%s", title, out1, out2)
			}
		}
	})
}

// checkDecodeError checks that a decoding failure is reported as
// wire.Errors, each with a line and column inside data.
func checkDecodeError(t *testing.T, title string, data []byte, err error) {
	t.Helper()
	var errs wire.Errors
	if !errors.As(err, &errs) || len(errs) == 0 {
		t.Fatalf("%s: error %T %v, want wire.Errors", title, err, err)
	}
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, e := range errs {
		if e == nil || e.Message == "" || e.Type == "" {
			t.Fatalf("%s: empty error %#v", title, e)
		}
		if e.Line < 1 || e.Line > lines || e.Column < 1 || e.Offset < 0 || e.Offset > len(data) {
			t.Fatalf("%s: error %q at line %d column %d offset %d of a %d-byte, %d-line input", title, e.Message, e.Line, e.Column, e.Offset, len(data), lines)
		}
	}
}
