package conditions_test

// Tests of the termination conditions against AutoGen 0.7.5's
// autogen_agentchat/conditions/_terminations.py and
// autogen_agentchat/base/_termination.py. Every expected stop message,
// count and error below was derived by hand from that Python source (the
// f-strings of each __call__, the `terminated` properties, and reset);
// the comments quote the Python line each expectation comes from.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/messages"
)

// alreadyReachedText is the text of AutoGen's
// TerminatedException("Termination condition has already been reached")
// raised by every condition of _terminations.py.
const alreadyReachedText = "Termination condition has already been reached"

// --- message helpers -----------------------------------------------------

func text(src, content string) messages.Message {
	return messages.NewTextMessage(src, content)
}

func textUsage(src, content string, prompt, completion int64) messages.Message {
	m := messages.NewTextMessage(src, content)
	m.ModelsUsage = usage(prompt, completion)
	return m
}

func usage(prompt, completion int64) *gen.RequestUsage {
	return &gen.RequestUsage{PromptTokens: gen.IntOf(prompt), CompletionTokens: gen.IntOf(completion)}
}

func stopMsg(src, content string) messages.Message { return messages.NewStopMessage(src, content) }

func handoff(src, target, content string) messages.Message {
	return messages.NewHandoffMessage(src, target, content)
}

func toolRequest(src string, calls ...gen.FunctionCall) messages.Message {
	return messages.NewToolCallRequestEvent(src, calls...)
}

func toolExec(src string, results ...gen.FunctionExecutionResult) messages.Message {
	return messages.NewToolCallExecutionEvent(src, results...)
}

func result(callID, name, content string, isErr *bool) gen.FunctionExecutionResult {
	return gen.FunctionExecutionResult{CallID: callID, Name: name, Content: content, IsError: isErr}
}

func thought(src, content string) messages.Message {
	return messages.NewThoughtEvent(src, content)
}

func ptr[T any](v T) *T { return &v }

func msgs(ms ...messages.Message) []messages.Message { return ms }

// --- assertion helpers ---------------------------------------------------

func checkNil(t *testing.T, c agentchat.TerminationCondition, delta []messages.Message) {
	t.Helper()
	s, err := c.Check(context.Background(), delta)
	if err != nil {
		t.Fatalf("Check: unexpected error %v", err)
	}
	if s != nil {
		t.Fatalf("Check: unexpected stop %q from %q", s.Content, s.Source)
	}
}

func checkStop(t *testing.T, c agentchat.TerminationCondition, delta []messages.Message, source, content string) *gen.StopMessage {
	t.Helper()
	s, err := c.Check(context.Background(), delta)
	if err != nil {
		t.Fatalf("Check: unexpected error %v", err)
	}
	if s == nil {
		t.Fatalf("Check: no stop message, want %q from %q", content, source)
	}
	if s.Source != source || s.Content != content {
		t.Fatalf("Check: stop\n  source %q\n content %q\nwant\n  source %q\n content %q", s.Source, s.Content, source, content)
	}
	// StopMessage(content=..., source=...) has AutoGen's defaults: a new
	// id, metadata {}, models_usage None.
	if s.ID == "" || s.Metadata == nil || len(s.Metadata) != 0 || s.ModelsUsage != nil {
		t.Fatalf("Check: stop message defaults: id %q metadata %v usage %v", s.ID, s.Metadata, s.ModelsUsage)
	}
	return s
}

// checkTerminatedErr asserts AutoGen's TerminatedException with the text
// of _terminations.py.
func checkTerminatedErr(t *testing.T, c agentchat.TerminationCondition, delta []messages.Message) {
	t.Helper()
	checkTerminatedErrText(t, c, delta, alreadyReachedText)
}

// checkTerminatedErrText asserts a TerminatedException with the text want
// ("" does not check the text).
func checkTerminatedErrText(t *testing.T, c agentchat.TerminationCondition, delta []messages.Message, want string) {
	t.Helper()
	s, err := c.Check(context.Background(), delta)
	if s != nil {
		t.Fatalf("Check after firing returned a stop message %q", s.Content)
	}
	var te *agentchat.TerminatedError
	if !errors.As(err, &te) {
		t.Fatalf("Check after firing: error %v (%T), want *agentchat.TerminatedError", err, err)
	}
	if want != "" && te.Message != want {
		t.Fatalf("TerminatedError message %q, want %q", te.Message, want)
	}
	var ae agentchat.Error
	if !errors.As(err, &ae) {
		t.Fatalf("TerminatedError is not an agentchat.Error")
	}
}

func wantTerminated(t *testing.T, c agentchat.TerminationCondition, want bool) {
	t.Helper()
	if got := c.Terminated(); got != want {
		t.Fatalf("Terminated() = %v, want %v", got, want)
	}
}

func reset(t *testing.T, c agentchat.TerminationCondition) {
	t.Helper()
	if err := c.Reset(context.Background()); err != nil {
		t.Fatalf("Reset: %v", err)
	}
}

// --- the common lifecycle ------------------------------------------------

// TestLifecycle runs every condition through AutoGen's lifecycle: not
// terminated when new; a delta that does not fire returns None; the
// firing delta returns the StopMessage of its __call__; terminated is then
// True; a further call raises TerminatedException; reset() makes it usable
// again, and the same delta fires again with the same message.
func TestLifecycle(t *testing.T) {
	for _, tc := range lifecycleCases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.new(t)
			for round := 0; round < 2; round++ {
				wantTerminated(t, c, false)
				checkNil(t, c, tc.quiet)
				wantTerminated(t, c, false)
				if ext, ok := c.(*conditions.External); ok {
					ext.Set()
					wantTerminated(t, c, false) // set() alone does not terminate
				}
				checkStop(t, c, tc.fire, tc.source, tc.content)
				wantTerminated(t, c, true)
				msg := alreadyReachedText
				if _, ok := c.(*conditions.And); ok {
					msg = "" // AND's text differs; see TestAndTerminatedMessage
				}
				checkTerminatedErrText(t, c, tc.fire, msg)
				checkTerminatedErrText(t, c, nil, msg)
				wantTerminated(t, c, true)
				reset(t, c)
			}
			wantTerminated(t, c, false)
		})
	}
}

