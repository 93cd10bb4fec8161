//go:build linux

package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/jpeg"
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
		{[]string{"serve", "--team", "/dev/zero", "--addr", "127.0.0.1:0"}, "/dev/zero: component: invalid ComponentModel: line 1, column 1: /: invalid JSON"},
		// The 24 MB team is over the document limit the address-space
		// limit leaves (TestLargeDocumentsUnderAddressSpaceLimit); without
		// it, the components limit refuses it (TestHugeTreeRefused).
		{[]string{"validate", "--mode", "autogen", team}, "the most this process can work on under its address-space limit"},
		{[]string{"validate", team}, "the most this process can work on under its address-space limit"},
	} {
		t.Run(strings.Join(c.args[:2], " "), func(t *testing.T) {
			expectUnderLimit(t, exe, c.args, exitBad, c.want)
		})
	}
}

// TestLargeDocumentsUnderAddressSpaceLimit runs the built command under
// the same 1.5 GB address-space limit on documents that are large or made
// of millions of tiny values. Each used to end in a Go out-of-memory dump:
// the runtime leaves only about 190 MB of that limit for data, and an
// object of a million members, an array of a million bad elements, a run
// of millions of letters or a 300 MB line took more. Now the command
// sizes its document limit to that room (2 MiB here; the message says
// why) and works within it: what it takes it finishes, what it does not it
// refuses, exit 1, and never dies.
func TestLargeDocumentsUnderAddressSpaceLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and 20 MB of inputs")
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to set the limit with")
	}
	exe := buildCommand(t)
	dir := t.TempDir()
	write := func(name string, parts ...string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(strings.Join(parts, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	members := func(n int) string { // "k0":1,"k1":1,...,
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `"k%d":1,`, i)
		}
		return b.String()
	}
	// 1.6 MB: 150,000 members, under the 2 MiB limit.
	manyMembers := write("members.json", `{`, members(150_000), `"type":"TextMessage","source":"a","content":"b"}`)
	// 1.9 MB: 950,000 numbers where a multimodal message's parts go
	// (each a fault; the decoder keeps 100 of them and no parts; validate
	// checks the parts cut to 116).
	badParts := write("parts.json", `{"type":"MultiModalMessage","source":"s","content":[`, strings.Repeat("1,", 950_000), `1]}`)
	// The same numbers as a user message's content (a string or a list).
	userParts := write("user.json", `{"type":"UserMessage","source":"s","content":[`, strings.Repeat("1,", 950_000), `1]}`)
	// 1.9 MB of one word in a user message, counted as one BPE piece.
	letters := write("letters.json", `[{"type":"UserMessage","source":"u","content":"`, strings.Repeat("a", 1_900_000), `"}]`)
	// 12 MB: over the limit here, well under the usual 256 MiB one.
	bigLine := write("big.jsonl", `{"type":"TextMessage","source":"a","content":"`, strings.Repeat("x", 12<<20), `"}`+"\n")
	bigText := write("big.txt", strings.Repeat("a", 6<<20))
	// A 10,000 × 3,000 colour JPEG (black, so about 1 MB): image/jpeg
	// would hold 90 MB of planes, more than half the memory limit.
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 10_000, 3_000)), nil); err != nil {
		t.Fatal(err)
	}
	bigJPEG := write("jpeg.json", `{"type":"UserMessage","source":"user","content":[{"data":"`, base64.StdEncoding.EncodeToString(jpg.Bytes()), `"}]}`)
	over := "larger than 2097152 bytes; the most this process can work on under its address-space limit (ulimit -v)"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"validate", manyMembers}, exitOK, "1 document, 0 invalid"},
		{[]string{"validate", "--mode", "autogen", manyMembers}, exitOK, "1 document, 0 invalid"},
		{[]string{"normalize", manyMembers}, exitOK, `"content":"b","type":"TextMessage"}`},
		{[]string{"normalize", badParts}, exitBad, "parts.json:1: /content/0: Input should be a string or an object (Image)"},
		{[]string{"validate", "--mode", "autogen", badParts}, exitBad, "1 document, 1 invalid"},
		{[]string{"validate", badParts}, exitBad, "parts.json:1:53: /content/0: expected string or object, got number 1"},
		{[]string{"validate", userParts}, exitBad, "user.json:1:47: /content/0: expected string or object, got number 1"},
		{[]string{"tokens", "--model", "gpt-4o", letters}, exitOK, "\n"}, // the count
		{[]string{"normalize", bigLine}, exitBad, "big.jsonl:1: /: line " + over},
		{[]string{"validate", bigLine}, exitBad, over},
		{[]string{"normalize", bigJPEG}, exitBad, "jpeg.json:1: /content/0/data: Value error, cannot decode JPEG image: image too large to decode in the memory this process may use"},
		{[]string{"validate", "--mode", "autogen", bigJPEG}, exitBad, "image too large to decode in the memory this process may use"},
		{[]string{"tokens", "--encoding", "cl100k_base", "--text", bigText}, exitBad, "the input is larger than the document limit (2097152 bytes; the most this process"},
	} {
		t.Run(c.args[0]+" "+filepath.Base(c.args[len(c.args)-1]), func(t *testing.T) {
			expectUnderLimit(t, exe, c.args, c.code, c.want)
		})
	}
}

// expectUnderLimit runs the command exe with args under a 1.5 GB
// address-space limit (ulimit -v 1536000) and checks its exit code, that
// its output holds want, and that it did not die of a Go runtime fatal
// error.
func expectUnderLimit(t *testing.T, exe string, args []string, code int, want string) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", `ulimit -v 1536000 && exec "$@"`, "sh", exe}, args...)...)
	out, err := cmd.CombinedOutput()
	got := cmd.ProcessState.ExitCode()
	if err != nil && got < 0 {
		t.Fatal(err)
	}
	if got != code || !strings.Contains(string(out), want) || strings.Contains(string(out), "fatal error") {
		t.Errorf("exit %d, output %.600q; want %d and %q", got, out, code, want)
	}
}
