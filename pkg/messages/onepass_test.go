package messages

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// createOutcome is what decoding data gave: the error's type and text, or
// the dump of the message, its defaults (a new id, the current time)
// masked.
func createOutcome(m Message, err error) string {
	if err != nil {
		return fmt.Sprintf("%T: %v", err, err)
	}
	b, err := m.MarshalJSON()
	if err != nil {
		return "dump: " + err.Error()
	}
	return defaultsRE.ReplaceAllString(string(b), "$1")
}

var defaultsRE = regexp.MustCompile(`("id":|"created_at":)"[^"]*"`)

// transcriptDocs are the benchmark transcript's lines, and documents made
// from some of them to mislead a one-pass reader: "type" repeated before
// (as another type, a number, with an escaped name), moved into a nested
// object, an unknown or escaped tag, a second document, truncation.
func transcriptDocs(t testing.TB) (lines, misleading [][]byte) {
	data, err := os.ReadFile("../../testdata/bench/transcript_2k.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range bytes.Split(data, []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		lines = append(lines, l)
		if i%40 != 0 {
			continue
		}
		body := string(l[1:])
		tail := string(l[:bytes.LastIndex(l, []byte(`"type":`))])
		misleading = append(misleading,
			[]byte(`{"type":"ThoughtEvent",`+body),
			[]byte(`{"type":7,`+body),
			[]byte(`{"type":null,`+body),
			[]byte(`{"typ\u0065":"StopMessage",`+body),
			[]byte(body[:len(body)-1]+`,"type":"TextMessage"}`),
			[]byte(tail+`"type":"NoSuchMessage"}`),
			[]byte(tail+`"type":"Text\u004dessage"}`),
			[]byte(tail+`"type":"StructuredMessage[WeatherReport]"}`),
			[]byte(string(l)+` {"type":"TextMessage"}`),
			[]byte(`[`+string(l)+`]`),
			[]byte(`{"source":"a","content":"b","x":{"type":"TextMessage"}}`),
			l[:len(l)*2/3])
	}
	return lines, misleading
}

// TestCreateOnePass: Create (which decodes a valid built-in message in one
// pass, its tag read from where AutoGen writes it) gives exactly what the
// full way (peekType, then the type's decode) gives, values and errors;
// and every transcript line takes the one pass.
func TestCreateOnePass(t *testing.T) {
	fac := testFactory(t)
	lines, misleading := transcriptDocs(t)
	for i, doc := range append(lines, misleading...) {
		got := createOutcome(fac.Create(doc))
		want := createOutcome(fac.createFull(doc, fac.Options))
		if got != want {
			t.Errorf("document %d %.80q: Create gave\n%s\nthe full way gave\n%s", i, doc, got, want)
		}
		if i < len(lines) && fac.createTagged(doc, fac.Options) == nil {
			t.Errorf("transcript line %d: not decoded in one pass", i+1)
		}
	}
	strict := testFactory(t)
	strict.Options = gen.UnmarshalOptions{DisallowUnknownFields: true}
	doc := append([]byte(`{"zzz":1,`), lines[0][1:]...)
	if got, want := createOutcome(strict.Create(doc)), createOutcome(strict.createFull(doc, strict.Options)); got != want {
		t.Errorf("unknown member refused: Create gave\n%s\nthe full way gave\n%s", got, want)
	}
}

// FuzzCreateOnePass: for any bytes, Create gives what the full way gives.
func FuzzCreateOnePass(f *testing.F) {
	seedCases(f)
	lines, misleading := transcriptDocs(f)
	for i, l := range lines {
		if i%100 == 0 {
			f.Add(l)
		}
	}
	for _, m := range misleading[:24] {
		f.Add(m)
	}
	fac := testFactory(f)
	f.Fuzz(func(t *testing.T, doc []byte) {
		got := createOutcome(fac.Create(doc))
		if want := createOutcome(fac.createFull(doc, fac.Options)); got != want {
			t.Fatalf("Create gave\n%s\nthe full way gave\n%s", got, want)
		}
	})
}
