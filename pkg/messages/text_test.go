package messages

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// onePixel is a 1x1 RGB PNG; AutoGen's to_base64() of it is a PNG of the
// same pixel.
const onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC"

func mustLoad(t *testing.T, doc string) Message {
	t.Helper()
	m, err := Load([]byte(doc))
	if err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return m
}

// TestMultiModalRenderings checks MultiModalMessage against AutoGen's code
// (messages.py): to_text joins the items with "\n", an image being
// "<image>" or, with iterm, "\033]1337;File=inline=1:<b64>\a\n";
// to_model_text concatenates, an image being " " + placeholder (default
// "[image]") or " " + base64 when the placeholder is None.
func TestMultiModalRenderings(t *testing.T) {
	m := mustLoad(t, `{"source":"u","content":["a",{"data":"`+onePixel+`"},"b",{"data":"`+onePixel+`"}],"type":"MultiModalMessage"}`)
	b64 := ""
	if mm, ok := m.(*gen.MultiModalMessage); ok {
		var err error
		if b64, err = imageBase64(mm.Content[1].Image); err != nil {
			t.Fatal(err)
		}
	}
	if msg := samePixels(b64, onePixel); msg != "" {
		t.Fatal(msg)
	}
	for _, tc := range []struct {
		name string
		got  func() (string, error)
		want string
	}{
		{"to_text", func() (string, error) { return ToText(m) }, "a\n<image>\nb\n<image>"},
		{"to_text iterm", func() (string, error) { return ToText(m, WithITermImages()) },
			"a\n\x1b]1337;File=inline=1:" + b64 + "\a\n\nb\n\x1b]1337;File=inline=1:" + b64 + "\a\n"},
		{"to_model_text", func() (string, error) { return ToModelText(m) }, "a [image]b [image]"},
		{"placeholder", func() (string, error) { return ToModelText(m, WithImagePlaceholder("<img>")) }, "a <img>b <img>"},
		{"empty placeholder", func() (string, error) { return ToModelText(m, WithImagePlaceholder("")) }, "a b "},
		{"base64", func() (string, error) { return ToModelText(m, WithImagesAsBase64()) }, "a " + b64 + "b " + b64},
		{"last option wins", func() (string, error) {
			return ToModelText(m, WithImagesAsBase64(), WithImagePlaceholder("P"))
		}, "a Pb P"},
	} {
		got, err := tc.got()
		if err != nil || got != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	um, err := ToModelMessage(m)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(&um)
	want := `{"content":["a",{"data":"` + onePixel + `"},"b",{"data":"` + onePixel + `"}],"source":"u","type":"UserMessage"}`
	if msg := jsonDiff(b, []byte(want)); msg != "" {
		t.Error(msg)
	}
	var empty gen.MultiModalMessage
	if s, err := ToText(&empty); err != nil || s != "" {
		t.Errorf("empty: %q %v", s, err)
	}
}

// TestRenderingsByType checks each type's to_text / to_model_text /
// to_model_message against AutoGen's messages.py.
func TestRenderingsByType(t *testing.T) {
	for _, tc := range []struct {
		doc, text, modelText string // modelText "-" for events
	}{
		{`{"source":"s","content":"sum","tool_calls":[],"results":[],"type":"ToolCallSummaryMessage"}`, "sum", "sum"},
		{`{"source":"s","content":"go","target":"t","type":"HandoffMessage"}`, "go", "go"},
		{`{"source":"s","content":"bye","type":"StopMessage"}`, "bye", "bye"},
		{`{"source":"s","retry_attempt":0,"content":"x = 1","code_blocks":[],"type":"CodeGenerationEvent"}`, "x = 1", "-"},
		{`{"source":"s","retry_attempt":0,"result":{"exit_code":1,"output":"boom\n"},"type":"CodeExecutionEvent"}`, "boom\n", "-"},
		{`{"source":"s","request_id":"r","type":"UserInputRequestedEvent"}`, "", "-"},
		{`{"source":"s","content":"th","type":"ThoughtEvent"}`, "th", "-"},
		{`{"source":"s","content":"ch","type":"ModelClientStreamingChunkEvent"}`, "ch", "-"},
		{`{"source":"s","content":[],"type":"SelectSpeakerEvent"}`, "[]", "-"},
		{`{"source":"s","content":[],"type":"ToolCallRequestEvent"}`, "[]", "-"},
		{`{"source":"s","content":[{"content":"c","name":"n","call_id":"i","is_error":true},{"content":"d","name":"n","call_id":"j","is_error":false}],"type":"ToolCallExecutionEvent"}`,
			"[FunctionExecutionResult(content='c', name='n', call_id='i', is_error=True), FunctionExecutionResult(content='d', name='n', call_id='j', is_error=False)]", "-"},
		{`{"source":"s","content":[{"content":"t","mime_type":"text/markdown","metadata":{}},{"content":{},"mime_type":"image/*"}],"type":"MemoryQueryEvent"}`,
			"[MemoryContent(content='t', mime_type='text/markdown', metadata={}), MemoryContent(content={}, mime_type='image/*', metadata=None)]", "-"},
	} {
		m := mustLoad(t, tc.doc)
		text, err := ToText(m)
		if err != nil || text != tc.text {
			t.Errorf("%s: to_text %q, %v; want %q", m.Type(), text, err, tc.text)
		}
		mt, err := ToModelText(m)
		if tc.modelText == "-" {
			if !errors.Is(err, ErrNotChatMessage) || !IsAgentEvent(m) || IsChatMessage(m) {
				t.Errorf("%s: an event: %v", m.Type(), err)
			}
			if _, err := ToModelMessage(m); !errors.Is(err, ErrNotChatMessage) {
				t.Errorf("%s: ToModelMessage of an event: %v", m.Type(), err)
			}
			continue
		}
		if err != nil || mt != tc.modelText || !IsChatMessage(m) {
			t.Errorf("%s: to_model_text %q, %v", m.Type(), mt, err)
		}
		um, err := ToModelMessage(m)
		if err != nil || !um.Content.IsText() || um.Content.Text != tc.modelText || um.Source != "s" {
			t.Errorf("%s: to_model_message %+v, %v", m.Type(), um, err)
		}
	}
	var sel gen.SelectorEvent
	if err := json.Unmarshal([]byte(`{"source":"s","content":"sel"}`), &sel); err != nil {
		t.Fatal(err)
	}
	if s, err := ToText(&sel); err != nil || s != "sel" || !IsAgentEvent(&sel) || Source(&sel) != "s" {
		t.Errorf("SelectorEvent: %q %v", s, err)
	}
}

// TestMemoryForms checks the reprs of MemoryContent held as Python objects
// JSON cannot carry: MemoryMimeType members and bytes.
func TestMemoryForms(t *testing.T) {
	m := mustLoad(t, `{"source":"s","content":[{"content":"a","mime_type":"text/plain"},{"content":"it's","mime_type":"application/octet-stream"},{"content":"c","mime_type":"text/plain"}],"type":"MemoryQueryEvent"}`)
	// AutoGen's mime_type is MemoryMimeType | str: any string (package
	// gen's decoder accepts only the enum's values, so set it here).
	m.(*gen.MemoryQueryEvent).Content[2].MimeType = "x/custom"
	got, err := ToText(m, WithMemoryForms(MemoryForm{MimeTypeEnum: true}, MemoryForm{MimeTypeEnum: true, Bytes: true}, MemoryForm{MimeTypeEnum: true}))
	want := `[MemoryContent(content='a', mime_type=<MemoryMimeType.TEXT: 'text/plain'>, metadata=None), ` +
		`MemoryContent(content=b"it's", mime_type=<MemoryMimeType.BINARY: 'application/octet-stream'>, metadata=None), ` +
		`MemoryContent(content='c', mime_type='x/custom', metadata=None)]`
	if err != nil || got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

type strangeMessage struct{}

func (strangeMessage) Type() string                 { return "Strange" }
func (strangeMessage) MarshalJSON() ([]byte, error) { return []byte("{}"), nil }

func TestUnknownMessage(t *testing.T) {
	var ue *UnknownMessageError
	if _, err := ToText(strangeMessage{}); !errors.As(err, &ue) || ue.Type != "Strange" {
		t.Errorf("ToText: %v", err)
	}
	if _, err := ToModelText(strangeMessage{}); !errors.As(err, &ue) {
		t.Errorf("ToModelText: %v", err)
	}
	if _, err := ToModelMessage(strangeMessage{}); !errors.As(err, &ue) || errors.Is(err, ErrNotChatMessage) {
		t.Errorf("ToModelMessage: %v", err)
	}
	if IsChatMessage(strangeMessage{}) || IsAgentEvent(strangeMessage{}) || Source(strangeMessage{}) != "" {
		t.Error("a strange message is neither")
	}
	if _, err := ToText(nil); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("nil: %v", err)
	}
	var mm gen.MultiModalMessage
	mm.Content = []gen.MultiModalMessageContentItem{{Type: "Image"}}
	if _, err := ToText(&mm, WithITermImages()); !errors.Is(err, ErrEmptyImage) {
		t.Errorf("empty image: %v", err)
	}
}
