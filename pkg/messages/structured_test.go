package messages

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// weatherWire is named weatherWire in Go and WeatherReport in Python.
type weatherWire struct {
	City string `json:"city"`
}

func (weatherWire) ModelName() string { return "WeatherReport" }

// TestStructuredMessage checks StructuredMessage against AutoGen's
// messages.py: to_text is format_string.format(**content.model_dump()) or,
// without a format, content.model_dump_json(); to_model_message always
// carries model_dump_json().
func TestStructuredMessage(t *testing.T) {
	m := NewStructuredMessage("agent", WeatherReport{City: "Paris", TemperatureC: 1e-5, Conditions: []string{"it's", "windy"}})
	if m.Type() != "StructuredMessage[WeatherReport]" || !uuid4Re.MatchString(m.ID) || m.Metadata == nil || m.CreatedAt.IsZero() {
		t.Fatalf("defaults: %+v", m)
	}
	text, err := ToText(m)
	if want := `{"city":"Paris","temperature_c":0.00001,"conditions":["it's","windy"]}`; err != nil || text != want {
		t.Errorf("to_text without format: %q %v, want %q", text, err, want)
	}
	format := "Weather in {city}: {temperature_c}°C {conditions} {conditions[1]!r:>8}"
	m.FormatString = &format
	for _, render := range []func(Message, ...Option) (string, error){ToText, ToModelText} {
		text, err = render(m)
		if want := "Weather in Paris: 1e-05°C [\"it's\", 'windy']  'windy'"; err != nil || text != want {
			t.Errorf("with format: %q %v, want %q", text, err, want)
		}
	}
	um, err := ToModelMessage(m)
	if err != nil || um.Content.Text != `{"city":"Paris","temperature_c":0.00001,"conditions":["it's","windy"]}` || um.Source != "agent" {
		t.Errorf("to_model_message %+v %v", um, err)
	}
	bad := "{city!z}"
	m.FormatString = &bad
	var fe *FormatError
	if _, err := ToText(m); !errors.As(err, &fe) || fe.Error() != "ValueError: Unknown conversion specifier z" {
		t.Errorf("bad format: %v", err)
	}

	// The dump, and decoding it again.
	m.FormatString = nil
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(b), `"content":{"city":"Paris","temperature_c":1e-05,"conditions":["it's","windy"]},"format_string":null,"type":"StructuredMessage[WeatherReport]"}`) {
		t.Errorf("dump %s", b)
	}
	var back StructuredMessage[WeatherReport]
	if err := json.Unmarshal(b, &back); err != nil || back.Content.City != "Paris" || back.ID != m.ID {
		t.Errorf("load: %+v %v", back, err)
	}

	// The tag comes from ModelName; "type" is a computed field, so a
	// wrong one in input is ignored.
	var w StructuredMessage[weatherWire]
	if err := json.Unmarshal([]byte(`{"source":"a","content":{"city":"x"},"type":"Whatever"}`), &w); err != nil || w.Type() != "StructuredMessage[WeatherReport]" {
		t.Errorf("%v %s", err, w.Type())
	}
	var es wire.Errors
	err = json.Unmarshal([]byte(`[]`), &w)
	if !errors.As(err, &es) || es[0].Message != "Input should be a valid dictionary or instance of StructuredMessage[WeatherReport]" {
		t.Errorf("top-level type error: %v", err)
	}
	err = json.Unmarshal([]byte(`{"source":"a","content":"x"}`), &w)
	if !errors.As(err, &es) || es[0].Pointer != "/content" || es[0].Message != "Input should be a valid dictionary or instance of WeatherReport" {
		t.Errorf("content type error: %v", err)
	}

	// Content must be a struct.
	var ute *UnsupportedTypeError
	var sm StructuredMessage[string]
	if err := json.Unmarshal([]byte(`{"source":"a","content":"x"}`), &sm); !errors.As(err, &ute) {
		t.Errorf("string content: %v", err)
	}
	if _, err := sm.ToText(); !errors.As(err, &ute) {
		t.Errorf("string content ToText: %v", err)
	}
	if _, err := StructuredMessageSchema[int](false); !errors.As(err, &ute) {
		t.Errorf("schema of int content: %v", err)
	}
}

