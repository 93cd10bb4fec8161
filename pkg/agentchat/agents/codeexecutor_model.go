package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models"
)

// codeTurn is one call of a model-driven CodeExecutorAgent.
type codeTurn struct {
	a     *CodeExecutorAgent
	emit  agentchat.Emit
	inner []messages.Message
}

// run is on_messages_stream with a model client: for each try, the
// messages go to the context (again on a retry, as AutoGen adds them),
// the model answers; without code its answer is the response; otherwise
// the code runs, and a failure may be retried; then the model reflects.
func (t *codeTurn) run(ctx context.Context, msgs []messages.Message) (*agentchat.Response, error) {
	a := t.a
	for nth := 0; nth <= a.maxRetries; nth++ {
		if err := t.addMessages(ctx, msgs); err != nil {
			return nil, err
		}
		result, err := t.call(ctx, true)
		if err != nil {
			return nil, err
		}
		if err := t.thought(ctx, result); err != nil {
			return nil, err
		}
		if result.Content.IsFunctionCalls() {
			return nil, &agentchat.RunError{Exception: "AssertionError", Message: "Expected inferred model_result.content to be of type str."}
		}
		content := result.Content.Text
		blocks := a.extractor.Extract(content)
		if len(blocks) == 0 {
			return &agentchat.Response{ChatMessage: messages.NewTextMessage(a.name, content), InnerMessages: t.inner}, nil
		}
		if err := t.emit(messages.NewCodeGenerationEvent(a.name, content, blocks, nth)); err != nil {
			return nil, err
		}
		r, err := a.ExecuteCodeBlocks(ctx, blocks)
		if err != nil {
			return nil, err
		}
		if err := a.context.AddMessage(ctx, models.NewUserText(a.name, r.Output)); err != nil {
			return nil, err
		}
		if err := t.emit(messages.NewCodeExecutionEvent(a.name, r.CodeResult(), nth)); err != nil {
			return nil, err
		}
		if r.ExitCode == 0 || nth == a.maxRetries {
			break
		}
		decision, err := t.retryDecision(ctx, r.Output)
		if err != nil {
			return nil, err
		}
		if !decision.Retry {
			break
		}
		ev := messages.NewCodeGenerationEvent(a.name,
			fmt.Sprintf("Attempt number: %d\nProposed correction: %s", nth+1, decision.Reason), nil, nth)
		if err := t.emit(ev); err != nil {
			return nil, err
		}
	}
	return t.reflect(ctx)
}

// addMessages is _add_messages_to_context: a handoff's context, then each
// message as the model sees it.
func (t *codeTurn) addMessages(ctx context.Context, msgs []messages.Message) error {
	for _, m := range msgs {
		if h, ok := m.(*gen.HandoffMessage); ok {
			for _, lm := range h.Context {
				if err := t.a.context.AddMessage(ctx, lm); err != nil {
					return err
				}
			}
		}
		um, err := messages.ToModelMessage(m)
		if err != nil {
			return err
		}
		if err := t.a.context.AddMessage(ctx, &um); err != nil {
			return err
		}
	}
	return nil
}

// thought emits the result's thought, if any, as a ThoughtEvent and adds
// the answer to the context.
func (t *codeTurn) thought(ctx context.Context, r gen.CreateResult) error {
	if r.Thought != nil && *r.Thought != "" {
		ev := messages.NewThoughtEvent(t.a.name, *r.Thought)
		t.inner = append(t.inner, ev)
		if err := t.emit(ev); err != nil {
			return err
		}
	}
	return t.a.context.AddMessage(ctx, assistantMessage(t.a.name, r))
}

