package messages_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/messages"
)

// TestBadArrayElementsMemory decodes a multimodal message whose parts are
// 200,000 numbers: each part is a fault, the decoder keeps the first 100
// (wire.Options.MaxErrors), and once it keeps no more the document is
// certainly refused, so the generated decoder stops collecting parts
// (wire.Decoder.ErrorsFull). It used to collect all of them, 40 bytes
// each in a slice grown by doubling and then copied: about 30 MB for a
// 400 kB document, and gigabytes for one of the 256 MiB the decoder
// takes.
func TestBadArrayElementsMemory(t *testing.T) {
	doc := []byte(`{"type":"MultiModalMessage","source":"s","content":[` + strings.Repeat("1,", 199_999) + `1]}`)
	var m1, m2 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m1)
	_, err := messages.DecodeChatMessage(doc)
	runtime.ReadMemStats(&m2)
	var errs wire.Errors
	if !errors.As(err, &errs) || len(errs) != 100 {
		t.Fatalf("error %v; want the first 100 faults", err)
	}
	if errs[0].Pointer != "/content/0" || errs[99].Pointer != "/content/99" {
		t.Errorf("faults at %s ... %s; want /content/0 ... /content/99", errs[0].Pointer, errs[99].Pointer)
	}
	if got := m2.TotalAlloc - m1.TotalAlloc; got > 2<<20 {
		t.Errorf("decoding allocated %d bytes; want at most 2 MiB", got)
	}
}
