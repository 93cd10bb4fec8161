package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestSingleInputsBounded gives every single-document input /dev/zero,
// an endless input: each is refused once it passes the document limit
// (lowered here to 64 KiB), with exit 1 and a message naming the limit,
// instead of being read to the end.
func TestSingleInputsBounded(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	old := maxInputSize
	maxInputSize = 64 << 10
	t.Cleanup(func() { maxInputSize = old })
	for _, args := range [][]string{
		{"run", "--config", "/dev/zero", "--task", "x"},
		{"mcp", "--config", "/dev/zero", "tools"},
		{"context", "--config", "/dev/zero", "-"},
		{"tokens", "--encoding", "cl100k_base", "--text", "/dev/zero"},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(args, strings.NewReader(""), &stdout, &stderr)
			if code != exitBad || !strings.Contains(stderr.String(), "larger than the document limit (65536 bytes)") {
				t.Errorf("exit %d, stderr %q; want 1 and the document limit", code, stderr.String())
			}
		})
	}
}
