package bpe

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// mixedText builds n bytes of deterministic mixed text: English prose, Go and
// Python code, JSON, CJK, Cyrillic, Arabic and emoji.
func mixedText(n int) string {
	chunks := []string{
		"The quick brown fox jumps over the lazy dog. ",
		"AutoGen agents exchange messages and call tools; each reply is counted in tokens. ",
		"It's what they'd've wanted, isn't it? ",
		"func (e *Encoding) Encode(text string) ([]int, error) {\n\treturn e.enc(text)\n}\n",
		"def count(messages: list[dict]) -> int:\n    return sum(len(m['content']) for m in messages)\n",
		`{"role": "user", "content": "What's the weather in Paris?", "name": "alice_01"}` + "\n",
		"人工智能是计算机科学的一个分支，它企图了解智能的实质。",
		"こんにちは世界、今日はいい天気ですね。",
		"Привет, мир! Как дела? ",
		"مرحبا بالعالم ",
		"😀😂👍🏽🇺🇸 ",
		"    indented line with 1234567 numbers and 3.14159\n",
		"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n",
	}
	rng := rand.New(rand.NewPCG(42, 42))
	var b strings.Builder
	b.Grow(n + 128)
	for b.Len() < n {
		b.WriteString(chunks[rng.IntN(len(chunks))])
	}
	s := b.String()[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}

func benchmarkEncode(b *testing.B, name string, text string) {
	e := mustGet(b, name)
	var tokens int
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ids, err := e.Encode(text)
		if err != nil {
			b.Fatal(err)
		}
		tokens += len(ids)
	}
	b.ReportMetric(float64(tokens)/b.Elapsed().Seconds(), "tokens/s")
}

// BenchmarkBPEEncodeText1MB encodes 1 MB of mixed text with o200k_base.
func BenchmarkBPEEncodeText1MB(b *testing.B) {
	benchmarkEncode(b, "o200k_base", mixedText(1<<20))
}

// BenchmarkEncodeText1MBCL100K encodes the same text with cl100k_base.
func BenchmarkEncodeText1MBCL100K(b *testing.B) {
	benchmarkEncode(b, "cl100k_base", mixedText(1<<20))
}

// BenchmarkCountText1MB counts the tokens of 1 MB of mixed text (o200k_base).
func BenchmarkCountText1MB(b *testing.B) {
	e := mustGet(b, "o200k_base")
	text := mixedText(1 << 20)
	var tokens int
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		n, err := e.Count(text)
		if err != nil {
			b.Fatal(err)
		}
		tokens += n
	}
	b.ReportMetric(float64(tokens)/b.Elapsed().Seconds(), "tokens/s")
}

// BenchmarkEncode100kSpaces encodes one 100,000-space piece (heap merge).
func BenchmarkEncode100kSpaces(b *testing.B) {
	benchmarkEncode(b, "o200k_base", strings.Repeat(" ", 100000))
}

// BenchmarkEncode100kLetters encodes 100,000 "a" (one piece with few merges
// of long tokens).
func BenchmarkEncode100kLetters(b *testing.B) {
	benchmarkEncode(b, "cl100k_base", strings.Repeat("a", 100000))
}

// BenchmarkLoadO200K measures parsing the embedded o200k_base ranks.
func BenchmarkLoadO200K(b *testing.B) {
	for b.Loop() {
		if _, err := parseTable(fileO200K); err != nil {
			b.Fatal(err)
		}
	}
}
