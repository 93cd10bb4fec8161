package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The hostile-input tests of the command: unreadable inputs, many files, a
// 1 GB stream, a closed stdout, SIGINT, and hostile bytes through the
// command. TestHostileCommandBinary runs the built binary for the faults
// that only a real process shows (signals, EPIPE on file descriptor 1).

// goodLine is a UserMessage in canonical form: normalize prints it back
// unchanged.
const goodLine = `{"content":"hello","source":"user","type":"UserMessage"}`

// writeTree writes content to dir/name, making the directories, and
// returns the path.
func writeTree(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// failingReader yields data and then fails with err.
type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func (r *failingReader) Close() error { return nil }

// errInjectedIO is the read error of the injected "flaky" file.
var errInjectedIO = errors.New("input/output error")

// injectFaults makes openFile fail as the file system would for files
// named denied.jsonl (permission denied: root reads any file, so chmod
// cannot show it in every environment) and flaky.jsonl (one good line,
// then a read error).
func injectFaults(t *testing.T) {
	t.Helper()
	orig := openFile
	t.Cleanup(func() { openFile = orig })
	openFile = func(name string) (io.ReadCloser, error) {
		switch filepath.Base(name) {
		case "denied.jsonl":
			return nil, &fs.PathError{Op: "open", Path: name, Err: syscall.EACCES}
		case "flaky.jsonl":
			return &failingReader{data: []byte(goodLine + "\n"), err: errInjectedIO}, nil
		}
		return orig(name)
	}
}

// TestHostileUnreadableInputs gives normalize, validate and tokens inputs
// they cannot read: each is reported on stderr with its name and cause,
// the exit code is 2, and the other inputs are still processed.
func TestHostileUnreadableInputs(t *testing.T) {
	injectFaults(t)
	dir := t.TempDir()
	good := writeTree(t, dir, "good.jsonl", goodLine+"\n")
	missing := filepath.Join(dir, "missing.jsonl")
	asDir := filepath.Join(dir, "dir.jsonl")
	if err := os.Mkdir(asDir, 0o755); err != nil {
		t.Fatal(err)
	}
	denied := writeTree(t, dir, "denied.jsonl", goodLine+"\n") // see injectFaults
	flaky := writeTree(t, dir, "flaky.jsonl", goodLine+"\n")   // see injectFaults
	// A tree with an unreadable file in it, for validate's directory walk.
	tree := filepath.Join(dir, "tree")
	writeTree(t, tree, "a.jsonl", goodLine+"\n")
	writeTree(t, tree, "denied.jsonl", goodLine+"\n")

	const normalized = goodLine + "\n"
	const oneValid = "1 document, 0 invalid\n"
	tests := []struct {
		name     string
		args     []string
		code     int
		stderr   []string // substrings of stderr
		stdout   string
		anyStdin bool // stdout not checked
	}{
		{"normalize missing", []string{"normalize", missing, good}, exitUsage,
			[]string{missing + ": open " + missing + ": no such file or directory"}, normalized, false},
		// A directory is searched for *.json and *.jsonl files by every
		// verb, even one named like a file (this one is empty).
		{"normalize directory", []string{"normalize", asDir, good}, exitOK,
			nil, normalized, false},
		{"normalize permission denied", []string{"normalize", denied, good}, exitUsage,
			[]string{denied + ": open " + denied + ": permission denied"}, normalized, false},
		{"normalize read error", []string{"normalize", flaky, good}, exitUsage,
			[]string{flaky + ": input/output error"}, normalized + normalized, false},
		{"validate missing", []string{"validate", missing, good}, exitUsage,
			[]string{missing + ": open " + missing + ": no such file or directory"}, oneValid, false},
		{"validate permission denied", []string{"validate", denied, good}, exitUsage,
			[]string{denied + ": open " + denied + ": permission denied"}, oneValid, false},
		{"validate permission denied in a directory", []string{"validate", tree}, exitUsage,
			[]string{filepath.Join(tree, "denied.jsonl") + ": open "}, oneValid, false},
		{"validate read error", []string{"validate", flaky, good}, exitUsage,
			[]string{flaky + ": input/output error"}, "2 documents, 0 invalid\n", false},
		{"tokens missing", []string{"tokens", "--model", "gpt-4o", missing}, exitUsage,
			[]string{"agentschema tokens: open " + missing + ": no such file or directory"}, "", false},
		{"tokens permission denied", []string{"tokens", "--model", "gpt-4o", denied}, exitUsage,
			[]string{"agentschema tokens: open " + denied + ": permission denied"}, "", false},
		{"tokens directory", []string{"tokens", "--model", "gpt-4o", asDir}, exitOK,
			nil, "3\n", false},
		{"tokens tools missing", []string{"tokens", "--model", "gpt-4o", "--tools", missing, good}, exitUsage,
			[]string{"agentschema tokens: --tools: open " + missing + ": no such file or directory"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			for _, want := range tt.stderr {
				if !strings.Contains(errs, want) {
					t.Errorf("stderr %q does not contain %q", errs, want)
				}
			}
			if out != tt.stdout {
				t.Errorf("stdout %q, want %q", out, tt.stdout)
			}
		})
	}
}

// TestHostileUnreadableByMode uses the file system's own permission
// check, where the test user is subject to it (not root, not Windows).
func TestHostileUnreadableByMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix file modes")
	}
	dir := t.TempDir()
	locked := writeTree(t, dir, "locked.jsonl", goodLine+"\n")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	lockedDir := filepath.Join(dir, "locked")
	writeTree(t, lockedDir, "a.jsonl", goodLine+"\n")
	if err := os.Chmod(lockedDir, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(lockedDir, 0o755) })
	if f, err := os.Open(locked); err == nil {
		f.Close()
		t.Skip("this user reads files of mode 000 (root): see TestHostileUnreadableInputs for the injected fault")
	}
	for _, args := range [][]string{
		{"normalize", locked},
		{"validate", locked},
		{"validate", dir}, // the walk meets both locked.jsonl and locked/
		{"tokens", "--model", "gpt-4o", locked},
	} {
		code, _, errs := runCmd(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, "permission denied") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and permission denied", args, code, errs)
		}
	}
}

