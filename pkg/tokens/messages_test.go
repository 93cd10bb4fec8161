package tokens

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/genrt"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/internal/wire"
)

func sys(s string) gen.LLMMessage { return &gen.SystemMessage{Content: s} }

func user(src, s string) gen.LLMMessage {
	return &gen.UserMessage{Content: gen.UserMessageContentOfText(s), Source: src}
}

func userParts(src string, parts ...gen.UserMessageContentItem) gen.LLMMessage {
	return &gen.UserMessage{Content: gen.UserMessageContentOfParts(parts), Source: src}
}

func text(s string) gen.UserMessageContentItem { return gen.UserMessageContentItemOfText(s) }

func assistant(s string) gen.LLMMessage {
	return &gen.AssistantMessage{Content: gen.AssistantMessageContentOfText(s), Source: "assistant"}
}

func calls(thought *string, fcs ...gen.FunctionCall) gen.LLMMessage {
	return &gen.AssistantMessage{Content: gen.AssistantMessageContentOfFunctionCalls(fcs), Source: "assistant", Thought: thought}
}

func results(rs ...gen.FunctionExecutionResult) gen.LLMMessage {
	return &gen.FunctionExecutionResultMessage{Content: rs}
}

// fakePNG returns a PNG header (signature and IHDR) declaring w×h pixels,
// enough for the image decoder's DecodeConfig.
func fakePNG(w, h int) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 0 // 8-bit grayscale
	chunk := append([]byte("IHDR"), ihdr...)
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	// An empty IDAT: Open reads headers only, but a PNG needs the chunk.
	binary.Write(&b, binary.BigEndian, uint32(0))
	b.WriteString("IDAT")
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE([]byte("IDAT")))
	return b.Bytes()
}

func image(t testing.TB, w, h int) gen.UserMessageContentItem {
	t.Helper()
	// Header only: the counts depend on the size, and Open reads no pixels.
	im, err := pyimg.Open(fakePNG(w, h), pyimg.Limits{MaxPixels: -1})
	if err != nil {
		t.Fatal(err)
	}
	return gen.UserMessageContentItemOfImage(genrt.Image(wire.Image{Image: im}))
}

