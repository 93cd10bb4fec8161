package anthropic_test

import (
	"bytes"
	"context"
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

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/pkg/models"
	_ "github.com/agentschema/agentschema/pkg/models/anthropic"
)

// providerCase is one case of testdata/conformance/providers (see the
// README there): a call of AutoGen's Anthropic or Bedrock client recorded
// against a loopback fake of the API. Every expected value comes from the
// recording.
type providerCase struct {
	ID              string            `json:"id"`
	Client          string            `json:"client"`
	Kind            string            `json:"kind"`
	Config          json.RawMessage   `json:"config"`
	Messages        []json.RawMessage `json:"messages"`
	Tools           []json.RawMessage `json:"tools"`
	ToolChoice      json.RawMessage   `json:"tool_choice"`
	JSONOutput      json.RawMessage   `json:"json_output"`
	ExtraCreateArgs json.RawMessage   `json:"extra_create_args"`
	Stream          bool              `json:"stream"`
	Request         *providerRequest  `json:"request"`
	MoreRequests    []providerRequest `json:"more_requests"`
	Response        providerResponse  `json:"response"`
	Result          json.RawMessage   `json:"result"`
	Chunks          []string          `json:"chunks"`
	Error           *struct {
		Stage   string `json:"stage"`
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	UsageAfter *struct {
		ActualUsage json.RawMessage `json:"actual_usage"`
		TotalUsage  json.RawMessage `json:"total_usage"`
	} `json:"usage_after"`
}

type providerResponse struct {
	Status      int                `json:"status"`
	ContentType string             `json:"content_type"`
	Body        string             `json:"body"`
	BodyBase64  string             `json:"body_base64"`
	Headers     map[string]string  `json:"headers"`
	Sequence    []providerResponse `json:"sequence"`
}

type providerRequest struct {
	Method        string            `json:"method"`
	Path          string            `json:"path"`
	Query         map[string]string `json:"query"`
	Body          json.RawMessage   `json:"body"`
	Authorization bool              `json:"authorization"`
	Headers       map[string]string `json:"headers"`
}

type seenRequest struct {
	method, path string
	query        map[string]string
	header       http.Header
	body         []byte
}

const casesDir = "../../../testdata/conformance/providers"

// loadCases reads the cases of the anthropic and bedrock folders.
func loadCases(t *testing.T) []*providerCase {
	t.Helper()
	var files []string
	for _, client := range []string{"anthropic", "bedrock"} {
		f, err := filepath.Glob(filepath.Join(casesDir, client, "*", "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f...)
	}
	if len(files) == 0 {
		t.Fatalf("no cases under %s", casesDir)
	}
	sort.Strings(files)
	var out []*providerCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c providerCase
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, &c)
	}
	return out
}

// fakeAPI serves the case's response(s) and records each request.
type fakeAPI struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []seenRequest
}

func newFakeAPI(t *testing.T, resp providerResponse) *fakeAPI {
	f := &fakeAPI{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		q := map[string]string{}
		for k, v := range r.URL.Query() {
			q[k] = strings.Join(v, ",")
		}
		f.mu.Lock()
		n := len(f.seen)
		f.seen = append(f.seen, seenRequest{r.Method, r.URL.Path, q, r.Header.Clone(), body})
		f.mu.Unlock()
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
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) requests() []seenRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seenRequest(nil), f.seen...)
}

// clearEnv removes the variables the cases were recorded without.
func clearEnv(t *testing.T) {
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "ANTHROPIC_") || strings.HasPrefix(k, "AWS_") {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
}

// inputs are the case's create arguments.
func (c *providerCase) inputs(t *testing.T) ([]gen.LLMMessage, models.CreateOptions, models.MoreOptions) {
	t.Helper()
	msgs := make([]gen.LLMMessage, len(c.Messages))
	for i, raw := range c.Messages {
		m, err := gen.UnmarshalLLMMessage(raw)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		msgs[i] = m
	}
	opts := models.CreateOptions{}
	for i, raw := range c.Tools {
		opts.Tools = append(opts.Tools, decodeTool(t, i, raw))
	}
	var more models.MoreOptions
	var choice any
	if err := json.Unmarshal(c.ToolChoice, &choice); err != nil {
		t.Fatalf("tool_choice: %v", err)
	}
	switch ch := choice.(type) {
	case string:
		opts.ToolChoice = ch
	case map[string]any:
		opts.ToolChoice, _ = ch["tool"].(string)
	}
	switch s := strings.TrimSpace(string(c.JSONOutput)); s {
	case "", "null":
	case "true", "false":
		b := s == "true"
		opts.JSONOutput = &b
	default:
		var out struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(c.JSONOutput, &out); err != nil {
			t.Fatalf("json_output: %v", err)
		}
		more.OutputSchema = &models.OutputSchema{Name: out.Name, Schema: out.Schema}
	}
	if len(c.ExtraCreateArgs) > 0 {
		dec := json.NewDecoder(bytes.NewReader(c.ExtraCreateArgs))
		dec.UseNumber()
		if err := dec.Decode(&opts.ExtraArgs); err != nil {
			t.Fatalf("extra_create_args: %v", err)
		}
	}
	return msgs, opts, more
}

// TestRecordedProviderCases runs every anthropic and bedrock case through
// the library: the client loaded from the case's config, one Create or
// CreateStream; the requests sent, the chunks, the result or the error
// (class and text), and the usage after must be AutoGen's.
func TestRecordedProviderCases(t *testing.T) {
	passed, total := 0, 0
	for _, c := range loadCases(t) {
		total++
		if t.Run(c.ID, func(t *testing.T) { runCase(t, c) }) {
			passed++
		}
	}
	t.Logf("passed %d/%d", passed, total)
}

