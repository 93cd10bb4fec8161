package messages

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
)

// seedCases adds the dumps of the messages_text cases, the inputs of the
// factory cases and of the structured valid and invalid cases.
func seedCases(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "messages_text", "*.json"))
	more, _ := filepath.Glob(filepath.Join(conformanceDir, "*", "StructuredMessage_*", "*.json"))
	for _, name := range append(files, more...) {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var c struct {
			Dump  json.RawMessage `json:"dump"`
			Input json.RawMessage `json:"input"`
		}
		if json.Unmarshal(data, &c) == nil {
			if c.Dump != nil {
				f.Add([]byte(c.Dump))
			}
			if c.Input != nil {
				f.Add([]byte(c.Input))
			}
		}
	}
	data, err := os.ReadFile(filepath.Join(conformanceDir, "misc", "message_factory.json"))
	if err != nil {
		f.Fatal(err)
	}
	var mf struct {
		Cases []struct {
			Input json.RawMessage `json:"input"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &mf); err != nil {
		f.Fatal(err)
	}
	for _, c := range mf.Cases {
		f.Add([]byte(c.Input))
	}
}

// FuzzCreate decodes anything through the factory: it must not panic;
// what decodes renders without panicking, and its dump decodes again to
// the same dump.
func FuzzCreate(f *testing.F) {
	seedCases(f)
	fac := testFactory(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := fac.Create(data)
		if err != nil {
			if raw, err := DecodeRawStructured(data, gen.UnmarshalOptions{}); err == nil {
				renderAll(raw)
			}
			return
		}
		renderAll(m)
		dump, err := m.MarshalJSON()
		if err != nil {
			return // an image that cannot be re-encoded
		}
		m2, err := fac.Create(dump)
		if err != nil {
			t.Fatalf("the dump %s does not decode: %v", dump, err)
		}
		dump2, err := m2.MarshalJSON()
		if err != nil || string(dump2) != string(dump) {
			t.Fatalf("dump changed:\n%s\n%s (%v)", dump, dump2, err)
		}
	})
}

func renderAll(m Message) {
	_, _ = ToText(m)
	_, _ = ToText(m, WithITermImages(), WithMemoryForms(MemoryForm{MimeTypeEnum: true, Bytes: true}))
	_, _ = ToModelText(m)
	_, _ = ToModelText(m, WithImagesAsBase64())
	_, _ = ToModelMessage(m)
}

// FuzzFormat renders any format string with fields of every kind: it must
// not panic, and what it renders is valid UTF-8 when the format is.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{"{s}", "{i:,}", "{f:.3g}", "{l[0]!r:>5}", "{d[k]}", "{{}}", "{s:{i}}", "{f:z=+#012,.2%}", "{b:c}", "{dt:%Y %z}", "{}", "{0[", "{s!", "}"} {
		f.Add(s)
	}
	kw, err := pyFromJSON([]byte(`{"s": "héllo", "i": -1234567, "f": -0.5, "b": true, "n": null, "l": ["a", 1, 2.5], "d": {"k": [1]}, "big": 123456789012345678901234567890}`))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, format string) {
		out, err := pyFormatString(format, &kw)
		if err == nil && utf8.ValidString(format) && !utf8.ValidString(out) {
			t.Fatalf("%q rendered %q", format, out)
		}
	})
}

// FuzzModel decodes anything as a Sample: no panic, and what decodes
// dumps to JSON that decodes to the same dump.
func FuzzModel(f *testing.F) {
	data, err := os.ReadFile("testdata/model.json")
	if err != nil {
		f.Fatal(err)
	}
	var cases []struct {
		Input json.RawMessage `json:"input"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		f.Add([]byte(c.Input))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s Sample
		if Unmarshal(data, &s) != nil {
			return
		}
		b, err := Marshal(&s)
		if err != nil {
			return
		}
		var s2 Sample
		if err := Unmarshal(b, &s2); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		b2, _ := Marshal(&s2)
		if string(b) != string(b2) {
			t.Fatalf("%s\n%s", b, b2)
		}
	})
}
