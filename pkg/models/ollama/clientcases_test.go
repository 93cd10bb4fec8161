package ollama_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
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

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// recordedCase is one Ollama case of testdata/conformance/providers: a
// call of AutoGen's OllamaChatCompletionClient recorded against a fake of
// the Ollama API (see the README there). Every expected value comes from
// the recording.
type recordedCase struct {
	ID              string            `json:"id"`
	Kind            string            `json:"kind"`
	Client          string            `json:"client"`
	Config          json.RawMessage   `json:"config"`
	Messages        []json.RawMessage `json:"messages"`
	Tools           []json.RawMessage `json:"tools"`
	ToolChoice      json.RawMessage   `json:"tool_choice"`
	JSONOutput      json.RawMessage   `json:"json_output"`
	ExtraCreateArgs json.RawMessage   `json:"extra_create_args"`
	Stream          bool              `json:"stream"`
	Request         *recordedRequest  `json:"request"`
	MoreRequests    []recordedRequest `json:"more_requests"`
	Response        json.RawMessage   `json:"response"`
	Result          json.RawMessage   `json:"result"`
	Chunks          []string          `json:"chunks"`
	Error           *recordedError    `json:"error"`
	UsageAfter      *struct {
		ActualUsage json.RawMessage `json:"actual_usage"`
		TotalUsage  json.RawMessage `json:"total_usage"`
	} `json:"usage_after"`
}

type recordedRequest struct {
	Method        string            `json:"method"`
	Path          string            `json:"path"`
	Query         map[string]string `json:"query"`
	Body          json.RawMessage   `json:"body"`
	Authorization bool              `json:"authorization"`
	Headers       map[string]string `json:"headers"`
}

type recordedError struct {
	Stage      string  `json:"stage"`
	Type       string  `json:"type"`
	Message    string  `json:"message"`
	StatusCode *int    `json:"status_code"`
	Error      *string `json:"error"`
}

// cannedResponse is one answer of the fake server.
type cannedResponse struct {
	Status      int               `json:"status"`
	ContentType string            `json:"content_type"`
	Body        string            `json:"body"`
	Headers     map[string]string `json:"headers"`
}

// responses are the case's answers: the n-th request gets the n-th, the
// last repeating.
func (c *recordedCase) responses(t *testing.T) []cannedResponse {
	t.Helper()
	var seq struct {
		Sequence []cannedResponse `json:"sequence"`
	}
	if err := json.Unmarshal(c.Response, &seq); err == nil && len(seq.Sequence) > 0 {
		return seq.Sequence
	}
	var one cannedResponse
	if err := json.Unmarshal(c.Response, &one); err != nil {
		t.Fatalf("response: %v", err)
	}
	return []cannedResponse{one}
}

// seenRequest is a request the fake server received.
type seenRequest struct {
	method, path string
	query        map[string][]string
	header       http.Header
	body         []byte
}

// fakeServer answers with the case's responses and records the requests.
type fakeServer struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []seenRequest
}

func newFakeServer(t *testing.T, answers []cannedResponse) *fakeServer {
	fs := &fakeServer{}
	fs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fs.mu.Lock()
		n := len(fs.reqs)
		fs.reqs = append(fs.reqs, seenRequest{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), body})
		fs.mu.Unlock()
		a := answers[min(n, len(answers)-1)]
		for k, v := range a.Headers {
			w.Header().Set(k, v)
		}
		if a.ContentType != "" {
			w.Header().Set("Content-Type", a.ContentType)
		}
		w.WriteHeader(a.Status)
		io.WriteString(w, a.Body)
	}))
	t.Cleanup(fs.Close)
	return fs
}

func (fs *fakeServer) requests() []seenRequest {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return append([]seenRequest(nil), fs.reqs...)
}

const casesDir = "../../../testdata/conformance/providers"

