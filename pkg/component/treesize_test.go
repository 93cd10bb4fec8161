package component_test

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/pkg/component"
)

// bigTeam is a RoundRobinGroupChat of n participants, each an
// AssistantAgent with a model client (2n+1 components).
func bigTeam(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"provider":"autogen_agentchat.teams.RoundRobinGroupChat","component_type":"team","config":{"participants":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"provider":"autogen_agentchat.agents.AssistantAgent","component_type":"agent","config":{"name":"a` + strconv.Itoa(i) +
			`","model_client":{"provider":"autogen_ext.models.openai.OpenAIChatCompletionClient","component_type":"model","config":{"model":"gpt-4o"}}}}`)
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

// TestTreeSizeLimit: a tree of more than MaxComponents components is
// refused before it is decoded, with one "limit" fault (an
// *agentschema.LimitError) at the first component past the bound; Walk,
// NormalizeTree and Load all refuse it.
func TestTreeSizeLimit(t *testing.T) {
	data := bigTeam(component.MaxComponents / 2) // 50,001 components
	// The root is the first component and participant i holds the
	// (2i+2)nd and (2i+3)rd: the 50,001st is participant 24,999's client.
	const want = "/config/participants/24999/config/model_client"
	check := func(name string, err error) {
		t.Helper()
		var fs agentschema.Faults
		var le *agentschema.LimitError
		if !errors.As(err, &fs) || len(fs) != 1 || fs[0].Pointer != want || fs[0].Type != "limit" || !errors.As(err, &le) || le.Max != component.MaxComponents {
			t.Errorf("%s: %v, want one limit fault at %s", name, err, want)
		}
	}
	check("CheckTreeSize", component.CheckTreeSize(data))
	check("Walk", component.Walk(data, func(*component.Node) error { return nil }))
	_, err := component.NormalizeTree(data)
	check("NormalizeTree", err)
	_, err = component.Load(t.Context(), data)
	check("Load", err)

	if err := component.CheckTreeSize(bigTeam(component.MaxComponents/2 - 1)); err != nil {
		t.Errorf("49,999 components: %v", err)
	}
}

// TestWalkMemory: Walk scans the text in place; each node's Config is a
// slice of it. Walking a 20,000-participant team allocates less than
// three times its size, most of it the Nodes given to fn (decoding it into
// maps and marshalling each config again, as Walk once did, allocated some
// twenty times its size).
func TestWalkMemory(t *testing.T) {
	data := bigTeam(20_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	nodes := 0
	if err := component.Walk(data, func(n *component.Node) error {
		nodes++
		if string(data[n.Offset:n.Offset+12]) != `{"provider":` {
			t.Fatalf("node %s: offset %d does not hold its object", n.Pointer, n.Offset)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if nodes != 40_001 {
		t.Errorf("%d nodes", nodes)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 3*uint64(len(data)) {
		t.Errorf("Walk allocated %d bytes for a %d-byte tree; want less than three times its size", alloc, len(data))
	}
}
