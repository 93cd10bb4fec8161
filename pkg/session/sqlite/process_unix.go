//go:build unix

package sqlite

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process of this host has the pid.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
