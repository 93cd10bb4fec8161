package mcp

//lint:file-ignore SA1019 AutoGen's McpSessionHost answers sampling and roots requests, which the SDK deprecates (SEP-2577); so must we.

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// StaticRootsProvider is AutoGen's StaticRootsProvider
// (autogen_ext.tools.mcp.StaticRootsProvider): a RootsProvider that
// answers every roots/list with the same roots. In a config, its roots
// are mcp's Root objects, {"uri": "file:///home", "name": "Home"}, whose
// uri must be a file URL.
type StaticRootsProvider struct {
	// Roots are the roots listed, in order.
	Roots []*sdk.Root
}

// NewStaticRootsProvider returns a provider listing roots.
func NewStaticRootsProvider(roots ...*sdk.Root) *StaticRootsProvider {
	return &StaticRootsProvider{Roots: roots}
}

var _ RootsProvider = (*StaticRootsProvider)(nil)

// ListRoots returns a copy of the roots (AutoGen returns a copy of its
// list, so callers cannot change the provider's).
func (p *StaticRootsProvider) ListRoots(context.Context) (*sdk.ListRootsResult, error) {
	out := make([]*sdk.Root, 0, len(p.Roots))
	for _, r := range p.Roots {
		if r == nil {
			continue
		}
		c := *r
		out = append(out, &c)
	}
	return &sdk.ListRootsResult{Roots: out}, nil
}
