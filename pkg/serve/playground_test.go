package serve_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/agentschema/agentschema/pkg/serve"
)

// chromium finds headless Chromium: $AGENTSCHEMA_CHROMIUM, or chromium on
// PATH; the test skips without it.
func chromium(t *testing.T) string {
	if p := os.Getenv("AGENTSCHEMA_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium (set AGENTSCHEMA_CHROMIUM or install Debian's chromium; .ci/run does)")
	return ""
}

// TestPlaygroundInChromium opens the playground in headless Chromium with
// a task in its URL (?task=...&send=1 types it into the form and sends
// it), and reads the page once the run is shown: the team's answer under
// the Console's header.
func TestPlaygroundInChromium(t *testing.T) {
	exe := chromium(t)
	s := newService(t, serve.Options{Team: team(t, replayClient("The capital of France is Paris. TERMINATE"))})
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--no-first-run", "--user-data-dir="+t.TempDir(), "--virtual-time-budget=20000", "--dump-dom",
		s.srv.URL+"/?session=browser&task=Capital%20of%20France%3F&send=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	dom := string(out)
	for _, want := range []string{
		`data-status="done"`,
		"---------- TextMessage (user) ----------\nCapital of France?\n",
		"---------- TextMessage (assistant_agent) ----------\nThe capital of France is Paris. TERMINATE\n",
		"[stop_reason: Text 'TERMINATE' mentioned]",
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("the page lacks %q:\n%s", want, dom)
		}
	}
	code, body := s.do(t, "GET", "/v1/sessions/browser", "")
	if code != 200 || !strings.Contains(string(body), `"runs":1`) {
		t.Errorf("the page's run did not make its session: %d %s", code, body)
	}
}