// lifecycleCases are the cases of TestLifecycle.
var lifecycleCases = []struct {
	name            string
	new             func(t *testing.T) agentchat.TerminationCondition
	quiet           []messages.Message // a delta that must not fire
	fire            []messages.Message
	source, content string
}{
	{
		// StopMessage(content="Stop message received", source="StopMessageTermination")
		name:    "StopMessage",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewStopMessage() },
		quiet:   msgs(text("a", "hello"), thought("a", "stop")),
		fire:    msgs(text("a", "x"), stopMsg("a", "bye")),
		source:  "StopMessageTermination",
		content: "Stop message received",
	},
	{
		// f"Maximum number of messages {self._max_messages} reached, current message count: {self._message_count}"
		name:    "MaxMessage",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewMaxMessage(2, false) },
		quiet:   msgs(thought("a", "t")), // an event: not counted without include_agent_event
		fire:    msgs(text("a", "1"), text("b", "2")),
		source:  "MaxMessageTermination",
		content: "Maximum number of messages 2 reached, current message count: 2",
	},
	{
		// f"Text '{self._termination_text}' mentioned"
		name:    "TextMention",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewTextMention("TERMINATE", nil) },
		quiet:   msgs(text("a", "terminate"), text("a", "TERM")),
		fire:    msgs(text("a", "ok"), text("b", "done. TERMINATE")),
		source:  "TextMentionTermination",
		content: "Text 'TERMINATE' mentioned",
	},
	{
		// f"Text message received from '{message.source}'"
		name:    "TextMessage",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewTextMessage(nil) },
		quiet:   msgs(thought("a", "t"), stopMsg("a", "s"), toolRequest("a")),
		fire:    msgs(thought("a", "t"), text("bob", "hi"), text("carol", "hi")),
		source:  "TextMessageTermination",
		content: "Text message received from 'bob'",
	},
	{
		// f"Token usage limit reached, total token count: {total}, prompt token count: {prompt}, completion token count: {completion}."
		name: "TokenUsage",
		new: func(t *testing.T) agentchat.TerminationCondition {
			c, err := conditions.NewTokenUsage(ptr[int64](10), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			return c
		},
		quiet:   msgs(text("a", "no usage")),
		fire:    msgs(textUsage("a", "x", 6, 4)),
		source:  "TokenUsageTermination",
		content: "Token usage limit reached, total token count: 10, prompt token count: 6, completion token count: 4.",
	},
	{
		// f"Handoff to {self._target} from {message.source} detected."
		name:    "Handoff",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewHandoff("user") },
		quiet:   msgs(handoff("a", "b", "to b"), text("a", "user")),
		fire:    msgs(handoff("a", "b", "to b"), handoff("planner", "user", "to user")),
		source:  "HandoffTermination",
		content: "Handoff to user from planner detected.",
	},
	{
		// f"'{message.source}' answered"
		name:    "SourceMatch",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewSourceMatch([]string{"x", "y"}) },
		quiet:   msgs(text("a", "x"), thought("b", "y")),
		fire:    msgs(text("a", "1"), thought("y", "2"), text("x", "3")),
		source:  "SourceMatchTermination",
		content: "'y' answered",
	},
	{
		// f"Function '{self._function_name}' was executed."
		name:    "FunctionCall",
		new:     func(*testing.T) agentchat.TerminationCondition { return conditions.NewFunctionCall("calc") },
		quiet:   msgs(toolRequest("a", gen.FunctionCall{ID: "1", Name: "calc", Arguments: "{}"}), text("a", "calc")),
		fire:    msgs(toolExec("a", result("1", "other", "x", nil), result("2", "calc", "42", ptr(false)))),
		source:  "FunctionCallTermination",
		content: "Function 'calc' was executed.",
	},
	{
		// "Functional termination condition met"
		name: "Functional",
		new: func(*testing.T) agentchat.TerminationCondition {
			return conditions.NewFunctional(func(_ context.Context, delta []messages.Message) (bool, error) {
				_, ok := delta[len(delta)-1].(*gen.StopMessage)
				return ok, nil
			})
		},
		quiet:   msgs(stopMsg("a", "s"), text("a", "t")),
		fire:    msgs(text("a", "t"), stopMsg("agent1", "Stop")),
		source:  "FunctionalTermination",
		content: "Functional termination condition met",
	},
	{
		// "External termination requested" (set() is called below)
		name: "External",
		new: func(*testing.T) agentchat.TerminationCondition {
			return conditions.NewExternal()
		},
		quiet:   msgs(text("a", "x")),
		fire:    nil, // see the External case in the loop
		source:  "ExternalTermination",
		content: "External termination requested",
	},
	{
		// AND: ", ".join of the contents and of the sources.
		name: "And",
		new: func(*testing.T) agentchat.TerminationCondition {
			return conditions.NewAnd(conditions.NewTextMention("done", nil), conditions.NewSourceMatch([]string{"b"}))
		},
		quiet:   msgs(text("a", "nothing")),
		fire:    msgs(text("a", "done"), text("b", "ok")),
		source:  "TextMentionTermination, SourceMatchTermination",
		content: "Text 'done' mentioned, 'b' answered",
	},
}

// --- StopMessage ---------------------------------------------------------

