//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHostileUnderAddressSpaceLimit runs the built command under a 1.5 GB
// address-space limit (ulimit -v), as an outside attack did: each hostile
// input is refused with a message and exit 1, where the command used to die
// of a Go out-of-memory dump (the Go runtime alone reserves about 1 GB of
// address space, and glibc 64 MiB more for each thread's malloc arena).
func TestHostileUnderAddressSpaceLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and a 24 MB team")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to set the limit with")
	}
	exe := buildCommand(t)
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString(`{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","config":{"participants":[`)
	for i := range 100_000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"provider":"autogen_agentchat.agents.AssistantAgent","component_type":"agent","config":{"name":"a%d","model_client":{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","component_type":"model","config":{"model":"gpt-4o"}}}}`, i)
	}
	b.WriteString(`]}}`)
	team := filepath.Join(dir, "team.json")
	if err := os.WriteFile(team, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	messages := filepath.Join(dir, "messages.json")
	if err := os.WriteFile(messages, []byte(`[{"type":"UserMessage","source":"user","content":"hi"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	client := "../../examples/studio/team.json"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"create", "--config", "/dev/zero", messages}, "invalid JSON"},
		{[]string{"create", "--config", client, "/dev/zero"}, "/dev/zero: expected a JSON array of LLM messages"},
		{[]string{"validate", "--mode", "autogen", team}, "exceeds the components limit of 50000"},
		{[]string{"validate", team}, "exceeds the components limit of 50000"},
	} {
		t.Run(strings.Join(c.args[:2], " "), func(t *testing.T) {
			cmd := exec.Command("sh", append([]string{"-c", `ulimit -v 1536000 && exec "$@"`, "sh", exe}, c.args...)...)
			out, err := cmd.CombinedOutput()
			code := cmd.ProcessState.ExitCode()
			if err != nil && code < 0 {
				t.Fatal(err)
			}
			if code != exitBad || !strings.Contains(string(out), c.want) || strings.Contains(string(out), "fatal error") {
				t.Errorf("exit %d, output %.600q; want 1 and %q", code, out, c.want)
			}
		})
	}
}
