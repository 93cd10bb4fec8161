package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// textCase is a testdata/conformance/messages_text case: AutoGen's
// renderings of the message whose dump is Dump.
type textCase struct {
	MessageType    string          `json:"message_type"`
	Dump           json.RawMessage `json:"dump"`
	ToText         json.RawMessage `json:"to_text"`
	ToModelText    json.RawMessage `json:"to_model_text"`
	ToModelMessage json.RawMessage `json:"to_model_message"`
}

// renderableCases returns the messages_text cases the command can render
// from their dump alone: those whose AutoGen rendering did not depend on
// Python objects JSON cannot carry (MemoryMimeType members, bytes) and did
// not raise.
func renderableCases(t *testing.T) []textCase {
	files, err := filepath.Glob("../../testdata/conformance/messages_text/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	sort.Strings(files)
	var out []textCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c textCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		var s string
		if json.Unmarshal(c.ToText, &s) != nil || strings.Contains(s, "<MemoryMimeType.") || strings.Contains(s, "content=b'") {
			continue
		}
		out = append(out, c)
	}
	return out
}

func jsonl(cases []textCase) string {
	var b strings.Builder
	for _, c := range cases {
		var compact bytes.Buffer
		if err := json.Compact(&compact, c.Dump); err != nil {
			panic(err)
		}
		b.WriteString(compact.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestRenderConformance renders the dumps of the messages_text cases and
// compares each line with AutoGen's to_text, to_model_text and
// to_model_message.
func TestRenderConformance(t *testing.T) {
	cases := renderableCases(t)
	if len(cases) < 40 {
		t.Fatalf("only %d cases", len(cases))
	}
	in := jsonl(cases)

	lines := func(mode string, want func(c textCase) json.RawMessage) {
		t.Helper()
		code, out, errs := runCmd(t, in, "render", "--as", mode, "--json", "-")
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit %d, stderr %q", mode, code, errs)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		i := 0
		for _, c := range cases {
			w := want(c)
			if w == nil {
				continue // an event: no model text
			}
			if i >= len(got) {
				t.Fatalf("%s: %d lines, want more", mode, len(got))
			}
			if mode == "model-message" {
				var gv, wv any
				if json.Unmarshal([]byte(got[i]), &gv) != nil || json.Unmarshal(w, &wv) != nil {
					t.Fatalf("%s line %d: not JSON: %s", mode, i+1, got[i])
				}
				gb, _ := json.Marshal(gv)
				wb, _ := json.Marshal(wv)
				if string(gb) != string(wb) {
					t.Errorf("%s %s: got %s, want %s", mode, c.MessageType, gb, wb)
				}
			} else {
				var gs, ws string
				if err := json.Unmarshal([]byte(got[i]), &gs); err != nil {
					t.Fatalf("%s line %d is not a JSON string: %q", mode, i+1, got[i])
				}
				if json.Unmarshal(w, &ws) == nil && gs != ws {
					t.Errorf("%s %s: got %q, want %q", mode, c.MessageType, gs, ws)
				}
			}
			i++
		}
		if i != len(got) {
			t.Errorf("%s: %d lines, want %d", mode, len(got), i)
		}
	}
	lines("text", func(c textCase) json.RawMessage { return c.ToText })
	lines("model-text", func(c textCase) json.RawMessage { return c.ToModelText })
	lines("model-message", func(c textCase) json.RawMessage { return c.ToModelMessage })
}

func TestRenderTranscript(t *testing.T) {
	in := `{"id":"1","source":"user","content":"hello\nthere","type":"TextMessage"}
{"source":"coder","content":"Hel","type":"ModelClientStreamingChunkEvent"}
{"source":"coder","content":"lo","type":"ModelClientStreamingChunkEvent"}
{"source":"coder","content":"Hello","type":"TextMessage"}
{"source":"coder","content":[{"id":"c1","arguments":"{}","name":"f"}],"type":"ToolCallRequestEvent"}
{"source":"judge","content":{"score":1.0},"format_string":"score: {score}","type":"StructuredMessage[Verdict]"}
`
	code, out, errs := runCmd(t, in, "render", "-")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// Console's layout: a header per message, one for a run of chunks,
	// and the message the chunks made is not printed again.
	want := `---------- TextMessage (user) ----------
hello
there
---------- ModelClientStreamingChunkEvent (coder) ----------
Hello
---------- ToolCallRequestEvent (coder) ----------
[FunctionCall(id='c1', arguments='{}', name='f')]
---------- StructuredMessage[Verdict] (judge) ----------
score: 1.0
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestRenderExamples(t *testing.T) {
	code, out, errs := runCmd(t, "", "render", "../../examples/transcript.jsonl")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// 14 messages; the 7 streaming chunks share one header.
	var headers []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "---------- ") {
			headers = append(headers, strings.TrimSuffix(strings.TrimPrefix(line, "---------- "), " ----------"))
		}
	}
	want := "TextMessage (user),ToolCallRequestEvent (coder),ToolCallExecutionEvent (coder),ToolCallSummaryMessage (coder)," +
		"ThoughtEvent (coder),ModelClientStreamingChunkEvent (coder),HandoffMessage (web_surfer),MultiModalMessage (user)"
	if strings.Join(headers, ",") != want {
		t.Errorf("headers %v", headers)
	}
}

func TestRenderBadLinesKeepGoing(t *testing.T) {
	in := `{"source":"a","content":"one","type":"TextMessage"}
{"source":"a","content":3,"type":"TextMessage"}
{"source":"a","content":"x","type":"Nope"}
not json
{"content":"x","type":"TextMessage"}
{"source":"a","content":{"v":1},"format_string":"{missing}","type":"StructuredMessage[X]"}
{"source":"a","content":"two","type":"TextMessage"}
`
	code, out, errs := runCmd(t, in, "render", "--as", "text", "-")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if out != "one\ntwo\n" {
		t.Errorf("the good messages must still be printed: %q", out)
	}
	for _, want := range []string{
		"-:2: /content: Input should be a valid string\n",
		"-:3: /: Unknown message type: Nope\n",
		"-:4: /: invalid JSON",
		"-:5: /source: Field required\n",
		"-:6: /: cannot render StructuredMessage[X]: KeyError: 'missing'\n",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
}

// TestRenderDuplicateMembers: of repeated members the last counts and an
// earlier one is no fault, as AutoGen reads a line through json.loads
// (which keeps the last key of a dict): a line whose "type" is repeated is
// the last type's message, and an earlier content of the wrong type is
// never seen.
func TestRenderDuplicateMembers(t *testing.T) {
	in := `{"type":"TextMessage","source":"a","content":"first","content":"second","type":"StopMessage"}
{"type":"StopMessage","source":"a","content":"x","type":"TextMessage"}
{"type":"TextMessage","source":"a","content":5,"content":"y"}
`
	code, out, errs := runCmd(t, in, "render", "--as", "transcript", "-")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := "---------- StopMessage (a) ----------\nsecond\n" +
		"---------- TextMessage (a) ----------\nx\n" +
		"---------- TextMessage (a) ----------\ny\n"
	if out != want {
		t.Errorf("got %q\nwant %q", out, want)
	}
}

func TestRenderArray(t *testing.T) {
	in := `[
  {"source": "a", "content": "first", "type": "TextMessage"},
  {"source": "a", "content": "bad",
   "metadata": {"k": 1}, "type": "TextMessage"},
  {"source": "b", "content": ["x", "y"], "type": "SelectSpeakerEvent"}
]
`
	code, out, errs := runCmd(t, in, "render", "--as", "text", "-")
	if code != 1 || out != "first\n['x', 'y']\n" {
		t.Fatalf("exit %d, out %q, stderr %q", code, out, errs)
	}
	if !strings.HasPrefix(errs, "-:4: /metadata/k: Input should be a valid string") {
		t.Errorf("stderr %q", errs)
	}
	// One line holding an array, and a single document over lines.
	code, out, _ = runCmd(t, `[{"source":"a","content":"p","type":"StopMessage"},{"source":"a","content":"q","type":"ThoughtEvent"}]`, "render", "--as", "model-text")
	if code != 0 || out != "p\n" {
		t.Errorf("events have no model text: exit %d, %q", code, out)
	}
	code, out, _ = runCmd(t, "{\n \"source\": \"a\",\n \"content\": \"p\",\n \"type\": \"TextMessage\"\n}\n", "render", "--as", "model-message")
	if code != 0 || out != `{"content":"p","source":"a","type":"UserMessage"}`+"\n" {
		t.Errorf("exit %d, %q", code, out)
	}
}

func TestRenderImages(t *testing.T) {
	// A 1x1 RGB PNG (the one of misc/message_factory.json).
	const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4z8AAAAMBAQD3A0FDAAAAAElFTkSuQmCC"
	in := `{"source":"u","content":["look",{"data":"` + png + `"},"here"],"type":"MultiModalMessage"}`
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--as", "text"}, "look\n<image>\nhere\n"},
		{[]string{"--as", "model-text"}, "look [image]here\n"},
		{[]string{"--as", "model-text", "--image-placeholder", "<img>"}, "look <img>here\n"},
		{[]string{"--as", "model-text", "--image-placeholder", ""}, "look here\n"},
		{[]string{"--as", "model-text", "--json"}, `"look [image]here"` + "\n"},
	} {
		code, out, errs := runCmd(t, in, append([]string{"render"}, tc.args...)...)
		if code != 0 || out != tc.want {
			t.Errorf("%v: exit %d, %q (stderr %q), want %q", tc.args, code, out, errs, tc.want)
		}
	}
	code, out, _ := runCmd(t, in, "render", "--as", "text", "--iterm")
	if code != 0 || !strings.HasPrefix(out, "look\n\x1b]1337;File=inline=1:iVBOR") || !strings.HasSuffix(out, "\a\n\nhere\n") {
		t.Errorf("iterm: exit %d, %q", code, out)
	}
	code, out, _ = runCmd(t, in, "render", "--as", "model-text", "--image-base64")
	if code != 0 || !strings.HasPrefix(out, "look iVBOR") || !strings.HasSuffix(out, "here\n") {
		t.Errorf("base64: exit %d, %q", code, out)
	}
}

func TestRenderUsage(t *testing.T) {
	for _, args := range [][]string{{"render", "--as", "html"}, {"render", "--nope"}} {
		if code, _, _ := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	// An input that cannot be read exits 2, as for every verb (README).
	if code, _, errs := runCmd(t, "", "render", "/no/such/file"); code != 2 || !strings.Contains(errs, "/no/such/file") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	_, out, _ := runCmd(t, "", "help")
	if !strings.Contains(out, "  render [--as transcript|text|model-text|model-message] [--json]") {
		t.Errorf("usage lacks render: %q", out)
	}
}

// TestRenderFormatStringBounded: a 22 KB format_string of wide fields,
// which would build gigabytes, is reported as a MemoryError for its line
// (exit 1) and the next line is still rendered.
func TestRenderFormatStringBounded(t *testing.T) {
	in := `{"source":"a","content":{"v":1},"format_string":"` + strings.Repeat("{v:1000000}", 2000) + `","type":"StructuredMessage[X]"}
{"source":"a","content":"after","type":"TextMessage"}
`
	code, out, errs := runCmd(t, in, "render", "--as", "text", "-")
	if code != 1 || out != "after\n" || !strings.Contains(errs, "-:1: /: cannot render StructuredMessage[X]: MemoryError: formatted string above 16777216 bytes") {
		t.Errorf("exit %d, stdout %q, stderr %.300q", code, out, errs)
	}
}
