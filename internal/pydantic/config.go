package pydantic

import (
	"errors"
	"strconv"
	"strings"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pyjson"
)

// ConfigFault is one fault of a config its config model refuses, as
// pydantic reports it.
type ConfigFault struct {
	// Loc is the location: member names as strings, list indices as ints.
	Loc []any
	// Type and Msg are pydantic's error type and message.
	Type, Msg string
	// Input is the value at fault; for "missing", the object that lacks
	// the member.
	Input pyjson.Value
}

// ConfigFaults turns the decoder's faults (err: an agentschema.Faults or
// *agentschema.Fault) for config into the line errors of the
// ValidationError AutoGen's load raises, with the config's credentials
// masked first (MaskCredentials), so no input value shows them. ok
// is false when err holds no faults, config is not JSON, or a fault is
// none pydantic reports (no type, a decoding limit, invalid JSON): the
// caller then reports err as it is. The model clients (OpenAI, Azure,
// Anthropic, Bedrock, Ollama) share it.
func ConfigFaults(config []byte, err error) ([]ConfigFault, bool) {
	var faults agentschema.Faults
	if !errors.As(err, &faults) {
		var f *agentschema.Fault
		if !errors.As(err, &f) {
			return nil, false
		}
		faults = agentschema.Faults{f}
	}
	doc, perr := pyjson.Parse(config)
	if perr != nil || len(faults) == 0 {
		return nil, false
	}
	MaskCredentials(&doc)
	out := make([]ConfigFault, 0, len(faults))
	for _, f := range faults {
		if f.Type == "" || f.Type == "limit" || f.Type == "json_invalid" {
			return nil, false
		}
		loc, input := Locate(&doc, f.Pointer, f.Type == "missing")
		out = append(out, ConfigFault{Loc: loc, Type: f.Type, Msg: f.Message, Input: *input})
	}
	return out, true
}

// Locate turns a JSON pointer into a pydantic location (list indices as
// ints) and returns the value there in doc, or for a missing member
// (missing true) the object that lacks it.
func Locate(doc *pyjson.Value, pointer string, missing bool) ([]any, *pyjson.Value) {
	var loc []any
	cur := doc
	if pointer == "" {
		return nil, cur
	}
	segs := strings.Split(pointer[1:], "/")
	for i, seg := range segs {
		seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
		last := i == len(segs)-1
		if cur.Kind == pyjson.List {
			n, err := strconv.Atoi(seg)
			loc = append(loc, n)
			if err == nil && n >= 0 && n < len(cur.List) && !(last && missing) {
				cur = &cur.List[n]
			}
			continue
		}
		loc = append(loc, seg)
		if v, ok := cur.Get(seg); ok && !(last && missing) {
			cur = v
		}
	}
	return loc, cur
}
