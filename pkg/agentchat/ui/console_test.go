package ui_test

import (
	"bytes"
	"errors"
	"iter"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/ui"
	"github.com/agentschema/agentschema/pkg/messages"
)

func stream(items ...messages.Message) iter.Seq2[messages.Message, error] {
	return func(yield func(messages.Message, error) bool) {
		for _, m := range items {
			if !yield(m, nil) {
				return
			}
		}
	}
}

func chunk(source, text string) *gen.ModelClientStreamingChunkEvent {
	return &gen.ModelClientStreamingChunkEvent{Source: source, Content: text}
}

func withUsage(m *gen.TextMessage, prompt, completion int64) *gen.TextMessage {
	m.ModelsUsage = &gen.RequestUsage{PromptTokens: gen.IntOf(prompt), CompletionTokens: gen.IntOf(completion)}
	return m
}

// clock returns a clock that starts at t0 and is 1.5 s later at every
// later reading.
func clock() func() time.Time {
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	n := 0
	return func() time.Time {
		n++
		if n == 1 {
			return t0
		}
		return t0.Add(1500 * time.Millisecond)
	}
}

// TestConsole checks Console's output, derived by hand from
// autogen_agentchat/ui/_console.py (AutoGen 0.7.5).
func TestConsole(t *testing.T) {
	stop := "Maximum number of messages 2 reached, current message count: 2"
	user := messages.NewTextMessage("user", "Hi")
	cases := []struct {
		name  string
		items []messages.Message
		stats bool
		want  string
	}{{
		name:  "text",
		items: []messages.Message{user, withUsage(messages.NewTextMessage("a", "Hello\nthere"), 3, 2), &agentchat.TaskResult{StopReason: &stop}},
		want:  "---------- TextMessage (user) ----------\nHi\n---------- TextMessage (a) ----------\nHello\nthere\n",
	}, {
		name:  "stats",
		items: []messages.Message{user, withUsage(messages.NewTextMessage("a", "Hello"), 3, 2), withUsage(messages.NewTextMessage("b", "Bye"), 10, 1), &agentchat.TaskResult{Messages: []messages.Message{user, user, user}, StopReason: &stop}},
		stats: true,
		want: "---------- TextMessage (user) ----------\nHi\n" +
			"---------- TextMessage (a) ----------\nHello\n[Prompt tokens: 3, Completion tokens: 2]\n" +
			"---------- TextMessage (b) ----------\nBye\n[Prompt tokens: 10, Completion tokens: 1]\n" +
			"---------- Summary ----------\nNumber of messages: 3\nFinish reason: " + stop + "\n" +
			"Total prompt tokens: 13\nTotal completion tokens: 3\nDuration: 1.50 seconds\n",
	}, {
		// The chunks print under one header; the message they make is
		// only its newline, its usage still counted.
		name:  "chunks",
		items: []messages.Message{chunk("a", "Hel"), chunk("a", "lo"), withUsage(messages.NewTextMessage("a", "Hello"), 4, 1), &agentchat.TaskResult{}},
		stats: true,
		want: "---------- ModelClientStreamingChunkEvent (a) ----------\nHello\n[Prompt tokens: 4, Completion tokens: 1]\n" +
			"---------- Summary ----------\nNumber of messages: 0\nFinish reason: None\n" +
			"Total prompt tokens: 4\nTotal completion tokens: 1\nDuration: 1.50 seconds\n",
	}, {
		name:  "input request not printed",
		items: []messages.Message{&gen.UserInputRequestedEvent{Source: "u", RequestID: "r1"}, user, &agentchat.TaskResult{}},
		want:  "---------- TextMessage (user) ----------\nHi\n",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			res, err := ui.Console(&b, stream(c.items...), ui.Options{OutputStats: c.stats, Now: clock()})
			if err != nil {
				t.Fatal(err)
			}
			if res != c.items[len(c.items)-1] {
				t.Errorf("returned %v, not the stream's TaskResult", res)
			}
			if b.String() != c.want {
				t.Errorf("got\n%q\nwant\n%q", b.String(), c.want)
			}
		})
	}
}

func TestConsoleErrors(t *testing.T) {
	var b bytes.Buffer
	_, err := ui.Console(&b, stream(messages.NewTextMessage("user", "Hi")), ui.Options{})
	var re *agentchat.RunError
	if !errors.As(err, &re) || agentchat.ExceptionText(err) != "ValueError: No TaskResult or Response was processed." {
		t.Errorf("no TaskResult: %v", err)
	}
	boom := errors.New("boom")
	failing := func(yield func(messages.Message, error) bool) {
		if yield(messages.NewTextMessage("user", "Hi"), nil) {
			yield(nil, boom)
		}
	}
	b.Reset()
	if _, err := ui.Console(&b, failing, ui.Options{}); err != boom {
		t.Errorf("the run's error must come back as it is: %v", err)
	}
	if !strings.HasSuffix(b.String(), "Hi\n") {
		t.Errorf("what came before the error is printed: %q", b.String())
	}
}

func TestEndChunks(t *testing.T) {
	var b bytes.Buffer
	p := ui.NewPrinter(&b, ui.Options{})
	for _, m := range []messages.Message{chunk("a", "x")} {
		if err := p.Print(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.EndChunks(); err != nil {
		t.Fatal(err)
	}
	if err := p.EndChunks(); err != nil {
		t.Fatal(err)
	}
	if err := p.Print(messages.NewTextMessage("b", "y")); err != nil {
		t.Fatal(err)
	}
	want := "---------- ModelClientStreamingChunkEvent (a) ----------\nx\n---------- TextMessage (b) ----------\ny\n"
	if b.String() != want {
		t.Errorf("got %q", b.String())
	}
}