// call is _call_llm (generate) or the reflection's call: the system
// messages and the context (without images for a model without vision),
// streamed as chunk events when the agent streams.
func (t *codeTurn) call(ctx context.Context, generate bool) (gen.CreateResult, error) {
	a := t.a
	view, err := a.context.GetMessages(ctx)
	if err != nil {
		return gen.CreateResult{}, err
	}
	msgs := append(append([]gen.LLMMessage{}, a.system...), view...)
	if !a.client.ModelInfo().Vision {
		msgs = RemoveImages(msgs)
	}
	if !a.stream {
		return a.client.Create(ctx, msgs, models.CreateOptions{})
	}
	var result *gen.CreateResult
	for ev, err := range a.client.CreateStream(ctx, msgs, models.CreateOptions{}) {
		if err != nil {
			return gen.CreateResult{}, err
		}
		if ev.Result != nil {
			result = ev.Result
			continue
		}
		if err := t.emit(messages.NewModelClientStreamingChunkEvent(a.name, ev.Text, "")); err != nil {
			return gen.CreateResult{}, err
		}
	}
	if result == nil {
		msg := "No final model result in streaming mode."
		if !generate {
			msg = "Reflect on tool use produced no valid text response."
		}
		return gen.CreateResult{}, &agentchat.RunError{Exception: "RuntimeError", Message: msg}
	}
	return *result, nil
}

// retryDecision asks the model whether to retry after a failed run: the
// context and AutoGen's retry prompt, with structured output.
func (t *codeTurn) retryDecision(ctx context.Context, output string) (RetryDecision, error) {
	a := t.a
	view, err := a.context.GetMessages(ctx)
	if err != nil {
		return RetryDecision{}, err
	}
	prompt := "The most recent code execution resulted in an error:\n" + output + "\n\n" +
		"Should we attempt to resolve it? Please respond with:\n" +
		"- A boolean value for 'retry' indicating whether it should be retried.\n" +
		"- A detailed explanation in 'reason' that identifies the issue, justifies your decision to retry or not, and outlines how you would resolve the error if a retry is attempted."
	msgs := append(append([]gen.LLMMessage{}, view...), models.NewUserText(a.name, prompt))
	res, err := a.client.Create(ctx, msgs, models.CreateOptions{OutputType: reflect.TypeFor[RetryDecision]()})
	if err != nil {
		return RetryDecision{}, err
	}
	if res.Content.IsFunctionCalls() {
		return RetryDecision{}, &agentchat.RunError{Exception: "AssertionError", Message: "Expected structured response for retry decision to be of type str."}
	}
	var d RetryDecision
	if err := decodeRetryDecision(res.Content.Text, &d); err != nil {
		return RetryDecision{}, err
	}
	return d, nil
}

// reflect is _reflect_on_code_block_results_flow: the model's last word,
// with its usage.
func (t *codeTurn) reflect(ctx context.Context) (*agentchat.Response, error) {
	a := t.a
	result, err := t.call(ctx, false)
	if err != nil {
		return nil, err
	}
	if result.Content.IsFunctionCalls() {
		return nil, &agentchat.RunError{Exception: "RuntimeError", Message: "Reflect on tool use produced no valid text response."}
	}
	if err := t.thought(ctx, result); err != nil {
		return nil, err
	}
	return &agentchat.Response{ChatMessage: textWithUsage(a.name, result.Content.Text, result.Usage), InnerMessages: t.inner}, nil
}

// decodeRetryDecision is RetryDecision.model_validate_json: an object
// with a string "reason" and a boolean "retry".
func decodeRetryDecision(text string, d *RetryDecision) error {
	var raw struct {
		Reason *string `json:"reason"`
		Retry  *bool   `json:"retry"`
	}
	err := json.Unmarshal([]byte(text), &raw)
	if err == nil && (raw.Reason == nil || raw.Retry == nil) {
		err = errors.New("reason and retry are required")
	}
	if err != nil {
		return &agentchat.RunError{Exception: "ValidationError",
			Message: "1 validation error for RetryDecision: " + err.Error(), Err: err}
	}
	d.Reason, d.Retry = *raw.Reason, *raw.Retry
	return nil
}
