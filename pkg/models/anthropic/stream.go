package anthropic

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/pystr"
	"github.com/agentschema/agentschema/pkg/models"
)

// sse is one server-sent event.
type sse struct {
	event string
	data  string
}

// sseReader is the anthropic library's SSEDecoder over a body: "event:"
// and "data:" fields (data lines joined with "\n"), comments ignored, an
// event dispatched at each blank line; one event may take at most max
// bytes.
type sseReader struct {
	r   *bufio.Reader
	max int64
}

// next returns the next event, io.EOF at the end, or a *LimitError.
func (s *sseReader) next() (sse, error) {
	var ev sse
	var data []string
	var size int64
	seen := false
	for {
		line, err := s.r.ReadString('\n')
		size += int64(len(line))
		if size > s.max {
			return sse{}, &LimitError{What: "stream event", Limit: s.max}
		}
		if err != nil && line == "" {
			if errors.Is(err, io.EOF) {
				return sse{}, io.EOF
			}
			return sse{}, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if seen {
				ev.data = strings.Join(data, "\n")
				return ev, nil
			}
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			ev.event, seen = value, true
		case "data":
			data, seen = append(data, value), true
		case "id", "retry":
			seen = true
		}
	}
}

// streamState is what create_stream gathers from the events.
type streamState struct {
	text, thinking []string
	calls          []*streamCall
	current        *streamCall
	input, output  *int64
	stop           *pyjson.Value
}

type streamCall struct {
	id, name, input, partial string
}

var zero int64

// readStream reads the events of a stream as AutoGen's create_stream does,
// yielding text and thinking deltas, then the CreateResult.
func (c *base) readStream(ctx context.Context, body io.Reader, yield func(models.StreamEvent, error) bool) {
	rd := &sseReader{r: bufio.NewReader(body), max: c.maxEvent}
	st := &streamState{input: &zero, output: &zero}
	for {
		ev, err := rd.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err()
			}
			yield(models.StreamEvent{}, transportError(ctx, err))
			return
		}
		chunk, stop, err := st.handle(ev)
		if err != nil {
			yield(models.StreamEvent{}, err)
			return
		}
		if chunk != "" && !yield(models.StreamEvent{Text: chunk}, nil) {
			return
		}
		if stop {
			break
		}
	}
	result, err := st.result()
	if err != nil {
		yield(models.StreamEvent{}, err)
		return
	}
	c.addUsage(result.Usage)
	yield(models.StreamEvent{Result: &result}, nil)
}

// handle applies one event; it returns a chunk to yield, if any.
func (st *streamState) handle(ev sse) (chunk string, stop bool, err error) {
	switch ev.event {
	case "message_start", "message_delta", "message_stop", "content_block_start", "content_block_delta", "content_block_stop", "completion":
	case "error":
		return "", false, &APIError{StatusCode: 200, Body: ev.data, Event: true}
	default:
		return "", false, nil // ping, and events the library skips
	}
	v, err := pyjson.Parse([]byte(ev.data))
	if err != nil {
		return "", false, &Error{Exception: "JSONDecodeError", Message: pyjson.LoadsErrorText([]byte(ev.data), err)}
	}
	typ := ev.event
	if t, ok := v.Get("type"); ok && t.Kind == pyjson.Str {
		typ = t.Str
	}
	switch typ {
	case "content_block_start":
		st.blockStart(&v)
	case "content_block_delta":
		return st.delta(&v), false, nil
	case "content_block_stop":
		if st.current != nil {
			if st.current.partial != "" {
				st.current.input = st.current.partial
			}
			st.current = nil
		}
	case "message_delta":
		if d, ok := v.Get("delta"); ok && d.Kind == pyjson.Dict {
			if sr, ok := d.Get("stop_reason"); ok && sr.Kind == pyjson.Str && sr.Str != "" {
				st.stop = sr
			}
		}
		if u, ok := v.Get("usage"); ok && u.Kind == pyjson.Dict {
			if _, has := u.Get("output_tokens"); has {
				st.output = tokenCount(u, "output_tokens")
			}
		}
	case "message_start":
		if m, ok := v.Get("message"); ok && m.Kind == pyjson.Dict {
			if u, ok := m.Get("usage"); ok && u.Kind == pyjson.Dict {
				if _, has := u.Get("input_tokens"); has {
					st.input = tokenCount(u, "input_tokens")
				}
				if _, has := u.Get("output_tokens"); has {
					st.output = tokenCount(u, "output_tokens")
				}
			}
		}
	}
	return "", false, nil
}