func TestStopMessage(t *testing.T) {
	tests := []struct {
		name  string
		delta []messages.Message
		fires bool
	}{
		{"empty", nil, false},
		{"text", msgs(text("a", "Stop message received")), false},
		{"handoff", msgs(handoff("a", "b", "stop")), false},
		{"stop", msgs(stopMsg("a", "")), true},
		{"stop last", msgs(text("a", "x"), thought("a", "y"), stopMsg("a", "z")), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewStopMessage()
			if tc.fires {
				checkStop(t, c, tc.delta, "StopMessageTermination", "Stop message received")
			} else {
				checkNil(t, c, tc.delta)
			}
			wantTerminated(t, c, tc.fires)
		})
	}
}

// --- MaxMessage ----------------------------------------------------------

// TestMaxMessage follows MaxMessageTermination.__call__:
//
//	self._message_count += len([m for m in messages if self._include_agent_event or isinstance(m, BaseChatMessage)])
//
// over successive calls, then fires when count >= max_messages.
func TestMaxMessage(t *testing.T) {
	type call struct {
		delta []messages.Message
		stop  string // "" for None
	}
	tests := []struct {
		name         string
		max          int64
		includeEvent bool
		calls        []call
	}{
		{
			name: "count accumulates across calls", max: 3,
			calls: []call{
				{msgs(text("a", "1")), ""}, // 1
				{nil, ""},                  // 1
				{msgs(text("b", "2")), ""}, // 2
				{msgs(text("a", "3")), "Maximum number of messages 3 reached, current message count: 3"},
			},
		},
		{
			name: "events are not counted by default", max: 3,
			calls: []call{
				{msgs(text("user", "task"), toolRequest("a"), toolExec("a"), thought("a", "t")), ""}, // 1
				{msgs(toolRequest("a"), toolExec("a"), stopMsg("a", "s")), ""},                       // 2: a StopMessage is a chat message
				{msgs(handoff("a", "b", "h")), "Maximum number of messages 3 reached, current message count: 3"},
			},
		},
		{
			name: "include_agent_event counts events", max: 3, includeEvent: true,
			calls: []call{
				{msgs(text("user", "task"), toolRequest("a")), ""}, // 2
				{msgs(toolExec("a")), "Maximum number of messages 3 reached, current message count: 3"},
			},
		},
		{
			name: "count past the maximum is reported", max: 3,
			calls: []call{
				{msgs(text("a", "1"), text("a", "2")), ""},
				{msgs(text("a", "3"), text("a", "4"), text("a", "5")), "Maximum number of messages 3 reached, current message count: 5"},
			},
		},
		{
			name: "include_agent_event count past the maximum", max: 2, includeEvent: true,
			calls: []call{
				{msgs(text("a", "1"), thought("a", "t"), toolRequest("a")), "Maximum number of messages 2 reached, current message count: 3"},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewMaxMessage(tc.max, tc.includeEvent)
			for round := 0; round < 2; round++ { // reset() sets the count to 0: the same calls again
				for i, cl := range tc.calls {
					wantTerminated(t, c, false)
					if cl.stop == "" {
						checkNil(t, c, cl.delta)
					} else {
						checkStop(t, c, cl.delta, "MaxMessageTermination", cl.stop)
						if i != len(tc.calls)-1 {
							t.Fatal("bad test: stop before the last call")
						}
					}
				}
				wantTerminated(t, c, true)
				checkTerminatedErr(t, c, msgs(text("a", "more")))
				reset(t, c)
			}
		})
	}
}

// TestMaxMessageZero: terminated is `self._message_count >= self._max_messages`,
// so MaxMessageTermination(0) is terminated from the start and its first
// call raises TerminatedException; reset() does not change that.
func TestMaxMessageZero(t *testing.T) {
	c := conditions.NewMaxMessage(0, false)
	wantTerminated(t, c, true)
	checkTerminatedErr(t, c, msgs(text("a", "x")))
	reset(t, c)
	wantTerminated(t, c, true)
}

// --- TextMention ---------------------------------------------------------

// TestTextMention checks `self._termination_text in message.to_text()`
// over chat messages and events, with the sources filter
// (`message.source not in self._sources` skips a message).
func TestTextMention(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		sources []string
		delta   []messages.Message
		fires   bool
	}{
		{"plain text", "TERMINATE", nil, msgs(text("a", "TERMINATE")), true},
		{"substring", "TERM", nil, msgs(text("a", "xTERMx")), true},
		{"case sensitive", "TERMINATE", nil, msgs(text("a", "terminate")), false},
		{"stop message text", "bye", nil, msgs(stopMsg("a", "bye")), true},
		{"handoff content", "transfer", nil, msgs(handoff("a", "b", "transfer to b")), true},
		{"thought event", "APPROVE", nil, msgs(thought("a", "I APPROVE")), true},
		// ToolCallExecutionEvent.to_text() is str(self.content), the repr of
		// the list: [FunctionExecutionResult(content='42', name='calc', call_id='c1', is_error=False)]
		{"tool execution result content", "42", nil,
			msgs(toolExec("a", result("c1", "calc", "42", ptr(false)))), true},
		{"tool execution repr", "[FunctionExecutionResult(content='42', name='calc', call_id='c1', is_error=False)]", nil,
			msgs(toolExec("a", result("c1", "calc", "42", ptr(false)))), true},
		{"tool execution repr of None", "is_error=None)]", nil,
			msgs(toolExec("a", result("c1", "calc", "42", nil))), true},
		{"tool execution repr quotes", "content='42'", nil,
			msgs(toolExec("a", result("c1", "calc", "42", nil))), true},
		// ToolCallRequestEvent.to_text() is str(self.content):
		// [FunctionCall(id='c1', arguments='{}', name='calc')]
		{"tool request repr", "FunctionCall(id='c1', arguments='{}', name='calc')", nil,
			msgs(toolRequest("a", gen.FunctionCall{ID: "c1", Name: "calc", Arguments: "{}"})), true},
		// SelectSpeakerEvent.to_text() is str(self.content): ['alice', 'bob']
		{"select speaker repr", "['alice', 'bob']", nil,
			msgs(messages.NewSelectSpeakerEvent("mgr", "alice", "bob")), true},
		{"no match in events", "TERMINATE", nil,
			msgs(toolExec("a", result("c1", "calc", "42", nil)), toolRequest("a")), false},
		{"source allowed", "TERMINATE", []string{"critic"}, msgs(text("critic", "TERMINATE")), true},
		{"source not allowed", "TERMINATE", []string{"critic"}, msgs(text("writer", "TERMINATE")), false},
		{"source filter skips, later match", "TERMINATE", []string{"critic", "user"},
			msgs(text("writer", "TERMINATE"), text("user", "TERMINATE now")), true},
		{"empty sources list matches nothing", "TERMINATE", []string{}, msgs(text("a", "TERMINATE")), false},
		{"empty text is in every text", "", nil, msgs(text("a", "anything")), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewTextMention(tc.text, tc.sources)
			if tc.fires {
				checkStop(t, c, tc.delta, "TextMentionTermination", "Text '"+tc.text+"' mentioned")
			} else {
				checkNil(t, c, tc.delta)
			}
			wantTerminated(t, c, tc.fires)
		})
	}
}

