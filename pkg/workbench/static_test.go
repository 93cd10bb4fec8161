package workbench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/tools"
)

type waitArgs struct {
	ID int `json:"id"`
}

// blockingTool returns a tool whose calls wait until release is closed or
// their context ends; entered receives a value when a call starts.
func blockingTool(t *testing.T, release <-chan struct{}, entered chan<- int) tools.Tool {
	t.Helper()
	tool, err := tools.NewFunctionTool("wait", "Waits.", func(ctx context.Context, in waitArgs) (int, error) {
		entered <- in.ID
		select {
		case <-release:
			return in.ID, nil
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool
}

func TestConcurrentCalls(t *testing.T) {
	var calls atomic.Int64
	count, err := tools.NewFunctionTool("count", "", func(_ context.Context, in waitArgs) (int, error) {
		calls.Add(1)
		return in.ID, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	plus := "plus"
	w, err := NewStaticStreamWorkbench([]tools.Tool{count, mirrorTools(t)["countdown"]}, map[string]gen.ToolOverride{"count": {Name: &plus}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() {
			name := []string{"count", "plus"}[i%2]
			r, err := w.CallTool(ctx, name, json.RawMessage(fmt.Sprintf(`{"id": %d}`, i)), "")
			if err != nil || ToText(r, nil) != fmt.Sprint(i) || r.Name != name {
				t.Errorf("%d: %+v %v", i, r, err)
			}
			n := 0
			for _, err := range w.CallToolStream(ctx, "countdown", json.RawMessage(`{"n": 3}`), "") {
				if err != nil {
					t.Error(err)
				}
				n++
			}
			if n != 4 {
				t.Errorf("stream of %d items", n)
			}
			if _, err := w.ListTools(ctx); err != nil {
				t.Error(err)
			}
			if _, err := w.SaveState(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if calls.Load() != 64 {
		t.Errorf("%d calls ran", calls.Load())
	}
}

func TestStopWaits(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan int, 4)
	w, err := NewStaticWorkbench([]tools.Tool{blockingTool(t, release, entered), mirrorTools(t)["add"]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	results := make(chan string, 2)
	for i := range 2 {
		go func() {
			r, err := w.CallTool(ctx, "wait", json.RawMessage(fmt.Sprintf(`{"id": %d}`, i+1)), "")
			results <- fmt.Sprint(ToText(r, nil), err)
		}()
	}
	<-entered
	<-entered
	stopped := make(chan error)
	go func() { stopped <- w.Stop(ctx) }()
	// New calls are refused once Stop has begun.
	deadline := time.After(5 * time.Second)
	for {
		_, err := w.CallTool(ctx, "add", json.RawMessage(`{"a": 1, "b": 1}`), "")
		if errors.Is(err, ErrStopped) {
			break
		}
		select {
		case <-deadline:
			t.Fatal("calls still accepted after Stop")
		default:
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case err := <-stopped:
		t.Fatalf("Stop returned %v while calls ran", err)
	case <-time.After(20 * time.Millisecond):
	}
	close(release)
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	got := []string{<-results, <-results}
	if !(got[0] == "1<nil>" && got[1] == "2<nil>" || got[0] == "2<nil>" && got[1] == "1<nil>") {
		t.Errorf("results %v", got)
	}
	// Start lets calls run again.
	if err := w.Start(ctx); err != nil {
		t.Fatal(err)
	}
	r, err := w.CallTool(ctx, "wait", json.RawMessage(`{"id": 3}`), "")
	<-entered
	if err != nil || ToText(r, nil) != "3" {
		t.Errorf("after Start: %v %v", r, err)
	}
}

func TestStopCancels(t *testing.T) {
	entered := make(chan int, 1)
	w, err := NewStaticStreamWorkbench([]tools.Tool{blockingTool(t, nil, entered)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		_, err := w.CallTool(context.Background(), "wait", json.RawMessage(`{"id": 1}`), "")
		done <- err
	}()
	<-entered
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := w.Stop(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Stop: %v", err)
	}
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the cancelled call returned %v", err)
	}
	for _, err := range w.CallToolStream(context.Background(), "wait", nil, "") {
		if !errors.Is(err, ErrStopped) {
			t.Errorf("stream after Stop: %v", err)
		}
	}
	if err := w.Stop(context.Background()); err != nil {
		t.Errorf("second Stop: %v", err)
	}
}

func TestCallCancelled(t *testing.T) {
	entered := make(chan int, 1)
	w, err := NewStaticStreamWorkbench([]tools.Tool{blockingTool(t, nil, entered), mirrorTools(t)["countdown"]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-entered; cancel() }()
	if _, err := w.CallTool(ctx, "wait", json.RawMessage(`{"id": 1}`), ""); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled call: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var items []any
	var last error
	for v, err := range w.CallToolStream(ctx, "countdown", json.RawMessage(`{"n": 5}`), "") {
		if err != nil {
			last = err
			continue
		}
		items = append(items, v)
		cancel()
	}
	if len(items) != 1 || !errors.Is(last, context.Canceled) {
		t.Errorf("cancelled stream: %v %v", items, last)
	}
	// Breaking out of the stream is fine.
	for range w.CallToolStream(context.Background(), "countdown", json.RawMessage(`{"n": 5}`), "") {
		break
	}
}

type resultArgs struct{}

func TestToolResultPassThrough(t *testing.T) {
	want := gen.ToolResult{Name: "custom", Result: []gen.ResultContent{&gen.TextResultContent{Content: "own"}}, IsError: true}
	value, _ := tools.NewFunctionTool("value", "", func(context.Context, resultArgs) (gen.ToolResult, error) { return want, nil })
	pointer, _ := tools.NewFunctionTool("pointer", "", func(context.Context, resultArgs) (*gen.ToolResult, error) { return &want, nil })
	w, err := NewStaticStreamWorkbench([]tools.Tool{value, pointer}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"value", "pointer"} {
		r, err := w.CallTool(context.Background(), name, nil, "")
		if err != nil || r.Name != "custom" || !r.IsError || ToText(r, nil) != "own" {
			t.Errorf("%s: %+v %v", name, r, err)
		}
		for v := range w.CallToolStream(context.Background(), name, nil, "") {
			if r, ok := v.(gen.ToolResult); !ok || r.Name != "custom" {
				t.Errorf("%s stream: %#v", name, v)
			}
		}
	}
}

// FormatError follows AutoGen's _format_errors: str(error) + "\n", stripped;
// an ExceptionGroup's sub-exceptions formatted and concatenated.
func TestFormatError(t *testing.T) {
	leaf := errors.New("  padded message \n")
	tests := []struct {
		err  error
		want string
	}{
		{nil, ""},
		{errors.New("plain"), "plain"},
		{leaf, "padded message"},
		{errors.Join(errors.New("a"), errors.New("b")), "ab"},
		{fmt.Errorf("group: %w %w", errors.New("x\n"), errors.Join(errors.New(" y "), nil, errors.New("z"))), "xyz"},
		{fmt.Errorf("wrapped: %w", errors.New("inner")), "wrapped: inner"},
		{errors.Join(), ""},
	}
	for _, tt := range tests {
		if got := FormatError(tt.err); got != tt.want {
			t.Errorf("FormatError(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// AutoGen calls a tool with {} when the arguments are falsy.
func TestNormalizeArgs(t *testing.T) {
	for in, want := range map[string]string{
		"": "{}", "null": "{}", " null ": "{}", "false": "{}", "0": "{}", "0.0": "{}", `""`: "{}", "[]": "{}", "[ ]": "{}", "{ }": "{}",
		`{"a":1}`: `{"a":1}`, "[1]": "[1]", "1": "1", "true": "true", `"x"`: `"x"`,
	} {
		if got := string(normalizeArgs(json.RawMessage(in))); got != want {
			t.Errorf("normalizeArgs(%q) = %q, want %q", in, got, want)
		}
	}
}

type counterState struct {
	Count int `json:"count"`
}

func TestState(t *testing.T) {
	counter, err := tools.NewBaseToolWithState("counter", "", counterState{}, func(_ context.Context, _ struct{}, s *counterState) (int, error) {
		s.Count++
		return s.Count, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	w, err := NewStaticWorkbench([]tools.Tool{counter, mirrorTools(t)["add"]}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	w.CallTool(ctx, "counter", nil, "")
	w.CallTool(ctx, "counter", nil, "")
	state, err := w.SaveState(ctx)
	if err != nil || string(state) != `{"type":"StaticWorkbenchState","tools":{"counter":{"count":2},"add":{}}}` {
		t.Fatalf("SaveState: %s %v", state, err)
	}
	if err := w.LoadState(ctx, json.RawMessage(`{"tools": {"counter": {"count": 10}, "unknown": {}}}`)); err != nil {
		t.Fatal(err)
	}
	if r, _ := w.CallTool(ctx, "counter", nil, ""); ToText(r, nil) != "11" {
		t.Errorf("after LoadState: %s", ToText(r, nil))
	}
	err = w.LoadState(ctx, json.RawMessage(`{"type": "Other", "tools": {"counter": 1}}`))
	want := "2 validation errors for StateicWorkbenchState\n" +
		"type\n  Input should be 'StaticWorkbenchState' [type=literal_error, input_value='Other', input_type=str]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/literal_error\n" +
		"tools.counter\n  Input should be a valid dictionary [type=dict_type, input_value=1, input_type=int]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/dict_type"
	if err == nil || err.Error() != want {
		t.Errorf("LoadState error:\n%v\nwant\n%s", err, want)
	}
	err = w.LoadState(ctx, json.RawMessage(`{"tools": {"counter": {"count": "x"}}}`))
	if err == nil || !strings.Contains(err.Error(), "loading the state of tool counter") {
		t.Errorf("LoadState of a bad tool state: %v", err)
	}
	if err := w.Reset(ctx); err != nil {
		t.Error(err)
	}
}

func TestConstructionErrors(t *testing.T) {
	add := mirrorTools(t)["add"]
	if _, err := NewStaticWorkbench([]tools.Tool{add, nil}, nil); err == nil {
		t.Error("nil tool accepted")
	}
	// An override for a tool that is not there is kept (AutoGen maps its
	// name anyway), and an empty name maps nothing.
	x, empty := "x", ""
	w, err := NewStaticWorkbench([]tools.Tool{add}, map[string]gen.ToolOverride{"missing": {Name: &x}, "add": {Name: &empty}})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := w.CallTool(context.Background(), "x", nil, ""); ToText(r, nil) != "Tool x not found." {
		t.Errorf("override of a missing tool: %s", ToText(r, nil))
	}
	if len(w.Overrides()) != 2 || len(w.Tools()) != 1 {
		t.Error("accessors")
	}
}

func TestToTextImages(t *testing.T) {
	r := gen.ToolResult{Name: "t", Result: []gen.ResultContent{
		&gen.TextResultContent{Content: "a"}, &gen.ImageResultContent{}, &gen.TextResultContent{Content: "b"},
	}}
	if got := ToText(r, nil); got != "a\n[Image: ]\nb" {
		t.Errorf("zero image: %q", got)
	}
	img := "<img>"
	if got := ToText(r, &img); got != "a\n<img>\nb" {
		t.Errorf("replaced: %q", got)
	}
}

// The workbenches implement the interfaces.
var (
	_ Workbench       = (*StaticWorkbench)(nil)
	_ StreamWorkbench = (*StaticStreamWorkbench)(nil)
)
