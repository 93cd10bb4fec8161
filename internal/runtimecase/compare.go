package runtimecase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Outcome is what one execution of a run produced.
type Outcome struct {
	// ExitCode is the command's exit status.
	ExitCode int
	// Stdout and Stderr are the command's outputs.
	Stdout, Stderr []byte
	// State is the content of the --save-state file, nil when none was
	// written.
	State []byte
	// ModelRequests and ToolRequests are what the endpoints recorded.
	ModelRequests []ModelRequest
	ToolRequests  []ToolRequest
}

// maxShown bounds the compact JSON of one side shown in a mismatch.
const maxShown = 6000

// Compare checks got against want by the README's comparison rules and
// returns one message per mismatch (nil when the run passes):
//
//  1. the exit code;
//  2. stdout, one JSON value per line, endpoints reversed to placeholders
//     (p.Reverse) and normalized: the count, then each item as a JSON value;
//  3. the model requests, in order (method, path, body as values);
//  4. the tool requests as a multiset;
//  5. when want.ExitCode is 0, the saved state, reversed and normalized.
//
// Values are compared with Equal: key order is ignored, numbers compare by
// value. A message names the item and the first differing JSON path, and
// shows both sides as compact JSON.
func Compare(want *Expect, got *Outcome, p Placeholders) []string {
	var msgs []string
	if got.ExitCode != want.ExitCode {
		msgs = append(msgs, fmt.Sprintf("exit code: want %d, got %d", want.ExitCode, got.ExitCode))
	}
	msgs = append(msgs, compareStdout(want.Stdout, got.Stdout, p)...)
	msgs = append(msgs, compareModelRequests(want.ModelRequests, got.ModelRequests, p)...)
	msgs = append(msgs, compareToolRequests(want.ToolRequests, got.ToolRequests, p)...)
	if want.ExitCode == 0 {
		msgs = append(msgs, compareState(want.State, got.State, p)...)
	}
	return msgs
}

func compareStdout(want []any, stdout []byte, p Placeholders) []string {
	lines, err := ParseLines(stdout)
	if err != nil {
		return []string{"stdout: " + err.Error()}
	}
	got := Normalize(p.Reverse(lines).([]any))
	var msgs []string
	if len(got) != len(want) {
		msgs = append(msgs, fmt.Sprintf("stdout: want %d items, got %d\n  want types: %s\n  got types:  %s",
			len(want), len(got), typeList(want), typeList(got)))
	}
	if m := compareItems("stdout", want, got); m != "" {
		msgs = append(msgs, m)
	}
	return msgs
}

// compareItems reports the first of the common items of want and got that
// differ, with how many differ; "" when none do.
func compareItems(what string, want, got []any) string {
	first, count := -1, 0
	var d *Difference
	for i := range min(len(want), len(got)) {
		if dd := FirstDifference(want[i], got[i]); dd != nil {
			if first < 0 {
				first, d = i, dd
			}
			count++
		}
	}
	if first < 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s[%d]", what, first)
	if t := typeOf(want[first]); t != "" {
		fmt.Fprintf(&b, " (%s)", t)
	}
	fmt.Fprintf(&b, " differs %s", d)
	if count > 1 {
		fmt.Fprintf(&b, " (%d of the %d common items differ; the first is shown)", count, min(len(want), len(got)))
	}
	fmt.Fprintf(&b, "\n  want: %s\n  got:  %s", Compact(want[first]), Compact(got[first]))
	return b.String()
}

func compareModelRequests(want, got []ModelRequest, p Placeholders) []string {
	w := make([]any, len(want))
	for i, r := range want {
		w[i] = r.value()
	}
	g := make([]any, len(got))
	for i, r := range got {
		g[i] = p.Reverse(r.value())
	}
	var msgs []string
	if len(w) != len(g) {
		msgs = append(msgs, fmt.Sprintf("model_requests: want %d, got %d", len(w), len(g)))
	}
	if m := compareItems("model_requests", w, g); m != "" {
		msgs = append(msgs, m)
	}
	return msgs
}

func compareToolRequests(want, got []ToolRequest, p Placeholders) []string {
	var missing, extra []any
	used := make([]bool, len(got))
	g := make([]any, len(got))
	for i, r := range got {
		g[i] = p.Reverse(r.value())
	}
	for _, r := range want {
		w := r.value()
		found := false
		for i := range g {
			if !used[i] && Equal(w, g[i]) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			missing = append(missing, w)
		}
	}
	for i := range g {
		if !used[i] {
			extra = append(extra, g[i])
		}
	}
	if len(missing) == 0 && len(extra) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "tool_requests (a multiset): want %d, got %d; %d missing, %d unexpected", len(want), len(got), len(missing), len(extra))
	for _, m := range missing {
		fmt.Fprintf(&b, "\n  missing:    %s", Compact(m))
	}
	for _, e := range extra {
		fmt.Fprintf(&b, "\n  unexpected: %s", Compact(e))
	}
	if len(missing) == 1 && len(extra) == 1 {
		fmt.Fprintf(&b, "\n  they differ %s", FirstDifference(missing[0], extra[0]))
	}
	return []string{b.String()}
}

func compareState(want any, saved []byte, p Placeholders) []string {
	if saved == nil {
		return []string{"state: no state was saved (--save-state file not written)"}
	}
	v, err := decodeOne(saved)
	if err != nil {
		return []string{fmt.Sprintf("state: the saved file is not one JSON value: %v", err)}
	}
	got := NormalizeValue(p.Reverse(v))
	if d := FirstDifference(want, got); d != nil {
		return []string{fmt.Sprintf("state differs %s\n  want: %s\n  got:  %s", d, Compact(want), Compact(got))}
	}
	return nil
}

