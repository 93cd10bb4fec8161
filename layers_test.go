package agentschema_test

import (
	"errors"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const modulePath = "github.com/agentschema/agentschema"

// layers places every package of the module (by directory) in a layer.
// Code may import only packages of lower layers: data flows one way, and a
// helper that two packages share lives below both of them. A new package
// must be added here, which is the moment to decide where it belongs.
var layers = map[string]int{
	// The error model and the embedded schemas: imported by anything.
	".":       0,
	"schemas": 0,

	// Leaves: Python's datetime, exceptions, Pillow, tiktoken.
	"internal/pytime":    1,
	"internal/pyexc":     1,
	"internal/pyimg":     1,
	"internal/bpe":       1,
	"internal/suggest":   1,
	"internal/modelinfo": 1,
	"internal/pysyntax":  1,
	// Python's white space (str.isspace, strip, rstrip).
	"internal/pystr": 1,
	// Where plain JSON string content ends (SSE2 on amd64).
	"internal/jsonscan": 1,
	// Capturing slog's output, for tests.
	"internal/logtest": 1,
	// The model clients' HTTP: httpx's read and connect timeouts, the
	// request log.
	"internal/readtimeout": 1,
	"internal/httplog":     1,

	// Python's JSON values, json.loads/dumps, repr, float repr, quoting.
	"internal/pyjson":      2,
	"internal/orderedjson": 2,

	// The codec runtime of gen/ (pydantic-core's validation and
	// serialization) and str.format, both on pyjson.
	"internal/wire":     3,
	"internal/pyformat": 3,
	// pydantic's ValidationError text, on pyjson's repr.
	"internal/pydantic": 3,

	// The generated types.
	"gen": 4,

	// Engines on the generated types: pydantic models from Go structs,
	// the openai client's message transformers.
	"internal/pymodel":      5,
	"internal/oaitransform": 5,
	// Merging system messages, as the OpenAI and Anthropic clients do.
	"internal/sysmsg": 5,
	// Conversions between the runtime's values and gen's wrappers of them.
	"internal/genrt": 5,

	// Public packages that need no other public package but component.
	"pkg/component":  6,
	"pkg/images":     6,
	"pkg/jsonstream": 6,
	"pkg/contents":   6,
	"pkg/tokens":     6,
	// AutoGen's gRPC protocol, generated from its .proto files.
	"pkg/distributed/protos": 6,

	// Model types and clients' interface, tools, AgentChat messages.
	"pkg/models":   7,
	"pkg/tools":    7,
	"pkg/messages": 7,
	"pkg/codeexec": 7,

	// Built on those: context windows (on models), clients (openai
	// counts tokens as AutoGen's client does), workbenches (on tools),
	// validate (checks a StructuredMessage as messages loads it).
	"pkg/modelcontext":    8,
	"pkg/models/openai":   8,
	"pkg/models/ollama":   8,
	"pkg/models/replay":   8,
	"pkg/workbench":       8,
	"pkg/validate":        8,
	"pkg/codeexec/local":  8,
	"pkg/codeexec/docker": 8,
	"pkg/workbench/mcp":   9,
	// The Anthropic clients reuse the OpenAI client's pydantic config
	// errors.
	"pkg/models/anthropic":   9,
	"internal/oracleclients": 9,
	"pkg/tools/httptool":     9,
	"pkg/tools/gallery":      8,
	"pkg/tools/codetool":     9,

	// The AgentChat runtime: its contracts, the conditions and agents on
	// them, the teams on those.
	"pkg/agentchat":            10,
	"pkg/agentchat/conditions": 11,
	"pkg/agentchat/agents":     11,
	"pkg/agentchat/ui":         11,
	"pkg/agentchat/teams":      12,

	// AutoGen's distributed runtime: a worker, the host (whose wire log
	// uses the worker's serialization), AgentChat teams across workers.
	"pkg/distributed/worker":    13,
	"pkg/distributed/host":      14,
	"pkg/distributed/groupchat": 14,

	// Every provider at once.
	"pkg/providers/all": 13,

	// Serving a team, above the runtime: the session service's contract,
	// then the stores that keep sessions and the HTTP service on it.
	"pkg/session":               13,
	"pkg/session/internal/rows": 13,
	"pkg/session/sqlite":        14,
	"pkg/session/postgres":      14,
	"pkg/serve":                 14,

	// Test helpers and benchmarks: imported only by tests and by each
	// other (see testOnly).
	"pkg/modelcontext/modelcontexttest":                       14,
	"pkg/session/sessiontest":                                 14,
	"pkg/workbench/mcp/internal/testserver":                   14,
	"pkg/workbench/mcp/internal/testserver/cmd/mcptestserver": 15,
	"internal/conformance":                                    14,
	"internal/runtimecase":                                    14,
	"internal/clientcase":                                     14,
	"internal/cmd/benchratio":                                 14,
	"bench":                                                   14,
	"internal/grpcharness":                                    15,

	// Programs.
	"cmd/agentschema":         16,
	"internal/cmd/protogen":   16,
	"internal/cmd/grpcdriver": 16,
	"examples/chat":           16,
	"examples/team":           16,
}

// testOnly reports whether dir is a test helper, which non-test code
// outside the test helpers must not import.
func testOnly(dir string) bool {
	return strings.HasSuffix(dir, "test") || strings.Contains(dir, "/testserver") || dir == "internal/runtimecase" || dir == "internal/clientcase"
}

// TestLayers checks every import between the module's packages (test files
// aside) against layers.
func TestLayers(t *testing.T) {
	imports, err := moduleImports(".")
	if err != nil {
		t.Fatal(err)
	}
	dirs := make([]string, 0, len(imports))
	for dir := range imports {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		from, ok := layers[dir]
		if !ok {
			t.Errorf("package %s is not placed in a layer (layers_test.go)", dir)
			continue
		}
		for _, imp := range imports[dir] {
			to, ok := layers[imp]
			switch {
			case !ok:
				continue // reported as its own package
			case to >= from:
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must go to a lower layer", dir, from, imp, to)
			case testOnly(imp) && !testOnly(dir):
				t.Errorf("%s imports the test helper %s", dir, imp)
			}
		}
	}
	for dir := range layers {
		if _, ok := imports[dir]; !ok {
			t.Errorf("layers lists %s, which is not a package of the module", dir)
		}
	}
}

// moduleImports maps each package directory under root (relative, with
// slashes; "." for root) to the module packages its non-test files
// import. Directories holding their own go.mod, testdata and hidden
// directories are skipped.
func moduleImports(root string) (map[string][]string, error) {
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		if path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module
			}
		}
		pkg, err := build.ImportDir(path, 0)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(path)
		var deps []string
		for _, imp := range pkg.Imports {
			if imp == modulePath {
				deps = append(deps, ".")
			} else if rest, ok := strings.CutPrefix(imp, modulePath+"/"); ok {
				deps = append(deps, rest)
			}
		}
		out[dir] = deps
		return nil
	})
	return out, err
}
