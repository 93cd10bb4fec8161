package conformance

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// Case is one valid or invalid case.
type Case struct {
	// Path is the case file relative to testdata/conformance, such as
	// "valid/UserMessage/000.json".
	Path string
	// Valid tells a valid case from an invalid one.
	Valid bool
	// Type is the schema title the input is decoded as.
	Type         string            `json:"type"`
	Input        json.RawMessage   `json:"input"`
	Dump         json.RawMessage   `json:"dump"`
	Note         string            `json:"note"`
	Tags         []string          `json:"tags"`
	Placeholders map[string]string `json:"placeholders"`
	Error        *CaseError        `json:"error"`
}

// CaseError is pydantic's first error for an invalid case.
type CaseError struct {
	Loc       []any  `json:"loc"`
	Type      string `json:"type"`
	Msg       string `json:"msg"`
	Exception string `json:"exception"`
}

// HasTag reports whether the case carries tag.
func (c *Case) HasTag(tag string) bool {
	for _, t := range c.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// Dir returns the absolute path of testdata/conformance.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "conformance")
}

// Load reads every valid and invalid case, sorted by path.
func Load() ([]*Case, error) {
	var out []*Case
	for _, kind := range []string{"valid", "invalid"} {
		files, err := filepath.Glob(filepath.Join(Dir(), kind, "*", "*.json"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			c := &Case{}
			if err := json.Unmarshal(data, c); err != nil {
				return nil, fmt.Errorf("%s: %v", f, err)
			}
			rel, _ := filepath.Rel(Dir(), f)
			c.Path = filepath.ToSlash(rel)
			c.Valid = kind == "valid"
			// The folder names the type (StructuredMessage_X is
			// StructuredMessage[X]).
			c.Type = filepath.Base(filepath.Dir(f))
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// LocPrefix turns pydantic's error location into the JSON pointer prefix
// the error must start with: union branch names (a type title, or a label
// such as "str" or "list[...]") are not JSON keys and are dropped.
func LocPrefix(loc []any, titles map[string]bool) string {
	var b strings.Builder
	for _, seg := range loc {
		switch s := seg.(type) {
		case float64:
			fmt.Fprintf(&b, "/%d", int(s))
		case string:
			if titles[s] || strings.Contains(s, "[") || pydanticLabels[s] {
				continue
			}
			b.WriteByte('/')
			b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(s))
		}
	}
	return b.String()
}

var pydanticLabels = map[string]bool{"str": true, "int": true, "float": true, "bool": true, "dict": true, "list": true, "none": true}
