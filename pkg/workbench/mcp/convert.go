package mcp

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// rawItems returns member key of each raw result (captured from the
// wire), in order: the server's tools or content items as JSON values.
func rawItems(raws []json.RawMessage, key string) []pyjson.Value {
	var out []pyjson.Value
	for _, r := range raws {
		v, err := pyjson.Parse(r)
		if err != nil || v.Kind != pyjson.Dict {
			continue
		}
		if l, ok := v.Get(key); ok && l.Kind == pyjson.List {
			out = append(out, l.List...)
		}
	}
	return out
}

// valueOf returns the JSON value of v, a value the SDK decoded, for when
// the raw JSON was not captured.
func valueOf(v any) (pyjson.Value, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return pyjson.Value{}, err
	}
	return pyjson.Parse(b)
}

// toolSchema is AutoGen's ToolSchema for a server tool (McpWorkbench.
// list_tools): the override's name and description if set, the tool's
// description or "" otherwise, and parameters
// ParametersSchema(type="object", properties=inputSchema.get("properties",
// {}), required=inputSchema.get("required", []),
// additionalProperties=inputSchema.get("additionalProperties", False)).
// input is the tool's input schema as the server sent it.
func toolSchema(t *sdk.Tool, input *pyjson.Value, overrides map[string]gen.ToolOverride) gen.ToolSchema {
	name, desc := t.Name, t.Description
	if o, ok := overrides[t.Name]; ok {
		if o.Name != nil {
			name = *o.Name
		}
		if o.Description != nil {
			desc = *o.Description
		}
	}
	p := &gen.ParametersSchema{Type: "object", Properties: gen.RawJSON("{}"), Required: []string{}}
	additional := false
	if input != nil && (input.Kind == pyjson.Dict || input.Kind == pyjson.Model) {
		if v, ok := input.Get("properties"); ok {
			p.Properties = gen.RawJSON(pyjson.AppendJSON(nil, v))
		}
		if v, ok := input.Get("required"); ok && v.Kind == pyjson.List {
			for _, r := range v.List {
				if r.Kind == pyjson.Str {
					p.Required = append(p.Required, r.Str)
				}
			}
		}
		if v, ok := input.Get("additionalProperties"); ok {
			switch v.Kind {
			case pyjson.Bool:
				additional = v.Bool
			case pyjson.Dict:
				// A schema for the other members: they are allowed.
				additional = true
			}
		}
	}
	p.AdditionalProperties = &additional
	return gen.ToolSchema{Name: name, Description: &desc, Parameters: p}
}

// pyTypeName is the Python class of an MCP content the workbench does not
// convert, as AutoGen's error text names it.
func pyTypeName(c sdk.Content) string {
	switch c.(type) {
	case *sdk.AudioContent:
		return "<class 'mcp.types.AudioContent'>"
	case *sdk.ResourceLink:
		return "<class 'mcp.types.ResourceLink'>"
	}
	return fmt.Sprintf("<class '%T'>", c)
}

// convertContent converts a call's content as AutoGen's call_tool does:
// text to TextResultContent, an image to ImageResultContent (its data
// loaded as every image here), an embedded resource to the text of its
// pydantic model_dump_json(). raw holds the items as the server sent them,
// when captured. Any other content is an error.
func convertContent(content []sdk.Content, raw []pyjson.Value) ([]gen.ResultContent, error) {
	parts := make([]gen.ResultContent, 0, len(content))
	for i, c := range content {
		switch c := c.(type) {
		case *sdk.TextContent:
			parts = append(parts, &gen.TextResultContent{Content: c.Text})
		case *sdk.ImageContent:
			im, err := loadImage(c.Data)
			if err != nil {
				return nil, err
			}
			parts = append(parts, &gen.ImageResultContent{Content: im})
		case *sdk.EmbeddedResource:
			var v pyjson.Value
			if len(raw) == len(content) && raw[i].Kind == pyjson.Dict {
				v = raw[i]
			} else {
				var err error
				if v, err = valueOf(c); err != nil {
					return nil, err
				}
			}
			parts = append(parts, &gen.TextResultContent{Content: embeddedResourceJSON(&v)})
		default:
			return nil, &Error{Op: "tools/call", Message: "Unknown content type from server: " + pyTypeName(c)}
		}
	}
	return parts, nil
}

// loadImage loads image data as every image of this module is read
// (AutoGen's Image.from_base64): through the generated decoder of an
// ImageResultContent, with its checks and limits.
func loadImage(data []byte) (gen.Image, error) {
	b := []byte(`{"type":"ImageResultContent","content":{"data":"`)
	b = base64.StdEncoding.AppendEncode(b, data)
	b = append(b, `"}}`...)
	var c gen.ImageResultContent
	if err := c.UnmarshalJSON(b); err != nil {
		return gen.Image{}, fmt.Errorf("image content: %w", err)
	}
	return c.Content, nil
}

