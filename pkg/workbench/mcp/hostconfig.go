package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/models"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// HostProvider is the provider string of AutoGen's McpSessionHost, the
// component in an McpWorkbench config's host.
const HostProvider = "autogen_ext.tools.mcp.McpSessionHost"

// The provider strings of the host's parts.
const (
	samplerProvider  = "autogen_ext.tools.mcp.ChatCompletionClientSampler"
	elicitorProvider = "autogen_ext.tools.mcp.StdioElicitor"
	rootsProvider    = "autogen_ext.tools.mcp.StaticRootsProvider"
)

// The component classes as AutoGen's dump_component() reads them: the
// component_type of each base class (Sampler, Elicitor, RootsProvider),
// and the docstring's first paragraph where the class has one.
var (
	hostSpec = component.Spec{Provider: HostProvider, ComponentType: "mcp_session_host",
		Description: "Host component that provides MCP server capabilities.", Label: "McpSessionHost"}
	samplerSpec  = component.Spec{Provider: samplerProvider, ComponentType: "mcp_sampler", Label: "ChatCompletionClientSampler"}
	elicitorSpec = component.Spec{Provider: elicitorProvider, ComponentType: "mcp_elicitor",
		Description: "Handle MCP elicitation requests by reading/writing to stdio", Label: "StdioElicitor"}
	rootsSpec = component.Spec{Provider: rootsProvider, ComponentType: "mcp_roots_provider", Label: "StaticRootsProvider"}
)

func init() {
	// Each class also loads by the path of the private module that
	// defines it, and of the _host package that exports it.
	component.Register(HostProvider, loadHost,
		"autogen_ext.tools.mcp._host.McpSessionHost", "autogen_ext.tools.mcp._host._session_host.McpSessionHost")
	component.Register(samplerProvider, loadSampler,
		"autogen_ext.tools.mcp._host.ChatCompletionClientSampler", "autogen_ext.tools.mcp._host._sampling.ChatCompletionClientSampler")
	component.Register(elicitorProvider, loadStdioElicitor,
		"autogen_ext.tools.mcp._host.StdioElicitor", "autogen_ext.tools.mcp._host._elicitation.StdioElicitor")
	component.Register(rootsProvider, loadStaticRoots,
		"autogen_ext.tools.mcp._host.StaticRootsProvider", "autogen_ext.tools.mcp._host._roots.StaticRootsProvider")
}

// ConfigError is a host config that cannot be loaded. Pointer is the JSON
// pointer of the fault in the component being loaded: for a workbench,
// "/config/host/config/sampler/config/client_config" and the like; for
// LoadHost, "/config/sampler/...".
type ConfigError struct {
	Pointer string
	Err     error
}

// Error gives the pointer and the fault.
func (e *ConfigError) Error() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	msg := e.Err.Error()
	if fs, ok := e.Err.(agentschema.Faults); ok && len(fs) > 0 {
		msg = fs[0].Message
		if len(fs) > 1 {
			msg += fmt.Sprintf(" (and %d more errors)", len(fs)-1)
		}
	}
	return "mcp: " + p + ": " + msg
}

// Unwrap returns Err.
func (e *ConfigError) Unwrap() error { return e.Err }

// configFault is a fault at ptr with a plain message.
func configFault(ptr, msg string) error {
	return &ConfigError{Pointer: ptr, Err: errors.New(msg)}
}

// atPointer places the error of loading the component at ptr (relative to
// the component being loaded): a *ConfigError's pointer, relative to the
// nested component, is prefixed with ptr; the faults another package's
// Loader found in the nested component's config are placed under its
// "/config".
func atPointer(ptr string, err error) error {
	var ce *ConfigError
	if errors.As(err, &ce) {
		return &ConfigError{Pointer: ptr + ce.Pointer, Err: ce.Err}
	}
	var fs agentschema.Faults
	if errors.As(err, &fs) && len(fs) > 0 {
		return &ConfigError{Pointer: ptr + "/config" + fs[0].Pointer, Err: fs}
	}
	return &ConfigError{Pointer: ptr, Err: err}
}

// loadComponent loads the ComponentModel raw (JSON) at ptr as a T with the
// registry of ctx.
func loadComponent[T any](ctx context.Context, raw []byte, ptr string) (T, error) {
	var zero T
	var m gen.ComponentModel
	if err := m.UnmarshalJSON(raw); err != nil {
		var fs agentschema.Faults
		if errors.As(err, &fs) && len(fs) > 0 {
			return zero, &ConfigError{Pointer: ptr + fs[0].Pointer, Err: fs}
		}
		return zero, &ConfigError{Pointer: ptr, Err: err}
	}
	v, err := component.LoadModelAs[T](ctx, &m)
	if err != nil {
		return zero, atPointer(ptr, err)
	}
	return v, nil
}