// --- TextMessage ---------------------------------------------------------

func TestTextMessage(t *testing.T) {
	tests := []struct {
		name   string
		source *string
		delta  []messages.Message
		from   string // "" for None
	}{
		{"any source", nil, msgs(text("a", "x")), "a"},
		{"first text message", nil, msgs(stopMsg("s", "x"), text("b", "1"), text("c", "2")), "b"},
		{"not a text message", nil, msgs(stopMsg("a", "x"), handoff("a", "b", "c"), thought("a", "t")), ""},
		{"source matches", ptr("critic"), msgs(text("writer", "x"), text("critic", "y")), "critic"},
		{"source does not match", ptr("critic"), msgs(text("writer", "x")), ""},
		{"source matches only a text message", ptr("critic"), msgs(stopMsg("critic", "x"), thought("critic", "y")), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewTextMessage(tc.source)
			if tc.from != "" {
				checkStop(t, c, tc.delta, "TextMessageTermination", "Text message received from '"+tc.from+"'")
			} else {
				checkNil(t, c, tc.delta)
			}
			wantTerminated(t, c, tc.from != "")
		})
	}
}

// --- TokenUsage ----------------------------------------------------------

// TestTokenUsage follows TokenUsageTermination: prompt, completion and
// total (prompt+completion) counts of models_usage accumulate over calls;
// it fires when any set limit is reached (>=).
func TestTokenUsage(t *testing.T) {
	type call struct {
		delta []messages.Message
		stop  string
	}
	const f = "Token usage limit reached, total token count: %d, prompt token count: %d, completion token count: %d."
	tests := []struct {
		name                      string
		total, prompt, completion *int64
		calls                     []call
	}{
		{
			name: "total", total: ptr[int64](10),
			calls: []call{
				{msgs(textUsage("a", "x", 3, 4)), ""}, // 7
				{msgs(text("a", "no usage")), ""},     // 7
				{msgs(textUsage("a", "y", 2, 1)), fmt.Sprintf(f, 10, 5, 5)},
			},
		},
		{
			name: "prompt", prompt: ptr[int64](5),
			calls: []call{
				{msgs(textUsage("a", "x", 2, 100)), ""},
				{msgs(textUsage("a", "y", 3, 0)), fmt.Sprintf(f, 105, 5, 100)},
			},
		},
		{
			name: "completion", completion: ptr[int64](3),
			calls: []call{
				{msgs(textUsage("a", "x", 50, 2)), ""},
				{msgs(textUsage("a", "y", 0, 2), textUsage("a", "z", 1, 1)), fmt.Sprintf(f, 56, 51, 5)},
			},
		},
		{
			name: "events' usage counts too", total: ptr[int64](5),
			calls: []call{
				{msgs(func() messages.Message {
					e := messages.NewToolCallRequestEvent("a")
					e.ModelsUsage = usage(2, 3)
					return e
				}()), fmt.Sprintf(f, 5, 2, 3)},
			},
		},
		{
			name: "any limit fires", total: ptr[int64](100), prompt: ptr[int64](100), completion: ptr[int64](1),
			calls: []call{
				{msgs(textUsage("a", "x", 10, 1)), fmt.Sprintf(f, 11, 10, 1)},
			},
		},
		{
			name: "zero usage", total: ptr[int64](1),
			calls: []call{
				{msgs(textUsage("a", "x", 0, 0)), ""},
				{msgs(textUsage("a", "x", 0, 1)), fmt.Sprintf(f, 1, 0, 1)},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := conditions.NewTokenUsage(tc.total, tc.prompt, tc.completion)
			if err != nil {
				t.Fatal(err)
			}
			for round := 0; round < 2; round++ { // reset() zeroes the three counts
				for _, cl := range tc.calls {
					wantTerminated(t, c, false)
					if cl.stop == "" {
						checkNil(t, c, cl.delta)
					} else {
						checkStop(t, c, cl.delta, "TokenUsageTermination", cl.stop)
					}
				}
				wantTerminated(t, c, true)
				checkTerminatedErr(t, c, nil)
				reset(t, c)
			}
		})
	}
}

