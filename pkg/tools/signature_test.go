package tools

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

func TestPythonParams(t *testing.T) {
	cases := []struct {
		src  string
		want []string
		ok   bool
	}{
		{"def f(a: float, b: float, operator: str) -> str:\n    pass\n", []string{"a", "b", "operator"}, true},
		{"def f(x: Dict[str, int] = {}, *, y=(1, 2), **kw) -> None: ...", []string{"x", "y"}, true},
		{"def f(a, /, b, *args, cancellation_token: CancellationToken): ...", []string{"a", "b"}, true},
		{"def f(): ...", nil, true},
		{"def g(a): ...", nil, false},
		{"def f(a", nil, false},
	}
	for _, c := range cases {
		got, ok := pythonParams(c.src, "f")
		if ok != c.ok || !slices.Equal(got, c.want) {
			t.Errorf("pythonParams(%q) = %v, %v; want %v, %v", c.src, got, ok, c.want, c.ok)
		}
	}
}

type sigArgs struct {
	A int `json:"a"`
	B int `json:"b"`
}

func TestWarnSignature(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&buf, nil)))
	defer slog.SetDefault(old)
	RegisterFunction("sig_test_add", func(_ context.Context, in sigArgs) (int, error) { return in.A + in.B, nil })
	load := func(src string) {
		t.Helper()
		cfg := `{"source_code":` + quote(src) + `,"name":"sig_test_add","description":"d","global_imports":[],"has_cancellation_support":false}`
		if _, err := loadFunctionTool(context.Background(), gen.RawJSON(cfg)); err != nil {
			t.Fatal(err)
		}
	}
	load("def sig_test_add(b: int, a: int) -> int:\n    return a + b\n")
	if buf.Len() != 0 {
		t.Errorf("same parameters, in another order: warned %q", buf.String())
	}
	load("def sig_test_add(x: int, y: int) -> int:\n    return x + y\n")
	for _, want := range []string{"level=WARN", `config_parameters="x, y"`, `go_parameters="a, b"`, "tool=sig_test_add"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("warning %q lacks %q", buf.String(), want)
		}
	}
}

func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
