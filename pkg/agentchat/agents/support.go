package agents

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
)

// wireMarshal writes a generated value as pydantic's model_dump_json.
func wireMarshal(v gen.Encodable) (json.RawMessage, error) {
	b, err := gen.Marshal(v)
	return json.RawMessage(b), err
}

// Memory is AutoGen's Memory as an agent uses it: before each model call
// it may add to the model context, and returns the memories it used (a
// MemoryQueryEvent is emitted when there are any).
type Memory interface {
	UpdateContext(ctx context.Context, mc modelcontext.ChatCompletionContext) ([]gen.MemoryContent, error)
}

// ListMemory is AutoGen's autogen_core.memory.ListMemory: a list of
// memories, all of them added to the context, in order, as one system
// message.
type ListMemory struct {
	name string

	mu       sync.Mutex
	contents []gen.MemoryContent
}

// NewListMemory returns a ListMemory named name ("default_list_memory"
// when empty) holding contents.
func NewListMemory(name string, contents ...gen.MemoryContent) *ListMemory {
	if name == "" {
		name = "default_list_memory"
	}
	return &ListMemory{name: name, contents: contents}
}

// Name returns the memory's name.
func (m *ListMemory) Name() string { return m.name }

// Add appends a memory.
func (m *ListMemory) Add(c gen.MemoryContent) {
	m.mu.Lock()
	m.contents = append(m.contents, c)
	m.mu.Unlock()
}

// Clear removes every memory.
func (m *ListMemory) Clear() {
	m.mu.Lock()
	m.contents = nil
	m.mu.Unlock()
}

// Contents returns a copy of the memories.
func (m *ListMemory) Contents() []gen.MemoryContent {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]gen.MemoryContent(nil), m.contents...)
}

// UpdateContext adds "\nRelevant memory content (in chronological
// order):\n1. ...\n" as a system message, as AutoGen's ListMemory does.
func (m *ListMemory) UpdateContext(ctx context.Context, mc modelcontext.ChatCompletionContext) ([]gen.MemoryContent, error) {
	contents := m.Contents()
	if len(contents) == 0 {
		return nil, nil
	}
	var b strings.Builder
	b.WriteString("\nRelevant memory content (in chronological order):\n")
	for i, c := range contents {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(". ")
		b.WriteString(memoryStr(c))
	}
	b.WriteByte('\n')
	if err := mc.AddMessage(ctx, models.NewSystemMessage(b.String())); err != nil {
		return nil, err
	}
	return contents, nil
}

// memoryStr is Python's str() of a memory's content.
func memoryStr(c gen.MemoryContent) string {
	if c.Content.IsText() {
		return c.Content.Text
	}
	v, err := pyjson.Parse(c.Content.Data)
	if err != nil {
		return string(c.Content.Data)
	}
	return pyjson.StrOf(&v)
}

// RemoveImages is AutoGen's remove_images: every user message whose
// content is a list becomes a text message, its images written "<image>"
// and its parts joined by newlines. When there is none, msgs itself is
// returned.
func RemoveImages(msgs []gen.LLMMessage) []gen.LLMMessage {
	if !slices.ContainsFunc(msgs, func(m gen.LLMMessage) bool {
		u, ok := m.(*gen.UserMessage)
		return ok && u.Content.IsParts()
	}) {
		return msgs // nothing to convert: the same messages
	}
	out := make([]gen.LLMMessage, len(msgs))
	for i, m := range msgs {
		u, ok := m.(*gen.UserMessage)
		if !ok || !u.Content.IsParts() {
			out[i] = m
			continue
		}
		parts := make([]string, len(u.Content.Parts))
		for j, p := range u.Content.Parts {
			if p.IsImage() {
				parts[j] = "<image>"
			} else {
				parts[j] = p.Text
			}
		}
		out[i] = models.NewUserText(u.Source, strings.Join(parts, "\n"))
	}
	return out
}
