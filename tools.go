//go:build tools

package agentschema

// The code generator go generate runs (see generate.go), pinned here and in
// go.mod's tool directive so every checkout generates with the same
// version: `go tool go-jsonschema` runs exactly this one.
import _ "github.com/atombender/go-jsonschema"
