package openai

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// This file reads a streamed answer as the openai library (1.93) does:
// its SSEDecoder, Stream.__stream__ (events, error events, [DONE]) and,
// for structured output, the ChatCompletionStreamState that the beta
// stream() runs on each chunk before AutoGen sees it.

// sseEvent is one server-sent event.
type sseEvent struct {
	event *string
	data  string
}

// sseReader is the openai library's SSEDecoder over a body: lines end at
// \n, \r\n or \r; an empty line dispatches the event when any of event,
// data, id or retry was set (the last event id is never reset, as the
// spec says, so once an id was seen every empty line dispatches).
type sseReader struct {
	r      *bufio.Reader
	event  *string
	data   []string
	lastID *string
	retry  *int
	done   bool
	max    int64 // the bound on one event's bytes
	size   int64 // the bytes of the event being read
}

// newSSEReader reads the events of r, refusing an event of more than max
// bytes (its lines together) with a *LimitError.
func newSSEReader(r io.Reader, max int64) *sseReader {
	if max <= 0 {
		max = DefaultMaxEventBytes
	}
	return &sseReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// line returns the next line without its end.
func (d *sseReader) line() (string, error) {
	var b strings.Builder
	for {
		if d.size+int64(b.Len()) >= d.max {
			return "", &LimitError{What: "stream event", Limit: d.max}
		}
		c, err := d.r.ReadByte()
		if err != nil {
			if b.Len() > 0 && errors.Is(err, io.EOF) {
				return b.String(), nil
			}
			return "", err
		}
		switch c {
		case '\n':
			return b.String(), nil
		case '\r':
			if next, err := d.r.Peek(1); err == nil && next[0] == '\n' {
				d.r.ReadByte()
			}
			return b.String(), nil
		}
		b.WriteByte(c)
	}
}

// next returns the next event; false at the end of the body (err is nil
// at a clean end).
func (d *sseReader) next() (sseEvent, bool, error) {
	for !d.done {
		line, err := d.line()
		if err != nil {
			d.done = true
			if errors.Is(err, io.EOF) {
				return sseEvent{}, false, nil
			}
			return sseEvent{}, false, err
		}
		d.size += int64(len(line)) + 1
		if ev, ok := d.decode(line); ok {
			d.size = 0
			return ev, true, nil
		}
		if line == "" || strings.HasPrefix(line, ":") {
			// A comment or an empty line that dispatches nothing holds
			// nothing: only the fields of the event count.
			if len(d.data) == 0 && d.event == nil {
				d.size = 0
			}
		}
	}
	return sseEvent{}, false, nil
}

func (d *sseReader) decode(line string) (sseEvent, bool) {
	if line == "" {
		if (d.event == nil || *d.event == "") && len(d.data) == 0 && (d.lastID == nil || *d.lastID == "") && d.retry == nil {
			return sseEvent{}, false
		}
		ev := sseEvent{event: d.event, data: strings.Join(d.data, "\n")}
		d.event, d.data, d.retry = nil, nil, nil
		return ev, true
	}
	if strings.HasPrefix(line, ":") {
		return sseEvent{}, false
	}
	field, value, _ := strings.Cut(line, ":")
	value = strings.TrimPrefix(value, " ")
	switch field {
	case "event":
		d.event = &value
	case "data":
		d.data = append(d.data, value)
	case "id":
		if !strings.Contains(value, "\x00") {
			d.lastID = &value
		}
	case "retry":
		if n, err := strconv.Atoi(strings.TrimSpace(value)); err == nil {
			d.retry = &n
		}
	}
	return sseEvent{}, false
}

// streamChunk is what Stream.__stream__ makes of an event: the chunk's
// value and JSON text, io.EOF at [DONE], or the error it raises (the
// JSONDecodeError of data that is not JSON, the APIError of an error
// event). An event with a name other than response.* and transcript.*
// becomes the chunk {"data": DATA, "event": NAME}.
func streamChunk(ev sseEvent) (pyjson.Value, []byte, error) {
	if strings.HasPrefix(ev.data, "[DONE]") {
		return pyjson.Value{}, nil, io.EOF
	}
	v, err := loadsJSON([]byte(ev.data))
	if err != nil {
		return v, nil, err
	}
	named := ev.event != nil && !strings.HasPrefix(*ev.event, "response.") && !strings.HasPrefix(*ev.event, "transcript.")
	if !named || *ev.event == "error" {
		if errv, ok := v.Get("error"); ok && v.Kind == pyjson.Dict && errv.Truthy() {
			return v, nil, streamAPIError(errv)
		}
	}
	if !named {
		return v, []byte(ev.data), nil
	}
	name, _ := json.Marshal(*ev.event)
	data := []byte(`{"data":` + ev.data + `,"event":` + string(name) + `}`)
	wrapped := pyjson.Value{Kind: pyjson.Dict, Keys: []pyjson.Value{pyjson.StrValue("data"), pyjson.StrValue("event")},
		Vals: []pyjson.Value{v, pyjson.StrValue(*ev.event)}}
	return wrapped, data, nil
}

// streamAPIError is the APIError of an error event: the error's message
// (when it is a non-empty str), else "An error occurred during
// streaming"; its code, param and type.
func streamAPIError(errv *pyjson.Value) *APIError {
	e := &APIError{Message: "An error occurred during streaming", Body: string(pyjson.AppendJSON(nil, errv))}
	if errv.Kind != pyjson.Dict {
		return e
	}
	if m, ok := errv.Get("message"); ok && m.Kind == pyjson.Str && m.Str != "" {
		e.Message = m.Str
	}
	field := func(k string) string {
		f, ok := errv.Get(k)
		switch {
		case !ok || f.Kind == pyjson.None:
			return ""
		case f.Kind == pyjson.Str:
			return f.Str
		}
		return string(pyjson.AppendJSON(nil, f))
	}
	e.Code, e.Param, e.Type = field("code"), field("param"), field("type")
	return e
}

// betaState is the openai library's ChatCompletionStreamState for a
// structured stream: it accumulates each choice, refuses the finish
// reasons length and content_filter (not on the first chunk), parses the
// content and strict tools' arguments partially as they grow (jiter;
// ValueError when they cannot be JSON), and when a choice finishes, or a
// tool call follows the content or another tool call, validates the
// content with the response format's model and parses the finished tool
// call's arguments with json.loads.
type betaState struct {
	req      *request
	started  bool
	choices  map[int]*betaChoice
	usage    *wireUsage // the snapshot's usage: the previous chunk's
	hasUsage bool
}

type betaChoice struct {
	content, refusal *string
	finish           *string
	tools            []*betaTool
	contentDone      bool
	doneTools        map[int]bool
	current          *int
}

type betaTool struct {
	name, arguments string
	typ             *string
}

type betaDelta struct {
	Content   *string `json:"content"`
	Refusal   *string `json:"refusal"`
	ToolCalls []struct {
		Index    *int    `json:"index"`
		Type     *string `json:"type"`
		Function *struct {
			Name      *string `json:"name"`
			Arguments *string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

type betaChunk struct {
	Choices *[]betaChunkChoice `json:"choices"`
	Usage   *wireUsage         `json:"usage"`
}

// betaChunkChoice is one choice of a betaChunk.
type betaChunkChoice = struct {
	Index        *int       `json:"index"`
	FinishReason *string    `json:"finish_reason"`
	Delta        *betaDelta `json:"delta"`
}

// handle runs handle_chunk on one chunk.
func (b *betaState) handle(top *pyjson.Value, data []byte) error {
	first := !b.started
	b.started = true
	if top.Kind != pyjson.Dict {
		attr := "choices"
		if first {
			attr = "to_dict"
		}
		return &Error{Exception: AttributeError, Message: "'" + top.TypeName() + "' object has no attribute '" + attr + "'"}
	}
	var chunk betaChunk
	if err := json.Unmarshal(data, &chunk); err != nil || chunk.Choices == nil {
		if first {
			return &Error{Exception: "KeyError", Message: "'choices'"}
		}
		return &TypeError{Message: "'NoneType' object is not iterable"}
	}
	if b.choices == nil {
		b.choices = map[int]*betaChoice{}
	}
	for _, ch := range *chunk.Choices {
		if err := b.accumulateChoice(ch, first); err != nil {
			return err
		}
	}
	b.usage, b.hasUsage = chunk.Usage, true
	// _build_events: the done events of each choice of the chunk.
	for _, ch := range *chunk.Choices {
		if err := b.buildEvents(ch); err != nil {
			return err
		}
	}
	return nil
}

// accumulateChoice merges one choice of a chunk into its state and makes
// the checks the SDK makes on what has come so far (not on the first
// chunk, which starts the state).
func (b *betaState) accumulateChoice(ch betaChunkChoice, first bool) error {
	idx := 0
	if ch.Index != nil {
		idx = *ch.Index
	}
	cs, ok := b.choices[idx]
	if !ok {
		cs = &betaChoice{doneTools: map[int]bool{}}
		b.choices[idx] = cs
	}
	cs.accumulate(ch.Delta)
	if ch.FinishReason != nil && *ch.FinishReason != "" {
		cs.finish = ch.FinishReason
		if !first {
			switch *ch.FinishReason {
			case "length":
				msg := "Could not parse response content as the length limit was reached"
				if b.hasUsage && b.usage != nil {
					msg += " - " + usageRepr(b.usage)
				}
				return &Error{Exception: LengthFinishReasonError, Message: msg}
			case "content_filter":
				return &Error{Exception: ContentFilterFinishReasonError, Message: "Could not parse response content as the request was rejected by the content filter"}
			}
		}
	}
	if first {
		return nil
	}
	if cs.content != nil && *cs.content != "" && (cs.refusal == nil || *cs.refusal == "") && strings.TrimLeft(*cs.content, " \t\n\r\f\v") != "" {
		if msg := jiterMessage([]byte(*cs.content), true); msg != "" {
			return valueError(msg)
		}
	}
	if ch.Delta == nil {
		return nil
	}
	for _, tc := range ch.Delta.ToolCalls {
		if tc.Index == nil || *tc.Index < 0 || *tc.Index >= len(cs.tools) {
			continue
		}
		t := cs.tools[*tc.Index]
		if t.typ != nil && *t.typ == "function" && t.arguments != "" && b.req.strictTool(t.name) {
			if msg := jiterMessage([]byte(t.arguments), true); msg != "" {
				return valueError(msg)
			}
		}
	}
	return nil
}

// buildEvents is _build_events for one choice of a chunk: the done events
// of its content and tool calls.
func (b *betaState) buildEvents(ch betaChunkChoice) error {
	idx := 0
	if ch.Index != nil {
		idx = *ch.Index
	}
	cs := b.choices[idx]
	if cs.finish != nil {
		if err := b.contentDone(cs); err != nil {
			return err
		}
		if cs.current != nil && !cs.doneTools[*cs.current] {
			if err := b.toolDone(cs, *cs.current); err != nil {
				return err
			}
		}
	}
	if ch.Delta == nil {
		return nil
	}
	for _, tc := range ch.Delta.ToolCalls {
		if tc.Index == nil {
			continue
		}
		if cs.current == nil || *cs.current != *tc.Index {
			if err := b.contentDone(cs); err != nil {
				return err
			}
			if cs.current != nil {
				if err := b.toolDone(cs, *cs.current); err != nil {
					return err
				}
			}
		}
		i := *tc.Index
		cs.current = &i
	}
	return nil
}

// accumulate is accumulate_delta on a choice's message: strings are
// concatenated, tool calls merged by their index.
func (cs *betaChoice) accumulate(d *betaDelta) {
	if d == nil {
		return
	}
	cat := func(acc **string, delta *string) {
		switch {
		case delta == nil:
		case *acc == nil:
			v := *delta
			*acc = &v
		default:
			v := **acc + *delta
			*acc = &v
		}
	}
	cat(&cs.content, d.Content)
	cat(&cs.refusal, d.Refusal)
	for _, tc := range d.ToolCalls {
		if tc.Index == nil || *tc.Index < 0 {
			continue
		}
		for len(cs.tools) <= *tc.Index {
			cs.tools = append(cs.tools, &betaTool{})
		}
		t := cs.tools[*tc.Index]
		if tc.Type != nil {
			t.typ = tc.Type
		}
		if tc.Function != nil {
			if tc.Function.Name != nil {
				t.name += *tc.Function.Name
			}
			if tc.Function.Arguments != nil {
				t.arguments += *tc.Function.Arguments
			}
		}
	}
}

// contentDone is _content_done_events: once, the content validated.
func (b *betaState) contentDone(cs *betaChoice) error {
	if cs.content == nil || *cs.content == "" || cs.contentDone {
		return nil
	}
	cs.contentDone = true
	if cs.refusal != nil && *cs.refusal != "" {
		return nil
	}
	return b.req.outputType.validateContent(*cs.content)
}

// toolDone is _add_tool_done_event: once, a strict tool's arguments
// parsed with json.loads.
func (b *betaState) toolDone(cs *betaChoice, i int) error {
	if cs.doneTools[i] || i < 0 || i >= len(cs.tools) {
		return nil
	}
	cs.doneTools[i] = true
	t := cs.tools[i]
	if t.typ == nil || *t.typ != "function" {
		return nil
	}
	args, _ := json.Marshal(t.arguments)
	name := t.name
	return b.req.parseToolArguments(&name, args)
}

// strictTool reports whether the request's tool of this name is strict.
func (req *request) strictTool(name string) bool {
	for _, t := range req.tools {
		if t.Name == name {
			return t.Strict != nil && *t.Strict
		}
	}
	return false
}

// notAChunk reports whether a stream event is an object whose "object"
// is not "chat.completion.chunk" (such as the events of Azure's
// asynchronous content filter, whose object is ""), which the openai
// library's beta stream drops (_is_valid_chat_completion_chunk_weak).
func notAChunk(top *pyjson.Value) bool {
	if top.Kind != pyjson.Dict {
		return false
	}
	obj, ok := top.Get("object")
	return ok && !(obj.Kind == pyjson.Str && obj.Str == "chat.completion.chunk")
}