func mustCount(t *testing.T, msgs []gen.LLMMessage, model string, opts ...Options) int {
	t.Helper()
	n, err := CountMessages(msgs, model, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func tok(t *testing.T, enc, s string) int {
	t.Helper()
	e, err := GetEncoding(enc)
	if err != nil {
		t.Fatal(err)
	}
	n, err := e.Count(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestWorkedExamples checks TOKENS.md §9.
func TestWorkedExamples(t *testing.T) {
	if n := mustCount(t, nil, "gpt-4o"); n != 3 {
		t.Errorf("no messages: %d, want 3", n)
	}
	if n := mustCount(t, []gen.LLMMessage{sys("Hello"), user("user", "Hello"), assistant("Hello")}, "gpt-4o"); n != 20 {
		t.Errorf("hello: %d, want 20", n)
	}
	if n := mustCount(t, []gen.LLMMessage{user("user", "hi")}, "gpt-4o"); n != 10 {
		t.Errorf("hi: %d, want 10", n)
	}
	fc := gen.FunctionCall{ID: "call_1", Arguments: `{"city": "Paris"}`, Name: "get_weather"}
	if n := mustCount(t, []gen.LLMMessage{calls(nil, fc)}, "gpt-4o"); n != 43 {
		t.Errorf("tool call: %d, want 43", n)
	}
	// Multimodal text is counted as json.dumps of the part: 34 vs 11.
	if n := mustCount(t, []gen.LLMMessage{userParts("user", text("你好世界"))}, "gpt-4o", Options{IncludeNameInMessage: ptr(false)}); n != 34-2 {
		t.Errorf("multimodal text without name: %d, want 32", n)
	}
}

func ptr[T any](v T) *T { return &v }

func TestMessageShapes(t *testing.T) {
	const m = "gpt-4o"
	e := "o200k_base"
	// One +3 for a result message however many results it holds.
	rs := results(gen.FunctionExecutionResult{Content: "18C", CallID: "call_1", Name: "w"},
		gen.FunctionExecutionResult{Content: "sunny", CallID: "call_2", Name: "w"})
	want := 3 + (tok(t, e, "18C") + 1 + tok(t, e, "call_1")) + (tok(t, e, "sunny") + 1 + tok(t, e, "call_2")) + 3
	if n := mustCount(t, []gen.LLMMessage{rs}, m); n != want {
		t.Errorf("results: %d, want %d", n, want)
	}
	if n := mustCount(t, []gen.LLMMessage{results()}, m); n != 6 {
		t.Errorf("empty results: %d, want 6", n)
	}
	// Thought counts only next to tool calls; content None is skipped.
	fc := gen.FunctionCall{ID: "c1", Arguments: "{}", Name: "now"}
	base := mustCount(t, []gen.LLMMessage{calls(nil, fc)}, m)
	if n := mustCount(t, []gen.LLMMessage{calls(ptr("let me think"), fc)}, m); n != base+tok(t, e, "let me think") {
		t.Errorf("thought: %d (base %d)", n, base)
	}
	if n := mustCount(t, []gen.LLMMessage{calls(ptr(""), fc)}, m); n != base {
		t.Errorf("empty thought: %d, want %d", n, base)
	}
	withThought := &gen.AssistantMessage{Content: gen.AssistantMessageContentOfText("hi"), Source: "a", Thought: ptr("ignored")}
	if n := mustCount(t, []gen.LLMMessage{withThought}, m); n != mustCount(t, []gen.LLMMessage{assistant("hi")}, m) {
		t.Errorf("thought of a text message counted: %d", n)
	}
	// Name and prefixes.
	plain := mustCount(t, []gen.LLMMessage{user("alice", "hello")}, m)
	if n := mustCount(t, []gen.LLMMessage{user("alice", "hello")}, m, Options{IncludeNameInMessage: ptr(false)}); n != plain-1-tok(t, e, "alice") {
		t.Errorf("without name: %d (with %d)", n, plain)
	}
	pre := mustCount(t, []gen.LLMMessage{user("alice", "hello")}, m, Options{AddNamePrefixes: true})
	if pre != plain-tok(t, e, "hello")+tok(t, e, "alice said:\nhello") {
		t.Errorf("prefix: %d", pre)
	}
	// Multimodal: prefix on the first text part only; URLs become image_url parts.
	mm := mustCount(t, []gen.LLMMessage{userParts("bob", text("a"), text("https://x.io/i.png"), text("b"))}, m, Options{AddNamePrefixes: true})
	want = 3 + 1 + tok(t, e, "bob") + 1 +
		tok(t, e, `{"type": "text", "text": "bob said:\na"}`) +
		tok(t, e, `{"type": "image_url", "image_url": {"url": "https://x.io/i.png"}}`) +
		tok(t, e, `{"type": "text", "text": "b"}`) + 3
	if mm != want {
		t.Errorf("multimodal: %d, want %d", mm, want)
	}
	mm2 := mustCount(t, []gen.LLMMessage{userParts("bob", text("http://x"), text("a"))}, m, Options{AddNamePrefixes: true})
	want = 3 + 1 + tok(t, e, "bob") + 1 + tok(t, e, `{"type": "image_url", "image_url": {"url": "http://x"}}`) +
		tok(t, e, `{"type": "text", "text": "a"}`) + 3
	if mm2 != want {
		t.Errorf("multimodal url first: %d, want %d", mm2, want)
	}
	// Images.
	im := mustCount(t, []gen.LLMMessage{userParts("u", text("look"), image(t, 1920, 1080), image(t, 512, 512))}, m)
	want = 3 + 1 + tok(t, e, "u") + 1 + tok(t, e, `{"type": "text", "text": "look"}`) + 1105 + 255 + 3
	if im != want {
		t.Errorf("images: %d, want %d", im, want)
	}
	if _, err := CountMessages([]gen.LLMMessage{userParts("u", image(t, 5000, 2))}, m); err == nil {
		t.Error("5000x2 image: AutoGen raises ZeroDivisionError")
	}
	if n := mustCount(t, []gen.LLMMessage{userParts("u")}, m); n != 3+1+1+1+3 {
		t.Errorf("empty multimodal: %d", n)
	}
}

func TestFamilies(t *testing.T) {
	const m = "claude-3-5-sonnet-20241022" // cl100k_base
	e := "cl100k_base"
	claude := Options{ModelFamily: "claude-3-5-sonnet"}
	// Claude: whitespace user/assistant text gives no message, but still +3.
	for _, s := range []string{"", " ", "\t\n", "\u3000", "\x1c"} {
		if n := mustCount(t, []gen.LLMMessage{user("u", s), assistant(s)}, m, claude); n != 9 {
			t.Errorf("claude %q: %d, want 9", s, n)
		}
	}
	if n := mustCount(t, []gen.LLMMessage{user("u", "\u200b")}, m, claude); n == 6 {
		t.Error("claude: U+200B is not whitespace for str.isspace")
	}
	if n := mustCount(t, []gen.LLMMessage{sys("")}, m, claude); n != 3+tok(t, e, " ")+1+3 {
		t.Errorf("claude empty system: %d", n)
	}
	fc := gen.FunctionCall{ID: "c1", Arguments: "{}", Name: "now"}
	base := mustCount(t, []gen.LLMMessage{calls(nil, fc)}, m, claude)
	if n := mustCount(t, []gen.LLMMessage{calls(ptr(""), fc)}, m, claude); n != base+tok(t, e, " ") {
		t.Errorf("claude empty thought: %d (base %d)", n, base)
	}
	// Without a family the model's own family is used (AutoGen's model info).
	if a, b := mustCount(t, []gen.LLMMessage{user("u", " ")}, "claude-3-5-sonnet"), 6; a != b {
		t.Errorf("claude alias without family: %d, want %d", a, b)
	}
	// "unknown" picks the longest family prefix of the model name; none here.
	if n := mustCount(t, []gen.LLMMessage{user("u", " ")}, "claude-sonnet-4-20250514", Options{ModelFamily: "unknown"}); n == 6 {
		t.Error("claude-sonnet-4 with unknown family must use the BASE map")
	}
	// Gemini: empty content becomes " " and replaces the name prefix.
	g := Options{ModelFamily: "gemini-1.5-flash", AddNamePrefixes: true}
	n := mustCount(t, []gen.LLMMessage{user("u", "")}, "gemini-1.5-flash", g)
	if want := 3 + 1 + 1 + 1 + tok(t, e, " ") + 3; n != want {
		t.Errorf("gemini empty user: %d, want %d", n, want)
	}
	n = mustCount(t, []gen.LLMMessage{user("u", "hi")}, "gemini-1.5-flash", g)
	if want := 3 + 1 + 1 + 1 + tok(t, e, "hi") + 3; n != want {
		t.Errorf("gemini user (prefix dropped): %d, want %d", n, want)
	}
	// Mistral: no name on user messages.
	n = mustCount(t, []gen.LLMMessage{user("someone", "hi")}, "mistral-large-latest", Options{ModelFamily: "mistral"})
	if want := 3 + 1 + tok(t, e, "hi") + 3; n != want {
		t.Errorf("mistral: %d, want %d", n, want)
	}
}

func TestNames(t *testing.T) {
	ok := []string{"a", "bob\n", "A-b_9", strings.Repeat("x", 64), strings.Repeat("x", 63) + "\n"}
	bad := []string{"", "\n", "bob\n\n", "my name", "José", strings.Repeat("y", 65), strings.Repeat("x", 64) + "\n", "a.b", "\nbob"}
	for _, s := range ok {
		if _, err := CountMessages([]gen.LLMMessage{user(s, "x")}, "gpt-4o"); err != nil {
			t.Errorf("source %q refused: %v", s, err)
		}
	}
	for _, s := range bad {
		_, err := CountMessages([]gen.LLMMessage{user(s, "x")}, "gpt-4o")
		var e *Error
		if !errors.As(err, &e) || e.Exception != "ValueError" || !strings.HasPrefix(e.Message, "Invalid name: ") {
			t.Errorf("source %q: %v", s, err)
		}
		// Assistant sources are validated too, though never sent.
		a := &gen.AssistantMessage{Content: gen.AssistantMessageContentOfText("x"), Source: s}
		if _, err := CountMessages([]gen.LLMMessage{a}, "gpt-4o"); err == nil {
			t.Errorf("assistant source %q accepted", s)
		}
	}
	// "bob\n" is valid and its name costs the newline.
	if a, b := mustCount(t, []gen.LLMMessage{user("bob\n", "x")}, "gpt-4o"), mustCount(t, []gen.LLMMessage{user("bob", "x")}, "gpt-4o"); a != b+tok(t, "o200k_base", "bob\n")-tok(t, "o200k_base", "bob") {
		t.Errorf("bob\\n: %d vs %d", a, b)
	}
}

func TestErrorsAndTools(t *testing.T) {
	// Special tokens depend on the encoding.
	if _, err := CountMessages([]gen.LLMMessage{user("u", "<|fim_prefix|>")}, "gpt-4o"); err != nil {
		t.Errorf("o200k_base has no <|fim_prefix|>: %v", err)
	}
	_, err := CountMessages([]gen.LLMMessage{user("u", "<|fim_prefix|>")}, "gpt-4")
	if !IsDisallowedSpecial(err) {
		t.Errorf("gpt-4: %v", err)
	}
	if _, err := CountMessages([]gen.LLMMessage{user("u", "<|start|>")}, "gpt-oss-20b"); !IsDisallowedSpecial(err) {
		t.Errorf("harmony <|start|>: %v", err)
	}
	if _, err := CountMessages([]gen.LLMMessage{nil}, "gpt-4o"); err == nil {
		t.Error("nil message accepted")
	}
	if _, err := CountMessages([]gen.LLMMessage{(*gen.SystemMessage)(nil)}, "gpt-4o"); err == nil {
		t.Error("nil *SystemMessage accepted")
	}
	// Typed tools and raw tools count the same.
	desc := "Get the current weather for a city."
	tool := gen.ToolSchema{
		Name:        "get_weather",
		Description: &desc,
		Parameters: &gen.ParametersSchema{
			Type:       "object",
			Properties: gen.RawJSON(`{"city":{"description":"The city name","title":"City","type":"string"},"unit":{"default":"celsius","description":"unit","enum":["celsius","fahrenheit"],"title":"Unit","type":"string"}}`),
			Required:   []string{"city"},
		},
	}
	raw, _ := json.Marshal(tool)
	a := mustCount(t, nil, "gpt-4o", Options{Tools: []gen.ToolSchema{tool}})
	b := mustCount(t, nil, "gpt-4o", Options{RawTools: []json.RawMessage{raw}})
	if a != 69 || b != 69 {
		t.Errorf("get_weather: typed %d, raw %d; want 69", a, b)
	}
	if _, err := CountMessages(nil, "gpt-4o", Options{Tools: []gen.ToolSchema{{Name: "bad name"}}}); err == nil {
		t.Error("invalid tool name accepted")
	}
	// Remaining tokens.
	if r, err := RemainingTokens([]gen.LLMMessage{user("u", "hi")}, "gpt-4o"); err != nil || r != 128000-10 {
		t.Errorf("RemainingTokens = %d, %v", r, err)
	}
	for _, model := range []string{"my-model", "gpt-4o-search-preview-2025-03-11"} {
		_, err := RemainingTokens(nil, model)
		var e *Error
		if !errors.Is(err, ErrNoTokenLimit) || !errors.As(err, &e) || e.Exception != "KeyError" {
			t.Errorf("RemainingTokens(%s): %v", model, err)
		}
	}
}

// FuzzCountMessages feeds arbitrary text through every message shape and
// family: no panic, and any error is an *Error.
func FuzzCountMessages(f *testing.F) {
	f.Add("hello", "user", "claude-3-5-sonnet", true)
	f.Add(" \u3000", "bob\n", "gemini-1.5-flash", false)
	f.Add("<|endoftext|>", "x", "mistral", true)
	f.Fuzz(func(t *testing.T, s, source, family string, prefix bool) {
		msgs := []gen.LLMMessage{
			sys(s), user(source, s), userParts(source, text(s), text("https://"+s)), assistant(s),
			&gen.AssistantMessage{Content: gen.AssistantMessageContentOfFunctionCalls([]gen.FunctionCall{{ID: s, Arguments: s, Name: s}}), Source: "a", Thought: &s},
			results(gen.FunctionExecutionResult{Content: s, CallID: s}),
		}
		for _, model := range []string{"gpt-4o", "gpt-4", s} {
			_, err := CountMessages(msgs, model, Options{ModelFamily: family, AddNamePrefixes: prefix})
			var e *Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("error of type %T: %v", err, err)
			}
		}
	})
}
