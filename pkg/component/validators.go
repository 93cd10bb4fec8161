package component

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
)

// ApplyValidators runs on v, a value decoded by the generated decoders,
// the pydantic model validators of AutoGen 0.7.5 that derive one member
// from another, which the generated decoders (defaults and lax rules
// only) do not run:
//
//   - Handoff's set_defaults (mode="before", autogen_agentchat/base/_handoff.py):
//     an empty description becomes "Handoff to {target}.", an empty name
//     "transfer_to_{target}" lowercased as Python's str.lower does, an
//     empty message "Transferred to {target}, adopting the role of
//     {target} immediately."; a given name that is not a Python identifier
//     is refused ("Value error, Handoff name must be a valid identifier: X");
//   - DiGraphEdge's _validate_condition (mode="after",
//     autogen_agentchat/teams/_group_chat/_graph/_digraph_group_chat.py):
//     an empty activation_group becomes the edge's target.
//
// They run wherever pydantic validates those models: a Handoff, a
// DiGraphEdge, DiGraphNode or DiGraph, and the configs holding them
// (AssistantAgentConfig's handoffs objects, GraphFlowConfig's graph). Other
// values are left alone. A refusal is an agentschema.Faults whose pointers
// are inside v. DecodeConfig, ConfigOf and NormalizeTree call it, and so
// do `agentschema normalize` and `validate --mode autogen`.
func ApplyValidators(v any) error {
	var fs agentschema.Faults
	switch x := v.(type) {
	case *gen.Handoff:
		fs = validateHandoff(x, "")
	case *gen.AssistantAgentConfig:
		for i := range x.Handoffs {
			if x.Handoffs[i].IsHandoff() {
				fs = append(fs, validateHandoff(&x.Handoffs[i].Handoff, "/handoffs/"+strconv.Itoa(i))...)
			}
		}
	case *gen.DiGraphEdge:
		validateEdge(x)
	case *gen.DiGraphNode:
		validateNode(x)
	case *gen.DiGraph:
		validateGraph(x)
	case *gen.GraphFlowConfig:
		validateGraph(&x.Graph)
	}
	if len(fs) > 0 {
		return fs
	}
	return nil
}

// validateHandoff is Handoff.set_defaults. AutoGen tests the raw values'
// truth (values.get(...)): a member absent, null or "" is filled. The
// typed decoder reads a null as absent (x-null-is-default in
// schemas/Handoff.json), so "" stands for all three.
func validateHandoff(h *gen.Handoff, at string) agentschema.Faults {
	if h.Description == "" {
		h.Description = "Handoff to " + h.Target + "."
	}
	if h.Name == "" {
		h.Name = pyLower("transfer_to_" + h.Target)
	} else if !IsIdentifier(h.Name) {
		return agentschema.Faults{{
			Pointer: at,
			Keyword: "identifier",
			Type:    "value_error",
			Message: "Value error, Handoff name must be a valid identifier: " + h.Name,
		}}
	}
	if h.Message == "" {
		h.Message = fmt.Sprintf("Transferred to %s, adopting the role of %s immediately.", h.Target, h.Target)
	}
	return nil
}

// validateEdge is DiGraphEdge._validate_condition: "if not
// self.activation_group: self.activation_group = self.target". (A
// callable condition, the validator's other case, never comes from JSON.)
func validateEdge(e *gen.DiGraphEdge) {
	if e.ActivationGroup == "" {
		e.ActivationGroup = e.Target
	}
}

func validateNode(n *gen.DiGraphNode) {
	for i := range n.Edges {
		validateEdge(&n.Edges[i])
	}
}

func validateGraph(g *gen.DiGraph) {
	for k, n := range g.Nodes {
		validateNode(&n)
		g.Nodes[k] = n
	}
}

// IsIdentifier reports whether s is a Python identifier, as str.isidentifier
// tells: a first character of XID_Start or "_", then characters of
// XID_Continue. The properties are taken from Go's Unicode tables (ID_Start:
// letters, letter numbers and Other_ID_Start; ID_Continue adds marks Mn and
// Mc, decimal digits, connector punctuation and Other_ID_Continue), without
// the few characters NFKC normalization excludes from XID_Start and
// XID_Continue; Go's and Python's Unicode versions may differ in the newest
// characters.
func IsIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if i == 0 {
			if !(r == '_' || isIDStart(r)) {
				return false
			}
			continue
		}
		if !isIDContinue(r) {
			return false
		}
	}
	return true
}

func isIDStart(r rune) bool {
	if xidExcluded(r, true) || unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_ID_Start)
}

func isIDContinue(r rune) bool {
	if isIDStart(r) || r == '_' {
		return true
	}
	if xidExcluded(r, false) || unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// xidExcluded lists the characters of ID_Start (start) or ID_Continue that
// are not in XID_Start / XID_Continue (DerivedCoreProperties.txt: the
// characters whose NFKC form is not an identifier part).
func xidExcluded(r rune, start bool) bool {
	switch {
	case r == 0x037A, r == 0x309B, r == 0x309C, r >= 0xFC5E && r <= 0xFC63, r == 0xFDFA, r == 0xFDFB:
		return true
	case r >= 0xFE70 && r <= 0xFE7E && r%2 == 0:
		return true
	case start && (r == 0x0E33 || r == 0x0EB3 || r == 0xFF9E || r == 0xFF9F):
		return true
	}
	return false
}

// pyLower is Python's str.lower(): Unicode's full lower-case mapping. It
// differs from strings.ToLower in U+0130 (İ becomes "i̇", two code points,
// SpecialCasing.txt) and in the final sigma (Σ at the end of a word becomes
// ς: CPython's handle_capital_sigma).
func pyLower(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch r {
		case 0x0130:
			b.WriteString("i\u0307")
		case 0x03A3:
			if finalSigma(rs, i) {
				b.WriteRune(0x03C2)
			} else {
				b.WriteRune(0x03C3)
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is CPython's final-sigma test: a cased letter before (after
// skipping case-ignorable characters) and none after.
func finalSigma(rs []rune, i int) bool {
	j := i - 1
	for j >= 0 && caseIgnorable(rs[j]) {
		j--
	}
	if j < 0 || !cased(rs[j]) {
		return false
	}
	k := i + 1
	for k < len(rs) && caseIgnorable(rs[k]) {
		k++
	}
	return k == len(rs) || !cased(rs[k])
}

func cased(r rune) bool {
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', '^', '`', 0x00AD, 0x00B7, 0x2019:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}
