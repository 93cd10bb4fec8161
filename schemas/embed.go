// Package schemas embeds the canonical JSON Schemas of every AutoGen type
// this module implements: one concept per file, shared definitions by
// cross-file $ref. gen/ is generated from them.
package schemas

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// FS holds the schema files, named <Title>.json.
//
//go:embed *.json
var FS embed.FS

// Names returns the title of every schema, sorted.
func Names() []string {
	entries, _ := fs.ReadDir(FS, ".")
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			out = append(out, strings.TrimSuffix(e.Name(), ".json"))
		}
	}
	sort.Strings(out)
	return out
}

// Get returns the schema with the given title.
func Get(title string) ([]byte, error) {
	return FS.ReadFile(title + ".json")
}
