package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNormalizeKeepsDictOrder: normalize writes a dict's keys (a
// message's metadata, an MCP server's env) in the order read, as
// AutoGen's dumps do, not sorted. Each testdata/dictorder/*.autogen.json
// is what AutoGen 0.7.5 wrote for the *.in.json beside it
// (make_golden.py, run with the reference kit).
func TestNormalizeKeepsDictOrder(t *testing.T) {
	ins, err := filepath.Glob("testdata/dictorder/*.in.json")
	if err != nil || len(ins) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in.json")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(in, ".in.json") + ".autogen.json")
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"normalize", in}, nil, &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if got := bytes.TrimSpace(stdout.Bytes()); !bytes.Equal(got, bytes.TrimSpace(want)) {
				t.Errorf("normalize %s:\n got %s\nwant %s", in, got, want)
			}
		})
	}
}
