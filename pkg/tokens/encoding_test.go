package tokens

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

func TestGetEncoding(t *testing.T) {
	names := EncodingNames()
	if len(names) != 7 {
		t.Fatalf("EncodingNames() = %v", names)
	}
	for _, n := range names {
		a, err := GetEncoding(n)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := GetEncoding(n)
		if a != b || a.Name() != n {
			t.Errorf("%s: not cached or wrong name %q", n, a.Name())
		}
		ids := a.EncodeOrdinary("Hello, 世界! <|endoftext|>")
		if s, err := a.DecodeString(ids); err != nil || s != "Hello, 世界! <|endoftext|>" {
			t.Errorf("%s: round trip %q, %v", n, s, err)
		}
		if got := a.EncodeWithSpecial("<|endoftext|>"); len(got) != 1 || got[0] != a.SpecialTokens()["<|endoftext|>"] {
			t.Errorf("%s: EncodeWithSpecial = %v", n, got)
		}
		if c := a.CountOrdinary("Hello, 世界!"); c != len(a.EncodeOrdinary("Hello, 世界!")) {
			t.Errorf("%s: CountOrdinary", n)
		}
	}
	if _, err := GetEncoding("nope"); !errors.Is(err, ErrUnknownEncoding) {
		t.Errorf("unknown encoding: %v", err)
	}
	e, _ := EncodingOfModel("gpt-4o")
	if e.Name() != "o200k_base" || strings.Join(e.Split("Hello world"), "|") != "Hello| world" {
		t.Errorf("EncodingOfModel: %s", e.Name())
	}
}

// TestConcurrent counts from many goroutines at once (run with -race).
func TestConcurrent(t *testing.T) {
	msgs := []gen.LLMMessage{sys("You are helpful."), user("u", "Count me, please: 1 2 3 😀")}
	want := mustCount(t, msgs, "gpt-4o")
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				if n, err := CountMessages(msgs, "gpt-4o"); err != nil || n != want {
					t.Errorf("got %d, %v", n, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkCountMessages counts a 40-message conversation with a tool.
func BenchmarkCountMessages(b *testing.B) {
	var msgs []gen.LLMMessage
	msgs = append(msgs, sys("You are a helpful assistant that answers questions about the weather."))
	for i := 0; i < 20; i++ {
		msgs = append(msgs, user("alice", "What is the weather like in Paris today, and should I take an umbrella?"),
			assistant("It is 18°C and sunny in Paris; no umbrella needed. Anything else I can help with?"))
	}
	opts := Options{Tools: []gen.ToolSchema{{Name: "get_weather"}}}
	if _, err := CountMessages(msgs, "gpt-4o", opts); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CountMessages(msgs, "gpt-4o", opts); err != nil {
			b.Fatal(err)
		}
	}
}