func (st *streamState) blockStart(v *pyjson.Value) {
	cb, ok := v.Get("content_block")
	if !ok || cb.Kind != pyjson.Dict {
		return
	}
	if t, ok := cb.Get("type"); !ok || t.Kind != pyjson.Str || t.Str != "tool_use" {
		return
	}
	call := &streamCall{}
	if id, ok := cb.Get("id"); ok {
		call.id = pyjson.StrOf(id)
	}
	if name, ok := cb.Get("name"); ok {
		call.name = pyjson.StrOf(name)
	}
	call.input = "null"
	if in, ok := cb.Get("input"); ok {
		call.input = pyjson.Dumps(in)
	}
	// tool_calls is a dict by id: a repeated id replaces the call in its
	// place.
	for i, c := range st.calls {
		if c.id == call.id {
			st.calls[i] = call
			st.current = call
			return
		}
	}
	st.calls = append(st.calls, call)
	st.current = call
}

func (st *streamState) delta(v *pyjson.Value) string {
	d, ok := v.Get("delta")
	if !ok || d.Kind != pyjson.Dict {
		return ""
	}
	t, _ := d.Get("type")
	if t == nil || t.Kind != pyjson.Str {
		return ""
	}
	switch t.Str {
	case "text_delta":
		if x, ok := d.Get("text"); ok && x.Kind == pyjson.Str {
			st.text = append(st.text, x.Str)
			return x.Str
		}
	case "thinking_delta":
		if x, ok := d.Get("thinking"); ok && x.Kind == pyjson.Str {
			st.thinking = append(st.thinking, x.Str)
			return x.Str
		}
	case "input_json_delta":
		if x, ok := d.Get("partial_json"); ok && x.Kind == pyjson.Str && st.current != nil {
			st.current.partial += x.Str
		}
	}
	return ""
}

// result is create_stream's CreateResult.
func (st *streamState) result() (gen.CreateResult, error) {
	usage, err := usageOf(st.input, st.output)
	if err != nil {
		return gen.CreateResult{}, err
	}
	res := gen.CreateResult{FinishReason: normalizeStopReason(st.stop), Usage: usage}
	var thought *string
	if len(st.thinking) > 0 {
		t := strings.Join(st.thinking, "")
		thought = &t
	}
	if len(st.calls) > 0 {
		if thought == nil && len(st.text) > 0 {
			t := strings.Join(st.text, "")
			thought = &t
		}
		calls := make([]gen.FunctionCall, 0, len(st.calls))
		for _, c := range st.calls {
			calls = append(calls, gen.FunctionCall{ID: c.id, Name: normalizeName(c.name), Arguments: reserialize(c.input)})
		}
		res.Content = gen.CreateResultContentOfFunctionCalls(calls)
	} else {
		res.Content = gen.CreateResultContentOfText(strings.Join(st.text, ""))
	}
	res.Thought = thought
	return res, nil
}

// reserialize is create_stream's handling of a tool input: text that
// strip() leaves between { and } is parsed and written again with
// json.dumps; anything else (or JSON that does not parse) stays as it is.
func reserialize(s string) string {
	t := pystr.Strip(s)
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return s
	}
	v, err := pyjson.Parse([]byte(s))
	if err != nil {
		return s
	}
	return pyjson.Dumps(&v)
}