// member is one member of an object being written.
type member struct {
	key string
	val pyjson.Value
}

// fields returns the declared fields of a pydantic model in order, each
// with its input alias, then the input's other members (extra="allow"):
// what model_dump_json() writes (field names, None included).
func fields(in *pyjson.Value, declared [][2]string, conv map[string]func(pyjson.Value) pyjson.Value) []member {
	var out []member
	taken := map[string]bool{}
	for _, d := range declared {
		name, alias := d[0], d[1]
		taken[alias] = true
		v := pyjson.NoneValue()
		if in != nil {
			if got, ok := in.Get(alias); ok {
				v = *got
				if f := conv[name]; f != nil {
					v = f(v)
				}
			}
		}
		out = append(out, member{name, v})
	}
	if in != nil {
		for i := range in.Keys {
			k := in.Keys[i]
			if k.Kind == pyjson.Str && !taken[k.Str] {
				out = append(out, member{k.Str, in.Vals[i]})
			}
		}
	}
	return out
}

func dict(ms []member) pyjson.Value {
	v := pyjson.Value{Kind: pyjson.Dict}
	for _, m := range ms {
		v.Keys = append(v.Keys, pyjson.StrValue(m.key))
		v.Vals = append(v.Vals, m.val)
	}
	return v
}

// embeddedResourceJSON is EmbeddedResource.model_dump_json() of the mcp
// package (mcp/types.py): type, resource (TextResourceContents when it has
// text, else BlobResourceContents), annotations and meta (the _meta
// member, under its field name), then any other members, compact.
func embeddedResourceJSON(in *pyjson.Value) string {
	resource := func(v pyjson.Value) pyjson.Value {
		if v.Kind != pyjson.Dict {
			return v
		}
		last := [2]string{"blob", "blob"}
		if _, ok := v.Get("text"); ok {
			last = [2]string{"text", "text"}
		}
		return dict(fields(&v, [][2]string{{"uri", "uri"}, {"mimeType", "mimeType"}, {"meta", "_meta"}, last},
			map[string]func(pyjson.Value) pyjson.Value{"uri": anyURL}))
	}
	annotations := func(v pyjson.Value) pyjson.Value {
		if v.Kind != pyjson.Dict {
			return v
		}
		return dict(fields(&v, [][2]string{{"audience", "audience"}, {"priority", "priority"}},
			map[string]func(pyjson.Value) pyjson.Value{"priority": toFloat}))
	}
	v := dict(fields(in, [][2]string{{"type", "type"}, {"resource", "resource"}, {"annotations", "annotations"}, {"meta", "_meta"}},
		map[string]func(pyjson.Value) pyjson.Value{"resource": resource, "annotations": annotations}))
	return string(pyjson.AppendJSON(nil, &v))
}

// toFloat is pydantic's float for an int.
func toFloat(v pyjson.Value) pyjson.Value {
	if v.Kind == pyjson.Int {
		var f float64
		if _, err := fmt.Sscan(v.Int, &f); err == nil {
			return pyjson.FloatValue(f)
		}
	}
	return v
}

// specialPorts are the schemes the URL standard treats as special, with
// their default ports.
var specialPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "file": ""}

// anyURL is pydantic's AnyUrl serialization of a URI, in the part that
// shows for the URIs MCP servers send: the scheme lower-cased, and for the
// special schemes (http, https, ws, wss, ftp, file) the host lower-cased,
// the default port dropped and an empty path written as "/".
func anyURL(v pyjson.Value) pyjson.Value {
	if v.Kind != pyjson.Str {
		return v
	}
	s := v.Str
	i := strings.Index(s, "://")
	if i <= 0 {
		return v
	}
	scheme := strings.ToLower(s[:i])
	rest := s[i+3:]
	port, special := specialPorts[scheme]
	if !special {
		return pyjson.StrValue(scheme + "://" + rest)
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	auth, tailPart := rest[:end], rest[end:]
	userinfo := ""
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		userinfo, auth = auth[:at+1], auth[at+1:]
	}
	host := strings.ToLower(auth)
	if c := strings.LastIndexByte(host, ':'); c >= 0 && !strings.HasSuffix(host, "]") && host[c+1:] == port {
		host = host[:c]
	}
	if !strings.HasPrefix(tailPart, "/") {
		tailPart = "/" + tailPart
	}
	return pyjson.StrValue(scheme + "://" + userinfo + host + tailPart)
}