// TestHostileDirectoryOf10000Files validates a tree of 10,000 files (100
// directories of 100), 10 of them invalid, with other files mixed in:
// every file is checked once, each fault names its file, and no file is
// left open.
func TestHostileDirectoryOf10000Files(t *testing.T) {
	root := t.TempDir()
	var wantFaults []string
	for i := range 10_000 {
		name := filepath.Join(fmt.Sprintf("d%02d", i/100), fmt.Sprintf("m%04d.json", i))
		if i%2 == 0 {
			name += "l" // half of them .jsonl
		}
		content := goodLine
		if i%1000 == 999 {
			content = `{"content":12,"source":"user","type":"UserMessage"}`
			wantFaults = append(wantFaults, filepath.Join(root, name)+":1:12: /content: ")
		}
		writeTree(t, root, name, content+"\n")
	}
	writeTree(t, root, "README.txt", "not JSON, and not read\n")
	writeTree(t, root, "d00/notes.md", "# not read either\n")

	before := openFDs()
	code, out, errs := runCmd(t, "", "validate", root)
	after := openFDs()
	if code != exitBad || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if got := lines[len(lines)-1]; got != "10000 documents, 10 invalid" {
		t.Fatalf("summary %q", got)
	}
	faults := lines[:len(lines)-1]
	if len(faults) != len(wantFaults) {
		t.Fatalf("%d fault lines, want %d:\n%s", len(faults), len(wantFaults), out)
	}
	for i, f := range faults {
		if !strings.HasPrefix(f, wantFaults[i]) {
			t.Errorf("fault %d is %q, want it to start %q", i, f, wantFaults[i])
		}
	}
	if before >= 0 && after > before+2 {
		t.Errorf("%d open file descriptors before, %d after: inputs left open", before, after)
	}
}

