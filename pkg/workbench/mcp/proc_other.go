//go:build !unix

package mcp

import "os/exec"

// newProcessGroup does nothing where process groups are not available.
func newProcessGroup(*exec.Cmd) {}

// killGroup does nothing where process groups are not available: the SDK
// has ended the child itself.
func killGroup(*exec.Cmd) {}
