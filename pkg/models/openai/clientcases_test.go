package openai_test

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

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/pkg/models"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// recordedCase is one case of testdata/conformance/clients: a call of
// AutoGen's OpenAIChatCompletionClient or AzureOpenAIChatCompletionClient
// recorded against a fake of the OpenAI HTTP API (see the README there).
// Every expected value comes from the recording.
type recordedCase struct {
	ID              string            `json:"id"`
	Kind            string            `json:"kind"`
	Client          string            `json:"client"`
	Config          json.RawMessage   `json:"config"`
	Messages        []json.RawMessage `json:"messages"`
	Tools           []gen.ToolSchema  `json:"tools"`
	ToolChoice      json.RawMessage   `json:"tool_choice"`
	JSONOutput      json.RawMessage   `json:"json_output"`
	ExtraCreateArgs json.RawMessage   `json:"extra_create_args"`
	Stream          bool              `json:"stream"`
	Request         *recordedRequest  `json:"request"`
	MoreRequests    []recordedRequest `json:"more_requests"`
	Response        struct {
		Status      int    `json:"status"`
		ContentType string `json:"content_type"`
		Body        string `json:"body"`
	} `json:"response"`
	Result     json.RawMessage `json:"result"`
	Chunks     []string        `json:"chunks"`
	Error      *recordedError  `json:"error"`
	UsageAfter *struct {
		ActualUsage json.RawMessage `json:"actual_usage"`
		TotalUsage  json.RawMessage `json:"total_usage"`
	} `json:"usage_after"`
	StubDependent bool `json:"stub_dependent"`
}

type recordedRequest struct {
	Method        string            `json:"method"`
	Path          string            `json:"path"`
	Query         map[string]string `json:"query"`
	Body          json.RawMessage   `json:"body"`
	Authorization bool              `json:"authorization"`
	APIKeyHeader  bool              `json:"api_key_header"`
	Headers       map[string]string `json:"headers"`
}

type recordedError struct {
	Stage      string          `json:"stage"`
	Type       string          `json:"type"`
	Module     string          `json:"module"`
	Message    string          `json:"message"`
	StatusCode *int            `json:"status_code"`
	Code       json.RawMessage `json:"code"`
	Param      *string         `json:"param"`
	ErrorType  *string         `json:"error_type"`
}

// seenRequest is a request the fake server received.
type seenRequest struct {
	method, path string
	query        map[string][]string
	header       http.Header
	body         []byte
}

// fakeServer answers every request with the case's response and records
// the requests.
type fakeServer struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []seenRequest
}

func newFakeServer(t *testing.T, c *recordedCase) *fakeServer {
	fs := &fakeServer{}
	fs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fs.mu.Lock()
		fs.reqs = append(fs.reqs, seenRequest{r.Method, r.URL.Path, r.URL.Query(), r.Header.Clone(), body})
		fs.mu.Unlock()
		if c.Response.ContentType != "" {
			w.Header().Set("Content-Type", c.Response.ContentType)
		}
		w.WriteHeader(c.Response.Status)
		io.WriteString(w, c.Response.Body)
	}))
	t.Cleanup(fs.Close)
	return fs
}

func (fs *fakeServer) requests() []seenRequest {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return append([]seenRequest(nil), fs.reqs...)
}

const recordedCasesDir = "../../../testdata/conformance/clients"

func loadRecordedCases(t *testing.T) []*recordedCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(recordedCasesDir, "*", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases under %s: %v", recordedCasesDir, err)
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
		Cases int `json:"cases"`
	}
	data, err := os.ReadFile(filepath.Join(recordedCasesDir, "meta.json"))
	if err != nil || json.Unmarshal(data, &meta) != nil {
		t.Fatalf("meta.json: %v", err)
	}
	if meta.Cases != len(out) {
		t.Fatalf("meta.json counts %d cases, found %d", meta.Cases, len(out))
	}
	return out
}

