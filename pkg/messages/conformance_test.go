package messages

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/internal/wire"
)

const conformanceDir = "../../testdata/conformance"

// WeatherReport and Answer are the content models of the conformance
// cases (testdata/conformance/schemas/StructuredMessage_*.json).
type WeatherReport struct {
	City         string   `json:"city"`
	TemperatureC float64  `json:"temperature_c"`
	Conditions   []string `json:"conditions" default:"[]"`
}

type Answer struct {
	Text  string             `json:"text"`
	Score int64              `json:"score"`
	Tags  *map[string]string `json:"tags" default:"null"`
}

// testFactory knows the built-in types and the structured types of the
// conformance cases.
func testFactory(t testing.TB) *MessageFactory {
	f := NewMessageFactory()
	for _, m := range []Message{&StructuredMessage[WeatherReport]{}, &StructuredMessage[Answer]{}} {
		if err := f.Register(m); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// textCase is one testdata/conformance/messages_text case: what AutoGen's
// renderings gave for a message whose dump is Dump.
type textCase struct {
	MessageType string                     `json:"message_type"`
	Label       string                     `json:"label"`
	Dump        json.RawMessage            `json:"dump"`
	Renderings  map[string]json.RawMessage `json:"-"`
}

func loadTextCases(t *testing.T) map[string]*textCase {
	files, err := filepath.Glob(filepath.Join(conformanceDir, "messages_text", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no messages_text cases: %v", err)
	}
	out := map[string]*textCase{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := &textCase{}
		if err := json.Unmarshal(data, c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := json.Unmarshal(data, &c.Renderings); err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = c
	}
	return out
}

// memoryForms reads, from AutoGen's expected text, which MemoryContent
// items held a MemoryMimeType member or bytes: the dump (JSON) cannot say,
// so the test takes the objects' form from the reference rendering and
// checks the whole rendering against it. It splits on the item prefix,
// which no JSON string content in the cases contains.
func memoryForms(want string) []MemoryForm {
	var forms []MemoryForm
	for _, part := range strings.Split(want, "MemoryContent(content=")[1:] {
		f := MemoryForm{Bytes: strings.HasPrefix(part, "b'") || strings.HasPrefix(part, `b"`)}
		if i := strings.Index(part, "mime_type="); i >= 0 {
			f.MimeTypeEnum = strings.HasPrefix(part[i+len("mime_type="):], "<MemoryMimeType.")
		}
		forms = append(forms, f)
	}
	return forms
}

// TestMessagesText checks every rendering of every messages_text case:
// the dump is decoded through the factory (a StructuredMessage also as a
// RawStructuredMessage), rendered, and dumped again.
func TestMessagesText(t *testing.T) {
	f := testFactory(t)
	cases := loadTextCases(t)
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		c := cases[name]
		t.Run(name, func(t *testing.T) {
			var msgs []Message
			m, err := f.Create(c.Dump)
			var unknown *UnknownTypeError
			switch {
			case err == nil:
				msgs = append(msgs, m)
			case errors.As(err, &unknown):
				// A StructuredMessage of a content type the test does not
				// define, or a type the factory does not register by
				// default (SelectorEvent).
			default:
				t.Fatalf("%s: decoding the dump: %v", c.Label, err)
			}
			if _, ok := StructuredName(c.MessageType); ok {
				raw, err := DecodeRawStructured(c.Dump, gen.UnmarshalOptions{})
				if err != nil {
					t.Fatalf("raw: %v", err)
				}
				msgs = append(msgs, raw)
			}
			if c.MessageType == "SelectorEvent" {
				var ev gen.SelectorEvent
				if err := json.Unmarshal(c.Dump, &ev); err != nil {
					t.Fatal(err)
				}
				msgs = append(msgs, &ev)
			}
			if len(msgs) == 0 {
				t.Fatalf("cannot decode %s: %v", c.MessageType, err)
			}
			for _, m := range msgs {
				if m.Type() != c.MessageType {
					t.Errorf("Type() = %q, want %q", m.Type(), c.MessageType)
				}
				checkRenderings(t, m, c)
			}
		})
	}
}

func checkRenderings(t *testing.T, m Message, c *textCase) {
	t.Helper()
	prefix := fmt.Sprintf("%T", m)
	for key, want := range c.Renderings {
		var got string
		var err error
		switch {
		case key == "message_type" || key == "label" || key == "dump" || key == "note":
			continue
		case key == "to_text":
			var opts []Option
			if _, ok := m.(*gen.MemoryQueryEvent); ok {
				var s string
				if json.Unmarshal(want, &s) == nil {
					opts = append(opts, WithMemoryForms(memoryForms(s)...))
				}
			}
			got, err = ToText(m, opts...)
		case strings.HasPrefix(key, "to_text") && strings.Contains(key, "iterm"):
			got, err = ToText(m, WithITermImages())
		case key == "to_model_text":
			got, err = ToModelText(m)
		case strings.HasPrefix(key, "to_model_text") && (strings.Contains(key, "none") || strings.Contains(key, "base64")):
			got, err = ToModelText(m, WithImagesAsBase64())
		case strings.HasPrefix(key, "to_model_text") && c.Renderings["image_placeholder"] != nil:
			var p string
			if json.Unmarshal(c.Renderings["image_placeholder"], &p) != nil {
				t.Fatalf("image_placeholder is not a string")
			}
			got, err = ToModelText(m, WithImagePlaceholder(p))
		case key == "to_model_message":
			um, err := ToModelMessage(m)
			if err != nil {
				t.Errorf("%s %s: %v", prefix, key, err)
				continue
			}
			b, err := json.Marshal(&um)
			if err != nil {
				t.Fatal(err)
			}
			if msg := jsonDiff(b, want); msg != "" {
				t.Errorf("%s %s: %s", prefix, key, msg)
			}
			continue
		case key == "image_placeholder":
			continue
		default:
			t.Errorf("%s: rendering %q is not known to this test", prefix, key)
			continue
		}
		checkText(t, prefix+" "+key, got, err, want)
	}
	if _, ok := c.Renderings["to_model_text"]; !ok && IsChatMessage(m) {
		t.Errorf("%s: a chat message case without to_model_text", prefix)
	}
	if _, ok := c.Renderings["to_model_text"]; !ok && IsAgentEvent(m) {
		if _, err := ToModelText(m); !errors.Is(err, ErrNotChatMessage) {
			t.Errorf("%s: ToModelText of an event: %v", prefix, err)
		}
	}
	b, err := m.MarshalJSON()
	if err != nil {
		t.Fatalf("%s dump: %v", prefix, err)
	}
	if msg := jsonDiff(b, c.Dump); msg != "" {
		t.Errorf("%s dump: %s", prefix, msg)
	}
}

// checkText compares a rendering with AutoGen's: a string, or
// {"__error__": {"exception", "msg"}} for a rendering that raised.
func checkText(t *testing.T, what, got string, err error, want json.RawMessage) {
	t.Helper()
	var ws string
	if json.Unmarshal(want, &ws) == nil {
		if err != nil {
			t.Errorf("%s: %v, want %q", what, err, ws)
			return
		}
		if msg := compareImageText(got, ws); msg != "" {
			t.Errorf("%s: %s\n got %q\nwant %q", what, msg, got, ws)
		}
		return
	}
	var we struct {
		Error struct {
			Exception string `json:"exception"`
			Msg       string `json:"msg"`
		} `json:"__error__"`
	}
	if json.Unmarshal(want, &we) != nil || we.Error.Exception == "" {
		t.Fatalf("%s: unreadable expectation %s", what, want)
	}
	var fe *FormatError
	if !errors.As(err, &fe) || string(fe.Exception) != we.Error.Exception || fe.Message != we.Error.Msg {
		t.Errorf("%s: got %q, %v; want %s: %s", what, got, err, we.Error.Exception, we.Error.Msg)
	}
}

var pngBase64 = regexp.MustCompile(`iVBORw0KGgo[A-Za-z0-9+/]*=*`)

// compareImageText compares texts in which base64 PNGs are compared by
// their pixels (AutoGen re-encodes images with Pillow; the bytes differ).
func compareImageText(got, want string) string {
	gi := pngBase64.FindAllString(got, -1)
	wi := pngBase64.FindAllString(want, -1)
	if len(gi) != len(wi) {
		if got != want {
			return "texts differ"
		}
		return ""
	}
	for i := range gi {
		if msg := samePixels(gi[i], wi[i]); msg != "" {
			return msg
		}
	}
	if pngBase64.ReplaceAllString(got, "<png>") != pngBase64.ReplaceAllString(want, "<png>") {
		return "texts differ"
	}
	return ""
}

func samePixels(a, b string) string {
	ia, err := pyimg.FromBase64(a, pyimg.Limits{})
	if err != nil {
		return "image: " + err.Error()
	}
	ib, err := pyimg.FromBase64(b, pyimg.Limits{})
	if err != nil {
		return "expected image: " + err.Error()
	}
	aw, ah, ap, err := ia.RGB()
	if err != nil {
		return err.Error()
	}
	bw, bh, bp, err := ib.RGB()
	if err != nil {
		return err.Error()
	}
	if aw != bw || ah != bh || !bytes.Equal(ap, bp) {
		return "image pixels differ"
	}
	return ""
}

// jsonDiff compares JSON values: objects by members (in any order),
// numbers by value (integers digit for digit), images by pixels, and the
// placeholders <uuid4> and <now-utc> against any value of their kind.
func jsonDiff(got []byte, want []byte) string {
	var g, w any
	if err := unmarshalNumbers(got, &g); err != nil {
		return "output is not JSON: " + err.Error()
	}
	if err := unmarshalNumbers(want, &w); err != nil {
		return "expected is not JSON: " + err.Error()
	}
	if msg := diffValues("", g, w); msg != "" {
		return msg + "\n got: " + string(got) + "\nwant: " + string(want)
	}
	return ""
}

func unmarshalNumbers(data []byte, v *any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return d.Decode(v)
}

var uuid4Re = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func diffValues(ptr string, got, want any) string {
	if ws, ok := want.(string); ok {
		gs, _ := got.(string)
		switch {
		case strings.HasPrefix(ws, "<uuid4>"):
			if uuid4Re.MatchString(gs) {
				return ""
			}
			return ptr + ": want a UUID4, got " + fmt.Sprint(got)
		case strings.HasPrefix(ws, "<now-utc>"):
			if strings.HasSuffix(gs, "Z") {
				return ""
			}
			return ptr + ": want the current UTC time, got " + fmt.Sprint(got)
		case strings.HasPrefix(ws, "iVBORw0KGgo") && strings.HasPrefix(gs, "iVBORw0KGgo"):
			if msg := samePixels(gs, ws); msg != "" {
				return ptr + ": " + msg
			}
			return ""
		}
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return ptr + ": want an object"
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return ptr + "/" + k + ": missing"
			}
			if msg := diffValues(ptr+"/"+k, gv, wv); msg != "" {
				return msg
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return ptr + "/" + k + ": not in AutoGen's output"
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return ptr + ": want an array of " + fmt.Sprint(len(w))
		}
		for i := range w {
			if msg := diffValues(fmt.Sprintf("%s/%d", ptr, i), g[i], w[i]); msg != "" {
				return msg
			}
		}
		return ""
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			return ptr + ": want a number"
		}
		if g == w {
			return ""
		}
		isFloat := func(n json.Number) bool { return strings.ContainsAny(string(n), ".eE") }
		if isFloat(g) || isFloat(w) {
			gf, e1 := g.Float64()
			wf, e2 := w.Float64()
			if e1 == nil && e2 == nil && gf == wf {
				return ""
			}
		}
		return ptr + ": want " + string(w) + ", got " + string(g)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		return ptr + ": want " + fmt.Sprint(want) + ", got " + fmt.Sprint(got)
	}
	return ""
}

// TestMessageFactoryCases checks misc/message_factory.json: what AutoGen's
// MessageFactory creates, the exact error texts, and registration.
func TestMessageFactoryCases(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(conformanceDir, "misc", "message_factory.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Input       json.RawMessage `json:"input"`
			CreatedType string          `json:"created_type"`
			Dump        json.RawMessage `json:"dump"`
			Error       *struct {
				Exception string `json:"exception"`
				Loc       []any  `json:"loc"`
				Msg       string `json:"msg"`
			} `json:"error"`
		} `json:"cases"`
		Register struct {
			Registered         string          `json:"registered"`
			IsRegistered       bool            `json:"is_registered"`
			CreatedType        string          `json:"created_type"`
			Dump               json.RawMessage `json:"dump"`
			RegisterTwiceError string          `json:"register_twice_error"`
			RegisterNonMessage string          `json:"register_non_message_error"`
		} `json:"register"`
		RegisteredByDefault []string `json:"registered_by_default"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	f := NewMessageFactory()
	if got := f.Types(); strings.Join(got, ",") != strings.Join(file.RegisteredByDefault, ",") {
		t.Errorf("registered by default: %v, want %v", got, file.RegisteredByDefault)
	}
	for i, c := range file.Cases {
		m, err := f.Create(c.Input)
		if c.Error == nil {
			if err != nil {
				t.Errorf("case %d: %v", i, err)
				continue
			}
			if m.Type() != c.CreatedType {
				t.Errorf("case %d: created %s, want %s", i, m.Type(), c.CreatedType)
			}
			b, _ := m.MarshalJSON()
			if msg := jsonDiff(b, c.Dump); msg != "" {
				t.Errorf("case %d: %s", i, msg)
			}
			continue
		}
		if err == nil {
			t.Errorf("case %d: created %s, want %s", i, m.Type(), c.Error.Msg)
			continue
		}
		if c.Error.Exception == "ValidationError" {
			var es wire.Errors
			if !errors.As(err, &es) || es[0].Message != c.Error.Msg || es[0].Pointer != "/"+fmt.Sprint(c.Error.Loc[0]) {
				t.Errorf("case %d: %v, want %v %s", i, err, c.Error.Loc, c.Error.Msg)
			}
			continue
		}
		if err.Error() != c.Error.Msg {
			t.Errorf("case %d: error %q, want %q", i, err.Error(), c.Error.Msg)
		}
	}

	reg := file.Register
	proto := &StructuredMessage[WeatherReport]{}
	if proto.Type() != reg.Registered {
		t.Fatalf("tag %q, want %q", proto.Type(), reg.Registered)
	}
	if err := f.Register(proto); err != nil {
		t.Fatal(err)
	}
	if f.IsRegistered(proto) != reg.IsRegistered {
		t.Errorf("IsRegistered = %v", f.IsRegistered(proto))
	}
	input := `{"source": "a", "id": "m", "created_at": "2024-01-01T00:00:00Z", "type": "StructuredMessage[WeatherReport]", "content": {"city": "x", "temperature_c": 1}}`
	m, err := f.Create([]byte(input))
	if err != nil {
		t.Fatal(err)
	}
	if m.Type() != reg.CreatedType {
		t.Errorf("created %s", m.Type())
	}
	b, _ := m.MarshalJSON()
	if msg := jsonDiff(b, reg.Dump); msg != "" {
		t.Error(msg)
	}
	var re *RegistrationError
	if err := f.Register(&StructuredMessage[WeatherReport]{}); !errors.As(err, &re) || err.Error() != reg.RegisterTwiceError {
		t.Errorf("register twice: %v, want %q", err, reg.RegisterTwiceError)
	}
	if err := f.Register(&gen.UserMessage{}); !errors.As(err, &re) || err.Error() != reg.RegisterNonMessage {
		t.Errorf("register non-message: %v, want %q", err, reg.RegisterNonMessage)
	}
}
