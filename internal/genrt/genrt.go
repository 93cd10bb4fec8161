// Package genrt converts between the runtime's values (internal/wire) and
// the types of package gen that wrap them, for the module's packages that
// build or read those values with the runtime: gen.Image holds a
// wire.Image and nothing else, so the two share one layout.
package genrt

import (
	"unsafe"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
)

// Image returns w as a gen.Image.
func Image(w wire.Image) gen.Image { return *(*gen.Image)(unsafe.Pointer(&w)) }

// WireImage returns the runtime image g holds.
func WireImage(g gen.Image) wire.Image { return *(*wire.Image)(unsafe.Pointer(&g)) }

// Layouts: gen.Image is a struct of one wire.Image field.
var _ [unsafe.Sizeof(gen.Image{}) - unsafe.Sizeof(wire.Image{})]struct{}
var _ [unsafe.Sizeof(wire.Image{}) - unsafe.Sizeof(gen.Image{})]struct{}