// caseInputs are the create arguments of a case, as the library takes them.
type caseInputs struct {
	messages []gen.LLMMessage
	opts     models.CreateOptions
	more     openai.Options
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
	in.opts.Tools = c.Tools
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
			in.more.OutputSchema = &openai.OutputSchema{Name: s.Name, Schema: s.Schema}
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

// TestRecordedClientCases runs every case of testdata/conformance/clients
// through the library: the client is loaded from the case's component
// config (with the fake server's origin), Create or CreateStream runs, and
// the requests, result, chunks, usage and error must be AutoGen's.
func TestRecordedClientCases(t *testing.T) {
	clearEnv(t)
	cases := loadRecordedCases(t)
	passed := map[string]int{}
	total := map[string]int{}
	var mu sync.Mutex
	t.Cleanup(func() {
		var kinds []string
		for k := range total {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		var b strings.Builder
		for _, k := range kinds {
			fmt.Fprintf(&b, " %s %d/%d", k, passed[k], total[k])
		}
		t.Logf("passed per kind:%s", b.String())
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
	srv := newFakeServer(t, c)
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
	var chunks []string
	var result gen.CreateResult
	switch cl := client.(type) {
	case *openai.OpenAIChatCompletionClient:
		if c.Client != "openai" {
			t.Fatalf("loaded %T for a %s case", cl, c.Client)
		}
		if c.Stream {
			chunks, result, err = models.CollectStream(cl.CreateStreamWith(ctx, in.messages, in.opts, in.more))
		} else {
			result, err = cl.CreateWith(ctx, in.messages, in.opts, in.more)
		}
	case *openai.AzureOpenAIChatCompletionClient:
		if c.Client != "azure" {
			t.Fatalf("loaded %T for a %s case", cl, c.Client)
		}
		if c.Stream {
			chunks, result, err = models.CollectStream(cl.CreateStreamWith(ctx, in.messages, in.opts, in.more))
		} else {
			result, err = cl.CreateWith(ctx, in.messages, in.opts, in.more)
		}
	default:
		t.Fatalf("loaded %T", client)
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

// checkRecordedRequests compares the requests sent with the case's: as
// many, the first (and the further ones) with the same method, path,
// query, body, credentials headers and listed headers.
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

// requestDiff describes how a request differs from the recorded one ("" if
// it does not).
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
	if has := g.header.Get("Api-Key") != ""; has != w.APIKeyHeader {
		diffs = append(diffs, fmt.Sprintf("api-key header sent: %v, want %v", has, w.APIKeyHeader))
	}
	h := map[string]string{}
	for k, v := range g.header {
		lk := strings.ToLower(k)
		if lk == "openai-organization" || strings.HasPrefix(lk, "x-custom-") {
			h[lk] = strings.Join(v, ", ")
		}
	}
	if len(h) != len(w.Headers) || (len(h) > 0 && !reflect.DeepEqual(h, w.Headers)) {
		diffs = append(diffs, fmt.Sprintf("headers %v, want %v", h, w.Headers))
	}
	if !jsonValuesEqual(g.body, w.Body) {
		diffs = append(diffs, fmt.Sprintf("body\n got %s\nwant %s", g.body, compact(w.Body)))
	}
	return strings.Join(diffs, "; ")
}

// pyErrorOf returns the Python exception class and str() an error of this
// package stands for.
func pyErrorOf(err error) (class, msg string, ok bool) {
	var ae *openai.APIError
	var oe *openai.Error
	var te *openai.TypeError
	var ke *openai.KeyError
	var ve *openai.ValidationError
	switch {
	case errors.As(err, &ae):
		return ae.ExceptionName(), ae.Error(), true
	case errors.As(err, &oe):
		return string(oe.Exception), oe.Message, true
	case errors.As(err, &te):
		return "TypeError", te.Message, true
	case errors.As(err, &ke):
		return "KeyError", strings.TrimPrefix(ke.Error(), "KeyError: "), true
	case errors.As(err, &ve):
		return "ValidationError", ve.Error(), true
	}
	return "", "", false
}

func checkRecordedError(t *testing.T, c *recordedCase, err error, origin string) {
	t.Helper()
	want := c.Error
	if err == nil {
		t.Errorf("no error, want %s: %s", want.Type, want.Message)
		return
	}
	if strings.Contains(err.Error(), "**********") {
		t.Errorf("the error shows the API key: %v", err)
	}
	class, msg, ok := pyErrorOf(err)
	if !ok {
		t.Errorf("error %T %q, want %s: %s", err, err, want.Type, want.Message)
		return
	}
	if class != want.Type {
		t.Errorf("exception %s (%q), want %s (%q)", class, msg, want.Type, want.Message)
		return
	}
	if c.StubDependent {
		return
	}
	wantMsg := strings.ReplaceAll(want.Message, "{{BASE_URL}}", origin)
	if msg != wantMsg {
		t.Errorf("message\n got %q\nwant %q", msg, wantMsg)
	}
	var ae *openai.APIError
	if errors.As(err, &ae) {
		if want.StatusCode != nil && ae.StatusCode != *want.StatusCode {
			t.Errorf("status %d, want %d", ae.StatusCode, *want.StatusCode)
		}
		if got, w := ae.Code, codeText(want.Code); got != w {
			t.Errorf("code %q, want %q", got, w)
		}
		if got, w := ae.Param, deref(want.Param); got != w {
			t.Errorf("param %q, want %q", got, w)
		}
		if got, w := ae.Type, deref(want.ErrorType); got != w {
			t.Errorf("error type %q, want %q", got, w)
		}
	}
}

// codeText is an error code as APIError holds it: a string as it is, a
// number as written, null as "".
func codeText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	return string(raw)
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// jsonValuesEqual compares JSON values: key order ignored, numbers by
// value, data: image URIs by media type and decoded pixels (AutoGen
// re-encodes images with Pillow).
func jsonValuesEqual(a, b []byte) bool {
	var x, y any
	da := json.NewDecoder(bytes.NewReader(a))
	da.UseNumber()
	db := json.NewDecoder(bytes.NewReader(b))
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return jsonValueEqual(x, y)
}

func jsonValueEqual(x, y any) bool {
	switch x := x.(type) {
	case map[string]any:
		ym, ok := y.(map[string]any)
		if !ok || len(x) != len(ym) {
			return false
		}
		for k, v := range x {
			w, ok := ym[k]
			if !ok || !jsonValueEqual(v, w) {
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
			if !jsonValueEqual(x[i], ya[i]) {
				return false
			}
		}
		return true
	case json.Number:
		yn, ok := y.(json.Number)
		if !ok {
			return false
		}
		if x == yn {
			return true
		}
		xf, err1 := x.Float64()
		yf, err2 := yn.Float64()
		return err1 == nil && err2 == nil && xf == yf
	case string:
		ys, ok := y.(string)
		if !ok {
			return false
		}
		return x == ys || sameImageURI(x, ys)
	}
	return reflect.DeepEqual(x, y)
}

// sameImageURI reports whether two data: URIs have the same media type and
// the same decoded pixels.
func sameImageURI(a, b string) bool {
	ma, da, ok1 := splitDataURI(a)
	mb, db, ok2 := splitDataURI(b)
	if !ok1 || !ok2 || ma != mb {
		return false
	}
	pa, err1 := decodedPixels(da)
	pb, err2 := decodedPixels(db)
	return err1 == nil && err2 == nil && bytes.Equal(pa, pb)
}

func splitDataURI(s string) (media, data string, ok bool) {
	rest, ok := strings.CutPrefix(s, "data:")
	if !ok {
		return "", "", false
	}
	media, data, ok = strings.Cut(rest, ";base64,")
	return media, data, ok && strings.HasPrefix(media, "image/")
}

func decodedPixels(b64 string) ([]byte, error) {
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
