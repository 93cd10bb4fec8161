package all_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/pkg/component"
	_ "github.com/agentschema/agentschema/pkg/providers/all"
)

// TestREADMEComponentsTable checks the README's table of components
// against the registry: each provider validate knows is listed in its
// component_type's row, as runnable when this package registers a loader
// for it and as validate-only when not.
func TestREADMEComponentsTable(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "#### Components: runnable and validate-only")
	if i < 0 {
		t.Fatal("README has no components table")
	}
	rows := map[string][2]string{}
	for _, line := range strings.Split(s[i:], "\n") {
		if strings.HasPrefix(line, "#### In CI") {
			break
		}
		cells := strings.Split(line, " | ")
		if len(cells) == 3 && strings.HasPrefix(line, "| `") {
			rows[strings.Trim(cells[0], "| `")] = [2]string{cells[1], cells[2]}
		}
	}
	registered := map[string]bool{}
	for _, p := range component.Default.Providers() {
		registered[p] = true
	}
	for _, p := range component.KnownProviders() {
		info, _ := component.LookupProvider(p)
		row, ok := rows[info.ComponentType]
		if !ok {
			t.Errorf("no row for component_type %q (%s)", info.ComponentType, p)
			continue
		}
		class := "`" + p[strings.LastIndex(p, ".")+1:] + "`"
		col, name := 0, "runnable"
		if !registered[p] {
			col, name = 1, "validate-only"
		}
		if !strings.Contains(row[col], class) {
			t.Errorf("%s: README lists it not as %s (row %q)", p, name, info.ComponentType)
		}
		if strings.Contains(row[1-col], class) {
			t.Errorf("%s: README lists it in the wrong column", p)
		}
	}
}