// TestTokenUsageNoLimit: the constructor raises
// ValueError("At least one of max_total_token, max_prompt_token, or max_completion_token must be provided").
func TestTokenUsageNoLimit(t *testing.T) {
	c, err := conditions.NewTokenUsage(nil, nil, nil)
	if c != nil {
		t.Fatalf("got a condition %v", c)
	}
	var re *agentchat.RunError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T), want *agentchat.RunError", err, err)
	}
	if re.Exception != "ValueError" ||
		re.Message != "At least one of max_total_token, max_prompt_token, or max_completion_token must be provided" {
		t.Fatalf("error %q", re.Error())
	}
}

// TestTokenUsageZeroLimit: with max_total_token=0 the terminated property
// (0 >= 0) is True from the start.
func TestTokenUsageZeroLimit(t *testing.T) {
	c, err := conditions.NewTokenUsage(ptr[int64](0), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantTerminated(t, c, true)
	checkTerminatedErr(t, c, nil)
}

// --- Handoff -------------------------------------------------------------

func TestHandoff(t *testing.T) {
	tests := []struct {
		name   string
		target string
		delta  []messages.Message
		from   string
	}{
		{"target", "user", msgs(handoff("agent", "user", "x")), "agent"},
		{"other target", "user", msgs(handoff("agent", "other", "user")), ""},
		{"text to user", "user", msgs(text("user", "user")), ""},
		{"first matching", "user", msgs(handoff("a", "b", ""), handoff("c", "user", ""), handoff("d", "user", "")), "c"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewHandoff(tc.target)
			if tc.from != "" {
				checkStop(t, c, tc.delta, "HandoffTermination", "Handoff to "+tc.target+" from "+tc.from+" detected.")
			} else {
				checkNil(t, c, tc.delta)
			}
			wantTerminated(t, c, tc.from != "")
		})
	}
}

// --- SourceMatch ---------------------------------------------------------

func TestSourceMatch(t *testing.T) {
	tests := []struct {
		name    string
		sources []string
		delta   []messages.Message
		from    string
	}{
		{"empty delta", []string{"a"}, nil, ""},
		{"chat message", []string{"a"}, msgs(text("a", "x")), "a"},
		{"event counts too", []string{"a"}, msgs(toolRequest("a")), "a"},
		{"first of the sources", []string{"a", "b"}, msgs(text("c", "x"), text("b", "y"), text("a", "z")), "b"},
		{"no source", []string{"a"}, msgs(text("A", "a"), text("ab", "a")), ""},
		{"no sources", nil, msgs(text("a", "x")), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewSourceMatch(tc.sources)
			if tc.from != "" {
				checkStop(t, c, tc.delta, "SourceMatchTermination", "'"+tc.from+"' answered")
			} else {
				checkNil(t, c, tc.delta)
			}
			wantTerminated(t, c, tc.from != "")
		})
	}
}

// --- FunctionCall --------------------------------------------------------

func TestFunctionCall(t *testing.T) {
	tests := []struct {
		name  string
		delta []messages.Message
		fires bool
	}{
		{"execution", msgs(toolExec("a", result("1", "calc", "4", nil))), true},
		{"execution with error", msgs(toolExec("a", result("1", "calc", "boom", ptr(true)))), true},
		{"second result", msgs(toolExec("a", result("1", "x", "", nil), result("2", "calc", "", nil))), true},
		{"other function", msgs(toolExec("a", result("1", "calculator", "calc", nil))), false},
		{"request only", msgs(toolRequest("a", gen.FunctionCall{ID: "1", Name: "calc", Arguments: "{}"})), false},
		{"text", msgs(text("a", "calc")), false},
		{"empty execution", msgs(toolExec("a")), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewFunctionCall("calc")
			if tc.fires {
				checkStop(t, c, tc.delta, "FunctionCallTermination", "Function 'calc' was executed.")
			} else {
				checkNil(t, c, tc.delta)
			}
			wantTerminated(t, c, tc.fires)
		})
	}
}

// --- Functional ----------------------------------------------------------

// TestFunctionalDocExample is the example of FunctionalTermination's
// docstring: the last message a StopMessage gives
// StopMessage(source="FunctionalTermination", content="Functional termination condition met").
func TestFunctionalDocExample(t *testing.T) {
	var seen [][]messages.Message
	c := conditions.NewFunctional(func(_ context.Context, delta []messages.Message) (bool, error) {
		seen = append(seen, delta)
		_, ok := delta[len(delta)-1].(*gen.StopMessage)
		return ok, nil
	})
	d1 := msgs(text("agent1", "hi"))
	d2 := msgs(stopMsg("agent1", "Stop"))
	checkNil(t, c, d1)
	checkStop(t, c, d2, "FunctionalTermination", "Functional termination condition met")
	checkTerminatedErr(t, c, d2)
	if len(seen) != 2 || seen[0][0] != d1[0] || seen[1][0] != d2[0] {
		t.Fatalf("the function got %v", seen)
	}
}

// TestFunctionalError: an exception of the function propagates out of
// __call__ and the condition is not terminated.
func TestFunctionalError(t *testing.T) {
	boom := errors.New("boom")
	fail := true
	c := conditions.NewFunctional(func(context.Context, []messages.Message) (bool, error) {
		if fail {
			return true, boom
		}
		return true, nil
	})
	s, err := c.Check(context.Background(), msgs(text("a", "x")))
	if s != nil || !errors.Is(err, boom) {
		t.Fatalf("Check = %v, %v; want nil, boom", s, err)
	}
	wantTerminated(t, c, false)
	fail = false
	checkStop(t, c, msgs(text("a", "x")), "FunctionalTermination", "Functional termination condition met")
}

// TestFunctionalContext: the Go function receives the Check context.
func TestFunctionalContext(t *testing.T) {
	type key struct{}
	c := conditions.NewFunctional(func(ctx context.Context, _ []messages.Message) (bool, error) {
		return ctx.Value(key{}) == "v", nil
	})
	s, err := c.Check(context.WithValue(context.Background(), key{}, "v"), nil)
	if err != nil || s == nil {
		t.Fatalf("Check = %v, %v", s, err)
	}
}