// openFDs counts this process's open file descriptors, or -1 where that
// cannot be known.
func openFDs() int {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(entries)
}

// lineSource generates n JSONL lines, every 10,000th one invalid (a
// number where the content must be a string), without holding them.
type lineSource struct {
	n, i    int
	pending []byte
	read    int64
}

func (s *lineSource) Read(p []byte) (int, error) {
	for len(s.pending) == 0 {
		if s.i == s.n {
			return 0, io.EOF
		}
		content := `"` + strings.Repeat("all work and no play ", 48+s.i%8) + `"`
		if s.i%10_000 == 9_999 {
			content = "12"
		}
		s.pending = fmt.Appendf(s.pending[:0], `{"content":%s,"source":"user-%d","type":"UserMessage"}`+"\n", content, s.i)
		s.i++
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	s.read += int64(n)
	return n, nil
}

// linesFor returns how many lines of lineSource make at least size bytes.
func linesFor(size int64) int {
	s := &lineSource{n: 1 << 30}
	var total int64
	n := 0
	buf := make([]byte, 1024)
	for total < size && n < 16 {
		k, _ := s.Read(buf)
		total += int64(k)
		if len(s.pending) == 0 {
			n++
		}
	}
	// The average line over a cycle of 8 lines, times the lines needed.
	avg := total / int64(n)
	return int(size/avg) + 1
}

// TestHostile1GBJSONL streams a gigabyte of JSONL, made on the fly and
// never stored, through normalize and validate: every document is
// processed, the faults are the invalid lines, and the heap stays at a
// few lines' worth.
func TestHostile1GBJSONL(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("1 GB of input: skipped in -short and -race runs")
	}
	const size = 1 << 30
	n := linesFor(size)
	wantBad := n / 10_000
	for _, cmd := range []string{"normalize", "validate"} {
		t.Run(cmd, func(t *testing.T) {
			src := &lineSource{n: n}
			var out, errb countingWriter
			var code int
			start := time.Now()
			peak := peakHeap(func() {
				code = run([]string{cmd, "-"}, src, &out, &errb)
			})
			t.Logf("%s: %.2f GB in %v, peak heap %.1f MB", cmd, float64(src.read)/(1<<30), time.Since(start).Round(time.Millisecond), float64(peak)/(1<<20))
			if src.read < size {
				t.Fatalf("only %d bytes generated", src.read)
			}
			if code != exitBad {
				t.Fatalf("exit %d", code)
			}
			switch cmd {
			case "normalize":
				if out.lines != int64(n-wantBad) || errb.lines != int64(wantBad) {
					t.Errorf("%d lines out and %d faults, want %d and %d", out.lines, errb.lines, n-wantBad, wantBad)
				}
			case "validate":
				if out.lines != int64(wantBad+1) || errb.lines != 0 {
					t.Errorf("%d lines out and %d on stderr, want %d and 0", out.lines, errb.lines, wantBad+1)
				}
			}
			if peak > 64<<20 {
				t.Errorf("peak heap %.1f MB for 1 GB of input, want under 64 MB", float64(peak)/(1<<20))
			}
		})
	}
}

// closedPipe returns the writing end of a pipe whose reader is closed,
// as a process's stdout is under '| head -1' once head has exited.
func closedPipe() io.Writer {
	pr, pw := io.Pipe()
	pr.Close()
	return pw
}

