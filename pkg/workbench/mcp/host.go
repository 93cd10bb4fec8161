package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The errors a session answers with when the workbench has no host
// (AutoGen's McpSessionActor callbacks, code INVALID_REQUEST).
const (
	noHostSampling    = "No host available for sampling."
	noHostElicitation = "No host available for elicitation."
	noHostRoots       = "No host available for listing roots."
)

// The errors a Host answers with when it lacks the part a request needs
// (McpSessionHost, code INVALID_REQUEST), and the prefixes of its errors
// for a part that failed (code INTERNAL_ERROR).
const (
	noSampler          = "No model client available for sampling requests"
	noElicitor         = "No elicitor configured for this host"
	noRoots            = "Host does not support listing roots"
	samplingFailed     = "Sampling request failed: "
	elicitationFailed  = "Elicitation request failed: "
	listingRootsFailed = "Caught error listing roots: "
	codeInvalidRequest = jsonrpc.CodeInvalidRequest
	codeInternalError  = jsonrpc.CodeInternalError
)

// The key under which markRawParams leaves the params of a request in its
// _meta, and the size above which it leaves them alone.
const (
	rawParamsMetaKey    = "io.github.agentschema/raw-params"
	maxRawParamsRewrite = 16 << 20
)

// Host is AutoGen's McpSessionHost (autogen_ext.tools.mcp.McpSessionHost):
// the client side of the requests an MCP server sends to the workbench's
// session. A server asks for text from a model (sampling/createMessage,
// answered by Sampler), for input from the user (elicitation/create,
// answered by Elicitor) or for the client's file system roots (roots/list,
// answered by Roots).
//
// Each part is optional. A request whose part is missing is refused with
// JSON-RPC code INVALID_REQUEST (-32600) and AutoGen's text: "No model
// client available for sampling requests", "No elicitor configured for
// this host", "Host does not support listing roots". A part that fails is
// reported with code INTERNAL_ERROR (-32603) and the text "Sampling request
// failed: ", "Elicitation request failed: " or "Caught error listing
// roots: " followed by the error's text, except that an error that is a
// *jsonrpc.Error (AutoGen's part returning ErrorData) is answered as it
// is. A panic in a part is recovered and reported as its failure.
//
// Give a Host to a workbench with Options.Host, or in its config (the
// McpWorkbench config's host, an McpSessionHost ComponentModel; see
// LoadHost). Whether or not a workbench has a host, its session declares
// the sampling, elicitation and roots capabilities, as AutoGen's does; a
// workbench without one answers each request with AutoGen's error "No host
// available for sampling." (elicitation, listing roots).
//
// The zero Host has no part. Do not change a Host's fields while a
// workbench that uses it is started; a Host is otherwise safe for
// concurrent use if its parts are.
type Host struct {
	// Sampler answers sampling requests; see ChatCompletionClientSampler.
	Sampler Sampler
	// Elicitor answers elicitation requests; see StdioElicitor and
	// ElicitorFunc.
	Elicitor Elicitor
	// Roots answers roots/list; see StaticRootsProvider.
	Roots RootsProvider
}

// Sampler answers a server's sampling requests (AutoGen's Sampler): it
// asks a model for a completion of the request's messages.
type Sampler interface {
	Sample(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error)
}

// SamplerFunc is a Sampler made of a function.
type SamplerFunc func(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error)

// Sample calls f.
func (f SamplerFunc) Sample(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
	return f(ctx, req)
}

// Elicitor answers a server's elicitation requests (AutoGen's Elicitor):
// it shows the request's message to the user and returns their answer
// ("accept" with content following the requested schema, "decline" or
// "cancel").
type Elicitor interface {
	Elicit(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error)
}

// ElicitorFunc is an Elicitor made of a function, for a Go program that
// asks its user itself.
type ElicitorFunc func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error)

// Elicit calls f.
func (f ElicitorFunc) Elicit(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
	return f(ctx, req)
}

// RootsProvider answers a server's roots/list requests (AutoGen's
// RootsProvider): the file system roots the server may use.
type RootsProvider interface {
	ListRoots(ctx context.Context) (*sdk.ListRootsResult, error)
}

// RootsProviderFunc is a RootsProvider made of a function.
type RootsProviderFunc func(ctx context.Context) (*sdk.ListRootsResult, error)

// ListRoots calls f.
func (f RootsProviderFunc) ListRoots(ctx context.Context) (*sdk.ListRootsResult, error) {
	return f(ctx)
}

// HandleSamplingRequest answers a sampling request as McpSessionHost's
// handle_sampling_request does: with the Sampler's result, or a
// *jsonrpc.Error.
func (h *Host) HandleSamplingRequest(ctx context.Context, req *sdk.CreateMessageRequest) (res *sdk.CreateMessageResult, err error) {
	if h == nil || h.Sampler == nil {
		return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: noSampler}
	}
	defer recoverPart(samplingFailed, &err)
	res, err = h.Sampler.Sample(ctx, req)
	if err == nil && res == nil {
		err = errors.New("the sampler returned no result")
	}
	return res, partError(samplingFailed, err)
}

