package codeexec

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/agentschema/agentschema/internal/pystr"

	"github.com/agentschema/agentschema/gen"
)

// DefaultLanguages are CodeExecutorAgent's DEFAULT_SUPPORTED_LANGUAGES.
var DefaultLanguages = []string{"python", "sh"}

// pySpace is the class of characters Python's \s matches in a str
// pattern (str.isspace()).
const pySpace = `[\t\n\v\f\r \x{1c}-\x{1f}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]`

// BlockPattern returns CodeExecutorAgent's regex for the languages:
// ```(?:\s*(LANGS))\n([\s\S]*?)``` with re.IGNORECASE, LANGS the
// languages escaped and joined with "|".
func BlockPattern(languages []string) *regexp.Regexp {
	quoted := make([]string, len(languages))
	for i, l := range languages {
		quoted[i] = regexp.QuoteMeta(l)
	}
	return regexp.MustCompile("(?i)```(?:" + pySpace + "*(" + strings.Join(quoted, "|") + "))\n([\\s\\S]*?)```")
}

// ExtractMarkdownCodeBlocks is CodeExecutorAgent._extract_markdown_code_blocks:
// the blocks of text fenced with ``` followed by one of languages (case
// insensitive, after optional whitespace) and a newline, up to the next
// ```. The code keeps its trailing newline; the language is kept as
// written (stripped). languages nil is DefaultLanguages.
func ExtractMarkdownCodeBlocks(text string, languages []string) []gen.CodeBlock {
	if languages == nil {
		languages = DefaultLanguages
	}
	return extractWith(BlockPattern(languages), text)
}

// extractWith returns the blocks pattern (a BlockPattern) finds in text.
func extractWith(pattern *regexp.Regexp, text string) []gen.CodeBlock {
	var blocks []gen.CodeBlock
	for _, m := range pattern.FindAllStringSubmatch(text, -1) {
		blocks = append(blocks, gen.CodeBlock{Code: m[2], Language: strings.TrimFunc(m[1], pystr.IsSpaceRune)})
	}
	return blocks
}

// Extractor finds the code blocks of one set of languages; it compiles
// the pattern once. It is safe for concurrent use.
type Extractor struct{ pattern *regexp.Regexp }

// NewExtractor returns an Extractor for languages (nil: DefaultLanguages).
func NewExtractor(languages []string) *Extractor {
	if languages == nil {
		languages = DefaultLanguages
	}
	return &Extractor{pattern: BlockPattern(languages)}
}

// Extract returns the code blocks of text, as ExtractMarkdownCodeBlocks.
func (x *Extractor) Extract(text string) []gen.CodeBlock { return extractWith(x.pattern, text) }

// ErrNotInWorkspace is FileNameFromContent's error for a "# filename:"
// that names a file outside the workspace (AutoGen's ValueError from
// Path.relative_to, which the executors turn into the result "Filename is
// not in the workspace").
var ErrNotInWorkspace = errors.New("codeexec: the file is not in the workspace")

// FileNameFromContent is get_file_name_from_content: when the code's first
// line starts with "# filename:", the text between that colon and the
// next one (stripped), resolved against workDir, as a path relative to
// workDir; ok is false when there is no directive. A name resolving
// outside workDir is ErrNotInWorkspace.
func FileNameFromContent(code, workDir string) (name string, ok bool, err error) {
	first, _, _ := strings.Cut(code, "\n")
	if !strings.HasPrefix(first, "# filename:") {
		return "", false, nil
	}
	parts := strings.Split(first, ":")
	filename := strings.TrimFunc(parts[1], pystr.IsSpaceRune)
	p := filename
	if !filepath.IsAbs(p) {
		p = filepath.Join(workDir, p)
	}
	p = Resolve(p)
	rel, err := filepath.Rel(Resolve(workDir), p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", true, ErrNotInWorkspace
	}
	return rel, true, nil
}

// Resolve is Python's Path.resolve() (strict=False): the absolute, clean
// path with the symbolic links of its longest existing prefix resolved.
func Resolve(p string) string {
	p, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := p; ; {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return p
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// TempFileName is the name the executors give a block without a
// "# filename:" directive: tmp_code_<sha256 hex of code>.<ext>, ext "py"
// for a language starting with "python", "ps1" for pwsh, powershell and
// ps1, the language otherwise. lang is lower-cased and normalised
// ("python" for "py").
func TempFileName(code, lang string) string {
	sum := sha256.Sum256([]byte(code))
	var ext string
	switch {
	case strings.HasPrefix(lang, "python"):
		ext = "py"
	case lang == "pwsh" || lang == "powershell" || lang == "ps1":
		ext = "ps1"
	default:
		ext = lang
	}
	return "tmp_code_" + hex.EncodeToString(sum[:]) + "." + ext
}

var (
	pipPython = regexp.MustCompile(`^! ?pip install`)
	pipShell  = regexp.MustCompile(`^pip install`)
)

// SilencePip is silence_pip: in python code a line starting "!pip
// install" or "! pip install", in shell code one starting "pip install",
// gets " -qqq" after those words (every occurrence of them in the line)
// unless the line already has "-qqq". lang is lower-cased.
func SilencePip(code, lang string) string {
	var re *regexp.Regexp
	switch lang {
	case "python":
		re = pipPython
	case "bash", "shell", "sh", "pwsh", "powershell", "ps1":
		re = pipShell
	default:
		return code
	}
	if !strings.Contains(code, "pip install") {
		return code
	}
	lines := strings.Split(code, "\n")
	for i, line := range lines {
		if m := re.FindString(line); m != "" && !strings.Contains(line, "-qqq") {
			lines[i] = strings.ReplaceAll(line, m, m+" -qqq")
		}
	}
	return strings.Join(lines, "\n")
}

// TempDir creates a fresh temporary directory as Python's
// tempfile.TemporaryDirectory() does (tmpXXXXXXXX in the system's
// temporary directory) and returns its resolved path.
func TempDir() (string, error) {
	dir, err := os.MkdirTemp("", "tmp")
	if err != nil {
		return "", err
	}
	return Resolve(dir), nil
}
