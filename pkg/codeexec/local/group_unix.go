//go:build unix

package local

import (
	"os/exec"
	"syscall"
)

// setGroup makes the block's process the leader of a new process group,
// so that killing the group kills what it started too.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the block's process group (SIGKILL); a group already
// gone is not an error.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