// failWriter fails every write with err.
type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestHostileClosedStdout writes to a closed pipe: the command stops
// after the first failed write, having read little of its input, prints
// nothing on stderr and exits 141. Another write error is reported once
// and exits 2.
func TestHostileClosedStdout(t *testing.T) {
	userLine := []byte(goodLine + "\n")
	tests := []struct {
		name string
		args []string
		// whole: the command writes only at the end, so it reads
		// everything first.
		whole bool
	}{
		{"normalize", []string{"normalize", "-"}, false},
		{"normalize as", []string{"normalize", "--type", "LLMMessage", "-"}, false},
		{"validate faults", []string{"validate", "--type", "TextMessage", "-"}, false},
		{"validate faults json", []string{"validate", "--type", "TextMessage", "--format", "json", "-"}, false},
		{"validate summary only", []string{"validate", "-"}, true},
		{"tokens", []string{"tokens", "--encoding", "cl100k_base", "--text", "-"}, true},
		{"schema", []string{"schema", "show", "UserMessage"}, true},
		{"help", []string{"help"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			size := int64(32 << 20)
			if tt.whole {
				size = 1 << 20
			}
			src := &repeatReader{line: userLine, left: size - size%int64(len(userLine))}
			var errb bytes.Buffer
			code := run(tt.args, src, closedPipe(), &errb)
			if code != exitBrokenPipe || errb.Len() != 0 {
				t.Fatalf("exit %d, stderr %q; want 141 and nothing", code, errb.String())
			}
			read := size - size%int64(len(userLine)) - src.left
			if !tt.whole && read > 1<<20 {
				t.Errorf("read %d bytes after stdout closed; want it to stop within the first MB", read)
			}
		})
	}
	t.Run("disk full", func(t *testing.T) {
		src := &repeatReader{line: userLine, left: int64(len(userLine)) * 100_000}
		var errb bytes.Buffer
		code := run([]string{"normalize", "-"}, src, failWriter{syscall.ENOSPC}, &errb)
		if code != exitUsage || errb.String() != "agentschema: writing output: no space left on device\n" {
			t.Fatalf("exit %d, stderr %q", code, errb.String())
		}
		if src.left == 0 {
			t.Errorf("read the whole input after the output failed")
		}
	})
	// Every verb reports a write error once, in the same words.
	ctxConfig := filepath.Join(t.TempDir(), "ctx.json")
	if err := os.WriteFile(ctxConfig, []byte(`{"provider":"autogen_core.model_context.UnboundedChatCompletionContext","config":{}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	textLine := []byte(`{"source":"a","content":"x","type":"TextMessage"}` + "\n")
	for _, args := range [][]string{
		{"render", "-"},
		{"validate", "--type", "UserMessage", "--format", "json", "-"},
		{"tokens", "--encoding", "cl100k_base", "--text", "-"},
		{"context", "--config", ctxConfig, "-"},
		{"schema", "show", "UserMessage"},
	} {
		t.Run("disk full "+args[0], func(t *testing.T) {
			line := userLine
			if args[0] == "render" {
				line = textLine
			}
			src := &repeatReader{line: line, left: int64(len(line)) * 1000}
			var errb bytes.Buffer
			code := run(args, src, failWriter{syscall.ENOSPC}, &errb)
			if code != exitUsage || strings.Count(errb.String(), "no space left on device") != 1 {
				t.Fatalf("exit %d, stderr %.300q; want 2 and the error once", code, errb.String())
			}
		})
	}
}

// stallingReader yields lines one per Read; once they are used up it
// calls onStall and then blocks, as a terminal or a slow pipe does,
// until release is closed.
type stallingReader struct {
	lines   []string
	onStall func()
	release chan struct{}
}

func (r *stallingReader) Read(p []byte) (int, error) {
	if len(r.lines) > 0 {
		n := copy(p, r.lines[0])
		r.lines[0] = r.lines[0][n:]
		if r.lines[0] == "" {
			r.lines = r.lines[1:]
		}
		return n, nil
	}
	r.onStall()
	<-r.release
	return 0, io.EOF
}

// TestHostileInterruptInProcess cancels the run while the command waits
// for input that never comes: it returns at once with 130, the output is
// that of the documents read (the partial last line is dropped), and
// stderr says it was interrupted.
func TestHostileInterruptInProcess(t *testing.T) {
	bad := `{"content":12,"source":"user","type":"UserMessage"}`
	tests := []struct {
		args  []string
		input []string // the lines the reader gives before it stalls
		want  string
	}{
		{[]string{"normalize", "-"}, []string{goodLine + "\n", "\n", goodLine + "\n", `{"content":"half a li`},
			goodLine + "\n" + goodLine + "\n"},
		{[]string{"validate", "--type", "UserMessage", "-"}, []string{goodLine + "\n", bad + "\n", goodLine + "\n", `{"content":"half a li`},
			"-:2:12: /content: expected string or array, got number 12\n" + "3 documents, 1 invalid\n"},
		{[]string{"validate", "--type", "UserMessage", "--format", "json", "-"}, []string{goodLine + "\n", bad + "\n", goodLine + "\n", `{"content":"half a li`},
			"[\n  " + `{"file":"-","line":2,"column":12,"pointer":"/content","keyword":"type","message":"expected string or array, got number 12"}` + "\n]\n"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			release := make(chan struct{})
			defer close(release)
			in := &stallingReader{lines: tt.input, onStall: cancel, release: release}
			var out, errb bytes.Buffer
			done := make(chan int, 1)
			go func() { done <- runWithContext(ctx, tt.args, in, &out, &errb) }()
			var code int
			select {
			case code = <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the command did not return after its context was cancelled")
			}
			if code != exitInterrupted || errb.String() != "agentschema: interrupted\n" {
				t.Errorf("exit %d, stderr %q; want 130 and the interruption", code, errb.String())
			}
			if out.String() != tt.want {
				t.Errorf("stdout\n%s\nwant\n%s", out.String(), tt.want)
			}
		})
	}
}

