package validate

import "encoding/json"

// UntaggedTitle returns the title of the type a document without a
// "type" tag is read as, when its shape says so plainly, and false when it
// does not:
//
//   - a .NET content, by its "$type" member (see [AliasTagged]);
//   - AgentChat's TaskResult, the last line of 'agentschema run': an object
//     with "messages" and "stop_reason";
//   - a record of a session file of AutoGen's ChatCompletionClientRecorder
//     (task-centric memory; the file is a JSON list of them): an object with
//     "mode", "messages" and "response";
//   - a model context's saved state (ChatCompletionContextState, which
//     AutoGen writes with no tag): an object with only "messages", whose
//     first message carries an LLM message's tag;
//   - Microsoft.Extensions.AI's ChatResponse, ChatResponseUpdate and
//     ChatMessage (AIChatMessage here), which System.Text.Json writes with
//     no tag: "messages" whose first message has "contents"; "contents"
//     with a member only an update has (responseId, conversationId,
//     modelId, finishReason, continuationToken); "contents" otherwise.
//
// validate and normalize read such documents as the title names, so the
// faults they report are that type's.
func UntaggedTitle(data []byte) (string, bool) {
	if title, ok := aliasTagged(data); ok {
		return title, true
	}
	var probe untaggedProbe
	if json.Unmarshal(data, &probe) != nil {
		return "", false
	}
	return probe.title()
}

// untaggedProbe holds the members UntaggedTitle decides by; a member
// absent from the document is nil.
type untaggedProbe struct {
	Messages          json.RawMessage `json:"messages"`
	StopReason        json.RawMessage `json:"stop_reason"`
	Mode              json.RawMessage `json:"mode"`
	Response          json.RawMessage `json:"response"`
	Contents          json.RawMessage `json:"contents"`
	ResponseID        json.RawMessage `json:"responseId"`
	ConversationID    json.RawMessage `json:"conversationId"`
	ModelID           json.RawMessage `json:"modelId"`
	FinishReason      json.RawMessage `json:"finishReason"`
	ContinuationToken json.RawMessage `json:"continuationToken"`
}

func (p *untaggedProbe) title() (string, bool) {
	switch {
	case isArray(p.Contents) && p.Messages == nil:
		if p.ResponseID != nil || p.ConversationID != nil || p.ModelID != nil ||
			p.FinishReason != nil || p.ContinuationToken != nil {
			return "ChatResponseUpdate", true
		}
		return "AIChatMessage", true
	case !isArray(p.Messages) || p.Contents != nil:
		return "", false
	case p.StopReason != nil:
		return "TaskResult", true
	case p.Mode != nil && p.Response != nil:
		return "ChatCompletionClientRecord", true
	}
	var first []json.RawMessage
	if json.Unmarshal(p.Messages, &first) != nil || len(first) == 0 {
		return "", false
	}
	var m struct {
		Type     *string         `json:"type"`
		Contents json.RawMessage `json:"contents"`
	}
	if json.Unmarshal(first[0], &m) != nil {
		return "", false
	}
	if m.Type == nil && isArray(m.Contents) {
		return "ChatResponse", true
	}
	if m.Type != nil && llmMessageTags[*m.Type] && p.ModelID == nil && p.ResponseID == nil {
		return "ChatCompletionContextState", true
	}
	return "", false
}

// llmMessageTags are the tags of AutoGen's LLMMessage union.
var llmMessageTags = map[string]bool{
	"SystemMessage": true, "UserMessage": true, "AssistantMessage": true,
	"FunctionExecutionResultMessage": true,
}

// isArray reports whether raw, a member's JSON as encoding/json keeps it
// (no leading space), is an array.
func isArray(raw json.RawMessage) bool { return len(raw) > 0 && raw[0] == '[' }
