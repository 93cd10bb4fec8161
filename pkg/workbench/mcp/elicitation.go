package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/agentschema/agentschema/internal/pystr"

	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The banners StdioElicitor writes around an elicitation (AutoGen's
// StreamElicitor: the title between lines of "=" as long as it).
var (
	elicitHeader = banner("=== BEGIN MCP ELICITATION REQUEST ===")
	elicitFooter = banner("=== END MCP ELICITATION REQUEST ===")
)

func banner(title string) string {
	border := strings.Repeat("=", len(title))
	return border + "\n" + title + "\n" + border
}

// StdioElicitor is AutoGen's StdioElicitor (autogen_ext.tools.mcp.
// StdioElicitor, with its base StreamElicitor): an Elicitor that asks the
// user on a terminal. For each request it writes, to Out:
//
//	=====================================
//	=== BEGIN MCP ELICITATION REQUEST ===
//	=====================================
//	<the request's message>
//	Choices:
//		[a]ccept
//		[d]ecline
//		[c]ancel
//	Please enter one of the above options:
//
// (the last line ending with a space, not a newline) and reads a line from
// In: the action, stripped and lower-cased, "a", "d" and "c" standing for
// "accept", "decline" and "cancel". Anything else fails as AutoGen's
// ElicitResult validation does ("1 validation error for ElicitResult ...").
// When the action is "accept" and the request has a requested schema (a
// non-empty object), it writes "Input Schema:", the schema as Python's
// json.dumps(schema, indent=2) writes it (in the server's key order when
// the transport lets the workbench see the request; see RawParams) and
// "Please enter a JSON string following the above schema: ", and reads the
// content: a line of JSON, which must be an object (numbers are
// json.Number values holding Python's text of them; the members go to the
// server in a Go map's key order, where AutoGen keeps the typed order).
// Last, even when the request failed, it writes the END banner (three
// lines of the same form, no newline after them). Nothing is written
// between the parts: the user's typing ends each prompt's line.
//
// Requests are answered one at a time. When Timeout is set, each read
// that takes longer fails the request with AutoGen's TimeoutError, whose
// text is empty ("Elicitation request failed: "); the line the user then
// types is the answer of the next read (AutoGen's reading thread would
// drop it). A cancelled request gives up its read the same way.
type StdioElicitor struct {
	// In is where the answers are read, a line at a time; nil means
	// os.Stdin.
	In io.Reader
	// Out receives the prompts; nil means os.Stdout.
	Out io.Writer
	// Timeout bounds each read; 0 means no bound (AutoGen's timeout=None).
	Timeout time.Duration

	// timeoutSeconds is the config's timeout, kept for ComponentModel.
	timeoutSeconds *float64

	once  sync.Once
	turn  chan struct{} // one request at a time
	lines *lineReader
}

// NewStdioElicitor returns a StdioElicitor reading from in and writing to
// out (nil: os.Stdin, os.Stdout), each read bounded by timeout (0: none).
func NewStdioElicitor(in io.Reader, out io.Writer, timeout time.Duration) *StdioElicitor {
	return &StdioElicitor{In: in, Out: out, Timeout: timeout}
}

var _ Elicitor = (*StdioElicitor)(nil)

func (e *StdioElicitor) init() {
	e.once.Do(func() {
		e.turn = make(chan struct{}, 1)
		in := e.In
		if in == nil {
			in = os.Stdin
		}
		e.lines = &lineReader{r: bufio.NewReader(in)}
	})
}

func (e *StdioElicitor) out() io.Writer {
	if e.Out == nil {
		return os.Stdout
	}
	return e.Out
}

// Elicit asks the user to answer the request.
func (e *StdioElicitor) Elicit(ctx context.Context, req *sdk.ElicitRequest) (res *sdk.ElicitResult, err error) {
	e.init()
	select {
	case e.turn <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-e.turn }()

	var params sdk.ElicitParams
	if req != nil && req.Params != nil {
		params = *req.Params
	}
	out := e.out()
	prompt := strings.Join([]string{
		elicitHeader,
		params.Message,
		"Choices:",
		"\t[a]ccept",
		"\t[d]ecline",
		"\t[c]ancel",
		"Please enter one of the above options: ",
	}, "\n")
	if _, err := io.WriteString(out, prompt); err != nil {
		return nil, err
	}
	defer func() {
		if _, werr := io.WriteString(out, elicitFooter); werr != nil {
			res, err = nil, werr // an exception in Python's finally replaces the outcome
		}
	}()

	line, err := e.lines.read(ctx, e.Timeout)
	if err != nil {
		return nil, err
	}
	action := strings.ToLower(strings.TrimFunc(line, pystr.IsSpaceRune))
	switch action {
	case "a":
		action = "accept"
	case "d":
		action = "decline"
	case "c":
		action = "cancel"
	}
	if action != "accept" && action != "decline" && action != "cancel" {
		return nil, &actionError{action: action}
	}
	res = &sdk.ElicitResult{Action: action}
	schema := requestedSchema(RawParams(ctx), params.RequestedSchema)
	if action != "accept" || !schema.Truthy() {
		return res, nil
	}
	prompt = strings.Join([]string{
		"Input Schema:",
		dumpsIndent(schema),
		"Please enter a JSON string following the above schema: ",
	}, "\n")
	if _, err := io.WriteString(out, prompt); err != nil {
		return nil, err
	}
	line, err = e.lines.read(ctx, e.Timeout)
	if err != nil {
		return nil, err
	}
	content, err := loadsContent(line)
	if err != nil {
		return nil, err
	}
	res.Content = content
	return res, nil
}

// requestedSchema is the request's requested schema: from the params as
// the server sent them when known (key order kept), else from the SDK's
// decoded value.
func requestedSchema(raw json.RawMessage, decoded any) *pyjson.Value {
	if obj := rawObject(raw); obj != nil {
		if v, ok := obj.Get("requestedSchema"); ok {
			return v
		}
		return nil
	}
	if decoded == nil {
		return nil
	}
	v, err := valueOf(decoded)
	if err != nil {
		return nil
	}
	return &v
}

// dumpsIndent is Python's json.dumps(v, indent=2): ensure_ascii, "," and
// ": " separators, each member and item on its own line.
func dumpsIndent(v *pyjson.Value) string {
	return string(appendIndent(nil, v, 0))
}

func appendIndent(b []byte, v *pyjson.Value, level int) []byte {
	newline := func(b []byte, level int) []byte {
		b = append(b, '\n')
		for i := 0; i < level; i++ {
			b = append(b, "  "...)
		}
		return b
	}
	switch v.Kind {
	case pyjson.List, pyjson.Tuple:
		if len(v.List) == 0 {
			return append(b, "[]"...)
		}
		b = append(b, '[')
		for i := range v.List {
			if i > 0 {
				b = append(b, ',')
			}
			b = newline(b, level+1)
			b = appendIndent(b, &v.List[i], level+1)
		}
		b = newline(b, level)
		return append(b, ']')
	case pyjson.Dict, pyjson.Model:
		if len(v.Keys) == 0 {
			return append(b, "{}"...)
		}
		b = append(b, '{')
		for i := range v.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = newline(b, level+1)
			b = pyjson.Options{}.AppendDumpsStr(b, pyjson.KeyText(&v.Keys[i]))
			b = append(b, ": "...)
			b = appendIndent(b, &v.Vals[i], level+1)
		}
		b = newline(b, level)
		return append(b, '}')
	}
	return pyjson.Options{}.AppendDumps(b, v)
}

