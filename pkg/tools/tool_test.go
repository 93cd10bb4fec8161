package tools

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

type echoArgs struct {
	S string `json:"s"`
}

func TestFunctionToolRun(t *testing.T) {
	tool, err := NewFunctionTool("echo", "Echo.", func(ctx context.Context, in echoArgs) (string, error) {
		switch in.S {
		case "panic":
			panic("boom")
		case "panic error":
			panic(errors.New("bad"))
		case "id":
			return CallID(ctx), nil
		}
		return in.S, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if out, err := tool.RunJSON(ctx, json.RawMessage(`{"s":"id"}`), "call-7"); err != nil || out != "call-7" {
		t.Errorf("call ID: %v %v", out, err)
	}
	_, err = tool.RunJSON(ctx, json.RawMessage(`{"s":"panic"}`), "")
	var pe *PanicError
	if !errors.As(err, &pe) || pe.Tool != "echo" || pe.Value != "boom" || len(pe.Stack) == 0 || err.Error() != "tool echo panicked: boom" {
		t.Errorf("panic: %v", err)
	}
	_, err = tool.RunJSON(ctx, json.RawMessage(`{"s":"panic error"}`), "")
	if !errors.As(err, &pe) || errors.Unwrap(err) == nil || errors.Unwrap(err).Error() != "bad" {
		t.Errorf("panic with an error: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := tool.RunJSON(cctx, json.RawMessage(`{"s":"x"}`), ""); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
	if in, err := tool.DecodeArgs(json.RawMessage(`{"s":"x"}`)); err != nil || in.S != "x" {
		t.Errorf("DecodeArgs: %v %v", in, err)
	}
	if out, err := tool.Run(ctx, echoArgs{S: "panic"}); err == nil {
		t.Errorf("Run of a panicking call: %v", out)
	}
	if s, err := tool.SaveState(ctx); err != nil || string(s) != "{}" {
		t.Errorf("SaveState: %s %v", s, err)
	}
	if err := tool.LoadState(ctx, json.RawMessage(`{"anything":1}`)); err != nil {
		t.Errorf("LoadState: %v", err)
	}
	if tool.Name() != "echo" || tool.Description() != "Echo." || tool.Strict() || tool.FunctionName() != "echo" {
		t.Error("accessors")
	}
	// The schema is a copy: changing it does not change the tool's.
	s := tool.Schema()
	s.Parameters.Required[0] = "changed"
	if tool.Schema().Parameters.Required[0] != "s" {
		t.Error("Schema shares its slices")
	}
}

type countdownArgs struct {
	N int `json:"n"`
}

func countdownTool(t *testing.T, started chan<- struct{}) *BaseStreamTool[countdownArgs, int, string] {
	t.Helper()
	tool, err := NewBaseStreamTool("countdown", "Counts down.", func(ctx context.Context, in countdownArgs, yield func(int) bool) (string, error) {
		for i := in.N; i > 0; i-- {
			if i == 13 {
				panic("unlucky")
			}
			if i == 99 {
				return "", errors.New("99 is unlucky")
			}
			if !yield(i) {
				return "stopped", nil
			}
			if started != nil && i == in.N {
				started <- struct{}{}
			}
		}
		return "lift off", nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tool
}

func collect(seq func(func(any, error) bool)) ([]any, error) {
	var out []any
	var last error
	for v, err := range seq {
		if err != nil {
			last = err
			continue
		}
		out = append(out, v)
	}
	return out, last
}

func TestStreamTool(t *testing.T) {
	ctx := context.Background()
	tool := countdownTool(t, nil)
	items, err := collect(tool.RunJSONStream(ctx, json.RawMessage(`{"n":3}`), ""))
	if err != nil || len(items) != 4 || items[0] != 3 || items[2] != 1 || items[3] != "lift off" {
		t.Errorf("stream: %v %v", items, err)
	}
	if out, err := tool.RunJSON(ctx, json.RawMessage(`{"n":2}`), ""); err != nil || out != "lift off" {
		t.Errorf("RunJSON: %v %v", out, err)
	}
	items, err = collect(tool.RunJSONStream(ctx, json.RawMessage(`{"n":100}`), ""))
	if len(items) != 1 || err == nil || err.Error() != "99 is unlucky" {
		t.Errorf("failing stream: %v %v", items, err)
	}
	items, err = collect(tool.RunJSONStream(ctx, json.RawMessage(`{"n":14}`), ""))
	var pe *PanicError
	if len(items) != 1 || !errors.As(err, &pe) {
		t.Errorf("panicking stream: %v %v", items, err)
	}
	items, err = collect(tool.RunJSONStream(ctx, json.RawMessage(`{"n":"x"}`), ""))
	var ve *ValidationError
	if len(items) != 0 || !errors.As(err, &ve) {
		t.Errorf("invalid arguments: %v %v", items, err)
	}
	// Breaking out of the loop stops the function.
	n := 0
	for range tool.RunJSONStream(ctx, json.RawMessage(`{"n":50}`), "") {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("break after %d", n)
	}
	// A panic in the loop body is the caller's: it is not turned into an
	// error.
	func() {
		defer func() {
			if r := recover(); r != "body" {
				t.Errorf("recovered %v, want the body's panic", r)
			}
		}()
		for range tool.RunJSONStream(ctx, json.RawMessage(`{"n":3}`), "") {
			panic("body")
		}
	}()
}

func TestStreamToolCancel(t *testing.T) {
	tool := countdownTool(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var items []any
	var last error
	for v, err := range tool.RunJSONStream(ctx, json.RawMessage(`{"n":5}`), "") {
		if err != nil {
			last = err
			break
		}
		items = append(items, v)
		if len(items) == 2 {
			cancel()
		}
	}
	if len(items) != 2 || !errors.Is(last, context.Canceled) {
		t.Errorf("cancelled stream: %v %v", items, last)
	}
	items, err := collect(tool.RunJSONStream(ctx, json.RawMessage(`{"n":5}`), ""))
	if len(items) != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("stream on a cancelled context: %v %v", items, err)
	}
}

type counterState struct {
	Count int      `json:"count"`
	Log   []string `json:"log" default:"[]"`
}

type incArgs struct {
	By int `json:"by" default:"1"`
}

func TestBaseToolWithState(t *testing.T) {
	tool, err := NewBaseToolWithState("counter", "Counts.", counterState{Log: []string{}}, func(_ context.Context, in incArgs, s *counterState) (int, error) {
		s.Count += in.By
		return s.Count, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if _, err := tool.RunJSON(ctx, json.RawMessage(`{}`), ""); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	state, err := tool.SaveState(ctx)
	if err != nil || string(state) != `{"count":50,"log":[]}` {
		t.Fatalf("SaveState: %s %v", state, err)
	}
	if err := tool.LoadState(ctx, json.RawMessage(`{"count": "7"}`)); err != nil {
		t.Fatal(err)
	}
	if s := tool.State(); s.Count != 7 || s.Log == nil {
		t.Errorf("state after LoadState: %+v", s)
	}
	err = tool.LoadState(ctx, json.RawMessage(`{"count": "x"}`))
	if err == nil || !strings.HasPrefix(err.Error(), "1 validation error for counterState\ncount\n  Input should be a valid integer") {
		t.Errorf("LoadState of a bad state: %v", err)
	}
	if tool.State().Count != 7 {
		t.Error("a refused state changed the state")
	}
	tool.SetState(counterState{Count: 1})
	if out, err := tool.RunJSON(ctx, json.RawMessage(`{"by":2}`), ""); err != nil || out != 3 {
		t.Errorf("RunJSON: %v %v", out, err)
	}
	if _, err := NewBaseToolWithState("bad", "", 0, func(context.Context, incArgs, *int) (int, error) { return 0, nil }); err == nil {
		t.Error("a non-struct state type was accepted")
	}
}

// Tools are safe for concurrent use (run with -race).
func TestConcurrentRunJSON(t *testing.T) {
	tool, err := NewFunctionTool("sleep", "", func(ctx context.Context, in countdownArgs) (int, error) {
		time.Sleep(time.Millisecond)
		return in.N * 2, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Go(func() {
			out, err := tool.RunJSON(context.Background(), json.RawMessage(`{"n":`+string(rune('0'+i%10))+`}`), "")
			if err != nil || out != i%10*2 {
				t.Errorf("%d: %v %v", i, out, err)
			}
			_ = tool.Schema()
		})
	}
	wg.Wait()
}

// The tool types implement the interfaces.
var (
	_ Tool       = (*FunctionTool[echoArgs, string])(nil)
	_ StreamTool = (*BaseStreamTool[echoArgs, int, string])(nil)
	_ Tool       = (*BaseToolWithState[echoArgs, int, counterState])(nil)
)
