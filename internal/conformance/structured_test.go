package conformance

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/messages"
)

// WeatherReport is the content model of the StructuredMessage_WeatherReport
// cases (testdata/conformance/schemas/StructuredMessage_WeatherReport.json):
// conditions defaults to [].
type WeatherReport struct {
	City         string   `json:"city"`
	TemperatureC float64  `json:"temperature_c"`
	Conditions   []string `json:"conditions" default:"[]"`
}

// Answer is the content model of the StructuredMessage_Answer cases: tags
// is an optional dict of strings, None by default.
type Answer struct {
	Text  string             `json:"text"`
	Score int64              `json:"score"`
	Tags  *map[string]string `json:"tags" default:"null"`
}

// structuredDecoders decode the StructuredMessage_<Name> cases by Name.
var structuredDecoders = map[string]func(data []byte) (messages.Message, error){
	"WeatherReport": func(data []byte) (messages.Message, error) {
		m := &messages.StructuredMessage[WeatherReport]{}
		return m, m.UnmarshalJSON(data)
	},
	"Answer": func(data []byte) (messages.Message, error) {
		m := &messages.StructuredMessage[Answer]{}
		return m, m.UnmarshalJSON(data)
	},
}

// TestStructuredMessageConformance holds pkg/messages' StructuredMessage[T]
// to the valid and invalid StructuredMessage_* cases, which TestConformance
// cannot decode (package gen has no generic types; known_failures.txt lists
// them for it). Each input is decoded directly and, when it has a "type",
// through a MessageFactory with the type registered; the dump must equal
// AutoGen's, and an invalid input must fail at pydantic's location.
func TestStructuredMessageConformance(t *testing.T) {
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	f := messages.NewMessageFactory()
	for _, m := range []messages.Message{&messages.StructuredMessage[WeatherReport]{}, &messages.StructuredMessage[Answer]{}} {
		if err := f.Register(m); err != nil {
			t.Fatal(err)
		}
	}
	tt := titles()
	n := 0
	for _, c := range cases {
		name, ok := strings.CutPrefix(c.Type, "StructuredMessage_")
		if !ok {
			continue
		}
		n++
		t.Run(c.Path, func(t *testing.T) {
			decode, ok := structuredDecoders[name]
			if !ok {
				t.Fatalf("no Go content type for StructuredMessage[%s]: add one to structuredDecoders", name)
			}
			if err := checkStructured(c, decode, tt); err != nil {
				t.Fatalf("%s: %v", c.Note, err)
			}
			var probe struct {
				Type *string `json:"type"`
			}
			if json.Unmarshal(c.Input, &probe) == nil && probe.Type != nil && *probe.Type == "StructuredMessage["+name+"]" {
				viaFactory := func([]byte) (messages.Message, error) { return f.Create(c.Input) }
				if err := checkStructured(c, viaFactory, tt); err != nil {
					t.Fatalf("through the factory: %s: %v", c.Note, err)
				}
			}
		})
	}
	if n == 0 {
		t.Fatal("no StructuredMessage cases")
	}
}

// TestFactoryConformance decodes, through a MessageFactory, every valid and
// invalid case of the built-in message and event types whose input names
// its type in "type" (AutoGen's factory needs the tag): the factory path
// must agree with AutoGen as the generated decoders do.
func TestFactoryConformance(t *testing.T) {
	cases, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	f := messages.NewMessageFactory()
	registered := map[string]bool{}
	for _, tag := range f.Types() {
		registered[tag] = true
	}
	tt := titles()
	n := 0
	for _, c := range cases {
		if !registered[c.Type] {
			continue
		}
		var probe struct {
			Type *string `json:"type"`
		}
		if json.Unmarshal(c.Input, &probe) != nil || probe.Type == nil || *probe.Type != c.Type {
			continue
		}
		n++
		t.Run(c.Path, func(t *testing.T) {
			create := func(data []byte) (messages.Message, error) { return f.Create(data) }
			if err := checkStructured(c, create, tt); err != nil {
				t.Fatalf("%s: %v", c.Note, err)
			}
		})
	}
	if n < 50 {
		t.Fatalf("only %d cases", n)
	}
}

func checkStructured(c *Case, decode func([]byte) (messages.Message, error), tt map[string]bool) error {
	m, err := decode(c.Input)
	if !c.Valid {
		if err == nil {
			return errors.New("decoded, but AutoGen refuses it")
		}
		if c.Error == nil || c.Error.Exception != "ValidationError" {
			return nil
		}
		want := LocPrefix(c.Error.Loc, tt)
		var es wire.Errors
		if !errors.As(err, &es) {
			return errors.New("error is not a wire.Errors: " + err.Error())
		}
		for _, e := range es {
			if e.Pointer == want || strings.HasPrefix(e.Pointer, want+"/") || want == "" {
				return nil
			}
		}
		return errors.New("no error at " + want + " (pydantic " + c.Error.Type + "); got: " + err.Error())
	}
	if err != nil {
		return err
	}
	out, err := m.MarshalJSON()
	if err != nil {
		return err
	}
	var got, want any
	if err := unmarshalNumbers(out, &got); err != nil {
		return errors.New("output is not JSON: " + err.Error())
	}
	if err := unmarshalNumbers(c.Dump, &want); err != nil {
		return err
	}
	if msg := compare("", got, want); msg != "" {
		return errors.New(msg + "\n got: " + string(out) + "\nwant: " + string(c.Dump))
	}
	return nil
}