// TestHostileBytesThroughCommand feeds JSONL with a hostile line between
// two good ones: a 100,000-deep array, a byte-order mark, a NUL, invalid
// UTF-8, a lone surrogate, NaN, trailing garbage and a truncated line.
// Each is one fault at its line (and column, for validate); the good
// documents are still processed, and the deep one fails fast, not by
// exhausting the stack.
func TestHostileBytesThroughCommand(t *testing.T) {
	deep := `{"content":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `,"source":"user","type":"UserMessage"}`
	tests := []struct {
		name, line string
		normalize  string // the fault line normalize prints, after "-:2: "
		validate   string // the first fault line validate prints, after "-:2:"
	}{
		{"depth", deep, "/content/0: Input should be a string or an object (Image)", "1011: /content/0/0/"},
		{"byte-order mark", "\ufeff" + goodLine, "/: invalid JSON: invalid character 0xef looking for the beginning of a value",
			"1: /: invalid JSON: invalid character 0xef looking for the beginning of a value"},
		{"NUL", `{"content":"a` + "\x00" + `b","source":"user","type":"UserMessage"}`, "/content: invalid JSON: invalid control character 0x0 in a string",
			"14: /content: invalid JSON: invalid control character 0x0 in a string"},
		{"invalid UTF-8", `{"content":"a` + "\xff\xfe" + `b","source":"user","type":"UserMessage"}`, "/content: invalid JSON: invalid UTF-8 in a string",
			"14: /content: invalid JSON: invalid UTF-8 in a string"},
		{"lone surrogate", `{"content":"\ud800x","source":"user","type":"UserMessage"}`, `/content: invalid JSON: lone surrogate \ud800 in a string`,
			`13: /content: invalid JSON: lone surrogate \ud800 in a string`},
		{"NaN", `{"content":"x","source":"user","type":"UserMessage","models_usage":{"prompt_tokens":NaN,"completion_tokens":1}}`,
			"/models_usage/prompt_tokens: invalid JSON: invalid character 'N' looking for the beginning of a value",
			"85: /models_usage/prompt_tokens: invalid JSON: invalid character 'N' looking for the beginning of a value"},
		{"trailing garbage", goodLine + " trailing", "/: invalid JSON: invalid character 't' after the top-level value",
			"58: /: invalid JSON: invalid character 't' after the top-level value"},
		{"truncated", `{"content":"x","source":"us`, "/source: invalid JSON: unexpected end of input in a string",
			"28: /source: invalid JSON: unexpected end of input in a string"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := goodLine + "\n" + tt.line + "\n" + goodLine + "\n"
			start := time.Now()
			code, out, errs := runCmd(t, in, "normalize", "-")
			if code != exitBad || out != goodLine+"\n"+goodLine+"\n" {
				t.Errorf("normalize: exit %d, stdout %q", code, out)
			}
			if !strings.HasPrefix(errs, "-:2: "+tt.normalize) || strings.Contains(errs, "-:1:") || strings.Contains(errs, "-:3:") {
				t.Errorf("normalize: stderr %.300q, want it to start -:2: %s", errs, tt.normalize)
			}
			if tt.name == "depth" && !strings.Contains(errs, ": exceeds the depth limit of 1000 (nesting of arrays and objects)") {
				t.Errorf("normalize: no depth limit error")
			}
			code, out, errs = runCmd(t, in, "validate", "-")
			if code != exitBad || errs != "" || !strings.HasSuffix(out, "3 documents, 1 invalid\n") {
				t.Errorf("validate: exit %d, stdout %.300q, stderr %q", code, out, errs)
			}
			if !strings.HasPrefix(out, "-:2:"+tt.validate) {
				t.Errorf("validate: stdout %.300q, want it to start -:2:%s", out, tt.validate)
			}
			if tt.name == "depth" && !strings.Contains(out, ": exceeds the depth limit of 1000 (nesting of arrays and objects)") {
				t.Errorf("validate: no depth limit error")
			}
			if d := time.Since(start); d > 60*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// The built command, shared by the subtests of TestHostileCommandBinary.
var (
	buildOnce sync.Once
	builtExe  string
	buildErr  error
)

// TestMain removes the directory the command was built into, which is
// shared by tests and so outlives each of them.
func TestMain(m *testing.M) {
	code := m.Run()
	if builtExe != "" {
		_ = os.RemoveAll(filepath.Dir(builtExe))
	}
	os.Exit(code)
}

// buildCommand builds the command, once per test binary, into a directory
// that TestMain removes.
func buildCommand(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH to build the command with")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "agentschema-hostile-")
		if err != nil {
			buildErr = err
			return
		}
		builtExe = filepath.Join(dir, "agentschema")
		out, err := exec.Command(goTool, "build", "-o", builtExe, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtExe
}

// process is a running command with pipes to its stdin and stdout.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File // write end
	stdout *os.File // read end
	lines  *bufio.Reader
	stderr bytes.Buffer
}

func startProcess(t *testing.T, exe string, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(exe, args...)}
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	inR.Close()
	outW.Close()
	p.stdin, p.stdout, p.lines = inW, outR, bufio.NewReader(outR)
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		p.stdin.Close()
		p.stdout.Close()
	})
	return p
}