// loadRecordedCases reads the Ollama cases and checks their number against
// meta.json.
func loadRecordedCases(t *testing.T) []*recordedCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(casesDir, "ollama", "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases under %s: %v", casesDir, err)
	}
	sort.Strings(files)
	var out []*recordedCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := new(recordedCase)
		if err := json.Unmarshal(data, c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, c)
	}
	var meta struct {
		Counts map[string]map[string]int `json:"counts"`
	}
	data, err := os.ReadFile(filepath.Join(casesDir, "meta.json"))
	if err != nil || json.Unmarshal(data, &meta) != nil {
		t.Fatalf("meta.json: %v", err)
	}
	want := 0
	for _, n := range meta.Counts["ollama"] {
		want += n
	}
	if want != len(out) {
		t.Fatalf("meta.json counts %d ollama cases, found %d", want, len(out))
	}
	return out
}

// caseInputs are the create arguments of a case, as the library takes them.
type caseInputs struct {
	messages []gen.LLMMessage
	opts     models.CreateOptions
	more     ollama.Options
}

func (c *recordedCase) inputs(t *testing.T) caseInputs {
	t.Helper()
	var in caseInputs
	for i, m := range c.Messages {
		lm, err := gen.UnmarshalLLMMessage(m)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		in.messages = append(in.messages, lm)
	}
	for i, raw := range c.Tools {
		ts, err := decodeToolSchema(raw)
		if err != nil {
			t.Fatalf("tool %d: %v", i, err)
		}
		in.opts.Tools = append(in.opts.Tools, ts)
	}
	var choice any
	if err := json.Unmarshal(c.ToolChoice, &choice); err != nil {
		t.Fatalf("tool_choice: %v", err)
	}
	switch ch := choice.(type) {
	case string:
		if ch != "auto" {
			in.opts.ToolChoice = ch
		}
	case map[string]any:
		in.opts.ToolChoice, _ = ch["tool"].(string)
	}
	if len(c.JSONOutput) > 0 && string(c.JSONOutput) != "null" {
		var b bool
		if json.Unmarshal(c.JSONOutput, &b) == nil {
			in.opts.JSONOutput = &b
		} else {
			var s struct {
				Name   string          `json:"name"`
				Schema json.RawMessage `json:"schema"`
			}
			if err := json.Unmarshal(c.JSONOutput, &s); err != nil {
				t.Fatalf("json_output: %v", err)
			}
			in.more.OutputSchema = &ollama.OutputSchema{Name: s.Name, Schema: s.Schema}
		}
	}
	if len(c.ExtraCreateArgs) > 0 {
		dec := json.NewDecoder(bytes.NewReader(c.ExtraCreateArgs))
		dec.UseNumber()
		if err := dec.Decode(&in.opts.ExtraArgs); err != nil {
			t.Fatalf("extra_create_args: %v", err)
		}
		if len(in.opts.ExtraArgs) == 0 {
			in.opts.ExtraArgs = nil
		}
	}
	return in
}

// decodeToolSchema reads a ToolSchema. AutoGen's ToolSchema is a
// TypedDict, never validated: a parameters object without "type" is
// accepted there (tools/no-type), which the generated decoder reports as a
// missing member; that one fault is let through.
func decodeToolSchema(raw json.RawMessage) (gen.ToolSchema, error) {
	var ts gen.ToolSchema
	err := json.Unmarshal(raw, &ts)
	var faults agentschema.Faults
	if err != nil && errors.As(err, &faults) {
		for _, f := range faults {
			if f.Pointer != "/parameters/type" || f.Type != "missing" {
				return ts, err
			}
		}
		return ts, nil
	}
	return ts, err
}

