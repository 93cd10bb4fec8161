package main

import (
	"testing"
)

// TestValidateStrictRunnableProviders: `validate --strict` (both modes)
// and `validate --runnable --strict` pass a Studio team whose agent has an
// HttpTool and an MCP workbench with a host of the three parts (sampler,
// elicitor, roots): providers `run` builds are no longer unknown ones.
// (pkg/providers/all's TestValidateStrictHttpToolAndMcpHost has the
// faults of bad members.)
func TestValidateStrictRunnableProviders(t *testing.T) {
	const file = "testdata/validate_strict/team_http_mcp.json"
	for _, args := range [][]string{
		{"validate", "--strict", file},
		{"validate", "--strict", "--mode", "autogen", file},
		{"validate", "--strict", "--runnable", file},
	} {
		code, out, errs := runCmd(t, "", args...)
		if code != exitOK || out != "1 document, 0 invalid\n" || errs != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
