package main

import (
	"strings"
	"testing"
)

func TestNormalizeStrictReportsDroppedMembers(t *testing.T) {
	in := `{"content":"hi","source":"u","type":"UserMessage","mood":"happy"}` + "\n"
	// AutoGen drops "mood"; so does normalize by default.
	code, out, errs := runCmd(t, in, "normalize", "-")
	if code != 0 || errs != "" || strings.Contains(out, "mood") {
		t.Fatalf("default: exit %d, out %q, stderr %q", code, out, errs)
	}
	code, out, errs = runCmd(t, in, "normalize", "--strict", "-")
	if code != 1 || out != "" || !strings.HasPrefix(errs, "-:1: /mood: ") {
		t.Fatalf("--strict: exit %d, out %q, stderr %q", code, out, errs)
	}
}