// readLine reads one line of the process's stdout, failing the test
// after a timeout.
func (p *process) readLine(t *testing.T) string {
	t.Helper()
	ch := make(chan string, 1)
	go func() {
		s, _ := p.lines.ReadString('\n')
		ch <- s
	}()
	select {
	case s := <-ch:
		return s
	case <-time.After(60 * time.Second):
		t.Fatal("no output line within a minute")
		return ""
	}
}

// wait waits for the process to end and returns its exit code.
func (p *process) wait(t *testing.T) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the process did not exit within a minute")
	}
	return p.cmd.ProcessState.ExitCode()
}

// TestHostileCommandBinary runs the built command for what only a real
// process shows: SIGINT while it waits for input, and a stdout pipe whose
// reader goes away (EPIPE, where Go would otherwise die of SIGPIPE).
func TestHostileCommandBinary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals and broken pipes are Unix behaviour")
	}
	exe := buildCommand(t)

	t.Run("SIGINT normalize", func(t *testing.T) {
		p := startProcess(t, exe, "normalize", "-")
		fmt.Fprintf(p.stdin, "%s\n%s\n", goodLine, goodLine)
		// Each line is written out before the command waits for more.
		for range 2 {
			if got := p.readLine(t); got != goodLine+"\n" {
				t.Fatalf("line %q", got)
			}
		}
		fmt.Fprint(p.stdin, `{"content":"half a li`)
		time.Sleep(100 * time.Millisecond) // let it read the partial line
		if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		code := p.wait(t)
		rest, _ := io.ReadAll(p.stdout)
		if code != exitInterrupted || p.stderr.String() != "agentschema: interrupted\n" || len(rest) != 0 {
			t.Errorf("exit %d, stderr %q, more output %q; want 130, the interruption, nothing", code, p.stderr.String(), rest)
		}
	})

	t.Run("SIGINT validate", func(t *testing.T) {
		p := startProcess(t, exe, "validate", "--type", "UserMessage", "-")
		fmt.Fprintf(p.stdin, "%s\n%s\n", goodLine, `{"content":12,"source":"user","type":"UserMessage"}`)
		if got := p.readLine(t); got != "-:2:12: /content: expected string or array, got number 12\n" {
			t.Fatalf("line %q", got)
		}
		if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		code := p.wait(t)
		rest, _ := io.ReadAll(p.stdout)
		if code != exitInterrupted || p.stderr.String() != "agentschema: interrupted\n" || string(rest) != "2 documents, 1 invalid\n" {
			t.Errorf("exit %d, stderr %q, rest of output %q; want 130, the interruption, the summary", code, p.stderr.String(), rest)
		}
	})

	t.Run("SIGTERM run", func(t *testing.T) {
		// A model endpoint that never answers: the run waits in the model
		// call until SIGTERM, which ends it as SIGINT does.
		release := make(chan struct{})
		hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-release:
			}
		}))
		defer hang.Close()
		defer close(release)
		cfg := filepath.Join(t.TempDir(), "agent.json")
		agent := `{"provider": "autogen_agentchat.agents.AssistantAgent", "component_type": "agent", "config": {
			"name": "a", "description": "d", "reflect_on_tool_use": false, "tool_call_summary_format": "{result}",
			"model_client": {"provider": "autogen_ext.models.openai.OpenAIChatCompletionClient", "component_type": "model",
			"config": {"model": "gpt-4o", "api_key": "sk-test", "max_retries": 0, "base_url": "` + hang.URL + `/v1"}}}}`
		if err := os.WriteFile(cfg, []byte(agent), 0o644); err != nil {
			t.Fatal(err)
		}
		p := startProcess(t, exe, "run", "--config", cfg, "--task", "hello")
		if got := p.readLine(t); !strings.Contains(got, `"type":"TextMessage"`) {
			t.Fatalf("first line %q, want the task", got)
		}
		time.Sleep(100 * time.Millisecond)
		if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		if code := p.wait(t); code != exitInterrupted {
			t.Errorf("exit %d, stderr %q; want 130", code, p.stderr.String())
		}
	})

	// A file of 200,000 lines (12 MB): far more output than a pipe holds.
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jsonl")
	if err := os.WriteFile(big, bytes.Repeat([]byte(goodLine+"\n"), 200_000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"normalize", big},
		{"validate", "--type", "TextMessage", big},
	} {
		t.Run("head -1 "+args[0], func(t *testing.T) {
			p := startProcess(t, exe, args...)
			p.stdin.Close()
			start := time.Now()
			first := p.readLine(t)
			p.stdout.Close() // head -1 exits
			code := p.wait(t)
			if first == "" || code != exitBrokenPipe || p.stderr.Len() != 0 {
				t.Errorf("first line %q, exit %d, stderr %q; want a line, 141 and nothing", first, code, p.stderr.String())
			}
			t.Logf("stopped %v after the first line", time.Since(start).Round(time.Millisecond))
		})
	}
}