// ParseLines decodes stdout as one JSON value per line (numbers as
// json.Number). A final newline ends the last line; an empty line, a line
// holding anything but one JSON value, and a last line without its newline
// that is not JSON are errors naming the line.
func ParseLines(stdout []byte) ([]any, error) {
	text := strings.TrimSuffix(string(stdout), "\n")
	if text == "" {
		return []any{}, nil
	}
	lines := strings.Split(text, "\n")
	out := make([]any, 0, len(lines))
	for i, line := range lines {
		v, err := decodeOne([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("line %d: %v: %s", i+1, err, truncate(line, 300))
		}
		out = append(out, v)
	}
	return out, nil
}

// decodeOne decodes data as exactly one JSON value with json.Number
// numbers.
func decodeOne(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		if err == io.EOF {
			return nil, fmt.Errorf("no JSON value")
		}
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the JSON value at offset %d", dec.InputOffset())
	}
	return v, nil
}

// Difference is the first place where two JSON values differ.
type Difference struct {
	// Path is where, as $ followed by .key, ["odd key"] and [index] steps.
	Path string
	// Want and Got are the values there; WantAbsent or GotAbsent says that
	// the key or element is missing on that side.
	Want, Got             any
	WantAbsent, GotAbsent bool
}

// String gives the path and both sides, as "at PATH: want W, got G".
func (d *Difference) String() string {
	side := func(v any, absent bool) string {
		if absent {
			return "<absent>"
		}
		return truncate(Compact(v), 1000)
	}
	return fmt.Sprintf("at %s: want %s, got %s", d.Path, side(d.Want, d.WantAbsent), side(d.Got, d.GotAbsent))
}

// Equal reports whether two JSON values (as encoding/json decodes them,
// with or without UseNumber) are equal: objects key by key whatever their
// order, arrays element by element, numbers by value.
func Equal(want, got any) bool { return FirstDifference(want, got) == nil }

// FirstDifference returns the first place, walking objects in sorted key
// order and arrays in order, where want and got differ, or nil when they
// are Equal. Arrays of different lengths differ at their first differing
// element, or else at the first element only one of them has.
func FirstDifference(want, got any) *Difference {
	return firstDifference("$", want, got)
}

var identKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func firstDifference(path string, want, got any) *Difference {
	here := &Difference{Path: path, Want: want, Got: got}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return here
		}
		keys := make([]string, 0, len(w)+len(g))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			sub := path + "." + k
			if !identKey.MatchString(k) {
				sub = path + "[" + strconv.Quote(k) + "]"
			}
			wv, wok := w[k]
			gv, gok := g[k]
			switch {
			case !gok:
				return &Difference{Path: sub, Want: wv, GotAbsent: true}
			case !wok:
				return &Difference{Path: sub, Got: gv, WantAbsent: true}
			}
			if d := firstDifference(sub, wv, gv); d != nil {
				return d
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok {
			return here
		}
		for i := range max(len(w), len(g)) {
			sub := path + "[" + strconv.Itoa(i) + "]"
			switch {
			case i >= len(g):
				return &Difference{Path: sub, Want: w[i], GotAbsent: true}
			case i >= len(w):
				return &Difference{Path: sub, Got: g[i], WantAbsent: true}
			}
			if d := firstDifference(sub, w[i], g[i]); d != nil {
				return d
			}
		}
		return nil
	case string:
		if g, ok := got.(string); ok && g == w {
			return nil
		}
		return here
	case bool:
		if g, ok := got.(bool); ok && g == w {
			return nil
		}
		return here
	case nil:
		if got == nil {
			return nil
		}
		return here
	}
	if numbersEqual(want, got) {
		return nil
	}
	return here
}

// numbersEqual reports whether want and got are equal JSON numbers: two
// json.Number (or ints) compare exactly, whatever their texts ("1", "1.0",
// "1e0"); when either is a float64, both are compared as float64, as a
// decoder without UseNumber would have read them.
func numbersEqual(want, got any) bool {
	_, wf := want.(float64)
	_, gf := got.(float64)
	if wf || gf {
		a, ok1 := toFloat(want)
		b, ok2 := toFloat(got)
		return ok1 && ok2 && a == b
	}
	a, ok1 := number(want)
	b, ok2 := number(got)
	return ok1 && ok2 && a.Cmp(b) == 0
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := strconv.ParseFloat(x.String(), 64)
		return f, err == nil
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// number returns a JSON number's exact value.
func number(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case json.Number:
		return new(big.Rat).SetString(x.String())
	case int:
		return new(big.Rat).SetInt64(int64(x)), true
	case int64:
		return new(big.Rat).SetInt64(x), true
	}
	return nil, false
}

// Compact returns v as compact JSON (keys sorted, no HTML escaping),
// truncated after a few thousand bytes.
func Compact(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return truncate(strings.TrimSuffix(b.String(), "\n"), maxShown)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + fmt.Sprintf("…(%d more bytes)", len(s)-n)
}

// typeOf is the "type" member of an object, or "".
func typeOf(v any) string {
	if m, ok := v.(map[string]any); ok {
		if t, ok := m["type"].(string); ok {
			return t
		}
		if _, ok := m["messages"]; ok {
			if _, ok := m["stop_reason"]; ok {
				return "TaskResult"
			}
		}
	}
	return ""
}

// typeList lists the items' types, "?" for an item without one.
func typeList(items []any) string {
	names := make([]string, len(items))
	for i, v := range items {
		if names[i] = typeOf(v); names[i] == "" {
			names[i] = "?"
		}
	}
	return "[" + strings.Join(names, " ") + "]"
}
