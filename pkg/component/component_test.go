package component

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/agentschema/agentschema/gen"
)

const conformance = "../../testdata/conformance"

// jsonEqual compares two JSON texts as values.
func jsonEqual(t *testing.T, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("got invalid JSON %s: %v", got, err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("want invalid JSON %s: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestDropNone(t *testing.T) {
	tests := []struct {
		name, in string
		keep     []string
		want     string
	}{
		{"flat", `{"a": 1, "b": null, "c": "x"}`, nil, `{"a":1,"c":"x"}`},
		{"first and last", `{"a": null, "b": 2, "c": null}`, nil, `{"b":2}`},
		{"all null", `{"a": null}`, nil, `{}`},
		{"nested", `{"m": [{"thought": null, "content": "hi", "is_error": null}], "x": {"y": {"z": null}}}`, nil,
			`{"m":[{"content":"hi"}],"x":{"y":{}}}`},
		{"list items stay", `{"a": [null, 1, null]}`, nil, `{"a":[null,1,null]}`},
		{"top-level null", `null`, nil, `null`},
		{"scalars", `[true, false, -1.5e-05, "n\"ull"]`, nil, `[true,false,-1.5e-05,"n\"ull"]`},
		{"escapes kept", `{"k\u00e9": "\u00e9\n", "nul\"l": null}`, nil, `{"k\u00e9":"\u00e9\n"}`},
		{"number text kept", `{"f": 1.0, "g": 1e400, "h": 12345678901234567890123}`, nil,
			`{"f":1.0,"g":1e400,"h":12345678901234567890123}`},
		{"key order kept", `{"z": 1, "a": 2, "m": null, "b": 3}`, nil, `{"z":1,"a":2,"b":3}`},
		{"whitespace", " {\n \"a\" :\t[ 1 , null ] ,\r\n \"b\" : null } ", nil, `{"a":[1,null]}`},
		{"empty containers", `{"a": {}, "b": [], "c": null}`, nil, `{"a":{},"b":[]}`},
		{"keep properties", `{"tool_schema": [{"name": "f", "description": null, "parameters": {"type": "object",
			"properties": {"x": {"default": null, "anyOf": [{"type": "null"}]}}, "required": null}}]}`,
			[]string{"/tool_schema/*/parameters/properties"},
			`{"tool_schema":[{"name":"f","parameters":{"type":"object","properties":{"x":{"default":null,"anyOf":[{"type":"null"}]}}}}]}`},
		{"keep root", `{"a": null, "b": {"c": null}}`, []string{""}, `{"a":null,"b":{"c":null}}`},
		{"keep escaped pointer", `{"a/b": {"c": null}, "d": {"c": null}}`, []string{"/a~1b"}, `{"a/b":{"c":null},"d":{}}`},
		{"keep unmatched", `{"a": {"c": null}}`, []string{"/b"}, `{"a":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DropNone([]byte(tt.in), tt.keep...)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestDropNoneInvalid(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a":}`, `[1,]`, `{"a":1}x`, `nul`} {
		if _, err := DropNone([]byte(in)); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

// componentsFile is testdata/conformance/misc/components.json.
type componentsFile struct {
	Components []struct {
		Class     string          `json:"class"`
		Component json.RawMessage `json:"component"`
	} `json:"components"`
}

// contextSpec returns the Spec of AutoGen's context class name, with its
// description as components.json records it (AutoGen's docstrings cut at
// the first blank line).
func contextSpec(t *testing.T, name string, want gen.ComponentModel) Spec {
	t.Helper()
	if want.Description == nil {
		t.Fatalf("%s: no description", name)
	}
	return Spec{
		Provider:      "autogen_core.model_context." + name,
		ComponentType: "chat_completion_context",
		Description:   *want.Description,
	}
}

// TestSpecModelConformance rebuilds each context component of
// misc/components.json and of every contexts/*.json case from its config
// decoded into the generated config type: the generated encoders write
// every field (None as null), and Spec.Model must drop them as AutoGen's
// dump_component does, keep the rest in order, and fill the envelope.
func TestSpecModelConformance(t *testing.T) {
	var comps []json.RawMessage
	data, err := os.ReadFile(filepath.Join(conformance, "misc/components.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cf componentsFile
	if err := json.Unmarshal(data, &cf); err != nil {
		t.Fatal(err)
	}
	for _, c := range cf.Components {
		comps = append(comps, c.Component)
	}
	files, _ := filepath.Glob(filepath.Join(conformance, "contexts/*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Component json.RawMessage `json:"component"`
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatal(err)
		}
		if c.Component != nil {
			comps = append(comps, c.Component)
		}
	}
	checked := 0
	for i, raw := range comps {
		var want gen.ComponentModel
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatalf("component %d: %v", i, err)
		}
		name, ok := strings.CutPrefix(want.Provider, "autogen_core.model_context.")
		if !ok {
			continue
		}
		var cfg interface{ MarshalJSON() ([]byte, error) }
		switch name {
		case "UnboundedChatCompletionContext":
			cfg = &gen.UnboundedChatCompletionContextConfig{}
		case "BufferedChatCompletionContext":
			cfg = &gen.BufferedChatCompletionContextConfig{}
		case "HeadAndTailChatCompletionContext":
			cfg = &gen.HeadAndTailChatCompletionContextConfig{}
		case "TokenLimitedChatCompletionContext":
			cfg = &gen.TokenLimitedChatCompletionContextConfig{}
		default:
			t.Fatalf("unexpected provider %s", want.Provider)
		}
		if err := json.Unmarshal(want.Config, cfg); err != nil {
			t.Fatalf("component %d: config: %v", i, err)
		}
		full, _ := cfg.MarshalJSON()
		m, err := contextSpec(t, name, want).Model(cfg)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if name == "TokenLimitedChatCompletionContext" {
			// The generated encoder writes the nested ComponentModel's
			// null members too; the replay client's dump has none.
			if !bytes.Contains(full, []byte("null")) {
				t.Fatalf("component %d: expected nulls in the full encoding %s", i, full)
			}
		}
		jsonEqual(t, got, raw)
		checked++
	}
	if checked < 100 {
		t.Fatalf("only %d context components checked", checked)
	}
	t.Logf("%d context components", checked)
}

func TestSpecModelEnvelope(t *testing.T) {
	m, err := Spec{Provider: "pkg.mod.MyThing", ComponentType: "custom"}.Model(gen.RawJSON(`{"a":null,"b":[1]}`))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(m)
	want := `{"provider":"pkg.mod.MyThing","component_type":"custom","version":1,"component_version":1,"description":null,"label":"MyThing","config":{"b":[1]}}`
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	m, err = Spec{Provider: "X", ComponentType: "t", Version: 3, Label: "L", Description: "d"}.Model(map[string]int{"n": 1})
	if err != nil {
		t.Fatal(err)
	}
	got, _ = json.Marshal(m)
	want = `{"provider":"X","component_type":"t","version":3,"component_version":3,"description":"d","label":"L","config":{"n":1}}`
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestSpecModelErrors(t *testing.T) {
	tests := []struct {
		name   string
		spec   Spec
		config any
		want   string
	}{
		{"no provider", Spec{ComponentType: "t"}, gen.RawJSON(`{}`), "no Provider"},
		{"no type", Spec{Provider: "p.C"}, gen.RawJSON(`{}`), "component_type not defined"},
		{"nil config", Spec{Provider: "p.C", ComponentType: "t"}, nil, "nil config"},
		{"array config", Spec{Provider: "p.C", ComponentType: "t"}, []int{1}, "not a JSON object"},
		{"invalid JSON", Spec{Provider: "p.C", ComponentType: "t"}, []byte(`{`), "invalid JSON"},
		{"unmarshalable", Spec{Provider: "p.C", ComponentType: "t"}, map[string]any{"f": func() {}}, "unsupported type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.spec.Model(tt.config)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestDocstring(t *testing.T) {
	tests := []struct{ doc, want string }{
		// BufferedChatCompletionContext's docstring (autogen-core 0.7.5)
		// and its description in misc/components.json.
		{"A buffered chat completion context that keeps a view of the last n messages,\n" +
			"    where n is the buffer size. The buffer size is set at initialization.\n\n" +
			"    Args:\n        buffer_size (int): The size of the buffer.\n" +
			"        initial_messages (List[LLMMessage] | None): The initial messages.\n    ",
			"A buffered chat completion context that keeps a view of the last n messages,\n" +
				"    where n is the buffer size. The buffer size is set at initialization."},
		// ReplayChatCompletionClient's docstring starts with a newline.
		{"\n    A mock chat completion client that replays predefined responses using an index-based approach.\n\n" +
			"    This class simulates ...\n",
			"A mock chat completion client that replays predefined responses using an index-based approach."},
		{"One line.", "One line."},
		{"Summary.\n\nArgs:\n  x: y", "Summary."},
		{"Summary\n    continues.\n\nParameters:\n  x", "Summary\n    continues."},
		{"  \u00a0Padded\u3000 ", "Padded"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Docstring(tt.doc); got != tt.want {
			t.Errorf("Docstring(%q)\n = %q\nwant %q", tt.doc, got, tt.want)
		}
	}
}

// thing is a test component.
type thing struct {
	Name  string
	Inner any
}

func (th *thing) ComponentModel() (gen.ComponentModel, error) {
	return Spec{Provider: "test.Thing", ComponentType: "custom"}.Model(map[string]any{"name": th.Name, "none": nil})
}

func loadThing(ctx context.Context, config gen.RawJSON) (any, error) {
	var c struct {
		Name  string          `json:"name"`
		Inner json.RawMessage `json:"inner"`
	}
	if err := json.Unmarshal(config, &c); err != nil {
		return nil, err
	}
	if c.Name == "" {
		return nil, errors.New("name is required")
	}
	th := &thing{Name: c.Name}
	if c.Inner != nil {
		var err error
		if th.Inner, err = Load(ctx, c.Inner); err != nil {
			return nil, err
		}
	}
	return th, nil
}

func TestRegistryLoad(t *testing.T) {
	r := NewRegistry()
	r.Register("test.Thing", loadThing, "thing")
	ctx := context.Background()

	v, err := r.Load(ctx, []byte(`{"provider": "thing", "config": {"name": "a", "inner": {"provider": "test.Thing", "config": {"name": "b"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	th := v.(*thing)
	if th.Name != "a" || th.Inner.(*thing).Name != "b" {
		t.Fatalf("loaded %+v", th)
	}

	// A nested component loads from the registry loading its parent, not
	// from Default (which does not know test.Thing).
	if _, err := Load(ctx, []byte(`{"provider": "test.Thing", "config": {"name": "x"}}`)); err == nil {
		t.Fatal("Default knows test.Thing")
	}

	dump, err := Dump(th)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"provider":"test.Thing","component_type":"custom","version":1,"component_version":1,"description":null,"label":"Thing","config":{"name":"a"}}`
	if string(dump) != want {
		t.Fatalf("Dump\n got %s\nwant %s", dump, want)
	}
	back, err := r.Load(ctx, dump)
	if err != nil || back.(*thing).Name != "a" {
		t.Fatalf("reload: %v, %v", back, err)
	}
	if got := r.Providers(); !reflect.DeepEqual(got, []string{"test.Thing"}) {
		t.Fatalf("Providers() = %v", got)
	}
}

func TestLoadErrors(t *testing.T) {
	r := NewRegistry()
	r.Register("test.Thing", loadThing)
	r.Alias("short", "test.Missing")
	ctx := context.Background()

	_, err := r.Load(ctx, []byte(`{"provider": "x.Unknown", "config": {}}`))
	var up *UnknownProviderError
	if !errors.As(err, &up) || up.Provider != "x.Unknown" || !strings.Contains(err.Error(), `"x.Unknown"`) {
		t.Fatalf("unknown provider: %v", err)
	}
	_, err = r.Load(ctx, []byte(`{"provider": "short", "config": {}}`))
	if !errors.As(err, &up) || up.Resolved != "test.Missing" || !strings.Contains(err.Error(), `"short" (alias of "test.Missing")`) {
		t.Fatalf("unknown alias target: %v", err)
	}
	// The nested failure keeps its type through the parent's LoadError.
	_, err = r.Load(ctx, []byte(`{"provider": "test.Thing", "config": {"name": "a", "inner": {"provider": "nope", "config": {}}}}`))
	var le *LoadError
	if !errors.As(err, &le) || le.Provider != "test.Thing" || !errors.As(err, &up) || up.Provider != "nope" {
		t.Fatalf("nested: %v", err)
	}
	_, err = r.Load(ctx, []byte(`{"provider": "test.Thing", "config": {}}`))
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "name is required") {
		t.Fatalf("loader error: %v", err)
	}
	var ie *InvalidModelError
	for _, in := range []string{`{"config": {}}`, `{"provider": "test.Thing"}`, `{"provider": "test.Thing", "config": []}`, `[`, `3`} {
		if _, err := r.Load(ctx, []byte(in)); !errors.As(err, &ie) {
			t.Errorf("%s: %v, want *InvalidModelError", in, err)
		}
	}
	if _, err := r.LoadModel(ctx, nil); !errors.As(err, &ie) {
		t.Errorf("nil model: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := r.Load(cctx, []byte(`{"provider": "test.Thing", "config": {"name": "a"}}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestDefaultWellKnownAliases(t *testing.T) {
	_, err := Load(context.Background(), []byte(`{"provider": "OpenAIChatCompletionClient", "config": {}}`))
	var up *UnknownProviderError
	if !errors.As(err, &up) || up.Resolved != "autogen_ext.models.openai.OpenAIChatCompletionClient" {
		t.Fatalf("%v", err)
	}
	wk := WellKnownProviders()
	// AutoGen 0.7.5's WELL_KNOWN_PROVIDERS (autogen_core/_component_config.py)
	// has five entries; the fifth is "OllamaChatCompletionClient".
	if len(wk) != 5 || wk["OllamaChatCompletionClient"] != "autogen_ext.models.ollama.OllamaChatCompletionClient" || wk["azure_openai_chat_completion_client"] != "autogen_ext.models.openai.AzureOpenAIChatCompletionClient" {
		t.Fatalf("WellKnownProviders() = %v", wk)
	}
	wk["x"] = "y" // a copy
	if len(WellKnownProviders()) != 5 {
		t.Fatal("WellKnownProviders returned the package's map")
	}
}

func TestLoadAs(t *testing.T) {
	r := NewRegistry()
	r.Register("test.Thing", loadThing)
	ctx := context.WithValue(context.Background(), registryKey{}, r)
	th, err := LoadAs[*thing](ctx, []byte(`{"provider": "test.Thing", "config": {"name": "a"}}`))
	if err != nil || th.Name != "a" {
		t.Fatalf("%v, %v", th, err)
	}
	_, err = LoadAs[fmt.Stringer](ctx, []byte(`{"provider": "test.Thing", "config": {"name": "a"}}`))
	var te *TypeError
	if !errors.As(err, &te) || te.Want != reflect.TypeFor[fmt.Stringer]() || !strings.Contains(err.Error(), "Expected type does not match") {
		t.Fatalf("%v", err)
	}
	if _, err := LoadAs[*thing](ctx, []byte(`{}`)); err == nil {
		t.Fatal("no error for an invalid model")
	}
}

func TestRegisterPanics(t *testing.T) {
	tests := []struct {
		name string
		fn   func(r *Registry)
	}{
		{"nil loader", func(r *Registry) { r.Register("a.B", nil) }},
		{"empty provider", func(r *Registry) { r.Register("", loadThing) }},
		{"twice", func(r *Registry) { r.Register("a.B", loadThing); r.Register("a.B", loadThing) }},
		{"alias clash", func(r *Registry) { r.Register("a.B", loadThing, "b"); r.Alias("b", "c.D") }},
		{"provider is an alias", func(r *Registry) { r.Alias("a.B", "c.D"); r.Register("a.B", loadThing) }},
		{"empty alias target", func(r *Registry) { r.Alias("x", "") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			tt.fn(NewRegistry())
		})
	}
}

func TestRegistryConcurrent(t *testing.T) {
	r := NewRegistry()
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			r.Register(fmt.Sprintf("p.C%d", i), loadThing)
		}()
		go func() {
			defer wg.Done()
			for range 50 {
				_, _ = r.Load(context.Background(), []byte(`{"provider": "p.C0", "config": {"name": "x"}}`))
				_ = r.Providers()
			}
		}()
	}
	wg.Wait()
	if n := len(r.Providers()); n != 8 {
		t.Fatalf("%d providers", n)
	}
}

func TestDumpNil(t *testing.T) {
	if _, err := Dump(nil); err == nil {
		t.Fatal("no error")
	}
}

// FuzzDropNone checks that DropNone's output is valid JSON without null
// object members, that it is a fixed point, and that it agrees with a
// reference built on encoding/json (for inputs without duplicate keys).
func FuzzDropNone(f *testing.F) {
	for _, s := range []string{`{"a":null}`, `[{"b":[null,{"c":null,"d":1}]}]`, `"x"`, `{"a":{"b":{"c":null}},"d":"\u0000"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := DropNone(data)
		if !json.Valid(data) {
			if err == nil {
				t.Fatal("invalid input accepted")
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(out) {
			t.Fatalf("invalid output %s", out)
		}
		again, err := DropNone(out)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not a fixed point: %s -> %s", out, again)
		}
		var in, got any
		_ = json.Unmarshal(data, &in)
		_ = json.Unmarshal(out, &got)
		if hasDuplicateKeys(data) {
			return
		}
		if want := dropRef(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("got %s, reference %v", out, want)
		}
	})
}

func dropRef(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, x := range v {
			if x != nil {
				out[k] = dropRef(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = dropRef(x)
		}
		return out
	}
	return v
}

// hasDuplicateKeys reports whether some object of the valid JSON data
// repeats a key.
func hasDuplicateKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		obj     bool
		keys    map[string]bool
		keyNext bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.obj && top.keyNext {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			k := tok.(string)
			if top.keys[k] {
				return true
			}
			top.keys[k] = true
			top.keyNext = false
			continue
		}
		if top != nil && top.obj {
			top.keyNext = true
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, keys: map[string]bool{}, keyNext: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}
