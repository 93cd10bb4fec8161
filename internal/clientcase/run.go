package clientcase

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/models"
)

// Provider is what Run needs to know of a provider's client.
type Provider struct {
	// Headers are the (lower-case) headers its cases record, besides
	// x-custom-* (RequestDiff).
	Headers []string
	// DecodeTool reads a case's tool schema (DecodeTool when nil).
	DecodeTool func(json.RawMessage) (gen.ToolSchema, error)
	// ExceptionOf gives the Python exception an error stands for.
	ExceptionOf func(error) (class, message string, ok bool)
	// Setup, when set, runs before the client is loaded, with the fake
	// server's origin (to set the environment a case needs).
	Setup func(t *testing.T, c *Case, origin string)
	// CheckClient, when set, checks the client loaded for the case.
	CheckClient func(t *testing.T, c *Case, client models.ChatCompletionClient)
	// CheckError, when set, checks what the provider records of an error
	// beyond its class and message (an API error's status, code, ...).
	CheckError func(t *testing.T, want *Error, err error)
}

// RunAll runs each case as a subtest and logs how many passed, per kind.
func RunAll(t *testing.T, cases []*Case, run func(t *testing.T, c *Case)) {
	t.Helper()
	passed, total := map[string]int{}, map[string]int{}
	for _, c := range cases {
		total[c.Kind]++
		if t.Run(c.ID, func(t *testing.T) { run(t, c) }) {
			passed[c.Kind]++
		}
	}
	kinds := make([]string, 0, len(total))
	for k := range total {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	sum := 0
	for _, k := range kinds {
		fmt.Fprintf(&b, " %s %d/%d", k, passed[k], total[k])
		sum += passed[k]
	}
	t.Logf("passed %d/%d:%s", sum, len(cases), b.String())
}

// Run runs a case through the library: the client is loaded from the
// case's config (with the fake server's origin), CreateWith or
// CreateStreamWith runs with the case's inputs, and the requests sent,
// the chunks, the result or the error, and the usage after must be the
// recorded ones. A case whose error is raised at load must send nothing.
func Run(t *testing.T, c *Case, p Provider) {
	srv := NewServer(t, c.Response)
	if p.Setup != nil {
		p.Setup(t, c, srv.URL)
	}
	ctx := context.Background()
	client, err := models.LoadClient(ctx, c.ConfigFor(srv.URL))
	if c.Error != nil && c.Error.Stage == "load" {
		CheckException(t, c, err, srv.URL, p)
		if n := len(srv.Requests()); n != 0 {
			t.Errorf("%d requests sent", n)
		}
		return
	}
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	defer client.Close()
	if p.CheckClient != nil {
		p.CheckClient(t, c, client)
	}
	oc, ok := client.(models.OptionsClient)
	if !ok {
		t.Fatalf("loaded %T, which takes no MoreOptions", client)
	}
	msgs, opts, more := c.Inputs(t, p.DecodeTool)
	var chunks []string
	var result gen.CreateResult
	if c.Stream {
		chunks, result, err = models.CollectStream(oc.CreateStreamWith(ctx, msgs, opts, more))
	} else {
		result, err = oc.CreateWith(ctx, msgs, opts, more)
	}
	CheckRequests(t, c.Wanted(), srv.Requests(), p.Headers)
	if c.Stream && !(len(chunks) == 0 && len(c.Chunks) == 0) && !reflect.DeepEqual(chunks, c.Chunks) {
		t.Errorf("chunks %q, want %q", chunks, c.Chunks)
	}
	switch {
	case c.Error != nil:
		CheckException(t, c, err, srv.URL, p)
	case err != nil:
		t.Errorf("error %T: %v", err, err)
	default:
		got, merr := gen.Marshal(&result)
		if merr != nil {
			t.Fatal(merr)
		}
		if !SameJSON(got, c.Result) {
			t.Errorf("result\n got %s\nwant %s", got, Compact(c.Result))
		}
	}
	if u := c.UsageAfter; u != nil {
		a, tot := client.ActualUsage(), client.TotalUsage()
		actual, _ := gen.Marshal(&a)
		total, _ := gen.Marshal(&tot)
		if !SameJSON(actual, u.ActualUsage) || !SameJSON(total, u.TotalUsage) {
			t.Errorf("usage after: actual %s total %s, want %s %s", actual, total, u.ActualUsage, u.TotalUsage)
		}
	}
}

// CheckException checks err against the case's error: no masked API key
// ("**********") in its text unless AutoGen's shows one too, the
// exception's class, its message
// ("{{BASE_URL}}" replaced by origin; not compared for a stub-dependent
// case), then p.CheckError.
func CheckException(t *testing.T, c *Case, err error, origin string, p Provider) {
	t.Helper()
	want := c.Error
	if err == nil {
		t.Errorf("no error, want %s: %s", want.Type, want.Message)
		return
	}
	if strings.Contains(err.Error(), "**********") && !strings.Contains(want.Message, "**********") {
		t.Errorf("the error shows the API key: %v", err)
	}
	class, msg, ok := p.ExceptionOf(err)
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
	if wantMsg := strings.ReplaceAll(want.Message, "{{BASE_URL}}", origin); msg != wantMsg {
		t.Errorf("message\n got %q\nwant %q", msg, wantMsg)
	}
	if p.CheckError != nil {
		p.CheckError(t, want, err)
	}
}

// CancelMidStream checks how a stream ends when its consumer cancels the
// context after the first chunk: with context.Canceled, after that chunk
// alone (want), and the server's handler must see the request go (done
// closed within 5 s). stream starts the stream with the context.
func CancelMidStream(t *testing.T, stream func(context.Context) iter.Seq2[models.StreamEvent, error], want string, done <-chan struct{}) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var chunks []string
	var got error
	for ev, err := range stream(ctx) {
		if err != nil {
			got = err
			break
		}
		chunks = append(chunks, ev.Text)
		cancel()
	}
	if !errors.Is(got, context.Canceled) || len(chunks) != 1 || chunks[0] != want {
		t.Fatalf("chunks %q, error %v; want [%s] then context.Canceled", chunks, got, want)
	}
	WaitClosed(t, done, "the server's request was not ended")
}

// WaitClosed fails the test with msg unless done is closed within 5 s.
func WaitClosed(t testing.TB, done <-chan struct{}, msg string) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal(msg)
	}
}
