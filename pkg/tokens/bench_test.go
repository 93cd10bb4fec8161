package tokens_test

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/tokens"
)

// BenchmarkCountTokensState1k counts the whole of testdata/bench/state_1k.json
// (1,000 LLM messages written by AutoGen 0.7.5: text in many scripts,
// thoughts, function calls and results, PNG images) for gpt-4o, as AutoGen's
// OpenAI client's count_tokens does. It reports the messages and tokens
// counted per second.
func BenchmarkCountTokensState1k(b *testing.B) {
	data, err := os.ReadFile("../../testdata/bench/state_1k.json")
	if err != nil {
		b.Fatal(err)
	}
	var st gen.ChatCompletionContextState
	if err := json.Unmarshal(data, &st); err != nil {
		b.Fatal(err)
	}
	if len(st.Messages) != 1000 {
		b.Fatalf("%d messages", len(st.Messages))
	}
	n, err := tokens.CountMessages(st.Messages, "gpt-4o")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tokens.CountMessages(st.Messages, "gpt-4o"); err != nil {
			b.Fatal(err)
		}
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*len(st.Messages))/secs, "messages/s")
	b.ReportMetric(float64(b.N*n)/secs, "tokens/s")
}

// mixedText returns n bytes (cut back to whole UTF-8 characters) of
// deterministic mixed text: English prose, Go, Python and JSON, CJK,
// Cyrillic, Arabic and emoji.
func mixedText(n int) string {
	chunks := []string{
		"The quick brown fox jumps over the lazy dog. ",
		"Agents exchange messages, call tools and count every reply in tokens; it's what they'd've wanted. ",
		"func (c *Client) Create(ctx context.Context, msgs []LLMMessage) (CreateResult, error) {\n\treturn c.next(msgs)\n}\n",
		"def count(messages: list[dict]) -> int:\n    return sum(len(m[\"content\"].split()) for m in messages)\n",
		`{"type": "UserMessage", "content": "What's the weather in Paris?", "source": "alice_01"}` + "\n",
		"人工智能是计算机科学的一个分支，它企图了解智能的实质。",
		"こんにちは世界、今日はいい天気ですね。",
		"안녕하세요 세계 ",
		"Привет, мир! Как дела? ",
		"مرحبا بالعالم ",
		"😀😂👍🏽🇫🇷👩‍💻 ",
		"    total += 1234567 * 3.14159  # numbers\n",
	}
	rng := rand.New(rand.NewPCG(4, 2))
	var sb strings.Builder
	sb.Grow(n + 256)
	for sb.Len() < n {
		sb.WriteString(chunks[rng.IntN(len(chunks))])
	}
	s := sb.String()[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

// BenchmarkEncodeText1MB encodes 1 MB of mixed text (English, code, CJK,
// emoji, ...) to o200k_base ids and reports tokens per second.
func BenchmarkEncodeText1MB(b *testing.B) {
	enc, err := tokens.GetEncoding("o200k_base")
	if err != nil {
		b.Fatal(err)
	}
	text := mixedText(1 << 20)
	ids, err := enc.Encode(text)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := enc.Encode(text); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(ids))/b.Elapsed().Seconds(), "tokens/s")
}

// TestMixedTextRoundTrip checks that the benchmark's text encodes without
// error and decodes back to itself.
func TestMixedTextRoundTrip(t *testing.T) {
	enc, err := tokens.GetEncoding("o200k_base")
	if err != nil {
		t.Fatal(err)
	}
	text := mixedText(64 << 10)
	ids, err := enc.Encode(text)
	if err != nil {
		t.Fatal(err)
	}
	back, err := enc.DecodeString(ids)
	if err != nil || back != text {
		t.Fatalf("round trip failed: %v", err)
	}
}
