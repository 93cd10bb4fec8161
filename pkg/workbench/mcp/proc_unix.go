//go:build unix

package mcp

import (
	"os/exec"
	"syscall"
)

// newProcessGroup makes the child the leader of a new process group, so
// that what it starts can be ended with it (the mcp package's stdio_client
// terminates the process tree).
func newProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills what is left of the child's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil || cmd.Process.Pid <= 0 {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
