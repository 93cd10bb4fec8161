package ollama

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/models"
)

// errStopped is readStream's answer when the consumer stopped the stream.
var errStopped = errors.New("ollama: stream stopped")

// lineReader splits an NDJSON answer into lines as httpx's aiter_lines
// does: Python's str.splitlines (\n, \r, \r\n, \v, \f, \x1c, \x1d, \x1e,
// U+0085, U+2028 and U+2029 each end a line; a blank line is an empty
// line), the text decoded as UTF-8 with invalid bytes replaced.
type lineReader struct {
	sc *bufio.Scanner
}

func newLineReader(r io.Reader, max int64) *lineReader {
	sc := bufio.NewScanner(r)
	// The scanner takes the larger of max and the buffer's capacity.
	sc.Buffer(make([]byte, 0, min(4096, int(max))), int(max))
	sc.Split(splitLines)
	return &lineReader{sc: sc}
}

// next returns the next line; ok is false at the end.
func (lr *lineReader) next(max int64) (string, bool, error) {
	if !lr.sc.Scan() {
		err := lr.sc.Err()
		if errors.Is(err, bufio.ErrTooLong) {
			return "", false, &LimitError{What: "stream line", Limit: max}
		}
		return "", false, err
	}
	return strings.ToValidUTF8(lr.sc.Text(), "\uFFFD"), true, nil
}

// splitLines is a bufio.SplitFunc with str.splitlines' line ends.
func splitLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 && !atEOF && !utf8.FullRune(data[i:]) {
			break // a character cut by the buffer's end: read on
		}
		switch r {
		case '\r':
			if i+1 == len(data) && !atEOF {
				return 0, nil, nil // \r\n may follow
			}
			if i+1 < len(data) && data[i+1] == '\n' {
				return i + 2, data[:i], nil
			}
			return i + 1, data[:i], nil
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			return i + size, data[:i], nil
		}
		i += size
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// streamState is what create_stream accumulates.
type streamState struct {
	stopReason    *string
	stopSet       bool
	contentChunks []string
	toolCalls     []gen.FunctionCall
	last          *chatResponse
}

// readStream reads the lines of a streamed answer, yielding each
// non-empty content piece, and returns create_stream's CreateResult.
func (c *Client) readStream(ctx context.Context, lines *lineReader, yield func(models.StreamEvent, error) bool) (gen.CreateResult, error) {
	var st streamState
	for {
		line, ok, err := lines.next(c.settings.maxLine)
		if err != nil {
			return gen.CreateResult{}, c.readError(ctx, err)
		}
		if !ok {
			break
		}
		r, err := streamPart(line)
		if err != nil {
			return gen.CreateResult{}, err
		}
		st.last = r
		if r.done && !st.stopSet {
			st.stopReason, st.stopSet = r.doneReason, r.doneReason != nil
		}
		if r.content != nil {
			st.contentChunks = append(st.contentChunks, *r.content)
			if *r.content != "" && !yield(models.StreamEvent{Text: *r.content}, nil) {
				return gen.CreateResult{}, errStopped
			}
		}
		if r.hasToolCalls {
			c.mu.Lock()
			id := strconv.Itoa(c.toolID)
			c.mu.Unlock()
			st.toolCalls = append(st.toolCalls, functionCalls(r.toolCalls, id)...)
		}
	}
	if err := ctx.Err(); err != nil {
		return gen.CreateResult{}, err
	}
	return st.result(), nil
}

// streamPart is one line of the stream as ollama-python reads it:
// json.loads, an "error" member raised as a ResponseError, then
// ChatResponse(**part).
func streamPart(line string) (*chatResponse, error) {
	part, err := pyjson.Parse([]byte(line))
	if err != nil {
		return nil, &Error{Exception: JSONDecodeError, Message: pyjson.LoadsErrorText([]byte(line), err)}
	}
	if part.Kind != pyjson.Dict {
		return nil, &Error{Exception: AttributeError, Message: "'" + part.TypeName() + "' object has no attribute 'get'"}
	}
	if e, ok := part.Get("error"); ok && !falsy(e) {
		if e.Kind != pyjson.Str {
			return nil, &Error{Exception: TypeError, Message: "the JSON object must be str, bytes or bytearray, not " + e.TypeName()}
		}
		return nil, responseError(e.Str, -1)
	}
	return parseChatResponse(&part)
}

// result is create_stream's CreateResult: tool calls with the joined
// content as thought when both came; the joined text when at least two
// content pieces came; otherwise the (possibly empty) list of tool calls.
// Usage is the last line's counts, completion tokens only with content.
func (st *streamState) result() gen.CreateResult {
	var usage gen.RequestUsage
	usage.PromptTokens, usage.CompletionTokens = gen.IntOf(0), gen.IntOf(0)
	if st.last != nil && !isZeroCount(st.last.promptEvalCount) {
		usage.PromptTokens = usageOf(st.last.promptEvalCount)
	}
	completion := func() {
		if st.last != nil && !isZeroCount(st.last.evalCount) {
			usage.CompletionTokens = usageOf(st.last.evalCount)
		}
	}
	r := gen.CreateResult{FinishReason: normalizeStopReason(st.stopReason)}
	calls := st.toolCalls
	if calls == nil {
		calls = []gen.FunctionCall{}
	}
	switch {
	case len(st.contentChunks) > 0 && len(st.toolCalls) > 0:
		r.Content = gen.CreateResultContentOfFunctionCalls(calls)
		t := strings.Join(st.contentChunks, "")
		r.Thought = &t
		completion()
	case len(st.contentChunks) > 1:
		r.Content = gen.CreateResultContentOfText(strings.Join(st.contentChunks, ""))
		completion()
	default:
		r.Content = gen.CreateResultContentOfFunctionCalls(calls)
	}
	r.Usage = usage
	return r
}

// isZeroCount reports whether a count is None or 0 (Python's falsy).
func isZeroCount(text string) bool { return text == "" || text == "0" }