// --- Timeout -------------------------------------------------------------

// TestTimeout: `(time.monotonic() - self._start_time) >= self._timeout_seconds`
// fires with f"Timeout of {self._timeout_seconds} seconds reached"; reset()
// restarts the clock.
func TestTimeout(t *testing.T) {
	t.Parallel()
	// Long enough that a busy machine's stall between a reset and the next
	// check does not reach it.
	const d = 800 * time.Millisecond
	c := conditions.NewTimeout(0.8)
	for round := 0; round < 2; round++ {
		checkNil(t, c, msgs(text("a", "x")))
		wantTerminated(t, c, false)
		time.Sleep(d + 50*time.Millisecond)
		wantTerminated(t, c, false) // only a call fires it
		checkStop(t, c, nil, "TimeoutTermination", "Timeout of 0.8 seconds reached")
		wantTerminated(t, c, true)
		checkTerminatedErr(t, c, nil)
		reset(t, c) // restarts the clock: the next immediate check is None
	}
}

// TestTimeoutRepr: the timeout is written with Python's float repr.
func TestTimeoutRepr(t *testing.T) {
	tests := []struct {
		seconds float64
		repr    string
	}{
		{0, "0.0"},
		{1e-6, "1e-06"},
		{0.000125, "0.000125"},
		{-1, "-1.0"},
	}
	for _, tc := range tests {
		t.Run(tc.repr, func(t *testing.T) {
			c := conditions.NewTimeout(tc.seconds)
			time.Sleep(time.Millisecond)
			checkStop(t, c, nil, "TimeoutTermination", "Timeout of "+tc.repr+" seconds reached")
		})
	}
}

// --- External ------------------------------------------------------------

// TestExternalFromGoroutine: set() from another goroutine while a loop
// checks and asks terminated (run with -race).
func TestExternalFromGoroutine(t *testing.T) {
	c := conditions.NewExternal()
	var wg sync.WaitGroup
	start := make(chan struct{})
	wg.Add(2)
	go func() {
		defer wg.Done()
		<-start
		time.Sleep(5 * time.Millisecond)
		c.Set()
	}()
	go func() { // a concurrent observer
		defer wg.Done()
		<-start
		for i := 0; i < 1000; i++ {
			_ = c.Terminated()
		}
	}()
	close(start)
	deadline := time.Now().Add(10 * time.Second)
	var stop *gen.StopMessage
	for stop == nil {
		if time.Now().After(deadline) {
			t.Fatal("External never fired")
		}
		s, err := c.Check(context.Background(), msgs(text("a", "x")))
		if err != nil {
			t.Fatal(err)
		}
		stop = s
		if s == nil {
			time.Sleep(time.Millisecond)
		}
	}
	wg.Wait()
	if stop.Source != "ExternalTermination" || stop.Content != "External termination requested" {
		t.Fatalf("stop %q from %q", stop.Content, stop.Source)
	}
	wantTerminated(t, c, true)
	checkTerminatedErr(t, c, nil)
}

// TestExternalResetClearsSet: reset() clears both _terminated and _setted,
// so a set() made before reset() is forgotten.
func TestExternalResetClearsSet(t *testing.T) {
	c := conditions.NewExternal()
	c.Set()
	reset(t, c)
	checkNil(t, c, nil)
	c.Set()
	c.Set() // twice is once
	checkStop(t, c, nil, "ExternalTermination", "External termination requested")
	reset(t, c)
	checkNil(t, c, nil)
	wantTerminated(t, c, false)
}

// --- And -----------------------------------------------------------------

// countingCondition wraps a condition and counts the calls made to it, to
// see which ones And and Or call.
type countingCondition struct {
	agentchat.TerminationCondition
	mu    sync.Mutex
	calls int
}

func (c *countingCondition) Check(ctx context.Context, delta []messages.Message) (*gen.StopMessage, error) {
	c.mu.Lock()
	c.calls++
	c.mu.Unlock()
	return c.TerminationCondition.Check(ctx, delta)
}

func (c *countingCondition) n() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls
}

// TestAndAccumulates follows AndTerminationCondition.__call__: only the
// conditions not yet terminated are called; their stop messages are kept
// in self._stop_messages across calls; it returns None while any called
// condition returned None, and then StopMessage(content=", ".join(contents),
// source=", ".join(sources)) in the order they fired.
func TestAndAccumulates(t *testing.T) {
	mention := &countingCondition{TerminationCondition: conditions.NewTextMention("done", nil)}
	maxMsg := &countingCondition{TerminationCondition: conditions.NewMaxMessage(3, false)}
	src := &countingCondition{TerminationCondition: conditions.NewSourceMatch([]string{"judge"})}
	c := conditions.NewAnd(maxMsg, mention, src)

	for round := 0; round < 2; round++ {
		wantTerminated(t, c, false)
		// call 1: max 1/3, mention fires, source no.
		checkNil(t, c, msgs(text("a", "done")))
		if !mention.Terminated() || c.Terminated() {
			t.Fatal("after call 1: mention must be terminated, And not")
		}
		// call 2: mention is not called again (it would raise).
		checkNil(t, c, msgs(text("judge", "ok"))) // max 2/3, source fires
		if mention.n() != 1+round || src.n() != 2+2*round {
			t.Fatalf("calls: mention %d, source %d", mention.n(), src.n())
		}
		// call 3: only max is left.
		checkStop(t, c, msgs(text("b", "x")),
			"TextMentionTermination, SourceMatchTermination, MaxMessageTermination",
			"Text 'done' mentioned, 'judge' answered, Maximum number of messages 3 reached, current message count: 3")
		if mention.n() != 1+round || src.n() != 2+2*round || maxMsg.n() != 3+3*round {
			t.Fatalf("calls: mention %d, source %d, max %d", mention.n(), src.n(), maxMsg.n())
		}
		wantTerminated(t, c, true)
		s, err := c.Check(context.Background(), nil)
		var te *agentchat.TerminatedError
		if s != nil || !errors.As(err, &te) {
			t.Fatalf("Check after firing = %v, %v; want a *TerminatedError", s, err)
		}
		// reset() resets every condition and clears the stop messages: the
		// next round must not repeat round 1's messages.
		reset(t, c)
		if maxMsg.Terminated() || mention.Terminated() || src.Terminated() {
			t.Fatal("reset did not reset the conditions")
		}
	}
}

