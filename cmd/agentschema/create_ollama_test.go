package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
)

// ollamaCase is one Ollama case of testdata/conformance/providers (see the
// README there): a call of AutoGen's OllamaChatCompletionClient recorded
// against a fake of the Ollama API. Every expected value comes from the
// recording.
type ollamaCase struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	providerCallInputs
	Request      *recordedHTTP   `json:"request"`
	MoreRequests []recordedHTTP  `json:"more_requests"`
	Response     json.RawMessage `json:"response"`
	Result       json.RawMessage `json:"result"`
	Chunks       []string        `json:"chunks"`
	Error        *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

// ollamaAnswer is one canned answer of a case.
type ollamaAnswer struct {
	Status      int               `json:"status"`
	ContentType string            `json:"content_type"`
	Body        string            `json:"body"`
	Headers     map[string]string `json:"headers"`
}

// answers are the case's answers: the n-th request gets the n-th, the
// last repeating.
func (c *ollamaCase) answers(t *testing.T) []ollamaAnswer {
	var seq struct {
		Sequence []ollamaAnswer `json:"sequence"`
	}
	if json.Unmarshal(c.Response, &seq) == nil && len(seq.Sequence) > 0 {
		return seq.Sequence
	}
	var one ollamaAnswer
	if err := json.Unmarshal(c.Response, &one); err != nil {
		t.Fatalf("response: %v", err)
	}
	return []ollamaAnswer{one}
}

// TestCreateOllamaCases runs every Ollama case of
// testdata/conformance/providers through 'agentschema create' as the
// README there says. The requests sent, the exit status and the output
// (each chunk, then the CreateResult) or the error on stderr must be
// AutoGen's.
func TestCreateOllamaCases(t *testing.T) {
	t.Setenv("OLLAMA_HOST", "")
	files, err := filepath.Glob("../../testdata/conformance/providers/ollama/*/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Ollama cases: %v", err)
	}
	sort.Strings(files)
	passed := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c ollamaCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if t.Run(c.ID, func(t *testing.T) { runOllamaCase(t, &c) }) {
			passed++
		}
	}
	t.Logf("passed %d/%d", passed, len(files))
}

func runOllamaCase(t *testing.T, c *ollamaCase) {
	answers := c.answers(t)
	var mu sync.Mutex
	var seen []seenHTTP
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		n := len(seen)
		seen = append(seen, seenHTTP{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), body})
		mu.Unlock()
		a := answers[min(n, len(answers)-1)]
		for k, v := range a.Headers {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", a.ContentType)
		w.WriteHeader(a.Status)
		io.WriteString(w, a.Body)
	}))
	defer srv.Close()
	args := providerCreateArgs(t, &c.providerCallInputs, srv.URL)
	code, out, errs := runCmd(t, "", args...)

	var want []recordedHTTP
	if c.Request != nil {
		want = append(append(want, *c.Request), c.MoreRequests...)
	}
	mu.Lock()
	got := append([]seenHTTP(nil), seen...)
	mu.Unlock()
	if len(got) != len(want) {
		t.Errorf("%d requests sent, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if msg := ollamaHTTPDiff(&got[i], &want[i]); msg != "" {
			t.Errorf("request %d: %s", i, msg)
		}
	}
	if c.Error != nil {
		wantErr := "agentschema create: " + c.Error.Type + ": " + strings.ReplaceAll(c.Error.Message, "{{BASE_URL}}", srv.URL) + "\n"
		if code != exitBad || errs != wantErr {
			t.Errorf("exit %d, stderr\n got %q\nwant %q", code, errs, wantErr)
		}
		checkLines(t, out, c.Chunks, nil)
		return
	}
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	checkLines(t, out, c.Chunks, c.Result)
}

// ollamaHTTPDiff describes how a request differs from the recorded one:
// method, path, query, Authorization's presence, the recorded headers, and
// the body as a JSON value (images by decoded pixels).
func ollamaHTTPDiff(g *seenHTTP, w *recordedHTTP) string {
	var diffs []string
	if g.method != w.Method || g.path != w.Path {
		diffs = append(diffs, fmt.Sprintf("%s %s, want %s %s", g.method, g.path, w.Method, w.Path))
	}
	if len(g.query) != len(w.Query) {
		diffs = append(diffs, fmt.Sprintf("query %v, want %v", g.query, w.Query))
	}
	if has := g.header.Get("Authorization") != ""; has != w.Authorization {
		diffs = append(diffs, fmt.Sprintf("Authorization sent: %v, want %v", has, w.Authorization))
	}
	h := map[string]string{}
	for k, v := range g.header {
		if lk := strings.ToLower(k); lk == "accept" || lk == "content-type" || strings.HasPrefix(lk, "x-custom-") {
			h[lk] = strings.Join(v, ", ")
		}
	}
	if !reflect.DeepEqual(h, w.Headers) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	var x, y any
	dx, dy := json.NewDecoder(bytes.NewReader(g.body)), json.NewDecoder(bytes.NewReader(w.Body))
	dx.UseNumber()
	dy.UseNumber()
	if dx.Decode(&x) != nil || dy.Decode(&y) != nil || !sameOllamaBody(x, y) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.body, w.Body))
	}
	return strings.Join(diffs, "; ")
}

// sameOllamaBody is sameValue with the messages' images compared by
// decoded pixels.
func sameOllamaBody(x, y any) bool {
	xm, ok1 := x.(map[string]any)
	ym, ok2 := y.(map[string]any)
	if !ok1 || !ok2 {
		return sameValue(x, y)
	}
	xs, _ := xm["messages"].([]any)
	ys, _ := ym["messages"].([]any)
	if len(xs) != len(ys) {
		return false
	}
	for i := range xs {
		a, _ := xs[i].(map[string]any)
		b, _ := ys[i].(map[string]any)
		ai, _ := a["images"].([]any)
		bi, _ := b["images"].([]any)
		if len(ai) != len(bi) {
			return false
		}
		for j := range ai {
			pa, err1 := imagePixels(fmt.Sprint(ai[j]))
			pb, err2 := imagePixels(fmt.Sprint(bi[j]))
			if err1 != nil || err2 != nil || !bytes.Equal(pa, pb) {
				return false
			}
		}
		if a != nil && b != nil {
			a, b = clone(a), clone(b)
			delete(a, "images")
			delete(b, "images")
			xs[i], ys[i] = a, b
		}
	}
	return sameValue(x, y)
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
