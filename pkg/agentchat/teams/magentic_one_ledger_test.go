package teams_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/teams"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/openai"
)

// completionServer is an OpenAI chat-completions endpoint answering the
// given contents in order; it records each request's response_format
// type ("None" when the request has none, as Python prints it).
func completionServer(t *testing.T, contents ...string) (*httptest.Server, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var formats []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ResponseFormat *struct {
				Type string `json:"type"`
			} `json:"response_format"`
		}
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		format := "None"
		if req.ResponseFormat != nil {
			format = req.ResponseFormat.Type
		}
		mu.Lock()
		i := len(formats)
		formats = append(formats, format)
		mu.Unlock()
		if i >= len(contents) {
			http.Error(w, `{"error":{"message":"no more replies"}}`, http.StatusBadRequest)
			return
		}
		c, _ := json.Marshal(contents[i])
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"id":"c","object":"chat.completion","created":0,"model":"gpt-4o","choices":[{"index":0,"finish_reason":"stop","logprobs":null,"message":{"role":"assistant","content":`+string(c)+`}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), formats...) }
}

// ledgerScenario runs MagenticOne with a gpt-4o OpenAI client (structured
// output) on the replies and renders the run as autogen_ledger.py does.
func ledgerScenario(t *testing.T, name string, replies ...string) (string, error) {
	srv, formats := completionServer(t, replies...)
	base, key, retries := srv.URL+"/v1", "sk-test", gen.IntOf(0)
	client, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: &key, BaseURL: &base, MaxRetries: &retries})
	if err != nil {
		t.Fatal(err)
	}
	coder, _ := textAgent(t, "coder", "Writes code.", "A poem.")
	team, err := teams.NewMagenticOneGroupChat([]teams.Participant{coder}, client, teams.Options{}, teams.MagenticOneOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "== %s\n", name)
	var runErr error
	for item, err := range team.RunStream(context.Background(), agentchat.TextTask("Write a poem.")) {
		if err != nil {
			runErr = err
			break
		}
		if tm, ok := item.(*gen.TextMessage); ok {
			var content bytes.Buffer
			enc := json.NewEncoder(&content)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(tm.Content)
			fmt.Fprintf(&b, "%s %s %s", item.Type(), tm.Source, content.String())
			continue
		}
		fmt.Fprintf(&b, "%s\n", item.Type())
	}
	if runErr != nil {
		class, msg, _ := strings.Cut(agentchat.ExceptionText(runErr), ": ")
		fmt.Fprintf(&b, "raised %s\n%s\n", class, msg)
	}
	f := formats()
	fmt.Fprintf(&b, "requests %d\n%s\n", len(f), strings.Join(f, "\n"))
	return b.String(), runErr
}

// TestMagenticOneLedgerValidationError: on a model with structured output,
// a progress-ledger reply that is not JSON ends the run with pydantic's
// ValidationError for LedgerEntry, not retried, as AutoGen 0.7.5 does
// (testdata/magentic_one_ledger/expected.txt, written by
// autogen_ledger.py running AutoGen): raised in the first step (the
// manager's start), nothing is yielded and the error is the
// ValidationError itself; raised after a participant spoke, the messages
// so far are yielded and the run ends with RuntimeError naming it.
func TestMagenticOneLedgerValidationError(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "magentic_one_ledger", "expected.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// AutoGen prints the class with its module; the Go error has the name.
	wantText := strings.NewReplacer("raised pydantic_core._pydantic_core.", "raised ", "raised builtins.", "raised ").Replace(string(want))
	first, firstErr := ledgerScenario(t, "first_ledger", "FACTS", "PLAN", "not json")
	later, laterErr := ledgerScenario(t, "later_ledger", "FACTS", "PLAN", m1LedgerOf(false, true, false, "coder", "Write it."), "not json")
	if got := first + later; got != wantText {
		t.Errorf("run:\n%s\nwant (AutoGen):\n%s", got, wantText)
	}
	var ve *openai.ValidationError
	if !errors.As(firstErr, &ve) || ve.Title != "LedgerEntry" {
		t.Errorf("first ledger: error %T %v, want *openai.ValidationError for LedgerEntry", firstErr, firstErr)
	}
	var fault *agentschema.Fault
	if !errors.As(firstErr, &fault) || fault.Type != "json_invalid" {
		t.Errorf("first ledger: fault %+v, want json_invalid", fault)
	}
	var re *agentchat.RunError
	if !errors.As(laterErr, &re) || re.Exception != "RuntimeError" || !errors.As(laterErr, &ve) {
		t.Errorf("later ledger: error %T %v, want RuntimeError wrapping the ValidationError", laterErr, laterErr)
	}
}

// m1LedgerOf is autogen_ledger.py's ledger(): the entries in that order,
// reasons "Done?", "loop?", "progress?", "who?", "what?".
func m1LedgerOf(satisfied, progress, loop bool, next, instruction string) string {
	type entry struct {
		Reason string `json:"reason"`
		Answer any    `json:"answer"`
	}
	b, _ := json.Marshal(struct {
		S entry `json:"is_request_satisfied"`
		L entry `json:"is_in_loop"`
		P entry `json:"is_progress_being_made"`
		N entry `json:"next_speaker"`
		I entry `json:"instruction_or_question"`
	}{entry{"Done?", satisfied}, entry{"loop?", loop}, entry{"progress?", progress}, entry{"who?", next}, entry{"what?", instruction}})
	return string(b)
}

// TestStartErrorYieldsNothing: an exception of the manager's start (here a
// selector function raising at the first selection) ends the run with
// that exception and nothing yielded, not even the task; an error after a
// participant spoke comes after the messages so far. AutoGen 0.7.5, for
// SelectorGroupChat([a, b], selector_func=raise ValueError("boom")) and
// run_stream(task="hi"), yields nothing and raises ValueError: boom
// (run_stream reads its output queue only once handle_start returned).
func TestStartErrorYieldsNothing(t *testing.T) {
	boom := &agentchat.RunError{Exception: "ValueError", Message: "boom"}
	for _, tc := range []struct {
		name      string
		failAt    int // the selection that raises (1 = the first)
		wantItems int
		wantText  string
	}{
		{"first selection", 1, 0, "ValueError: boom"},
		{"second selection", 2, 2, "RuntimeError: ValueError: boom"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := 0
			sel := func(context.Context, []messages.Message) (string, error) {
				if n++; n == tc.failAt {
					return "", boom
				}
				return "a", nil
			}
			team, _ := selectorTeam(t, []string{"a", "b"}, nil, map[string][]string{"a": {"x"}}, nil,
				teams.Options{}, teams.SelectorOptions{SelectorFunc: sel})
			items := 0
			var runErr error
			for _, err := range team.RunStream(context.Background(), agentchat.TextTask("hi")) {
				if err != nil {
					runErr = err
					break
				}
				items++
			}
			if items != tc.wantItems || agentchat.ExceptionText(runErr) != tc.wantText {
				t.Errorf("%d items, error %q; want %d items, error %q", items, agentchat.ExceptionText(runErr), tc.wantItems, tc.wantText)
			}
		})
	}
}