// TestAndSameCall: conditions that fire in the same call are joined in
// their order.
func TestAndSameCall(t *testing.T) {
	c := conditions.NewAnd(conditions.NewStopMessage(), conditions.NewTextMessage(nil))
	checkStop(t, c, msgs(text("a", "x"), stopMsg("b", "y")),
		"StopMessageTermination, TextMessageTermination",
		"Stop message received, Text message received from 'a'")
}

// TestAndNoCondition: all([]) is True, so an AND of nothing is terminated
// and its first call raises.
func TestAndNoCondition(t *testing.T) {
	c := conditions.NewAnd()
	wantTerminated(t, c, true)
	_, err := c.Check(context.Background(), nil)
	var te *agentchat.TerminatedError
	if !errors.As(err, &te) {
		t.Fatalf("error %v, want a *TerminatedError", err)
	}
}

// TestAndError: a condition's exception propagates.
func TestAndError(t *testing.T) {
	boom := errors.New("boom")
	c := conditions.NewAnd(conditions.NewFunctional(func(context.Context, []messages.Message) (bool, error) {
		return false, boom
	}))
	if _, err := c.Check(context.Background(), nil); !errors.Is(err, boom) {
		t.Fatalf("error %v, want boom", err)
	}
}

// TestAndTerminatedMessage: AndTerminationCondition raises
// TerminatedException("Termination condition has already been reached.")
// -- with a final period, unlike the conditions of _terminations.py.
func TestAndTerminatedMessage(t *testing.T) {
	c := conditions.NewAnd(conditions.NewStopMessage())
	checkStop(t, c, msgs(stopMsg("a", "s")), "StopMessageTermination", "Stop message received")
	_, err := c.Check(context.Background(), nil)
	var te *agentchat.TerminatedError
	if !errors.As(err, &te) {
		t.Fatalf("error %v, want a *TerminatedError", err)
	}
	if want := "Termination condition has already been reached."; te.Message != want {
		t.Errorf("TerminatedError message %q, want AutoGen's %q (base/_termination.py, AndTerminationCondition.__call__)", te.Message, want)
	}
}

// TestGatherCallsEveryCondition: AND and OR call their conditions with
// asyncio.gather(), which, when one raises, still runs the others before
// the exception reaches the caller (gather does not cancel them, and
// these coroutines never await). So in AutoGen a condition after a
// failing one is still called and its state changes; AND's
// self._stop_messages gets none of that call's stop messages (the
// exception leaves __call__ before the collecting loop).
//
// Hand-derived expectations:
//
//	OR(Functional(raises), MaxMessage(1)), call([text]): raises; MaxMessage
//	counted 1 and is terminated, so OR.terminated is True and the next
//	call raises RuntimeError.
//
//	AND(StopMessage, Functional(raises once), MaxMessage(1)),
//	call([stop]): raises; StopMessage and MaxMessage are terminated but
//	their stop messages were not collected. call([text]): only the
//	Functional is left and fires: content "Functional termination
//	condition met", source "FunctionalTermination".
func TestGatherCallsEveryCondition(t *testing.T) {
	boom := errors.New("boom")
	t.Run("Or", func(t *testing.T) {
		maxMsg := conditions.NewMaxMessage(1, false)
		c := conditions.NewOr(conditions.NewFunctional(func(context.Context, []messages.Message) (bool, error) {
			return false, boom
		}), maxMsg)
		if _, err := c.Check(context.Background(), msgs(text("a", "x"))); !errors.Is(err, boom) {
			t.Fatalf("error %v, want boom", err)
		}
		wantTerminated(t, maxMsg, true)
		wantTerminated(t, c, true)
	})
	t.Run("And", func(t *testing.T) {
		fail := true
		c := conditions.NewAnd(conditions.NewStopMessage(),
			conditions.NewFunctional(func(context.Context, []messages.Message) (bool, error) {
				if fail {
					fail = false
					return false, boom
				}
				return true, nil
			}),
			conditions.NewMaxMessage(1, false))
		if _, err := c.Check(context.Background(), msgs(stopMsg("a", "s"))); !errors.Is(err, boom) {
			t.Fatalf("error %v, want boom", err)
		}
		checkStop(t, c, msgs(text("a", "x")), "FunctionalTermination", "Functional termination condition met")
	})
}

// --- Or ------------------------------------------------------------------

// TestOr follows OrTerminationCondition.__call__: every condition is
// called; the stop messages of those that fired are joined with ", ".
func TestOr(t *testing.T) {
	tests := []struct {
		name            string
		delta           []messages.Message
		source, content string // "" for None
	}{
		{"none", msgs(text("a", "x")), "", ""},
		{"mention", msgs(text("a", "TERMINATE")), "TextMentionTermination", "Text 'TERMINATE' mentioned"},
		{"max", msgs(text("a", "1"), text("a", "2"), text("a", "3")),
			"MaxMessageTermination", "Maximum number of messages 3 reached, current message count: 3"},
		{"both in the same call", msgs(text("a", "1"), text("a", "2"), text("a", "TERMINATE")),
			"MaxMessageTermination, TextMentionTermination",
			"Maximum number of messages 3 reached, current message count: 3, Text 'TERMINATE' mentioned"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := conditions.NewOr(conditions.NewMaxMessage(3, false), conditions.NewTextMention("TERMINATE", nil))
			if tc.content == "" {
				checkNil(t, c, tc.delta)
				wantTerminated(t, c, false)
				return
			}
			checkStop(t, c, tc.delta, tc.source, tc.content)
			wantTerminated(t, c, true)
		})
	}
}

