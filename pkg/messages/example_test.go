package messages_test

import (
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/jsonstream"
	"github.com/agentschema/agentschema/pkg/messages"
)

// Decoding a transcript that an AutoGen team wrote, one message per line,
// and rendering each message as AutoGen's to_text() does. jsonstream reads
// lines of any length (a MultiModalMessage line with an image is often
// over bufio.Scanner's 64 KiB) and says where each one is.
func ExampleMessageFactory_Create() {
	transcript := `{"source":"user","content":"What is 2+2?","type":"TextMessage"}
{"source":"math","content":[{"id":"call_1","arguments":"{\"expr\": \"2+2\"}","name":"calc"}],"type":"ToolCallRequestEvent"}
{"source":"math","content":[{"content":"4","name":"calc","call_id":"call_1","is_error":false}],"type":"ToolCallExecutionEvent"}
{"source":"math","content":"4","tool_calls":[],"results":[],"type":"ToolCallSummaryMessage"}`
	factory := messages.NewMessageFactory()
	for doc, err := range jsonstream.Read(strings.NewReader(transcript), jsonstream.Options{Name: "transcript.jsonl"}) {
		if err != nil {
			fmt.Println(err) // a broken line, with its file, line and column; reading goes on
			continue
		}
		m, err := factory.Create(doc.Data)
		if err != nil {
			fmt.Printf("%v: %v\n", doc.Position, err)
			continue
		}
		text, _ := messages.ToText(m)
		kind := "event"
		if messages.IsChatMessage(m) {
			kind = "chat"
		}
		fmt.Printf("%s %s (%s): %s\n", kind, m.Type(), messages.Source(m), text)
	}
	// Output:
	// chat TextMessage (user): What is 2+2?
	// event ToolCallRequestEvent (math): [FunctionCall(id='call_1', arguments='{"expr": "2+2"}', name='calc')]
	// event ToolCallExecutionEvent (math): [FunctionExecutionResult(content='4', name='calc', call_id='call_1', is_error=False)]
	// chat ToolCallSummaryMessage (math): 4
}

// WeatherReport is the content model of a structured message; its
// StructuredMessage tag is StructuredMessage[WeatherReport].
type WeatherReport struct {
	City         string   `json:"city"`
	TemperatureC float64  `json:"temperature_c"`
	Conditions   []string `json:"conditions" default:"[]"`
}

// A structured message with a format string: ToText renders it with
// Python's str.format, while the model gets the content's JSON.
func ExampleStructuredMessage() {
	format := "Weather in {city}: {temperature_c:.1f}°C, {conditions[0]}"
	m := messages.NewStructuredMessage("forecaster", WeatherReport{City: "Oslo", TemperatureC: -3, Conditions: []string{"snow"}})
	m.FormatString = &format

	text, _ := messages.ToText(m)
	fmt.Println(m.Type())
	fmt.Println(text)
	um, _ := messages.ToModelMessage(m)
	fmt.Println(um.Content.Text)

	bad := "{town}"
	m.FormatString = &bad
	_, err := messages.ToText(m)
	fmt.Println(err)
	// Output:
	// StructuredMessage[WeatherReport]
	// Weather in Oslo: -3.0°C, snow
	// {"city":"Oslo","temperature_c":-3.0,"conditions":["snow"]}
	// KeyError: 'town'
}

// Alert is a custom chat message type, as a subclass of BaseChatMessage
// is in AutoGen.
type Alert struct {
	messages.ChatMessageBase
	Level   int    `json:"level" default:"1"`
	Content string `json:"content"`
}

func (*Alert) Type() string                   { return "Alert" }
func (a *Alert) MarshalJSON() ([]byte, error) { return messages.Marshal(a) }
func (a *Alert) ToText() (string, error) {
	return fmt.Sprintf("[level %d] %s", a.Level, a.Content), nil
}
func (a *Alert) ToModelText() (string, error) { return a.Content, nil }
func (a *Alert) ToModelMessage() (gen.UserMessage, error) {
	text, err := a.ToModelText()
	return gen.UserMessage{Content: gen.UserMessageContentOfText(text), Source: a.Source}, err
}

// Registering a custom message type and a StructuredMessage type, then
// decoding them by tag.
func ExampleMessageFactory_Register() {
	factory := messages.NewMessageFactory()
	if err := factory.Register(&Alert{}); err != nil {
		fmt.Println(err)
	}
	if err := factory.Register(&messages.StructuredMessage[WeatherReport]{}); err != nil {
		fmt.Println(err)
	}
	fmt.Println(factory.Register(&Alert{}))

	m, err := factory.Create([]byte(`{"source":"ops","content":"disk full","type":"Alert"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	text, _ := messages.ToText(m)
	fmt.Println(text, messages.IsChatMessage(m))

	m, _ = factory.Create([]byte(`{"source":"bot","content":{"city":"Rome","temperature_c":"21"},"type":"StructuredMessage[WeatherReport]"}`))
	text, _ = messages.ToText(m)
	fmt.Println(text)
	// Output:
	// Message type <class 'github.com/agentschema/agentschema/pkg/messages_test.Alert'> is already registered.
	// [level 1] disk full true
	// {"city":"Rome","temperature_c":21.0,"conditions":[]}
}

// A MultiModalMessage rendered for people and for a model.
func ExampleToModelText() {
	m, _ := messages.Load([]byte(`{"source":"user","content":["Look:",{"data":"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC"}],"type":"MultiModalMessage"}`))
	text, _ := messages.ToText(m)
	fmt.Printf("%q\n", text)
	modelText, _ := messages.ToModelText(m)
	fmt.Printf("%q\n", modelText)
	modelText, _ = messages.ToModelText(m, messages.WithImagePlaceholder("<picture>"))
	fmt.Printf("%q\n", modelText)
	// Output:
	// "Look:\n<image>"
	// "Look: [image]"
	// "Look: <picture>"
}
