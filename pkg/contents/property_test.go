package contents

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/genrt"
	"github.com/agentschema/agentschema/internal/pyimg"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/internal/wire"
)

// msgGen is a source of random AutoGen messages and contents. Canonical
// messages hold only the forms contents keep without the raw
// representations (see the package documentation): call arguments that are
// compact JSON objects (or not objects at all) and user lists that are not
// a single text.
type msgGen struct {
	r         *rand.Rand
	canonical bool
	images    []gen.Image
}

func newMsgGen(t testing.TB, seed uint64, canonical bool) *msgGen {
	g := &msgGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), canonical: canonical}
	for i := range 4 {
		w, h := 1+i%2, 1+i/2
		pix := make([]byte, w*h*3)
		for k := range pix {
			pix[k] = byte(g.r.IntN(256))
		}
		img, err := pyimg.New(w, h, pix)
		if err != nil {
			t.Fatal(err)
		}
		g.images = append(g.images, genrt.Image(wire.Image{Image: img}))
	}
	return g
}

var pieces = []string{"", "a", "Paris", " ", "\n", "\t", `"`, `\`, "é", "你好", "😀", "\u2028", "\x01", "<|x|>", "{", "}", "null", "0", "-"}

func (g *msgGen) str() string {
	var b strings.Builder
	for range g.r.IntN(5) {
		b.WriteString(pieces[g.r.IntN(len(pieces))])
	}
	return b.String()
}

func (g *msgGen) ident() string {
	const chars = "abcXYZ09_-"
	n := 1 + g.r.IntN(8)
	b := make([]byte, n)
	for i := range b {
		b[i] = chars[g.r.IntN(len(chars))]
	}
	return string(b)
}

// jsonValue returns random JSON text.
func (g *msgGen) jsonValue(depth int) string {
	switch k := g.r.IntN(7); {
	case k == 0 || depth > 2:
		return string(pyjson.AppendQuote(nil, g.str()))
	case k == 1:
		return []string{"0", "-1", "1.5", "1e+30", "123456789012345678901234567890"}[g.r.IntN(5)]
	case k == 2:
		return []string{"true", "false", "null"}[g.r.IntN(3)]
	case k == 3:
		var parts []string
		for range g.r.IntN(3) {
			parts = append(parts, g.jsonValue(depth+1))
		}
		return "[" + strings.Join(parts, ",") + "]"
	default:
		return g.jsonObject(depth + 1)
	}
}

func (g *msgGen) jsonObject(depth int) string {
	var parts []string
	for range g.r.IntN(4) {
		parts = append(parts, string(pyjson.AppendQuote(nil, g.str()))+":"+g.jsonValue(depth+1))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func (g *msgGen) arguments() string {
	switch g.r.IntN(6) {
	case 0:
		return []string{"", "not json", "[1,2]", "42", `"s"`, `{"a":`, "{city: Paris}", "null"}[g.r.IntN(8)]
	case 1:
		if !g.canonical {
			return " { \"a\" :  1 , \"b\": [ ] }\n"
		}
	}
	return g.jsonObject(0)
}

func (g *msgGen) isError() *bool {
	switch g.r.IntN(3) {
	case 0:
		return nil
	case 1:
		return ptr(false)
	}
	return ptr(true)
}

func (g *msgGen) message() gen.LLMMessage {
	switch g.r.IntN(4) {
	case 0:
		return &gen.SystemMessage{Content: g.str()}
	case 1:
		m := &gen.UserMessage{Source: g.ident()}
		if g.r.IntN(3) == 0 {
			m.Content = gen.UserMessageContentOfText(g.str())
			return m
		}
		items := []gen.UserMessageContentItem{}
		for range g.r.IntN(4) {
			if g.r.IntN(3) == 0 {
				items = append(items, gen.UserMessageContentItemOfImage(g.images[g.r.IntN(len(g.images))]))
			} else {
				items = append(items, gen.UserMessageContentItemOfText(g.str()))
			}
		}
		if g.canonical && len(items) == 1 && items[0].IsText() {
			items = append(items, gen.UserMessageContentItemOfText("more"))
		}
		m.Content = gen.UserMessageContentOfParts(items)
		return m
	case 2:
		m := &gen.AssistantMessage{Source: g.ident()}
		if g.r.IntN(2) == 0 {
			t := g.str()
			m.Thought = &t
		}
		if g.r.IntN(3) == 0 {
			m.Content = gen.AssistantMessageContentOfText(g.str())
			return m
		}
		calls := []gen.FunctionCall{}
		for range g.r.IntN(4) {
			calls = append(calls, gen.FunctionCall{ID: g.ident(), Arguments: g.arguments(), Name: g.ident()})
		}
		m.Content = gen.AssistantMessageContentOfFunctionCalls(calls)
		return m
	}
	m := &gen.FunctionExecutionResultMessage{Content: []gen.FunctionExecutionResult{}}
	for range g.r.IntN(4) {
		m.Content = append(m.Content, gen.FunctionExecutionResult{Content: g.str(), Name: g.ident(), CallID: g.ident(), IsError: g.isError()})
	}
	return m
}

const propertyRuns = 400

// TestPropertyRoundTrip: AutoGen → contents → AutoGen returns an equal
// message, for any message (the raw representations keep what contents do
// not hold).
func TestPropertyRoundTrip(t *testing.T) {
	g := newMsgGen(t, 1, false)
	for i := range propertyRuns {
		in := g.message()
		m, err := FromLLMMessage(in)
		if err != nil {
			t.Fatalf("run %d: %s: %v", i, jsonOf(t, in), err)
		}
		out, err := ToLLMMessage(m)
		if err != nil {
			t.Fatalf("run %d: %s: %v", i, jsonOf(t, in), err)
		}
		if a, b := jsonOf(t, in), jsonOf(t, out); a != b {
			t.Fatalf("run %d:\n in %s\nout %s", i, a, b)
		}
	}
}

// TestPropertyRoundTripWithoutRaw: for canonical messages the contents alone
// suffice: stored as JSON and read back, they convert to an equal message.
func TestPropertyRoundTripWithoutRaw(t *testing.T) {
	g := newMsgGen(t, 2, true)
	for i := range propertyRuns {
		in := g.message()
		m, err := FromLLMMessage(in)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		out, err := ToLLMMessage(stripRaw(m))
		if err != nil {
			t.Fatalf("run %d: %s: %v", i, jsonOf(t, in), err)
		}
		if a, b := jsonOf(t, in), jsonOf(t, out); a != b {
			t.Fatalf("run %d:\n in %s\nout %s", i, a, b)
		}
	}
}

// TestPropertyDocumentedLosses: for any message, the contents alone give
// back the message but for the two forms the package documentation names:
// a user's one-item list of text becomes a string, and call arguments that
// are JSON objects become compact.
func TestPropertyDocumentedLosses(t *testing.T) {
	g := newMsgGen(t, 3, false)
	for i := range propertyRuns {
		in := g.message()
		m, err := FromLLMMessage(in)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		out, err := ToLLMMessage(stripRaw(m))
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if a, b := jsonOf(t, normalize(in)), jsonOf(t, out); a != b {
			t.Fatalf("run %d:\n in %s\nout %s", i, a, b)
		}
	}
}

// normalize applies the documented losses to a copy of m.
func normalize(m gen.LLMMessage) gen.LLMMessage {
	switch m := m.(type) {
	case *gen.UserMessage:
		if m.Content.IsParts() && len(m.Content.Parts) == 1 && m.Content.Parts[0].IsText() {
			return &gen.UserMessage{Content: gen.UserMessageContentOfText(m.Content.Parts[0].Text), Source: m.Source}
		}
	case *gen.AssistantMessage:
		if m.Content.IsFunctionCalls() {
			c := *m
			calls := make([]gen.FunctionCall, len(m.Content.FunctionCalls))
			for i, fc := range m.Content.FunctionCalls {
				var raw json.RawMessage
				if json.Unmarshal([]byte(fc.Arguments), &raw) == nil && raw[0] == '{' {
					fc.Arguments = string(wire.Compact(raw))
				}
				calls[i] = fc
			}
			c.Content = gen.AssistantMessageContentOfFunctionCalls(calls)
			return &c
		}
	}
	return m
}

// TestPropertyContentsRoundTrip: contents → AutoGen → contents returns equal
// contents, for messages made only of what AutoGen's messages hold.
func TestPropertyContentsRoundTrip(t *testing.T) {
	g := newMsgGen(t, 4, true)
	for i := range propertyRuns {
		m := g.contentsMessage(t)
		lm, err := ToLLMMessage(m)
		if err != nil {
			t.Fatalf("run %d: %s: %v", i, contentsJSON(t, m.Contents), err)
		}
		back, err := FromLLMMessage(lm)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		if back.Role != m.Role || back.AuthorName != m.AuthorName {
			t.Fatalf("run %d: role %q author %q, want %q %q", i, back.Role, back.AuthorName, m.Role, m.AuthorName)
		}
		if a, b := contentsJSON(t, m.Contents), contentsJSON(t, back.Contents); a != b {
			t.Fatalf("run %d:\n in %s\nout %s", i, a, b)
		}
	}
}

// contentsMessage returns a random Message that AutoGen's messages hold.
func (g *msgGen) contentsMessage(t testing.TB) Message {
	switch g.r.IntN(4) {
	case 0:
		return Message{Role: RoleSystem, Contents: []gen.AIContent{&gen.TextContent{Text: g.str()}}}
	case 1:
		m := Message{Role: RoleUser, AuthorName: g.ident(), Contents: []gen.AIContent{}}
		for range g.r.IntN(4) {
			if g.r.IntN(3) == 0 {
				dc, err := FromImage(g.images[g.r.IntN(len(g.images))])
				if err != nil {
					t.Fatal(err)
				}
				dc.RawRepresentation = nil
				m.Contents = append(m.Contents, dc)
			} else {
				m.Contents = append(m.Contents, &gen.TextContent{Text: g.str()})
			}
		}
		return m
	case 2:
		m := Message{Role: RoleAssistant, AuthorName: g.ident(), Contents: []gen.AIContent{}}
		if g.r.IntN(2) == 0 {
			m.Contents = append(m.Contents, &gen.TextReasoningContent{Text: g.str()})
		}
		if g.r.IntN(3) == 0 {
			m.Contents = append(m.Contents, &gen.TextContent{Text: g.str()})
			return m
		}
		for range g.r.IntN(4) {
			m.Contents = append(m.Contents, &gen.FunctionCallContent{CallID: g.ident(), Name: g.ident(), Arguments: objArgs(g.jsonObject(0))})
		}
		return m
	}
	m := Message{Role: RoleTool, Contents: []gen.AIContent{}}
	for range g.r.IntN(4) {
		c := &gen.FunctionResultContent{CallID: g.ident()}
		name := g.ident()
		switch g.r.IntN(3) {
		case 0:
			c.Exception = &MessageError{Message: g.str()}
			c.AdditionalProperties = object(PropName, name)
		case 1:
			c.Result = gen.RawJSON(pyjson.AppendQuote(nil, g.str()))
			c.AdditionalProperties = object(PropName, name, PropIsError, false)
		default:
			c.Result = gen.RawJSON(pyjson.AppendQuote(nil, g.str()))
			c.AdditionalProperties = object(PropName, name)
		}
		m.Contents = append(m.Contents, c)
	}
	return m
}

// TestPropertyJSON: every content the bridge makes reads back from its JSON
// to the same JSON.
func TestPropertyJSON(t *testing.T) {
	g := newMsgGen(t, 5, false)
	for i := range propertyRuns {
		m, err := FromLLMMessage(g.message())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range m.Contents {
			b, err := Marshal(c)
			if err != nil {
				t.Fatalf("run %d: %v", i, err)
			}
			back, err := Unmarshal(b)
			if err != nil {
				t.Fatalf("run %d: %s: %v", i, b, err)
			}
			if b2, _ := Marshal(back); string(b2) != string(b) {
				t.Fatalf("run %d:\n%s\n%s", i, b, b2)
			}
		}
	}
}
