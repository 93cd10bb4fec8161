package runtimecase

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runtimeDir is the recorded cases, relative to this package.
const runtimeDir = "../../testdata/conformance/runtime"

func loadAll(t *testing.T) []*Case {
	t.Helper()
	if _, err := os.Stat(runtimeDir); err != nil {
		t.Skipf("no runtime cases: %v", err)
	}
	cases, err := LoadDir(runtimeDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases loaded")
	}
	return cases
}

func TestLoadDir(t *testing.T) {
	all := loadAll(t)
	kinds := map[string]int{}
	for _, c := range all {
		kinds[c.Kind]++
		if c.File == "" || !strings.HasSuffix(filepath.ToSlash(c.File), c.ID+".json") {
			t.Errorf("%s: File %q", c.ID, c.File)
		}
	}
	some, err := LoadDir(runtimeDir, "round_robin", "assistant")
	if err != nil {
		t.Fatal(err)
	}
	if len(some) != kinds["round_robin"]+kinds["assistant"] || len(some) == 0 {
		t.Fatalf("LoadDir(round_robin, assistant) = %d cases, want %d", len(some), kinds["round_robin"]+kinds["assistant"])
	}
	// Kinds in the order given, names sorted within a kind.
	for i := 1; i < len(some); i++ {
		a, b := some[i-1], some[i]
		if a.Kind == b.Kind && a.ID >= b.ID || a.Kind == "assistant" && b.Kind == "round_robin" {
			t.Errorf("order: %s before %s", a.ID, b.ID)
		}
	}
	if some[0].Kind != "round_robin" {
		t.Errorf("first case %s, want a round_robin one", some[0].ID)
	}
	if _, err := LoadDir(runtimeDir, "no_such_kind"); err == nil || !strings.Contains(err.Error(), "no_such_kind") {
		t.Errorf("missing kind: error %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	run := `{"model_script": [], "expect": {"exit_code": 0, "stdout": [], "model_requests": [], "tool_requests": []}}`
	for _, tc := range []struct{ name, in, wantErr string }{
		{"unknown field", `{"id": "a/b", "kind": "a", "config": {}, "runs": [` + run + `], "extra": 1}`, `unknown field "extra"`},
		{"unknown run field", `{"id": "a/b", "kind": "a", "config": {}, "runs": [{"tsk": "x"}]}`, `unknown field "tsk"`},
		{"no runs", `{"id": "a/b", "kind": "a", "config": {}, "runs": []}`, "no runs"},
		{"no config", `{"id": "a/b", "kind": "a", "runs": [` + run + `]}`, "no config"},
		{"task and task_messages", `{"id": "a/b", "kind": "a", "config": {}, "runs": [{"task": "x", "task_messages": [], "model_script": [], "expect": {}}]}`, "both task and task_messages"},
		{"state_from_previous first", `{"id": "a/b", "kind": "a", "config": {}, "runs": [{"state_from_previous": true, "model_script": [], "expect": {}}]}`, "no previous run"},
		{"bad exit code", `{"id": "a/b", "kind": "a", "config": {}, "runs": [{"model_script": [], "expect": {"exit_code": 2}}]}`, "exit_code 2"},
		{"trailing data", `{"id": "a/b", "kind": "a", "config": {}, "runs": [` + run + `]} {}`, "data after"},
	} {
		if _, err := Decode([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.wantErr)
		}
	}
	c, err := Decode([]byte(`{"id": "a/b", "kind": "a", "config": {"x": 1}, "runs": [{"task_messages": null, "state": null, "model_script": [], "expect": {"stdout": [1.50]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Runs[0]; r.TaskMessages != nil || r.State != nil || r.Task != nil {
		t.Errorf("null task_messages/state should read as absent: %+v", r)
	}
	if n, ok := c.Runs[0].Expect.Stdout[0].(json.Number); !ok || n != "1.50" {
		t.Errorf("numbers should be json.Number: %#v", c.Runs[0].Expect.Stdout[0])
	}

	// A file whose id does not match its place.
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "k"), 0o755)
	os.WriteFile(filepath.Join(dir, "k", "c1.json"), []byte(`{"id": "k/other", "kind": "k", "config": {}, "runs": [`+run+`]}`), 0o644)
	if _, err := LoadDir(dir); err == nil || !strings.Contains(err.Error(), `id "k/other" is not "k/c1"`) || !strings.Contains(err.Error(), "c1.json") {
		t.Errorf("misplaced case: error %v", err)
	}
}

var placeholderRef = regexp.MustCompile(`^<uuid-(\d+)>$`)

// denormalize undoes Normalize as a real run would: each "<uuid-N>" becomes
// one random-looking UUID (unrelated to N, so numbering order is really
// tested), each "<created_at>" a timestamp of its own.
func denormalize(v any, salt string, stamps *int) any {
	switch x := v.(type) {
	case string:
		if m := placeholderRef.FindStringSubmatch(x); m != nil {
			h := fnv.New128a()
			fmt.Fprint(h, salt, m[1])
			b := h.Sum(nil)
			return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
		}
		if x == CreatedAtPlaceholder {
			*stamps++
			return fmt.Sprintf("2025-10-01T12:00:%02d.%06d+00:00", *stamps%60, *stamps)
		}
		return x
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = denormalize(e, salt, stamps)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = denormalize(e, salt, stamps)
		}
		return out
	}
	return v
}

// TestCasesNormalized: the recorded expectations are fixed points of
// Normalize, and denormalized (fresh ids and timestamps) they normalize back
// to themselves: the numbering order this package uses is the recorder's.
func TestCasesNormalized(t *testing.T) {
	for _, c := range loadAll(t) {
		for i, r := range c.Runs {
			where := fmt.Sprintf("%s run %d", c.ID, i)
			if msg := compareItems("stdout", r.Expect.Stdout, Normalize(r.Expect.Stdout)); msg != "" {
				t.Errorf("%s: expected stdout normalized again: %s", where, msg)
			}
			stamps := 0
			raw := denormalize(r.Expect.Stdout, c.ID+"stdout", &stamps).([]any)
			if d := FirstDifference(r.Expect.Stdout, raw); d == nil && strings.Contains(Compact(r.Expect.Stdout), "<uuid-") {
				t.Fatalf("%s: denormalize changed nothing", where)
			}
			if msg := compareItems("stdout", r.Expect.Stdout, Normalize(raw)); msg != "" {
				t.Errorf("%s: denormalized stdout normalized: %s", where, msg)
			}
			if r.Expect.ExitCode != 0 {
				continue
			}
			if r.Expect.State == nil {
				t.Errorf("%s: exit code 0 and no expected state", where)
				continue
			}
			if d := FirstDifference(r.Expect.State, NormalizeValue(r.Expect.State)); d != nil {
				t.Errorf("%s: expected state normalized again differs %s", where, d)
			}
			rawState := denormalize(r.Expect.State, c.ID+"state", &stamps)
			if d := FirstDifference(r.Expect.State, NormalizeValue(rawState)); d != nil {
				t.Errorf("%s: denormalized state normalized differs %s", where, d)
			}
		}
	}
}

// TestCasesPlaceholders: every config (and state) becomes valid JSON with no
// placeholder left, each HttpTool's port an integer.
func TestCasesPlaceholders(t *testing.T) {
	p := Placeholders{BaseURL: "http://127.0.0.1:5555", ToolHost: "127.0.0.1", ToolPort: 6666}
	for _, c := range loadAll(t) {
		cfg, err := p.Apply(c.Config)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if bytes.Contains(cfg, []byte("{{")) {
			t.Errorf("%s: a placeholder is left in %s", c.ID, cfg)
		}
		var v any
		if err := json.Unmarshal(cfg, &v); err != nil {
			t.Errorf("%s: substituted config is not JSON: %v", c.ID, err)
		}
		if n := bytes.Count(c.Config, []byte(`"{{TOOL_PORT}}"`)); n != bytes.Count(cfg, []byte(`"port":6666`)) {
			t.Errorf("%s: %d tool ports, not all became integers: %s", c.ID, n, cfg)
		}
		for i, r := range c.Runs {
			if r.State != nil {
				if _, err := p.Apply(r.State); err != nil {
					t.Errorf("%s run %d: state: %v", c.ID, i, err)
				}
			}
			if r.TaskMessages != nil {
				if _, err := p.Apply(r.TaskMessages); err != nil {
					t.Errorf("%s run %d: task_messages: %v", c.ID, i, err)
				}
			}
		}
	}
}

// TestCasesReplay plays every run's expected traffic against the real
// endpoints and feeds the results, with denormalized stdout and state, to
// Compare, which must pass them: the model endpoint answers the script in
// order, the tool endpoint records what the expectations say, and Compare
// accepts a faithful run. Then one tool request is dropped, and Compare must
// say so.
func TestCasesReplay(t *testing.T) {
	for _, c := range loadAll(t) {
		for i, r := range c.Runs {
			where := fmt.Sprintf("%s run %d", c.ID, i)
			s, err := NewServers(c, r)
			if err != nil {
				t.Fatal(err)
			}
			for j, mr := range r.Expect.ModelRequests {
				body, _ := json.Marshal(mr.Body)
				status, ct, resp := do(t, mr.Method, s.Model.URL()+mr.Path, "application/json", string(body), nil)
				want := ScriptEntry{Status: http.StatusBadRequest, ContentType: "application/json", Body: ExhaustedBody}
				if j < len(r.ModelScript) {
					want = r.ModelScript[j]
				}
				if status != want.Status || ct != want.ContentType || resp != want.Body {
					t.Errorf("%s: model request %d answered %d %q %.80q, want %d %q %.80q", where, j, status, ct, resp, want.Status, want.ContentType, want.Body)
				}
			}
			// Backwards, as parallel calls may arrive.
			for j := len(r.Expect.ToolRequests) - 1; j >= 0; j-- {
				tr := r.Expect.ToolRequests[j]
				q := url.Values{}
				for k, v := range tr.Query {
					q.Set(k, v)
				}
				target := s.Tool.URL() + tr.Path
				if len(q) > 0 {
					target += "?" + q.Encode()
				}
				body := ""
				if tr.Body != nil {
					b, _ := json.Marshal(tr.Body)
					body = string(b)
				}
				status, _, resp := do(t, tr.Method, target, "application/json", body, tr.Headers)
				if status == http.StatusNotFound {
					t.Errorf("%s: tool request %d: no route (%s)", where, j, resp)
				}
			}
			stamps := 0
			var stdout bytes.Buffer
			for _, item := range denormalize(r.Expect.Stdout, where, &stamps).([]any) {
				line, _ := json.Marshal(item)
				stdout.Write(line)
				stdout.WriteByte('\n')
			}
			var state []byte
			if r.Expect.ExitCode == 0 {
				state, _ = json.Marshal(denormalize(r.Expect.State, where+"s", &stamps))
			}
			out := s.Outcome(r.Expect.ExitCode, stdout.Bytes(), nil, state)
			if msgs := s.Compare(r, out); msgs != nil {
				t.Errorf("%s: a faithful replay fails:\n%s", where, strings.Join(msgs, "\n"))
			}
			if len(out.ToolRequests) > 0 {
				out.ToolRequests = out.ToolRequests[1:]
				if msgs := s.Compare(r, out); len(msgs) != 1 || !strings.Contains(msgs[0], "1 missing, 0 unexpected") {
					t.Errorf("%s: a dropped tool request gives %q", where, msgs)
				}
			}
			s.Close()
		}
	}
}