// TestRecordedCases runs every Ollama case of
// testdata/conformance/providers through the library: the client is
// loaded from the case's component config (with the fake server's
// origin), Create or CreateStream runs, and the requests, result, chunks,
// usage and error must be AutoGen's.
func TestRecordedCases(t *testing.T) {
	t.Setenv("OLLAMA_HOST", "")
	cases := loadRecordedCases(t)
	var mu sync.Mutex
	passed, total := map[string]int{}, map[string]int{}
	t.Cleanup(func() {
		var kinds []string
		for k := range total {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		var b strings.Builder
		sum, all := 0, 0
		for _, k := range kinds {
			fmt.Fprintf(&b, " %s %d/%d", k, passed[k], total[k])
			sum, all = sum+passed[k], all+total[k]
		}
		t.Logf("passed %d/%d:%s", sum, all, b.String())
	})
	for _, c := range cases {
		t.Run(c.ID, func(t *testing.T) {
			mu.Lock()
			total[c.Kind]++
			mu.Unlock()
			runRecordedCase(t, c)
			if !t.Failed() {
				mu.Lock()
				passed[c.Kind]++
				mu.Unlock()
			}
		})
	}
}

func runRecordedCase(t *testing.T, c *recordedCase) {
	srv := newFakeServer(t, c.responses(t))
	cfg := strings.ReplaceAll(string(c.Config), "{{BASE_URL}}", srv.URL)
	in := c.inputs(t)
	ctx := context.Background()
	client, err := models.LoadClient(ctx, []byte(cfg))
	if c.Error != nil && c.Error.Stage == "load" {
		checkRecordedError(t, c, err, srv.URL)
		if n := len(srv.requests()); n != 0 {
			t.Errorf("%d requests sent", n)
		}
		return
	}
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	defer client.Close()
	cl, ok := client.(*ollama.Client)
	if !ok {
		t.Fatalf("loaded %T", client)
	}
	var chunks []string
	var result gen.CreateResult
	if c.Stream {
		chunks, result, err = collect(cl.CreateStreamWith(ctx, in.messages, in.opts, in.more))
	} else {
		result, err = cl.CreateWith(ctx, in.messages, in.opts, in.more)
	}
	checkRecordedRequests(t, c, srv.requests())
	if c.Stream && !(len(chunks) == 0 && len(c.Chunks) == 0) && !reflect.DeepEqual(chunks, c.Chunks) {
		t.Errorf("chunks %q, want %q", chunks, c.Chunks)
	}
	if c.Error != nil {
		checkRecordedError(t, c, err, srv.URL)
	} else if err != nil {
		t.Errorf("error %T: %v", err, err)
	} else {
		got, merr := gen.Marshal(&result)
		if merr != nil {
			t.Fatal(merr)
		}
		if !jsonValuesEqual(got, c.Result) {
			t.Errorf("result\n got %s\nwant %s", got, compact(c.Result))
		}
	}
	if u := c.UsageAfter; u != nil {
		actual, _ := json.Marshal(client.ActualUsage())
		totalU, _ := json.Marshal(client.TotalUsage())
		if !jsonValuesEqual(actual, u.ActualUsage) || !jsonValuesEqual(totalU, u.TotalUsage) {
			t.Errorf("usage after: actual %s total %s, want %s %s", actual, totalU, u.ActualUsage, u.TotalUsage)
		}
	}
}

// collect reads a stream, keeping the chunks that came before an error.
func collect(stream func(func(models.StreamEvent, error) bool)) ([]string, gen.CreateResult, error) {
	var chunks []string
	var result *gen.CreateResult
	for ev, err := range stream {
		if err != nil {
			return chunks, gen.CreateResult{}, err
		}
		if ev.Result != nil {
			result = ev.Result
			continue
		}
		chunks = append(chunks, ev.Text)
	}
	if result == nil {
		return chunks, gen.CreateResult{}, models.ErrNoResult
	}
	return chunks, *result, nil
}

// checkRecordedRequests compares the requests sent with the case's.
func checkRecordedRequests(t *testing.T, c *recordedCase, got []seenRequest) {
	t.Helper()
	var want []recordedRequest
	if c.Request != nil {
		want = append(append(want, *c.Request), c.MoreRequests...)
	}
	if len(got) != len(want) {
		t.Errorf("%d requests sent, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if msg := requestDiff(&got[i], &want[i]); msg != "" {
			t.Errorf("request %d: %s", i, msg)
		}
	}
}

// requestDiff describes how a request differs from the recorded one.
func requestDiff(g *seenRequest, w *recordedRequest) string {
	var diffs []string
	if g.method != w.Method {
		diffs = append(diffs, fmt.Sprintf("method %s, want %s", g.method, w.Method))
	}
	if g.path != w.Path {
		diffs = append(diffs, fmt.Sprintf("path %s, want %s", g.path, w.Path))
	}
	q := map[string]string{}
	for k, v := range g.query {
		q[k] = strings.Join(v, ",")
	}
	if len(q) != len(w.Query) || (len(q) > 0 && !reflect.DeepEqual(q, w.Query)) {
		diffs = append(diffs, fmt.Sprintf("query %v, want %v", q, w.Query))
	}
	if has := g.header.Get("Authorization") != ""; has != w.Authorization {
		diffs = append(diffs, fmt.Sprintf("Authorization header sent: %v, want %v", has, w.Authorization))
	}
	h := map[string]string{}
	for k, v := range g.header {
		lk := strings.ToLower(k)
		switch {
		case lk == "accept" || lk == "content-type" || lk == "x-api-key" || lk == "anthropic-version" ||
			lk == "anthropic-beta" || lk == "x-amz-security-token" || strings.HasPrefix(lk, "x-custom-"):
			h[lk] = strings.Join(v, ", ")
		}
	}
	if !reflect.DeepEqual(h, w.Headers) && !(len(h) == 0 && len(w.Headers) == 0) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	if !jsonValuesEqual(g.body, w.Body) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.body, compact(w.Body)))
	}
	return strings.Join(diffs, "; ")
}