// TestRawStructuredMessage checks that a StructuredMessage read without
// its Go type renders and dumps as the typed one does.
func TestRawStructuredMessage(t *testing.T) {
	doc := `{"id":"m","source":"a","models_usage":null,"metadata":{},"created_at":"2024-01-01T00:00:00Z",` +
		`"content":{"city":"Oslo","temperature_c":-0.5,"conditions":["snow"]},"format_string":"{city}: {temperature_c:.1f} {conditions}","type":"StructuredMessage[WeatherReport]"}`
	raw, err := DecodeRawStructured([]byte(doc), gen.UnmarshalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var typed StructuredMessage[WeatherReport]
	if err := json.Unmarshal([]byte(doc), &typed); err != nil {
		t.Fatal(err)
	}
	for _, m := range []Message{raw, &typed} {
		text, err := ToText(m)
		if err != nil || text != "Oslo: -0.5 ['snow']" {
			t.Errorf("%T: %q %v", m, text, err)
		}
		um, _ := ToModelMessage(m)
		if um.Content.Text != `{"city":"Oslo","temperature_c":-0.5,"conditions":["snow"]}` {
			t.Errorf("%T: %q", m, um.Content.Text)
		}
		b, _ := m.MarshalJSON()
		if msg := jsonDiff(b, []byte(doc)); msg != "" {
			t.Errorf("%T: %s", m, msg)
		}
	}
	raw.FormatString = nil
	if s, _ := raw.ToText(); s != `{"city":"Oslo","temperature_c":-0.5,"conditions":["snow"]}` {
		t.Errorf("raw to_text %q", s)
	}
	for _, bad := range []string{
		`{"source":"a","content":[],"type":"StructuredMessage[X]"}`,
		`{"source":"a","content":{},"type":"TextMessage"}`,
		`{"content":{},"type":"StructuredMessage[X]"}`,
		`{"source":"a","content":{},"type":"StructuredMessage[]"}`,
	} {
		if _, err := DecodeRawStructured([]byte(bad), gen.UnmarshalOptions{}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// alert is a custom chat message, as a Go program defines one.
type alert struct {
	ChatMessageBase
	Level   int    `json:"level"`
	Content string `json:"content"`
}

func (*alert) Type() string                   { return "Alert" }
func (a *alert) MarshalJSON() ([]byte, error) { return Marshal(a) }
func (a *alert) ToText() (string, error)      { return "ALERT: " + a.Content, nil }
func (a *alert) ToModelText() (string, error) { return a.Content, nil }
func (a *alert) ToModelMessage() (gen.UserMessage, error) {
	return userMessage(a.Content, a.Source), nil
}

// tick is a custom event with its own UnmarshalJSON.
type tick struct {
	AgentEventBase
	N int `json:"n"`
}

func (*tick) Type() string                   { return "Tick" }
func (t *tick) MarshalJSON() ([]byte, error) { return Marshal(t) }
func (t *tick) UnmarshalJSON(b []byte) error { return Unmarshal(b, t) }
func (t *tick) ToText() (string, error)      { return strings.Repeat(".", t.N), nil }

func TestFactoryCustomTypes(t *testing.T) {
	f := NewMessageFactory()
	if f.IsRegistered(&alert{}) {
		t.Fatal("registered before Register")
	}
	if _, err := f.Create([]byte(`{"source":"a","type":"Alert"}`)); err == nil || err.Error() != "Unknown message type: Alert" {
		t.Errorf("unregistered: %v", err)
	}
	if err := f.Register(&alert{}); err != nil {
		t.Fatal(err)
	}
	if err := f.Register(&tick{}); err != nil {
		t.Fatal(err)
	}
	var re *RegistrationError
	if err := f.Register(&alert{}); !errors.As(err, &re) || err.Error() != "Message type <class 'github.com/agentschema/agentschema/pkg/messages.alert'> is already registered." {
		t.Errorf("twice: %v", err)
	}
	if err := f.Register(strangeMessage{}); err == nil {
		t.Error("a non-pointer registers")
	}
	if err := f.Register(&gen.SelectorEvent{}); err != nil {
		t.Errorf("SelectorEvent: %v", err)
	}
	if err := f.Register(&gen.TextMessage{}); !errors.As(err, &re) || err.Error() != "Message type <class 'autogen_agentchat.messages.TextMessage'> is already registered." {
		t.Errorf("built-in twice: %v", err)
	}

	m, err := f.Create([]byte(`{"source":"ops","level":"3","content":"disk full","type":"Alert"}`))
	if err != nil {
		t.Fatal(err)
	}
	a, ok := m.(*alert)
	if !ok || a.Level != 3 || !uuid4Re.MatchString(a.ID) || a.Metadata == nil || !IsChatMessage(m) || Source(m) != "ops" {
		t.Fatalf("%#v", m)
	}
	if s, _ := ToText(m); s != "ALERT: disk full" {
		t.Errorf("ToText %q", s)
	}
	if s, _ := ToModelText(m); s != "disk full" {
		t.Errorf("ToModelText %q", s)
	}
	b, _ := m.MarshalJSON()
	if !strings.HasPrefix(string(b), `{"id":"`) || !strings.HasSuffix(string(b), `"level":3,"content":"disk full","type":"Alert"}`) {
		t.Errorf("dump %s", b)
	}
	if _, err := f.Create([]byte(`{"source":"ops","level":1,"content":"x","type":"Alert","type":"Alert2"}`)); err == nil || err.Error() != "Unknown message type: Alert2" {
		t.Errorf("the last type counts: %v", err)
	}
	var es wire.Errors
	if _, err := f.Create([]byte(`{"source":"ops","level":1,"type":"Alert"}`)); !errors.As(err, &es) || es[0].Pointer != "/content" {
		t.Errorf("missing content: %v", err)
	}

	m, err = f.Create([]byte(`{"source":"clock","n":3,"type":"Tick"}`))
	if err != nil || !IsAgentEvent(m) {
		t.Fatalf("%v %v", m, err)
	}
	if s, _ := ToText(m); s != "..." {
		t.Errorf("tick %q", s)
	}
	if _, err := ToModelText(m); !errors.Is(err, ErrNotChatMessage) {
		t.Errorf("tick ToModelText %v", err)
	}
	if got := strings.Join(f.Types(), ","); !strings.Contains(got, "Alert,") || !strings.Contains(got, "Tick,") {
		t.Errorf("types %s", got)
	}
}

func TestFactoryInputs(t *testing.T) {
	f := NewMessageFactory()
	for in, want := range map[string]string{
		`[1]`:                 "AttributeError: 'list' object has no attribute 'get'",
		`"x"`:                 "AttributeError: 'str' object has no attribute 'get'",
		`1.5`:                 "AttributeError: 'float' object has no attribute 'get'",
		`null`:                "AttributeError: 'NoneType' object has no attribute 'get'",
		`{"type": [1]}`:       "TypeError: unhashable type: 'list'",
		`{"type": {}}`:        "TypeError: unhashable type: 'dict'",
		`{"type": true}`:      "Unknown message type: True",
		`{"type": 1.0}`:       "Unknown message type: 1.0",
		`{"type": 1e400}`:     "Unknown message type: inf",
		`{"type": null}`:      "Field 'type' is required in the message data to recover the message type.",
		`{}`:                  "Field 'type' is required in the message data to recover the message type.",
		`{"type": "A\u0000"}`: "Unknown message type: A\x00",
	} {
		_, err := f.Create([]byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	var es wire.Errors
	if _, err := f.Create([]byte(`{"type": "TextMessage"`)); !errors.As(err, &es) || es[0].Type != "json_invalid" {
		t.Errorf("bad JSON: %v", err)
	}
	var mt *MissingTypeError
	var ie *InputError
	if _, err := Load([]byte(`{}`)); !errors.As(err, &mt) {
		t.Errorf("%v", err)
	}
	if _, err := Load([]byte(`[]`)); !errors.As(err, &ie) {
		t.Errorf("%v", err)
	}
	strict := NewMessageFactory()
	strict.Options = gen.UnmarshalOptions{DisallowUnknownFields: true}
	if _, err := strict.Create([]byte(`{"type":"TextMessage","source":"a","content":"x","extra":1}`)); err == nil {
		t.Error("options are passed on")
	}
	cm, err := DecodeChatMessage([]byte(`{"type":"StopMessage","source":"a","content":"x"}`))
	if err != nil || cm.Type() != "StopMessage" {
		t.Errorf("%v %v", cm, err)
	}
	if _, err := DecodeChatMessage([]byte(`{"type":"ThoughtEvent","source":"a","content":"x"}`)); err == nil {
		t.Error("an event is not a ChatMessage")
	}
	ev, err := DecodeAgentEvent([]byte(`{"type":"ThoughtEvent","source":"a","content":"x"}`))
	if err != nil || ev.Type() != "ThoughtEvent" {
		t.Errorf("%v %v", ev, err)
	}
}

// TestFactoryConcurrent registers and creates from many goroutines (run
// with -race).
func TestFactoryConcurrent(t *testing.T) {
	f := NewMessageFactory()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if i%2 == 0 {
				_ = f.Register(&StructuredMessage[Answer]{})
			}
			for j := 0; j < 50; j++ {
				m, err := f.Create([]byte(`{"source":"a","content":"x","type":"TextMessage"}`))
				if err != nil || m.Type() != "TextMessage" {
					t.Error(err)
					return
				}
				_ = f.IsRegistered(m)
				_ = f.Types()
			}
		}(i)
	}
	wg.Wait()
	if !f.IsRegistered(&StructuredMessage[Answer]{}) {
		t.Error("not registered")
	}
}

// colorName is a Python `class Color(str, Enum): RED = "red"; GREEN =
// "green"` with its member names; colorBare has none.
type (
	colorName string
	colorBare string
	paint     struct {
		Named colorName `json:"named"`
		Bare  colorBare `json:"bare"`
	}
)

func (colorName) EnumValues() []any   { return []any{"red", "green"} }
func (colorName) EnumNames() []string { return []string{"RED", "GREEN"} }
func (colorName) ModelName() string   { return "Color" }
func (colorBare) EnumValues() []any   { return []any{"red", "green"} }

// TestStructuredEnumFormat: content.model_dump() keeps Enum members, and
// str.format writes a member as str(member), "Color.GREEN", in Python 3.11
// and 3.12 (Enum.__format__ is str.__format__(str(self), spec) there, for
// mixins too; 3.10 wrote a str mixin's value). A Go Enum without
// EnumNames cannot say its member's name: it is formatted as its value.
func TestStructuredEnumFormat(t *testing.T) {
	m := NewStructuredMessage("agent", paint{Named: "green", Bare: "red"})
	format := "{named} {named!r} {named.value} {named:>12}| {bare}"
	m.FormatString = &format
	text, err := ToText(m)
	if want := "Color.GREEN <Color.GREEN: 'green'> green  Color.GREEN| red"; err != nil || text != want {
		t.Errorf("got %q %v, want %q", text, err, want)
	}
	m.FormatString = nil
	if text, _ := ToText(m); text != `{"named":"green","bare":"red"}` {
		t.Errorf("without format: %q", text)
	}
}
