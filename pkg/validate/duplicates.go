package validate

import "github.com/agentschema/agentschema/internal/wire"

// LastMembers returns data as Python's json.loads, and so AutoGen, sees
// it: of an object's members with the same name only the last counts
// (json.loads builds a dict, in which a later key replaces an earlier
// one). The earlier members are blanked: their bytes, and the comma after
// them, become spaces (newlines are kept), so every other byte keeps its
// offset, line and column, and faults found in the result are placed in
// data. Names are compared after unescaping ("a" and "\u0061" are one
// name). Data without duplicate names, data that is not JSON (the
// decoder reports it), and data whose objects hold more than 65,536 names
// at once (a bound on the scan's memory) are returned as they are; a
// changed document is a new slice.
//
// Both modes of Validate, and every typed decode of this module, read a
// document that has faults through it once more, so that
// {"type": "A", "type": "B"} is a B everywhere, as in AutoGen. (A
// document without faults needs no second look: the typed decoder and
// schema mode's parser both keep the last of duplicate members, and only
// an earlier member can add a fault.)
func LastMembers(data []byte) []byte {
	out, _ := wire.LastMembers(data)
	return out
}
