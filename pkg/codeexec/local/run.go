package local

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/agentschema/agentschema/pkg/codeexec"
)

// blockResult is what one block's process gave.
type blockResult struct {
	output    string
	exitCode  int
	stop      bool // the remaining blocks are not run
	cancelled bool // ctx ended the block
}

// drainGrace bounds the wait for a killed block's pipes to close (a
// process that left the block's process group may hold them).
const drainGrace = 2 * time.Second

// runBlock runs the file of one block of lang in dir, as
// _execute_code_dont_check_setup runs it.
func (e *Executor) runBlock(ctx context.Context, lang, file, dir string) (blockResult, error) {
	prog, err := e.program(lang)
	if err != nil {
		return blockResult{}, err
	}
	cmd := exec.Command(prog, file)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	setGroup(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return blockResult{}, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return blockResult{}, err
	}
	if err := cmd.Start(); err != nil {
		return blockResult{}, startError(prog, err)
	}
	var outBuf, errBuf bytes.Buffer
	var waitErr error
	done := make(chan struct{})
	go func() {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); _, _ = io.Copy(&outBuf, stdout) }()
		go func() { defer wg.Done(); _, _ = io.Copy(&errBuf, stderr) }()
		wg.Wait()
		waitErr = cmd.Wait() // as communicate(): the pipes' end, then the exit
		close(done)
	}()

	timer := time.NewTimer(e.timeout)
	defer timer.Stop()
	var r blockResult
	select {
	case <-done:
	case <-timer.C:
		r = blockResult{output: "\nTimeout", exitCode: 124, stop: true}
	case <-ctx.Done():
		r = blockResult{output: "\nCancelled", exitCode: 125, stop: true, cancelled: true}
	}
	killGroup(cmd) // the block's group: what it left running, or all of it on a timeout
	if r.stop {
		select {
		case <-done:
		case <-time.After(drainGrace):
			// A process outside the group holds the pipes: stop reading.
			_ = stdout.Close()
			_ = stderr.Close()
			<-done
		}
		return r, nil
	}
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) {
		return blockResult{}, waitErr
	}
	r.exitCode = exitCode(cmd.ProcessState)
	errText, err := decode(errBuf.Bytes())
	if err != nil {
		return blockResult{}, err
	}
	outText, err := decode(outBuf.Bytes())
	if err != nil {
		return blockResult{}, err
	}
	r.output = errText + outText
	r.stop = r.exitCode != 0
	return r, nil
}

// exitCode is Python's returncode: the exit status, or minus the signal
// that killed the process.
func exitCode(ps *os.ProcessState) int {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -int(ws.Signal())
	}
	return ps.ExitCode()
}

// startError is what Python's create_subprocess_exec raises for a program
// that cannot start.
func startError(prog string, err error) error {
	var en syscall.Errno
	if errors.As(err, &en) || errors.Is(err, exec.ErrNotFound) {
		if errors.Is(err, exec.ErrNotFound) {
			en = syscall.ENOENT
		}
		return &codeexec.Error{Exception: errnoException(en), Message: pyErrno(en, prog), Err: err}
	}
	return &codeexec.Error{Exception: "OSError", Message: err.Error(), Err: err}
}

// errnoException is the OSError subclass Python raises for en.
func errnoException(en syscall.Errno) string {
	switch en {
	case syscall.ENOENT:
		return "FileNotFoundError"
	case syscall.EACCES, syscall.EPERM:
		return "PermissionError"
	}
	return "OSError"
}

// pyErrno is str() of an OSError for en about path.
func pyErrno(en syscall.Errno, path string) string {
	return "[Errno " + itoa(int(en)) + "] " + pyStrerror(en) + ": '" + path + "'"
}

// errnoOf returns the errno of err, or 0.
func errnoOf(err error) int {
	var en syscall.Errno
	if errors.As(err, &en) {
		return int(en)
	}
	return 0
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// decode is Python's bytes.decode(): strict UTF-8, an invalid sequence
// being AutoGen's UnicodeDecodeError.
func decode(b []byte) (string, error) {
	if utf8.Valid(b) {
		return string(b), nil
	}
	i := 0
	for i < len(b) {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		i += n
	}
	reason := "invalid start byte"
	if c := b[i]; c >= 0xC2 && c <= 0xF4 {
		reason = "invalid continuation byte"
		if !utf8.FullRune(b[i:]) {
			reason = "unexpected end of data"
		}
	}
	return "", &codeexec.Error{Exception: "UnicodeDecodeError",
		Message: "'utf-8' codec can't decode byte 0x" + hex2(b[i]) + " in position " + itoa(i) + ": " + reason}
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
