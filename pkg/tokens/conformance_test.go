package tokens

import (
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// tokenCase is one case of testdata/conformance/tokens/cases.json.
type tokenCase struct {
	ID                   string            `json:"id"`
	Model                string            `json:"model"`
	ModelFamily          string            `json:"model_family"`
	Messages             json.RawMessage   `json:"messages"`
	Tools                []json.RawMessage `json:"tools"`
	AddNamePrefixes      bool              `json:"add_name_prefixes"`
	IncludeNameInMessage *bool             `json:"include_name_in_message"`
	Encoding             string            `json:"encoding"`
	Count                int               `json:"count"`
	Remaining            *int              `json:"remaining"`
	Text                 *string           `json:"text"`
	Tokens               []int             `json:"tokens"`
	Error                string            `json:"error"`
	ErrorMessage         string            `json:"error_message"`
}

func loadCases(t testing.TB) []tokenCase {
	t.Helper()
	data, err := os.ReadFile("../../testdata/conformance/tokens/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []tokenCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 200 {
		t.Fatalf("only %d cases", len(cases))
	}
	return cases
}

func decodeMessages(t testing.TB, raw json.RawMessage) []gen.LLMMessage {
	t.Helper()
	var st gen.ChatCompletionContextState
	doc := append(append([]byte(`{"messages":`), raw...), '}')
	if err := json.Unmarshal(doc, &st); err != nil {
		t.Fatalf("decoding messages: %v", err)
	}
	return st.Messages
}

// TestConformance runs every case of cases.json (AutoGen 0.7.5 with
// tiktoken 0.14): chat counts and remaining tokens exactly, encode ids
// exactly, and the error cases refused with the same Python exception.
func TestConformance(t *testing.T) {
	var chat, enc, errs int
	for _, c := range loadCases(t) {
		t.Run(c.ID, func(t *testing.T) {
			if c.Messages == nil {
				enc++
				testEncodeCase(t, c)
				return
			}
			chat++
			msgs := decodeMessages(t, c.Messages)
			if got := EncodingForModel(c.Model); got != c.Encoding {
				t.Errorf("EncodingForModel(%q) = %s, want %s", c.Model, got, c.Encoding)
			}
			opts := Options{
				RawTools:             c.Tools,
				ModelFamily:          c.ModelFamily,
				AddNamePrefixes:      c.AddNamePrefixes,
				IncludeNameInMessage: c.IncludeNameInMessage,
			}
			n, err := CountMessages(msgs, c.Model, opts)
			if c.Error != "" {
				errs++
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("want %s, got %d, %v", c.Error, n, err)
				}
				if string(e.Exception) != c.Error {
					t.Fatalf("exception %s, want %s (%v)", e.Exception, c.Error, err)
				}
				if e.Error() != c.ErrorMessage {
					t.Errorf("message %q\n    want %q", e.Error(), c.ErrorMessage)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n != c.Count {
				t.Fatalf("count %d, want %d", n, c.Count)
			}
			rem, err := RemainingTokens(msgs, c.Model, opts)
			switch {
			case c.Remaining == nil:
				if !errors.Is(err, ErrNoTokenLimit) {
					t.Fatalf("RemainingTokens = %d, %v; want ErrNoTokenLimit", rem, err)
				}
			case err != nil:
				t.Fatal(err)
			case rem != *c.Remaining:
				t.Fatalf("remaining %d, want %d", rem, *c.Remaining)
			}
		})
	}
	t.Logf("%d chat cases (%d errors), %d encode cases", chat, errs, enc)
}

func testEncodeCase(t *testing.T, c tokenCase) {
	e, err := GetEncoding(c.Encoding)
	if err != nil {
		t.Fatal(err)
	}
	got, err := e.Encode(*c.Text)
	if c.Error != "" {
		if !IsDisallowedSpecial(err) {
			t.Fatalf("want %s, got %v", c.Error, err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c.Tokens) {
		t.Fatalf("tokens\n got %v\nwant %v", got, c.Tokens)
	}
	if s, err := e.DecodeString(got); err != nil || s != *c.Text {
		t.Fatalf("decode %q, %v", s, err)
	}
}