// loadsContent is json.loads of the content line, which must give an
// object: its members as Go values (numbers as json.Number with Python's
// text, nested objects as maps).
func loadsContent(line string) (map[string]any, error) {
	v, err := pyjson.Parse([]byte(line))
	if err != nil {
		return nil, &jsonDecodeError{msg: pyjson.LoadsErrorText([]byte(line), err)}
	}
	if v.Kind != pyjson.Dict {
		return nil, fmt.Errorf("the content is not a JSON object: %s", pydantic.Truncate50(pyjson.Repr(&v)))
	}
	out, err := goValue(&v)
	if err != nil {
		return nil, err
	}
	return out.(map[string]any), nil
}

// goValue converts a parsed JSON value to the Go value the SDK sends.
func goValue(v *pyjson.Value) (any, error) {
	switch v.Kind {
	case pyjson.None:
		return nil, nil
	case pyjson.Bool:
		return v.Bool, nil
	case pyjson.Int:
		return json.Number(v.Int), nil
	case pyjson.Float:
		if math.IsInf(v.Float, 0) || math.IsNaN(v.Float) {
			return nil, fmt.Errorf("the content holds %s, which JSON cannot carry", pyjson.FloatRepr(v.Float))
		}
		return json.Number(pyjson.FloatRepr(v.Float)), nil
	case pyjson.Str:
		return v.Str, nil
	case pyjson.List:
		out := make([]any, len(v.List))
		for i := range v.List {
			x, err := goValue(&v.List[i])
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case pyjson.Dict:
		out := make(map[string]any, len(v.Keys))
		for i := range v.Keys {
			x, err := goValue(&v.Vals[i])
			if err != nil {
				return nil, err
			}
			out[pyjson.KeyText(&v.Keys[i])] = x
		}
		return out, nil
	}
	return nil, fmt.Errorf("unexpected JSON value %s", pyjson.Repr(v))
}

// actionError is the ValidationError of ElicitResult.model_validate for an
// action that is not one of the three.
type actionError struct{ action string }

func (e *actionError) Error() string {
	in := pyjson.StrValue(e.action)
	return "1 validation error for ElicitResult\naction\n  Input should be 'accept', 'decline' or 'cancel' [type=literal_error, input_value=" +
		pydantic.Truncate50(pyjson.Repr(&in)) + ", input_type=str]\n    For further information visit " + pydantic.URLPrefix + "literal_error"
}

// jsonDecodeError is json.loads's JSONDecodeError, worded as Python words
// it.
type jsonDecodeError struct{ msg string }

func (e *jsonDecodeError) Error() string { return e.msg }

// readTimeoutError is a read that took longer than the elicitor's timeout:
// AutoGen's asyncio.wait_for raises TimeoutError, whose str() is empty.
type readTimeoutError struct{ d time.Duration }

func (e *readTimeoutError) Error() string {
	return fmt.Sprintf("mcp: no answer within %v", e.d)
}
func (e *readTimeoutError) pythonStr() string { return "" }

// Unwrap makes a timeout errors.Is context.DeadlineExceeded.
func (e *readTimeoutError) Unwrap() error { return context.DeadlineExceeded }

// lineReader reads lines for one elicitor. A read given up (timeout,
// cancelled context) goes on in the background, and the next read takes
// its line.
type lineReader struct {
	r       *bufio.Reader
	mu      sync.Mutex
	pending chan lineResult
}

type lineResult struct {
	line string
	err  error
}

// read returns the next line with its newline (Python's readline: "" at
// the end of the input).
func (l *lineReader) read(ctx context.Context, timeout time.Duration) (string, error) {
	l.mu.Lock()
	ch := l.pending
	if ch == nil {
		ch = make(chan lineResult, 1)
		l.pending = ch
		go func() {
			line, err := l.r.ReadString('\n')
			if err == io.EOF {
				err = nil
			}
			ch <- lineResult{line, err}
		}()
	}
	l.mu.Unlock()

	var expired <-chan time.Time
	if timeout != 0 {
		t := time.NewTimer(max(timeout, 0))
		defer t.Stop()
		expired = t.C
	}
	select {
	case r := <-ch:
		l.mu.Lock()
		l.pending = nil
		l.mu.Unlock()
		return r.line, r.err
	case <-expired:
		return "", &readTimeoutError{d: timeout}
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
