package agentchat

import (
	"context"
	"errors"
	"strings"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// TracerName is the instrumentation name of the runtime's spans, AutoGen's
// (trace.get_tracer("autogen-core")).
const TracerName = "autogen-core"

// The GenAI semantic-convention attributes AutoGen's spans carry
// (autogen_core._telemetry._genai).
const (
	AttrOperationName    = "gen_ai.operation.name"
	AttrSystem           = "gen_ai.system"
	AttrAgentName        = "gen_ai.agent.name"
	AttrAgentID          = "gen_ai.agent.id"
	AttrAgentDescription = "gen_ai.agent.description"
	AttrToolName         = "gen_ai.tool.name"
	AttrToolDescription  = "gen_ai.tool.description"
	AttrToolCallID       = "gen_ai.tool.call.id"
	AttrRequestModel     = "gen_ai.request.model"
	AttrInputTokens      = "gen_ai.usage.input_tokens"
	AttrOutputTokens     = "gen_ai.usage.output_tokens"
	AttrErrorType        = "error.type"
)

// tracer is the runtime's tracer, from the global tracer provider: spans
// cost nothing until a program sets one (otel.SetTracerProvider).
func tracer() trace.Tracer { return otel.GetTracerProvider().Tracer(TracerName) }

// Span is a span the runtime started; End it with the error of the work
// it covers.
type Span struct{ s trace.Span }

// End records err (AutoGen's record_exception, an ERROR status and
// error.type, the exception's class) and ends the span.
func (sp Span) End(err error) {
	if err != nil {
		sp.s.RecordError(err)
		sp.s.SetStatus(codes.Error, err.Error())
		class := ExceptionText(err)
		if i := strings.Index(class, ": "); i > 0 {
			class = class[:i]
		}
		sp.s.SetAttributes(attribute.String(AttrErrorType, class))
	}
	sp.s.End()
}

// SetAttributes adds attributes to the span.
func (sp Span) SetAttributes(kv ...attribute.KeyValue) { sp.s.SetAttributes(kv...) }

func startSpan(ctx context.Context, name string, kind trace.SpanKind, attrs []attribute.KeyValue) (context.Context, Span) {
	ctx, s := tracer().Start(ctx, name, trace.WithSpanKind(kind), trace.WithAttributes(attrs...))
	return ctx, Span{s}
}

// optional appends key=value when value is not empty.
func optional(attrs []attribute.KeyValue, key, value string) []attribute.KeyValue {
	if value != "" {
		attrs = append(attrs, attribute.String(key, value))
	}
	return attrs
}

// StartCreateAgentSpan starts AutoGen's "create_agent NAME" span (a
// client span, made when an agent is built).
func StartCreateAgentSpan(ctx context.Context, name, id, description string) (context.Context, Span) {
	attrs := []attribute.KeyValue{attribute.String(AttrOperationName, "create_agent"),
		attribute.String(AttrSystem, "autogen"), attribute.String(AttrAgentName, name)}
	attrs = optional(attrs, AttrAgentID, id)
	attrs = optional(attrs, AttrAgentDescription, description)
	return startSpan(ctx, "create_agent "+name, trace.SpanKindClient, attrs)
}

// StartInvokeAgentSpan starts AutoGen's "invoke_agent NAME" span (a
// client span around an agent's run, or its turn in a team, whose id is
// then AutoGen's "TYPE/KEY" agent id).
func StartInvokeAgentSpan(ctx context.Context, name, id, description string) (context.Context, Span) {
	attrs := []attribute.KeyValue{attribute.String(AttrOperationName, "invoke_agent"),
		attribute.String(AttrSystem, "autogen"), attribute.String(AttrAgentName, name)}
	attrs = optional(attrs, AttrAgentID, id)
	attrs = optional(attrs, AttrAgentDescription, description)
	return startSpan(ctx, "invoke_agent "+name, trace.SpanKindClient, attrs)
}

// StartToolSpan starts AutoGen's "execute_tool NAME" span (an internal
// span around one tool call).
func StartToolSpan(ctx context.Context, tool, description, callID string) (context.Context, Span) {
	attrs := []attribute.KeyValue{attribute.String(AttrOperationName, "execute_tool"),
		attribute.String(AttrSystem, "autogen"), attribute.String(AttrToolName, tool)}
	attrs = optional(attrs, AttrToolDescription, description)
	attrs = optional(attrs, AttrToolCallID, callID)
	return startSpan(ctx, "execute_tool "+tool, trace.SpanKindInternal, attrs)
}

// StartChatSpan starts a "chat MODEL" span around one model call, with
// the GenAI conventions' gen_ai.operation.name "chat" and
// gen_ai.request.model; SetUsage adds the tokens when the call returns.
func StartChatSpan(ctx context.Context, model string) (context.Context, Span) {
	attrs := []attribute.KeyValue{attribute.String(AttrOperationName, "chat"), attribute.String(AttrSystem, "autogen")}
	attrs = optional(attrs, AttrRequestModel, model)
	name := "chat"
	if model != "" {
		name += " " + model
	}
	return startSpan(ctx, name, trace.SpanKindClient, attrs)
}

// SetUsage records a model call's token counts on a chat span.
func (sp Span) SetUsage(prompt, completion int64) {
	sp.s.SetAttributes(attribute.Int64(AttrInputTokens, prompt), attribute.Int64(AttrOutputTokens, completion))
}

// isStop reports whether err is the consumer stopping the stream, which
// is not a failure of the work.
func isStop(err error) bool { return errors.Is(err, errStopped) }
