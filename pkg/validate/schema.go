package validate

import (
	"bytes"
	"fmt"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentschema/agentschema/schemas"
)

// baseURL is the URL the embedded schemas are registered under. Their $id
// values ("UserMessage.json") are relative, so cross-file $refs resolve
// against it. Nothing is ever fetched from it.
const baseURL = "https://github.com/agentschema/agentschema/schemas/"

// union is a discriminated union read from a schema's oneOf and
// discriminator keywords.
type union struct {
	// title is the union's schema title, such as "LLMMessage".
	title string
	// property is the discriminator property ("type").
	property string
	// tags are the allowed tag values in the schema's order.
	tags []string
	// refs holds the member schema reference for each tag.
	refs map[string]string
}

// registry holds the embedded schemas, rewritten for validation, and
// compiles each one the first time it is used.
type registry struct {
	initOnce sync.Once
	initErr  error

	// unions is keyed by the URL of the union's schema.
	unions map[string]*union
	titles map[string]bool

	mu       sync.Mutex // guards compiler
	compiler *jsonschema.Compiler

	compiled sync.Map // title -> *jsonschema.Schema
}

var reg registry

// load reads every embedded schema, rewrites the discriminated unions and
// registers them with the compiler.
func (r *registry) load() error {
	r.initOnce.Do(func() {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		c.AssertContent()
		c.RegisterFormat(&jsonschema.Format{Name: "date-time", Validate: validateDateTime})
		r.unions = map[string]*union{}
		r.titles = map[string]bool{}
		for _, title := range schemas.Names() {
			data, err := schemas.Get(title)
			if err != nil {
				r.initErr = err
				return
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
			if err != nil {
				r.initErr = fmt.Errorf("validate: schema %s: %w", title, err)
				return
			}
			doc = mergeKindUnions(doc)
			if obj, ok := doc.(map[string]any); ok {
				if u := unionOf(title, obj); u != nil {
					doc = rewriteUnion(obj, u)
					r.unions[baseURL+title+".json"] = u
				}
			}
			if err := c.AddResource(baseURL+title+".json", doc); err != nil {
				r.initErr = fmt.Errorf("validate: schema %s: %w", title, err)
				return
			}
			r.titles[title] = true
		}
		r.compiler = c
	})
	return r.initErr
}

// schema returns the compiled schema for title, compiling it on first use.
// It is safe for concurrent use.
func (r *registry) schema(title string) (*jsonschema.Schema, error) {
	if s, ok := r.compiled.Load(title); ok {
		return s.(*jsonschema.Schema), nil
	}
	if err := r.load(); err != nil {
		return nil, err
	}
	if !r.titles[title] {
		return nil, &UnknownTypeError{Title: title}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if s, ok := r.compiled.Load(title); ok {
		return s.(*jsonschema.Schema), nil
	}
	s, err := r.compiler.Compile(baseURL + title + ".json")
	if err != nil {
		return nil, fmt.Errorf("validate: compiling schema %s: %w", title, err)
	}
	r.compiled.Store(title, s)
	return s, nil
}

// unionAt returns the union whose schema is at url, if any.
func (r *registry) unionAt(url string) *union {
	return r.unions[url]
}

// unionOf reads a discriminated union: a schema with oneOf and an
// OpenAPI-style discriminator whose mapping names every member.
func unionOf(title string, obj map[string]any) *union {
	disc, ok := obj["discriminator"].(map[string]any)
	if !ok {
		return nil
	}
	if _, ok := obj["oneOf"].([]any); !ok {
		return nil
	}
	prop, _ := disc["propertyName"].(string)
	mapping, _ := disc["mapping"].(map[string]any)
	if prop == "" || len(mapping) == 0 {
		return nil
	}
	u := &union{title: title, property: prop, refs: map[string]string{}}
	for tag, ref := range mapping {
		s, ok := ref.(string)
		if !ok {
			return nil
		}
		u.refs[tag] = s
	}
	// Keep the oneOf order (the order the schema lists the members in),
	// falling back to sorted tags for any the oneOf does not name.
	seen := map[string]bool{}
	for _, branch := range obj["oneOf"].([]any) {
		b, _ := branch.(map[string]any)
		ref, _ := b["$ref"].(string)
		for tag, r := range u.refs {
			if r == ref && !seen[tag] {
				u.tags = append(u.tags, tag)
				seen[tag] = true
			}
		}
	}
	var rest []string
	for tag := range u.refs {
		if !seen[tag] {
			rest = append(rest, tag)
		}
	}
	sort.Strings(rest)
	u.tags = append(u.tags, rest...)
	return u
}

// rewriteUnion turns a oneOf with a discriminator into a schema that
// checks the tag once and then validates only the member the tag selects,
// with one if/then per tag, chained through else:
//
//	{"type": "object", "required": ["type"],
//	 "properties": {"type": {"enum": [TAG1, TAG2, ...]}},
//	 "allOf": [{"if": {"type": "object", "required": ["type"],
//	                   "properties": {"type": {"const": TAG1}}},
//	            "then": {"$ref": MEMBER1},
//	            "else": {"if": ... TAG2 ..., "then": {"$ref": MEMBER2},
//	                     "else": ...}}]}
//
// A plain oneOf reports a failure for every member, and a value without a
// tag matches whichever member has no other required field; this form
// reports one error for a missing or unknown tag and the selected
// member's own errors otherwise. Each "if" repeats "type" and "required"
// so that it fails, selecting nothing, for a non-object or an untagged
// object. Chaining through "else" stops at the first matching tag
// (separate if/then pairs under allOf would evaluate every "if").
func rewriteUnion(obj map[string]any, u *union) map[string]any {
	out := map[string]any{}
	for k, v := range obj {
		switch k {
		case "oneOf", "discriminator":
		default:
			out[k] = v
		}
	}
	enum := make([]any, len(u.tags))
	for i, tag := range u.tags {
		enum[i] = tag
	}
	// Build the chain from the last member backwards.
	var chain map[string]any
	for i := len(u.tags) - 1; i >= 0; i-- {
		tag := u.tags[i]
		link := map[string]any{
			"if": map[string]any{
				"type":       "object",
				"required":   []any{u.property},
				"properties": map[string]any{u.property: map[string]any{"const": tag}},
			},
			"then": map[string]any{"$ref": u.refs[tag]},
		}
		if chain != nil {
			link["else"] = chain
		}
		chain = link
	}
	out["type"] = "object"
	out["required"] = []any{u.property}
	out["properties"] = map[string]any{u.property: map[string]any{"enum": enum}}
	out["allOf"] = []any{chain}
	return out
}

// Titles returns the title of every type Validate knows, sorted.
func Titles() []string { return schemas.Names() }