func checkRecordedError(t *testing.T, c *recordedCase, err error, origin string) {
	t.Helper()
	want := c.Error
	if err == nil {
		t.Errorf("no error, want %s: %s", want.Type, want.Message)
		return
	}
	class, msg, ok := ollama.ExceptionOf(err)
	if !ok {
		t.Errorf("error %T %q, want %s: %s", err, err, want.Type, want.Message)
		return
	}
	if class != want.Type {
		t.Errorf("exception %s (%q), want %s (%q)", class, msg, want.Type, want.Message)
		return
	}
	wantMsg := strings.ReplaceAll(want.Message, "{{BASE_URL}}", origin)
	if msg != wantMsg {
		t.Errorf("message\n got %q\nwant %q", msg, wantMsg)
	}
	var re *ollama.ResponseError
	if errors.As(err, &re) {
		if want.StatusCode != nil && re.StatusCode != *want.StatusCode {
			t.Errorf("status %d, want %d", re.StatusCode, *want.StatusCode)
		}
		if want.Error != nil && re.Err != *want.Error {
			t.Errorf("error %q, want %q", re.Err, *want.Error)
		}
	}
}

func compact(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// jsonValuesEqual compares JSON values: key order ignored, numbers by
// value, base64 PNG images (strings in an "images" list) by decoded
// pixels.
func jsonValuesEqual(a, b []byte) bool {
	var x, y any
	da := json.NewDecoder(bytes.NewReader(a))
	da.UseNumber()
	db := json.NewDecoder(bytes.NewReader(b))
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return jsonValueEqual(x, y, false)
}

func jsonValueEqual(x, y any, image bool) bool {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(x) != len(ym) {
			return false
		}
		for k, v := range x {
			w, ok := ym[k]
			if !ok || !jsonValueEqual(v, w, k == "images") {
				return false
			}
		}
		return true
	case []any:
		ya, ok := y.([]any)
		if !ok || len(x) != len(ya) {
			return false
		}
		for i := range x {
			if !jsonValueEqual(x[i], ya[i], image) {
				return false
			}
		}
		return true
	case json.Number:
		yn, ok := y.(json.Number)
		if !ok {
			return false
		}
		xf, err1 := x.Float64()
		yf, err2 := yn.Float64()
		return x == yn || (err1 == nil && err2 == nil && xf == yf)
	case string:
		ys, ok := y.(string)
		return ok && (x == ys || image && samePixels(x, ys))
	}
	return reflect.DeepEqual(x, y)
}

// samePixels reports whether two base64 images decode to the same pixels.
func samePixels(a, b string) bool {
	pa, err1 := pixels(a)
	pb, err2 := pixels(b)
	return err1 == nil && err2 == nil && bytes.Equal(pa, pb)
}

func pixels(b64 string) ([]byte, error) {
	data, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, err
	}
	im, err := pyimg.Load(data, pyimg.Limits{})
	if err != nil {
		return nil, err
	}
	w, h, pix, err := im.RGB()
	if err != nil {
		return nil, err
	}
	return append([]byte(fmt.Sprintf("%dx%d:", w, h)), pix...), nil
}