// HandleElicitRequest answers an elicitation request as McpSessionHost's
// handle_elicit_request does: with the Elicitor's result, or a
// *jsonrpc.Error.
func (h *Host) HandleElicitRequest(ctx context.Context, req *sdk.ElicitRequest) (res *sdk.ElicitResult, err error) {
	if h == nil || h.Elicitor == nil {
		return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: noElicitor}
	}
	defer recoverPart(elicitationFailed, &err)
	res, err = h.Elicitor.Elicit(ctx, req)
	if err == nil && res == nil {
		err = errors.New("the elicitor returned no result")
	}
	return res, partError(elicitationFailed, err)
}

// HandleListRootsRequest answers roots/list as McpSessionHost's
// handle_list_roots_request does: with the RootsProvider's result, or a
// *jsonrpc.Error.
func (h *Host) HandleListRootsRequest(ctx context.Context) (res *sdk.ListRootsResult, err error) {
	if h == nil || h.Roots == nil {
		return nil, &jsonrpc.Error{Code: codeInvalidRequest, Message: noRoots}
	}
	defer recoverPart(listingRootsFailed, &err)
	res, err = h.Roots.ListRoots(ctx)
	if err == nil && res == nil {
		err = errors.New("the roots provider returned no result")
	}
	if err == nil && res.Roots == nil {
		res = &sdk.ListRootsResult{Meta: res.Meta, Roots: []*sdk.Root{}} // [] rather than null
	}
	return res, partError(listingRootsFailed, err)
}

// partError is a part's error as the host answers it: a *jsonrpc.Error
// as it is (AutoGen's ErrorData returned by the part), anything else as
// INTERNAL_ERROR with the prefix and the error's text (Python's str() of
// the exception).
func partError(prefix string, err error) error {
	if err == nil {
		return nil
	}
	if rpc, ok := err.(*jsonrpc.Error); ok {
		return rpc
	}
	return &jsonrpc.Error{Code: codeInternalError, Message: prefix + pythonText(err)}
}

// recoverPart turns a part's panic into its failure (Python's host
// catches every Exception).
func recoverPart(prefix string, err *error) {
	if p := recover(); p != nil {
		*err = &jsonrpc.Error{Code: codeInternalError, Message: prefix + fmt.Sprint(p)}
	}
}

// pythonStr is implemented by errors whose Python str() differs from
// their Go text (AutoGen's TimeoutError has an empty str()).
type pythonStr interface{ pythonStr() string }

// pythonText is str(e) of the exception err stands for.
func pythonText(err error) string {
	var p pythonStr
	if errors.As(err, &p) {
		return p.pythonStr()
	}
	return err.Error()
}

type rawParamsKey struct{}

// RawParams returns the params of the server's request being answered, as
// the server sent them, from the context a Sampler or Elicitor is called
// with: the SDK's decoded params lose what AutoGen's Python keeps (the key
// order of a requested schema, a temperature of 0, an empty
// stopSequences). It is nil when the transport does not let the workbench
// see the request (streamable HTTP) or outside a request.
func RawParams(ctx context.Context) json.RawMessage {
	raw, _ := ctx.Value(rawParamsKey{}).(json.RawMessage)
	return raw
}

// withRawParams returns ctx holding raw (when not nil) for RawParams.
func withRawParams(ctx context.Context, raw json.RawMessage) context.Context {
	if raw == nil {
		return ctx
	}
	return context.WithValue(ctx, rawParamsKey{}, raw)
}

// markRawParams returns the params of a server's sampling or elicitation
// request with a copy of themselves in their _meta, under a key of this
// package: the SDK decodes the params into Go values, and the copy, taken
// out again before the host sees the request (takeRawParams), is how the
// host gets the request as it was sent. Params that are not an object with
// an object (or no) _meta are returned as they are.
func markRawParams(params json.RawMessage) json.RawMessage {
	if len(params) == 0 || len(params) > maxRawParamsRewrite {
		return params
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(params, &m); err != nil || m == nil {
		return params
	}
	meta := map[string]json.RawMessage{}
	if r, ok := m["_meta"]; ok {
		if err := json.Unmarshal(r, &meta); err != nil {
			return params
		}
		if meta == nil {
			meta = map[string]json.RawMessage{}
		}
	}
	copyText, err := json.Marshal(string(params))
	if err != nil {
		return params
	}
	meta[rawParamsMetaKey] = copyText
	if m["_meta"], err = json.Marshal(meta); err != nil {
		return params
	}
	out, err := json.Marshal(m)
	if err != nil {
		return params
	}
	return out
}

// takeRawParams removes the copy markRawParams left in meta and returns
// it, or nil.
func takeRawParams(meta *sdk.Meta) json.RawMessage {
	if meta == nil || *meta == nil {
		return nil
	}
	v, ok := (*meta)[rawParamsMetaKey]
	if !ok {
		return nil
	}
	delete(*meta, rawParamsMetaKey)
	if len(*meta) == 0 {
		*meta = nil
	}
	s, ok := v.(string)
	if !ok || !json.Valid([]byte(s)) {
		return nil
	}
	return json.RawMessage(s)
}
