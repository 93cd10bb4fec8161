package contents

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

// details builds UsageDetails from JSON, for readable tables.
func details(t *testing.T, s string) gen.UsageDetails {
	t.Helper()
	var u gen.UsageDetails
	if err := json.Unmarshal([]byte(s), &u); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return u
}

// TestUsageAdd checks the note's canonical addition on hand-computed sums.
func TestUsageAdd(t *testing.T) {
	tests := []struct{ name, a, b, want string }{
		{"absent + absent", `{}`, `{}`, `{}`},
		{"present + absent", `{"input_token_count":5}`, `{}`, `{"input_token_count":5}`},
		{"absent + present", `{}`, `{"output_token_count":7}`, `{"output_token_count":7}`},
		{"present + present", `{"input_token_count":5,"output_token_count":1,"total_token_count":6}`, `{"input_token_count":2,"output_token_count":3,"total_token_count":5}`,
			`{"input_token_count":7,"output_token_count":4,"total_token_count":11}`},
		{"zero is present", `{"input_token_count":0}`, `{}`, `{"input_token_count":0}`},
		{"mixed", `{"input_token_count":5}`, `{"output_token_count":3,"total_token_count":3}`, `{"input_token_count":5,"output_token_count":3,"total_token_count":3}`},
		{"negative", `{"total_token_count":-2}`, `{"total_token_count":5}`, `{"total_token_count":3}`},
		{"additional key by key", `{"additional_counts":{"thought_token_count":2,"openai.a":1}}`, `{"additional_counts":{"thought_token_count":3,"azure.b":4}}`,
			`{"additional_counts":{"azure.b":4,"openai.a":1,"thought_token_count":5}}`},
		{"additional absent + present", `{}`, `{"additional_counts":{"image_token_count":9}}`, `{"additional_counts":{"image_token_count":9}}`},
		{"additional empty + absent", `{"additional_counts":{}}`, `{}`, `{"additional_counts":{}}`},
		{"beyond int64", `{"input_token_count":9223372036854775807}`, `{"input_token_count":1}`, `{"input_token_count":9223372036854775808}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := details(t, tt.a), details(t, tt.b)
			before, _ := json.Marshal(a)
			for _, sum := range []gen.UsageDetails{a.Add(b), b.Add(a)} {
				out, err := json.Marshal(sum)
				if err != nil {
					t.Fatal(err)
				}
				if string(out) != tt.want {
					t.Errorf("got %s, want %s", out, tt.want)
				}
			}
			// The operands are unchanged.
			if out, _ := json.Marshal(a); string(out) != string(before) {
				t.Errorf("Add changed its receiver to %s", out)
			}
		})
	}
}

// TestUsageAddLaws checks that Add is associative and commutative with the
// empty UsageDetails as its identity, over a grid of operands.
func TestUsageAddLaws(t *testing.T) {
	vals := []gen.UsageDetails{
		{},
		{InputTokenCount: Count(1)},
		{InputTokenCount: Count(2), OutputTokenCount: Count(3), TotalTokenCount: Count(5)},
		{OutputTokenCount: Count(math.MaxInt64), AdditionalCounts: gen.AdditionalCounts{ThoughtTokenCount: gen.IntOf(4)}},
		{AdditionalCounts: gen.AdditionalCounts{"openai.x": gen.IntOf(-1), ImageTokenCount: gen.IntOf(7)}},
	}
	js := func(u gen.UsageDetails) string {
		b, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, a := range vals {
		if js(a.Add(gen.UsageDetails{})) != js(a) {
			t.Errorf("%s + {} = %s", js(a), js(a.Add(gen.UsageDetails{})))
		}
		for _, b := range vals {
			if js(a.Add(b)) != js(b.Add(a)) {
				t.Errorf("not commutative: %s, %s", js(a), js(b))
			}
			for _, c := range vals {
				if js(a.Add(b).Add(c)) != js(a.Add(b.Add(c))) {
					t.Errorf("not associative: %s, %s, %s", js(a), js(b), js(c))
				}
			}
		}
	}
	// The sum does not alias its operands.
	a := gen.UsageDetails{InputTokenCount: Count(1), AdditionalCounts: gen.AdditionalCounts{"openai.x": gen.IntOf(1)}}
	s := a.Add(gen.UsageDetails{})
	*s.InputTokenCount = gen.IntOf(100)
	s.AdditionalCounts["openai.x"] = gen.IntOf(100)
	if js(a) != `{"input_token_count":1,"additional_counts":{"openai.x":1}}` {
		t.Errorf("the sum aliases its operand: %s", js(a))
	}
}

func TestAdditionalCountsKeys(t *testing.T) {
	tests := []struct {
		key string
		ok  bool
	}{
		{ThoughtTokenCount, true},
		{ImageTokenCount, true},
		{"openai.reasoning_tokens", true},
		{"azure.x", true},
		{"OutputTokenDetails.ReasoningTokenCount", true},
		{"google.vertex.cached", true},
		{"my-service_2.x", true},
		{"reasoning_tokens", false},
		{"openai.", false},
		{".x", false},
		{"", false},
		{"open ai.x", false},
		{"thought_token_count.", false},
		{"Thought_token_count", false},
	}
	for _, tt := range tests {
		if got := ValidCountKey(tt.key); got != tt.ok {
			t.Errorf("ValidCountKey(%q) = %v, want %v", tt.key, got, tt.ok)
		}
		m := gen.AdditionalCounts{tt.key: gen.IntOf(1)}
		err := m.Validate()
		if (err == nil) != tt.ok {
			t.Errorf("Validate(%q) = %v", tt.key, err)
		}
		_, merr := json.Marshal(gen.UsageDetails{AdditionalCounts: m})
		if (merr == nil) != tt.ok {
			t.Errorf("Marshal with key %q: %v", tt.key, merr)
		}
		if !tt.ok {
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Key != tt.key || ke.Type != "AdditionalCounts" {
				t.Errorf("Validate(%q) = %#v", tt.key, err)
			}
			if !errors.As(merr, &ke) {
				t.Errorf("Marshal error %v is not a *KeyError", merr)
			}
			want := "Key '" + tt.key + "' is neither a well-known count (thought_token_count, image_token_count) nor prefixed with a service name and a dot (such as 'openai." + tt.key + "')"
			if err.Error() != want {
				t.Errorf("message %q", err.Error())
			}
		}
	}
}

func TestCount(t *testing.T) {
	if c := Count(42); c.String() != "42" {
		t.Errorf("Count(42) = %v", c)
	}
	u := gen.UsageDetails{InputTokenCount: Count(1)}
	if !reflect.DeepEqual(u.Add(u).InputTokenCount, Count(2)) {
		t.Error("1 + 1 != 2")
	}
	if !strings.Contains(gen.AdditionalCounts{"x": gen.IntOf(1)}.Validate().Error(), "'x'") {
		t.Error("message does not name the key")
	}
}