// LoadHost builds a Host from its component config (an McpSessionHost
// ComponentModel, JSON) with the component registry of ctx (see package
// component): its sampler, elicitor and roots, each a ComponentModel, or
// null or {} for none. The model client of a ChatCompletionClientSampler
// loads with the same registry, so its package must be imported (or
// pkg/providers/all). A config that cannot be loaded is a *ConfigError
// with the pointer of the fault ("/config/sampler/config/client_config").
//
// A Go program that wants some parts from a config and others of its own
// (an ElicitorFunc) loads the host and sets them before giving it to
// Options.Host.
func LoadHost(ctx context.Context, data []byte) (*Host, error) {
	return loadComponent[*Host](ctx, data, "")
}

// objectMembers decodes a config object into its members (the last of a
// repeated name, as Python's json.loads keeps).
func objectMembers(config []byte, ptr, model string) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(config, &m); err != nil || m == nil {
		return nil, configFault(ptr, "Input should be a valid dictionary or instance of "+model)
	}
	return m, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

func isObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{'
}

// isEmptyObject reports whether raw is {} (falsy in Python).
func isEmptyObject(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	return json.Unmarshal(raw, &m) == nil && len(m) == 0
}

// loadHost is McpSessionHost's Loader: McpSessionHostConfig (sampler,
// elicitor, roots: ComponentModel | dict | None), each part loaded with
// load_component when truthy. A missing member is taken as None (AutoGen
// requires the three, but its own dumps drop the None ones).
func loadHost(ctx context.Context, config gen.RawJSON) (any, error) {
	members, err := objectMembers(config, "/config", "McpSessionHostConfig")
	if err != nil {
		return nil, err
	}
	h := &Host{}
	part := func(name string) (json.RawMessage, error) {
		raw, ok := members[name]
		if !ok || isNull(raw) {
			return nil, nil
		}
		if !isObject(raw) {
			return nil, configFault("/config/"+name, "Input should be a valid dictionary or instance of ComponentModel")
		}
		if isEmptyObject(raw) {
			return nil, nil
		}
		return raw, nil
	}
	if raw, err := part("sampler"); err != nil {
		return nil, err
	} else if raw != nil {
		if h.Sampler, err = loadComponent[Sampler](ctx, raw, "/config/sampler"); err != nil {
			return nil, err
		}
	}
	if raw, err := part("elicitor"); err != nil {
		return nil, err
	} else if raw != nil {
		if h.Elicitor, err = loadComponent[Elicitor](ctx, raw, "/config/elicitor"); err != nil {
			return nil, err
		}
	}
	if raw, err := part("roots"); err != nil {
		return nil, err
	} else if raw != nil {
		if h.Roots, err = loadComponent[RootsProvider](ctx, raw, "/config/roots"); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// loadSampler is ChatCompletionClientSampler's Loader:
// {"client_config": <a model client's ComponentModel>}.
func loadSampler(ctx context.Context, config gen.RawJSON) (any, error) {
	members, err := objectMembers(config, "/config", "ChatCompletionClientSamplerConfig")
	if err != nil {
		return nil, err
	}
	raw, ok := members["client_config"]
	if !ok {
		return nil, configFault("/config/client_config", "Field required")
	}
	if !isObject(raw) {
		return nil, configFault("/config/client_config", "Input should be a valid dictionary or instance of ComponentModel")
	}
	client, err := loadComponent[models.ChatCompletionClient](ctx, raw, "/config/client_config")
	if err != nil {
		return nil, err
	}
	return &ChatCompletionClientSampler{Client: client}, nil
}

// loadStdioElicitor is StdioElicitor's Loader: {"timeout": seconds or
// null}, reading os.Stdin and writing os.Stdout (AutoGen's sys.stdin and
// sys.stdout; a workbench's Options.ElicitIn and ElicitOut replace them).
// A missing timeout is taken as null (AutoGen requires it, but its own
// dump drops a None one).
func loadStdioElicitor(_ context.Context, config gen.RawJSON) (any, error) {
	members, err := objectMembers(config, "/config", "StdioElicitorConfig")
	if err != nil {
		return nil, err
	}
	e := &StdioElicitor{}
	raw, ok := members["timeout"]
	if !ok || isNull(raw) {
		return e, nil
	}
	s, ok := laxFloat(raw)
	if !ok {
		return nil, configFault("/config/timeout", "Input should be a valid number")
	}
	e.timeoutSeconds = &s
	e.Timeout = durationOf(s)
	return e, nil
}

// laxFloat is pydantic's lax float: a JSON number, or a string holding
// one.
func laxFloat(raw json.RawMessage) (float64, bool) {
	v, err := pyjson.Parse(raw)
	if err != nil {
		return 0, false
	}
	switch v.Kind {
	case pyjson.Int:
		f, err := strconv.ParseFloat(v.Int, 64)
		return f, err == nil
	case pyjson.Float:
		return v.Float, true
	case pyjson.Str:
		f, err := strconv.ParseFloat(strings.TrimSpace(v.Str), 64)
		return f, err == nil
	}
	return 0, false
}

// durationOf is the read bound of a timeout in seconds, as asyncio's
// wait_for applies it when the timeout is truthy: none for 0 (and NaN, or
// one too long to wait), at once for a negative one.
func durationOf(s float64) time.Duration {
	switch {
	case s == 0 || math.IsNaN(s):
		return 0
	case s < 0:
		return -1
	case s >= float64(math.MaxInt64)/float64(time.Second):
		return 0
	}
	d := time.Duration(s * float64(time.Second))
	if d == 0 {
		d = 1
	}
	return d
}

// loadStaticRoots is StaticRootsProvider's Loader: {"roots": [Root, ...]},
// each root {"uri": a file URL, "name": str or null, "_meta": dict or
// null}.
func loadStaticRoots(_ context.Context, config gen.RawJSON) (any, error) {
	members, err := objectMembers(config, "/config", "StaticRootsProviderConfig")
	if err != nil {
		return nil, err
	}
	raw, ok := members["roots"]
	if !ok {
		return nil, configFault("/config/roots", "Field required")
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil || items == nil {
		return nil, configFault("/config/roots", "Input should be a valid list")
	}
	p := &StaticRootsProvider{Roots: make([]*sdk.Root, 0, len(items))}
	for i, item := range items {
		r, err := parseRoot(item, fmt.Sprintf("/config/roots/%d", i))
		if err != nil {
			return nil, err
		}
		p.Roots = append(p.Roots, r)
	}
	return p, nil
}

// parseRoot validates one of mcp's Root objects.
func parseRoot(raw json.RawMessage, ptr string) (*sdk.Root, error) {
	members, err := objectMembers(raw, ptr, "Root")
	if err != nil {
		return nil, err
	}
	r := &sdk.Root{}
	u, ok := members["uri"]
	if !ok {
		return nil, configFault(ptr+"/uri", "Field required")
	}
	var s string
	if err := json.Unmarshal(u, &s); err != nil {
		return nil, configFault(ptr+"/uri", "URL input should be a string or URL")
	}
	if r.URI, err = fileURL(s); err != nil {
		return nil, configFault(ptr+"/uri", err.Error())
	}
	if n, ok := members["name"]; ok && !isNull(n) {
		if err := json.Unmarshal(n, &r.Name); err != nil {
			return nil, configFault(ptr+"/name", "Input should be a valid string")
		}
	}
	// The field is meta, with the alias _meta; AutoGen's dump writes it
	// as meta.
	for _, key := range []string{"meta", "_meta"} {
		if m, ok := members[key]; ok && !isNull(m) {
			var meta map[string]any
			if err := json.Unmarshal(m, &meta); err != nil || meta == nil {
				return nil, configFault(ptr+"/"+key, "Input should be a valid dictionary")
			}
			r.Meta = meta
		}
	}
	return r, nil
}

// fileURL validates a root's uri as pydantic's FileUrl (a URL of scheme
// file, no host needed) and returns it as the URL's str(): the scheme in
// lower case and the file:// form ("file:/tmp" is "file:///tmp").
func fileURL(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", textError(fmt.Sprintf("Input should be a valid URL, %v", err))
	}
	if u.Scheme == "" {
		return "", textError("Input should be a valid URL, relative URL without a base")
	}
	if !strings.EqualFold(u.Scheme, "file") {
		return "", textError("URL scheme should be 'file'")
	}
	host := u.Host
	if strings.EqualFold(host, "localhost") {
		host = ""
	}
	path := u.EscapedPath()
	if u.Opaque != "" {
		path = "/" + u.Opaque
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	out := "file://" + host + path
	if u.ForceQuery || u.RawQuery != "" {
		out += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		out += "#" + u.EscapedFragment()
	}
	return out, nil
}

// ComponentModel returns the host's component config as AutoGen's
// dump_component() writes it: {"sampler", "elicitor", "roots"}, each part's
// own ComponentModel, the missing ones left out. Every part must be a
// component.Component (the parts of this package are; an ElicitorFunc is
// not, and cannot be dumped).
func (h *Host) ComponentModel() (gen.ComponentModel, error) {
	if h == nil {
		return gen.ComponentModel{}, errors.New("mcp: ComponentModel of a nil Host")
	}
	b := []byte(`{"sampler":`)
	var err error
	if b, err = appendPart(b, "sampler", h.Sampler); err != nil {
		return gen.ComponentModel{}, err
	}
	b = append(b, `,"elicitor":`...)
	if b, err = appendPart(b, "elicitor", h.Elicitor); err != nil {
		return gen.ComponentModel{}, err
	}
	b = append(b, `,"roots":`...)
	if b, err = appendPart(b, "roots provider", h.Roots); err != nil {
		return gen.ComponentModel{}, err
	}
	b = append(b, '}')
	return hostSpec.Model(gen.RawJSON(b))
}

// appendPart appends the ComponentModel of a host part, or null.
func appendPart(b []byte, what string, part any) ([]byte, error) {
	if isNil(part) {
		return append(b, "null"...), nil
	}
	c, ok := part.(component.Component)
	if !ok {
		return nil, fmt.Errorf("mcp: the host's %s (%T) cannot be dumped: it is not a component.Component", what, part)
	}
	dump, err := component.Dump(c)
	if err != nil {
		return nil, fmt.Errorf("mcp: the host's %s: %w", what, err)
	}
	return append(b, dump...), nil
}

// isNil reports whether a part is absent: a nil interface, or a nil
// pointer of one of this package's types.
func isNil(part any) bool {
	switch p := part.(type) {
	case nil:
		return true
	case *ChatCompletionClientSampler:
		return p == nil
	case *StdioElicitor:
		return p == nil
	case *StaticRootsProvider:
		return p == nil
	}
	return false
}

// ComponentModel returns the sampler's component config as AutoGen's
// dump_component() writes it: {"client_config": the client's
// ComponentModel}. The client must be a component.Component.
func (s *ChatCompletionClientSampler) ComponentModel() (gen.ComponentModel, error) {
	c, ok := s.Client.(component.Component)
	if !ok {
		return gen.ComponentModel{}, fmt.Errorf("mcp: the sampler's model client (%T) cannot be dumped: it is not a component.Component", s.Client)
	}
	dump, err := component.Dump(c)
	if err != nil {
		return gen.ComponentModel{}, err
	}
	return samplerSpec.Model(gen.RawJSON(append(append([]byte(`{"client_config":`), dump...), '}')))
}

// ComponentModel returns the elicitor's component config as AutoGen's
// dump_component() writes it: {"timeout": seconds}, or {} without a
// timeout. In and Out are not part of it (AutoGen's are sys.stdin and
// sys.stdout).
func (e *StdioElicitor) ComponentModel() (gen.ComponentModel, error) {
	cfg := "{}"
	switch {
	case e.timeoutSeconds != nil && durationOf(*e.timeoutSeconds) == e.Timeout:
		cfg = `{"timeout":` + pyjson.FloatRepr(*e.timeoutSeconds) + `}`
	case e.Timeout != 0:
		cfg = `{"timeout":` + pyjson.FloatRepr(e.Timeout.Seconds()) + `}`
	}
	return elicitorSpec.Model(gen.RawJSON(cfg))
}

// ComponentModel returns the provider's component config as AutoGen's
// dump_component() writes it: {"roots": [{"uri": ..., "name": ...}]}, a
// root's _meta written as meta (pydantic's model_dump without aliases).
func (p *StaticRootsProvider) ComponentModel() (gen.ComponentModel, error) {
	b := []byte(`{"roots":[`)
	n := 0
	for _, r := range p.Roots {
		if r == nil {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(b, `{"uri":`...)
		b = pyjson.AppendQuote(b, r.URI)
		if r.Name != "" {
			b = append(b, `,"name":`...)
			b = pyjson.AppendQuote(b, r.Name)
		}
		if r.Meta != nil {
			meta, err := json.Marshal(map[string]any(r.Meta))
			if err != nil {
				return gen.ComponentModel{}, fmt.Errorf("mcp: root %s: meta: %w", r.URI, err)
			}
			b = append(b, `,"meta":`...)
			b = append(b, meta...)
		}
		b = append(b, '}')
	}
	b = append(b, "]}"...)
	return rootsSpec.Model(gen.RawJSON(b))
}
