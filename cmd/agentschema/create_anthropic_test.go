package main

import (
	"bytes"
	"encoding/base64"
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

// anthropicCase is one case of testdata/conformance/providers (anthropic
// and bedrock; see the README there): a call of AutoGen's Anthropic or
// Bedrock client recorded against a loopback fake of the API. Every
// expected value comes from the recording.
type anthropicCase struct {
	ID     string `json:"id"`
	Client string `json:"client"`
	Kind   string `json:"kind"`
	providerCallInputs
	Request      *anthropicRequest `json:"request"`
	MoreRequests []anthropicRequest
	Response     anthropicResponse `json:"response"`
	Result       json.RawMessage   `json:"result"`
	Chunks       []string          `json:"chunks"`
	Error        *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
}

type anthropicResponse struct {
	Status      int                 `json:"status"`
	ContentType string              `json:"content_type"`
	Body        string              `json:"body"`
	BodyBase64  string              `json:"body_base64"`
	Headers     map[string]string   `json:"headers"`
	Sequence    []anthropicResponse `json:"sequence"`
}

type anthropicRequest struct {
	Method        string            `json:"method"`
	Path          string            `json:"path"`
	Query         map[string]string `json:"query"`
	Body          json.RawMessage   `json:"body"`
	Authorization bool              `json:"authorization"`
	Headers       map[string]string `json:"headers"`
}

func (c *anthropicCase) UnmarshalJSON(data []byte) error {
	type plain anthropicCase
	var aux struct {
		*plain
		More []anthropicRequest `json:"more_requests"`
	}
	aux.plain = (*plain)(c)
	if err := json.Unmarshal(data, &aux); err != nil {
		return err
	}
	c.MoreRequests = aux.More
	return nil
}

// TestCreateAnthropicCases runs every anthropic and bedrock case of
// testdata/conformance/providers through 'agentschema create' as the
// README there says: the case's response served on 127.0.0.1 (for
// Bedrock, ANTHROPIC_BEDROCK_BASE_URL pointing at it), the config, tools,
// extra args and messages written to files, the flags from the case. The
// requests sent, the exit status and the output (each chunk, then the
// CreateResult) or the error on stderr ("CLASS: MESSAGE") must be
// AutoGen's.
func TestCreateAnthropicCases(t *testing.T) {
	var files []string
	for _, client := range []string{"anthropic", "bedrock"} {
		f, _ := filepath.Glob(filepath.Join("../../testdata/conformance/providers", client, "*", "*.json"))
		files = append(files, f...)
	}
	if len(files) == 0 {
		t.Fatal("no cases under testdata/conformance/providers")
	}
	sort.Strings(files)
	passed := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c anthropicCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if t.Run(c.ID, func(t *testing.T) { runAnthropicCreateCase(t, &c) }) {
			passed++
		}
	}
	t.Logf("passed %d/%d", passed, len(files))
}

type anthropicSeen struct {
	method, path string
	query        map[string]string
	header       http.Header
	body         []byte
}

func anthropicFake(t *testing.T, resp anthropicResponse, seen *[]anthropicSeen, mu *sync.Mutex) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		q := map[string]string{}
		for k, v := range r.URL.Query() {
			q[k] = strings.Join(v, ",")
		}
		mu.Lock()
		n := len(*seen)
		*seen = append(*seen, anthropicSeen{r.Method, r.URL.Path, q, r.Header.Clone(), body})
		mu.Unlock()
		res := resp
		if len(resp.Sequence) > 0 {
			res = resp.Sequence[min(n, len(resp.Sequence)-1)]
		}
		for k, v := range res.Headers {
			w.Header().Set(k, v)
		}
		if res.ContentType != "" {
			w.Header().Set("Content-Type", res.ContentType)
		}
		w.WriteHeader(res.Status)
		if res.BodyBase64 != "" {
			b, _ := base64.StdEncoding.DecodeString(res.BodyBase64)
			w.Write(b)
			return
		}
		io.WriteString(w, res.Body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func runAnthropicCreateCase(t *testing.T, c *anthropicCase) {
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); strings.HasPrefix(k, "ANTHROPIC_") || strings.HasPrefix(k, "AWS_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	var mu sync.Mutex
	var seen []anthropicSeen
	srv := anthropicFake(t, c.Response, &seen, &mu)
	if c.Client == "bedrock" {
		t.Setenv("ANTHROPIC_BEDROCK_BASE_URL", srv.URL)
	}
	code, out, errs := runCmd(t, "", providerCreateArgs(t, &c.providerCallInputs, srv.URL)...)

	var want []anthropicRequest
	if c.Request != nil {
		want = append(append(want, *c.Request), c.MoreRequests...)
	}
	mu.Lock()
	got := append([]anthropicSeen(nil), seen...)
	mu.Unlock()
	if len(got) != len(want) {
		t.Errorf("%d requests sent, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if msg := anthropicRequestDiff(&got[i], &want[i]); msg != "" {
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

func anthropicRequestDiff(g *anthropicSeen, w *anthropicRequest) string {
	var diffs []string
	if g.method != w.Method || g.path != w.Path {
		diffs = append(diffs, fmt.Sprintf("%s %s, want %s %s", g.method, g.path, w.Method, w.Path))
	}
	if len(g.query)+len(w.Query) > 0 && !reflect.DeepEqual(g.query, w.Query) {
		diffs = append(diffs, fmt.Sprintf("query %v, want %v", g.query, w.Query))
	}
	if has := g.header.Get("Authorization") != ""; has != w.Authorization {
		diffs = append(diffs, fmt.Sprintf("Authorization sent: %v, want %v", has, w.Authorization))
	}
	h := map[string]string{}
	for k, v := range g.header {
		switch lk := strings.ToLower(k); {
		case lk == "x-api-key", lk == "anthropic-version", lk == "anthropic-beta", lk == "content-type", lk == "accept",
			lk == "x-amz-security-token", strings.HasPrefix(lk, "x-custom-"):
			h[lk] = strings.Join(v, ", ")
		}
	}
	if !reflect.DeepEqual(h, w.Headers) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	if !sameAnthropicJSON(g.body, w.Body) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.body, w.Body))
	}
	return strings.Join(diffs, "; ")
}

// sameAnthropicJSON is sameJSONValue with Anthropic's image blocks (raw
// base64 PNG in source.data) compared by decoded pixels.
func sameAnthropicJSON(a, b []byte) bool {
	return sameJSONValue(dataURIs(a), dataURIs(b))
}

// dataURIs rewrites the data of base64 image sources as data: URIs, which
// sameJSONValue compares by pixels.
func dataURIs(raw []byte) []byte {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return raw
	}
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			if x["type"] == "base64" {
				if mt, ok := x["media_type"].(string); ok {
					if d, ok := x["data"].(string); ok {
						x["data"] = "data:" + mt + ";base64," + d
					}
				}
			}
			for _, y := range x {
				walk(y)
			}
		case []any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	walk(v)
	out, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return out
}
