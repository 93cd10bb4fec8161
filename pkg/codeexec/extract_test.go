package codeexec_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/codeexec"
)

// TestExtractMarkdownCodeBlocks: the expected blocks are what AutoGen's
// regex gives, read off its definition (and the recorded cases e006,
// e008, e022: ```bash not extracted by default, the language kept as
// written, the trailing newline kept).
func TestExtractMarkdownCodeBlocks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		text  string
		langs []string
		want  []gen.CodeBlock
	}{
		{"python", "Run this:\n```python\nprint(1)\n```", nil, []gen.CodeBlock{{Code: "print(1)\n", Language: "python"}}},
		{"two blocks", "```python\na\n```\ntext\n```sh\necho b\n```", nil,
			[]gen.CodeBlock{{Code: "a\n", Language: "python"}, {Code: "echo b\n", Language: "sh"}}},
		{"case kept", "```Python\nprint(2)\n```", nil, []gen.CodeBlock{{Code: "print(2)\n", Language: "Python"}}},
		{"bash not default", "```bash\necho hi\n```", nil, nil},
		{"no language", "```\nprint(1)\n```", nil, nil},
		{"space before language", "``` python\nx\n```", nil, []gen.CodeBlock{{Code: "x\n", Language: "python"}}},
		{"newline before language", "```\npython\nx\n```", nil, []gen.CodeBlock{{Code: "x\n", Language: "python"}}},
		{"space after language", "```python \nx\n```", nil, nil},
		{"prefix of a language", "```pythonic\nx\n```", nil, nil},
		{"code without trailing newline", "```python\nprint(1)```", nil, []gen.CodeBlock{{Code: "print(1)", Language: "python"}}},
		{"unclosed", "```python\nprint(1)\n", nil, nil},
		{"custom languages", "```bash\necho 1\n```\n```javascript\nx\n```", []string{"bash", "javascript"},
			[]gen.CodeBlock{{Code: "echo 1\n", Language: "bash"}, {Code: "x\n", Language: "javascript"}}},
		{"regex metacharacters escaped", "```c++\nint x;\n```\n```cc\ny\n```", []string{"c++"},
			[]gen.CodeBlock{{Code: "int x;\n", Language: "c++"}}},
		{"empty code", "```sh\n```", nil, []gen.CodeBlock{{Code: "", Language: "sh"}}},
		{"uppercase fence language", "```SH\necho\n```", nil, []gen.CodeBlock{{Code: "echo\n", Language: "SH"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := codeexec.ExtractMarkdownCodeBlocks(tc.text, tc.langs)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
			if got2 := codeexec.NewExtractor(tc.langs).Extract(tc.text); !reflect.DeepEqual(got2, got) {
				t.Errorf("Extractor: %#v", got2)
			}
		})
	}
}

// TestTempFileName: sha256 values computed with Python's
// hashlib.sha256(code.encode()).hexdigest().
func TestTempFileName(t *testing.T) {
	for _, tc := range []struct{ code, lang, want string }{
		{"print(6 * 7)\n", "python", "tmp_code_" + sha("print(6 * 7)\n") + ".py"},
		{"", "python", "tmp_code_e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.py"},
		{"echo hi\n", "sh", "tmp_code_" + sha("echo hi\n") + ".sh"},
		{"echo hi\n", "bash", "tmp_code_" + sha("echo hi\n") + ".bash"},
		{"x", "shell", "tmp_code_" + sha("x") + ".shell"},
		{"x", "pwsh", "tmp_code_" + sha("x") + ".ps1"},
		{"x", "powershell", "tmp_code_" + sha("x") + ".ps1"},
		{"x", "python3", "tmp_code_" + sha("x") + ".py"},
	} {
		if got := codeexec.TempFileName(tc.code, tc.lang); got != tc.want {
			t.Errorf("TempFileName(%q, %q) = %q, want %q", tc.code, tc.lang, got, tc.want)
		}
	}
}

// sha is a table of sha256 hex digests computed with Python's hashlib.
func sha(s string) string {
	return map[string]string{
		"print(6 * 7)\n": "e10d13ee6beb328301b03cd6651a69e7c0b475c9559e6bf9f3dde151dc373eeb",
		"echo hi\n":      "ab08508fdf5ca4da5c4995987bc41c56c048aaa5eeb046417ae4049b7d40286e",
		"x":              "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881",
	}[s]
}

func TestFileNameFromContent(t *testing.T) {
	dir := t.TempDir()
	dir, _ = filepath.EvalSymlinks(dir)
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, code, want string
		ok               bool
		err              error
	}{
		{"none", "print(1)\n", "", false, nil},
		{"plain", "# filename: hello.py\nprint(1)\n", "hello.py", true, nil},
		{"no space", "# filename:hello.py\n", "hello.py", true, nil},
		{"subdirectory", "# filename: sub/a.py\n", "sub/a.py", true, nil},
		{"dot dot inside", "# filename: sub/../b.py\n", "b.py", true, nil},
		{"up and out", "# filename: ../evil.py\nprint(1)\n", "", true, codeexec.ErrNotInWorkspace},
		{"absolute outside", "# filename: /etc/evil.py\n", "", true, codeexec.ErrNotInWorkspace},
		{"absolute inside", "# filename: " + dir + "/in.py\n", "in.py", true, nil},
		{"second colon cuts", "# filename: a.py: note\n", "a.py", true, nil},
		{"not first line", "x = 1\n# filename: a.py\n", "", false, nil},
		{"leading space", " # filename: a.py\n", "", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok, err := codeexec.FileNameFromContent(tc.code, dir)
			if got != tc.want || ok != tc.ok || !errors.Is(err, tc.err) {
				t.Errorf("got (%q, %v, %v), want (%q, %v, %v)", got, ok, err, tc.want, tc.ok, tc.err)
			}
		})
	}
}

func TestSilencePip(t *testing.T) {
	for _, tc := range []struct{ code, lang, want string }{
		{"!pip install numpy\nimport numpy", "python", "!pip install -qqq numpy\nimport numpy"},
		{"! pip install numpy", "python", "! pip install -qqq numpy"},
		{"pip install numpy", "python", "pip install numpy"},
		{"pip install numpy", "sh", "pip install -qqq numpy"},
		{"pip install -qqq numpy", "sh", "pip install -qqq numpy"},
		{" pip install numpy", "sh", " pip install numpy"},
		{"pip install a; pip install b", "bash", "pip install -qqq a; pip install -qqq b"},
		{"pip install numpy", "javascript", "pip install numpy"},
	} {
		if got := codeexec.SilencePip(tc.code, tc.lang); got != tc.want {
			t.Errorf("SilencePip(%q, %q) = %q, want %q", tc.code, tc.lang, got, tc.want)
		}
	}
}

func TestChecks(t *testing.T) {
	for _, v := range []int64{0, -5} {
		_, err := codeexec.CheckTimeout(gen.IntOf(v))
		var ce *codeexec.Error
		if !errors.As(err, &ce) || ce.Message != codeexec.TimeoutText {
			t.Errorf("timeout %d: %v", v, err)
		}
	}
	if d, err := codeexec.CheckTimeout(gen.IntOf(5)); err != nil || d.Seconds() != 5 {
		t.Errorf("timeout 5: %v %v", d, err)
	}
	for name, ok := range map[string]bool{"functions": true, "not-ident": false, "": false, "1x": false, "_x1": true, "é": true} {
		if err := codeexec.CheckFunctionsModule(name); (err == nil) != ok {
			t.Errorf("%q: %v", name, err)
		}
	}
}
