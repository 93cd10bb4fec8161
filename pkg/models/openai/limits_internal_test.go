package openai

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestPythonRetryAfter: the wait openai-go is left with is openai-python
// 1.93's _calculate_retry_timeout. Python honours retry-after-ms (ms) or
// else retry-after (seconds, then an HTTP date) when 0 < wait <= 60;
// any other value (0, over 60, negative, nan, unparsable) falls back to
// the backoff, which openai-go takes when no retry header is left.
func TestPythonRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name      string
		ms, after string
		want      string // Retry-After-Ms left; "" for none
	}{
		{name: "seconds", after: "2", want: "2000"},
		{name: "fraction", after: "0.25", want: "250"},
		{name: "sixty is honoured", after: "60", want: "60000"},
		{name: "over sixty backs off", after: "61", want: ""},
		{name: "two minutes backs off", after: "120", want: ""},
		{name: "zero backs off", after: "0", want: ""},
		{name: "negative backs off", after: "-3", want: ""},
		{name: "nan backs off", after: "nan", want: ""},
		{name: "inf backs off", after: "inf", want: ""},
		{name: "whitespace", after: " 5 ", want: "5000"},
		{name: "underscore digits", after: "1_0", want: "10000"},
		{name: "bad underscore", after: "_10", want: ""},
		{name: "hex is not a float", after: "0x10", want: ""},
		{name: "garbage", after: "soon", want: ""},
		{name: "ms first", ms: "1500", after: "30", want: "1500"},
		{name: "ms unparsable uses seconds", ms: "x", after: "3", want: "3000"},
		{name: "ms over sixty backs off", ms: "61000", after: "3", want: ""},
		{name: "http date", after: "Thu, 26 Nov 2026 12:00:10 GMT", want: "10000"},
		{name: "http date past", after: "Thu, 26 Nov 2026 11:59:00 GMT", want: ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := http.Header{}
			if tc.ms != "" {
				h.Set("Retry-After-Ms", tc.ms)
			}
			if tc.after != "" {
				h.Set("Retry-After", tc.after)
			}
			pythonRetryAfter(h, now)
			if got := h.Get("Retry-After-Ms"); got != tc.want {
				t.Errorf("Retry-After-Ms = %q, want %q", got, tc.want)
			}
			if h.Get("Retry-After") != "" {
				t.Errorf("Retry-After left: %q", h.Get("Retry-After"))
			}
		})
	}
}

// FuzzSSE: the SSE reader never panics or loops, never yields an event
// larger than its bound, and ends with a clean end of input, a
// *LimitError, or nothing else.
func FuzzSSE(f *testing.F) {
	for _, s := range []string{
		"data: {\"a\":1}\n\n", "id: 1\nretry: 10\n\n", "event: ping\ndata: x\r\n\r\n", ": comment\n\ndata: [DONE]\n\n",
		"data: a\rdata: b\r\r", "data:" + strings.Repeat("x", 300), "\n\n\n", "data: a\n\ndata",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		const max = 256
		r := newSSEReader(strings.NewReader(in), max)
		for range len(in) + 2 {
			ev, ok, err := r.next()
			if err != nil {
				var le *LimitError
				if !errors.As(err, &le) || le.Limit != max {
					t.Fatalf("error %v", err)
				}
				return
			}
			if !ok {
				return
			}
			if len(ev.data) > max {
				t.Fatalf("event of %d bytes past the bound %d", len(ev.data), max)
			}
		}
		t.Fatalf("more events than the input has bytes")
	})
}
