//go:build !unix

package local

import "os/exec"

// setGroup does nothing where there are no process groups.
func setGroup(*exec.Cmd) {}

// killGroup kills the block's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