// TestOrAcrossCalls: every condition is called each time, so counts
// accumulate in the ones that have not fired.
func TestOrAcrossCalls(t *testing.T) {
	a := &countingCondition{TerminationCondition: conditions.NewMaxMessage(2, false)}
	b := &countingCondition{TerminationCondition: conditions.NewTextMention("TERMINATE", nil)}
	c := conditions.NewOr(a, b)
	for round := 0; round < 2; round++ {
		checkNil(t, c, msgs(text("a", "1")))
		checkStop(t, c, msgs(text("a", "2")), "MaxMessageTermination",
			"Maximum number of messages 2 reached, current message count: 2")
		if a.n() != 2*(round+1) || b.n() != 2*(round+1) {
			t.Fatalf("calls %d, %d", a.n(), b.n())
		}
		wantTerminated(t, c, true)
		reset(t, c)
		wantTerminated(t, c, false)
		if a.Terminated() || b.Terminated() {
			t.Fatal("reset did not reset the conditions")
		}
	}
}

// TestOrAfterFiring: OR raises RuntimeError("Termination condition has
// already been reached"), not TerminatedException.
func TestOrAfterFiring(t *testing.T) {
	c := conditions.NewOr(conditions.NewStopMessage(), conditions.NewExternal())
	checkStop(t, c, msgs(stopMsg("a", "s")), "StopMessageTermination", "Stop message received")
	wantTerminated(t, c, true)
	s, err := c.Check(context.Background(), msgs(stopMsg("a", "s")))
	if s != nil {
		t.Fatalf("stop %v", s)
	}
	var re *agentchat.RunError
	if !errors.As(err, &re) {
		t.Fatalf("error %v (%T), want *agentchat.RunError", err, err)
	}
	if re.Exception != "RuntimeError" || re.Message != alreadyReachedText {
		t.Fatalf("error %q", re.Error())
	}
	if re.Error() != "RuntimeError: Termination condition has already been reached" {
		t.Fatalf("Error() %q", re.Error())
	}
	var te *agentchat.TerminatedError
	if errors.As(err, &te) {
		t.Fatal("OR's error must not be a TerminatedError")
	}
	reset(t, c)
	wantTerminated(t, c, false)
	checkNil(t, c, msgs(text("a", "x")))
	checkStop(t, c, msgs(stopMsg("a", "s")), "StopMessageTermination", "Stop message received")
}

// TestOrNoCondition: any([]) is False, and gather() of nothing gives no
// stop message.
func TestOrNoCondition(t *testing.T) {
	c := conditions.NewOr()
	wantTerminated(t, c, false)
	checkNil(t, c, msgs(stopMsg("a", "s")))
	wantTerminated(t, c, false)
}

// TestNested: (MaxMessage(2) & TextMention("APPROVE")) | Handoff("user").
func TestNested(t *testing.T) {
	and := conditions.NewAnd(conditions.NewMaxMessage(2, false), conditions.NewTextMention("APPROVE", nil))
	c := conditions.NewOr(and, conditions.NewHandoff("user"))

	// call 1: max 1/2, APPROVE fires inside the AND (which returns None).
	checkNil(t, c, msgs(text("critic", "APPROVE")))
	wantTerminated(t, c, false)
	// call 2: max 2/2: the AND fires with both messages, the handoff too.
	checkStop(t, c, msgs(handoff("planner", "user", "over to you")),
		"TextMentionTermination, MaxMessageTermination, HandoffTermination",
		"Text 'APPROVE' mentioned, Maximum number of messages 2 reached, current message count: 2, Handoff to user from planner detected.")
	wantTerminated(t, c, true)
	reset(t, c)
	wantTerminated(t, c, false)
	checkStop(t, c, msgs(handoff("x", "user", "")), "HandoffTermination", "Handoff to user from x detected.")
}

// TestConcurrentTerminated asks Terminated from other goroutines while
// Check and Reset run, for the race detector.
func TestConcurrentTerminated(t *testing.T) {
	tu, err := conditions.NewTokenUsage(ptr[int64](5), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := []agentchat.TerminationCondition{
		conditions.NewStopMessage(), conditions.NewMaxMessage(3, true), conditions.NewTextMention("x", nil),
		conditions.NewTextMessage(nil), tu, conditions.NewHandoff("u"), conditions.NewTimeout(0.001),
		conditions.NewExternal(), conditions.NewSourceMatch([]string{"a"}), conditions.NewFunctionCall("f"),
		conditions.NewFunctional(func(context.Context, []messages.Message) (bool, error) { return true, nil }),
	}
	all = append(all, conditions.NewAnd(conditions.NewMaxMessage(2, false), conditions.NewStopMessage()),
		conditions.NewOr(conditions.NewMaxMessage(2, false), conditions.NewStopMessage()))
	delta := msgs(textUsage("a", "x", 3, 3), handoff("a", "u", ""), stopMsg("a", "s"),
		toolExec("a", result("1", "f", "", nil)))
	var wg sync.WaitGroup
	for _, c := range all {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				_ = c.Terminated()
			}
		}()
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				_, _ = c.Check(context.Background(), delta)
				if i%5 == 0 {
					_ = c.Reset(context.Background())
				}
			}
		}()
	}
	wg.Wait()
}