func runCase(t *testing.T, c *providerCase) {
	clearEnv(t)
	api := newFakeAPI(t, c.Response)
	if c.Client == "bedrock" {
		t.Setenv("ANTHROPIC_BEDROCK_BASE_URL", api.srv.URL)
	}
	cfg := strings.ReplaceAll(string(c.Config), "{{BASE_URL}}", api.srv.URL)
	ctx := context.Background()
	client, err := models.LoadClient(ctx, []byte(cfg))
	if c.Error != nil && c.Error.Stage == "load" {
		checkError(t, c, err, api.srv.URL)
		return
	}
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	defer client.Close()
	msgs, opts, more := c.inputs(t)
	oc := client.(models.OptionsClient)
	var result gen.CreateResult
	var chunks []string
	if c.Stream {
		chunks, result, err = models.CollectStream(oc.CreateStreamWith(ctx, msgs, opts, more))
	} else {
		result, err = oc.CreateWith(ctx, msgs, opts, more)
	}
	checkRequests(t, c, api.requests())
	if c.Stream && !reflect.DeepEqual(nonNil(chunks), nonNil(c.Chunks)) {
		t.Errorf("chunks %q, want %q", chunks, c.Chunks)
	}
	if c.Error != nil {
		checkError(t, c, err, api.srv.URL)
	} else if err != nil {
		t.Fatalf("create: %v", err)
	} else {
		got, _ := gen.Marshal(&result)
		if !sameJSON(got, c.Result) {
			t.Errorf("result\n got %s\nwant %s", got, c.Result)
		}
	}
	if c.UsageAfter != nil {
		a, tot := client.ActualUsage(), client.TotalUsage()
		ga, _ := gen.Marshal(&a)
		gt, _ := gen.Marshal(&tot)
		if !sameJSON(ga, c.UsageAfter.ActualUsage) || !sameJSON(gt, c.UsageAfter.TotalUsage) {
			t.Errorf("usage after %s %s, want %s %s", ga, gt, c.UsageAfter.ActualUsage, c.UsageAfter.TotalUsage)
		}
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func checkError(t *testing.T, c *providerCase, err error, origin string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s: %s", c.Error.Type, c.Error.Message)
	}
	class, msg, ok := models.ExceptionOf(err)
	want := strings.ReplaceAll(c.Error.Message, "{{BASE_URL}}", origin)
	if !ok || class != c.Error.Type || msg != want {
		t.Errorf("error %v\n got %s: %q\nwant %s: %q", err, class, msg, c.Error.Type, want)
	}
}

// checkRequests compares the requests sent with the recorded ones.
func checkRequests(t *testing.T, c *providerCase, got []seenRequest) {
	t.Helper()
	var want []providerRequest
	if c.Request != nil {
		want = append(append(want, *c.Request), c.MoreRequests...)
	}
	if len(got) != len(want) {
		t.Errorf("%d requests sent, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if d := requestDiff(&got[i], &want[i]); d != "" {
			t.Errorf("request %d: %s", i, d)
		}
	}
}

// recordedHeaders are the headers the cases record.
func recordedHeaders(h http.Header) map[string]string {
	out := map[string]string{}
	for k, v := range h {
		lk := strings.ToLower(k)
		switch {
		case lk == "x-api-key", lk == "anthropic-version", lk == "anthropic-beta", lk == "content-type", lk == "accept",
			lk == "x-amz-security-token", strings.HasPrefix(lk, "x-custom-"):
			out[lk] = strings.Join(v, ", ")
		}
	}
	return out
}

func requestDiff(g *seenRequest, w *providerRequest) string {
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
	if h := recordedHeaders(g.header); !reflect.DeepEqual(h, w.Headers) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	if !sameJSON(g.body, w.Body) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.body, w.Body))
	}
	return strings.Join(diffs, "; ")
}

// sameJSON compares JSON values: key order ignored, numbers by value,
// base64 image data by decoded pixels.
func sameJSON(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return sameValue(x, y)
}

func sameValue(x, y any) bool {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(x) != len(ym) {
			return false
		}
		for k, v := range x {
			if w, ok := ym[k]; !ok || !sameValue(v, w) {
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
			if !sameValue(x[i], ya[i]) {
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
		return x == yn || err1 == nil && err2 == nil && xf == yf
	case string:
		ys, ok := y.(string)
		return ok && (x == ys || samePixels(x, ys))
	}
	return reflect.DeepEqual(x, y)
}

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

// decodeTool reads a ToolSchema of a case; parameters without a type (a
// TypedDict nothing validates in AutoGen) get type "", which the client
// treats as absent.
func decodeTool(t *testing.T, i int, raw json.RawMessage) gen.ToolSchema {
	var whole map[string]json.RawMessage
	if err := json.Unmarshal(raw, &whole); err != nil {
		t.Fatalf("tool %d: %v", i, err)
	}
	if p, ok := whole["parameters"]; ok {
		var params map[string]json.RawMessage
		if json.Unmarshal(p, &params) == nil {
			if _, has := params["type"]; !has {
				params["type"] = json.RawMessage(`""`)
				whole["parameters"], _ = json.Marshal(params)
			}
		}
	}
	fixed, _ := json.Marshal(whole)
	var ts gen.ToolSchema
	if err := json.Unmarshal(fixed, &ts); err != nil {
		t.Fatalf("tool %d: %v", i, err)
	}
	return ts
}
