package bpe

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"
)

type encodeCase struct {
	ID       string `json:"id"`
	Encoding string `json:"encoding"`
	Text     string `json:"text"`
	Tokens   []int  `json:"tokens"`
	Error    string `json:"error"`
	Messages json.RawMessage
}

func loadEncodeCases(t testing.TB) []encodeCase {
	t.Helper()
	data, err := os.ReadFile("../../testdata/conformance/tokens/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var all []encodeCase
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	var out []encodeCase
	for _, c := range all {
		if c.Messages == nil {
			out = append(out, c)
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d encode cases", len(out))
	}
	return out
}

func mustGet(t testing.TB, name string) *Encoding {
	t.Helper()
	e, err := Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestConformanceEncode checks every plain encode case of cases.json
// (computed with Python tiktoken 0.14).
func TestConformanceEncode(t *testing.T) {
	for _, c := range loadEncodeCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			e := mustGet(t, c.Encoding)
			got, err := e.Encode(c.Text)
			if c.Error != "" {
				var dse *DisallowedSpecialError
				if !errors.As(err, &dse) {
					t.Fatalf("want %s, got %v (%v)", c.Error, err, got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.Tokens) {
				t.Fatalf("tokens differ\n got %v\nwant %v\nsplit %q", got, c.Tokens, e.Split(c.Text))
			}
			n, err := e.Count(c.Text)
			if err != nil || n != len(c.Tokens) {
				t.Fatalf("Count = %d, %v; want %d", n, err, len(c.Tokens))
			}
			dec, err := e.Decode(got)
			if err != nil || string(dec) != c.Text {
				t.Fatalf("Decode = %q, %v", dec, err)
			}
		})
	}
}

func TestKnownTokens(t *testing.T) {
	for _, tc := range []struct {
		enc, text string
		want      []int
	}{
		{"cl100k_base", "hello world", []int{15339, 1917}},
		{"o200k_base", "hello world", []int{24912, 2375}},
		{"r50k_base", "hello world", []int{31373, 995}},
		{"gpt2", "hello world", []int{31373, 995}},
		{"p50k_base", "hello world", []int{31373, 995}},
		{"o200k_harmony", "hello world", []int{24912, 2375}},
	} {
		got, err := mustGet(t, tc.enc).Encode(tc.text)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s %q = %v, %v; want %v", tc.enc, tc.text, got, err, tc.want)
		}
	}
}

func TestSpecialTokens(t *testing.T) {
	cases := []struct {
		enc, text, tok string
	}{
		{"cl100k_base", "a <|endoftext|> b", "<|endoftext|>"},
		{"cl100k_base", "<|fim_prefix|>x", "<|fim_prefix|>"},
		{"cl100k_base", "<|<|endofprompt|>", "<|endofprompt|>"},
		{"o200k_base", "x<|endofprompt|>", "<|endofprompt|>"},
		{"o200k_base", "<|fim_prefix|>", ""},
		{"o200k_base", "<|start|>", ""},
		{"o200k_harmony", "<|start|>assistant", "<|start|>"},
		{"o200k_harmony", "<|reserved_201087|>", "<|reserved_201087|>"},
		{"o200k_harmony", "<|reserved_201088|>", ""},
		{"p50k_base", "<|fim_prefix|>", ""},
		{"p50k_edit", "<|fim_prefix|>", "<|fim_prefix|>"},
		{"r50k_base", "<|endoftext|>", "<|endoftext|>"},
		{"cl100k_base", "<|endoftext", ""},
		{"cl100k_base", "<|im_start|>", ""},
	}
	for _, c := range cases {
		e := mustGet(t, c.enc)
		_, err := e.Encode(c.text)
		var dse *DisallowedSpecialError
		if c.tok == "" {
			if err != nil {
				t.Errorf("%s %q: unexpected %v", c.enc, c.text, err)
			}
			continue
		}
		if !errors.As(err, &dse) || dse.Token != c.tok {
			t.Errorf("%s %q: got %v, want special %s", c.enc, c.text, err, c.tok)
			continue
		}
		want := "Encountered text corresponding to disallowed special token '" + c.tok + "'."
		if err.Error() != want {
			t.Errorf("message %q", err.Error())
		}
		if _, err := e.Count(c.text); !errors.As(err, &dse) {
			t.Errorf("Count did not refuse %q", c.text)
		}
		// Ordinary encoding treats it as text and round-trips.
		dec, err := e.Decode(e.EncodeOrdinary(c.text))
		if err != nil || string(dec) != c.text {
			t.Errorf("ordinary round trip %q: %q %v", c.text, dec, err)
		}
	}
	e := mustGet(t, "cl100k_base")
	got := e.EncodeWithSpecial("a<|endoftext|>b<|fim_suffix|>")
	want := append(append(e.EncodeOrdinary("a"), 100257), append(e.EncodeOrdinary("b"), 100260)...)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("EncodeWithSpecial = %v, want %v", got, want)
	}
	h := mustGet(t, "o200k_harmony")
	if d, _ := h.Decode([]int{200018, 200006}); string(d) != "<|endofprompt|><|start|>" {
		t.Errorf("harmony decode %q", d)
	}
	if _, err := h.Decode([]int{199997, 201088}); err == nil {
		t.Error("decode of an unknown id succeeded")
	}
	if _, err := h.Decode([]int{-1}); err == nil {
		t.Error("decode of -1 succeeded")
	}
	if len(h.SpecialTokens()) != 1091 {
		t.Errorf("harmony has %d special tokens, want 1091", len(h.SpecialTokens()))
	}
}

func TestUnknownEncoding(t *testing.T) {
	if _, err := Get("o300k"); !errors.Is(err, ErrUnknownEncoding) {
		t.Fatalf("got %v", err)
	}
	if n := Names(); len(n) != 7 || n[0] != "cl100k_base" {
		t.Fatalf("Names() = %v", n)
	}
}

// TestRustGolden compares with ids produced by the Rust tiktoken core (npm
// tiktoken 1.0.22, encode_ordinary) on random mixed strings: letters of every
// class, marks, numbers, Unicode whitespace, emoji, contractions, special
// token text and random code points. testdata/README.md says how they were made.
func TestRustGolden(t *testing.T) {
	data, err := os.ReadFile("testdata/rust_tiktoken_golden.json")
	if err != nil {
		t.Fatal(err)
	}
	var recs []map[string]json.RawMessage
	if err := json.Unmarshal(data, &recs); err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, rec := range recs {
		var text string
		if err := json.Unmarshal(rec["text"], &text); err != nil {
			t.Fatal(err)
		}
		for name, raw := range rec {
			if name == "text" {
				continue
			}
			var want []int
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			e := mustGet(t, name)
			got := e.EncodeOrdinary(text)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("#%d %s %q\n got %v\nwant %v\nsplit %q", i, name, text, got, want, e.Split(text))
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d comparisons", n)
	}
}
