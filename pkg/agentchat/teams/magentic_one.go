package teams

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyformat"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/agents"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models"
)

// MagenticOneGroupChatProvider is the provider of AutoGen's
// MagenticOneGroupChat.
const MagenticOneGroupChatProvider = "autogen_agentchat.teams.MagenticOneGroupChat"

// The defaults of MagenticOneGroupChat.
const (
	MagenticOneDefaultName        = "MagenticOneGroupChat"
	MagenticOneDefaultDescription = "A team of agents."
	magenticOneManagerName        = "MagenticOneOrchestrator"
	maxJSONRetries                = 10
)

// LedgerEntryBooleanAnswer is a yes/no entry of the progress ledger.
type LedgerEntryBooleanAnswer struct {
	Reason string `json:"reason"`
	Answer bool   `json:"answer"`
}

// LedgerEntryStringAnswer is a text entry of the progress ledger.
type LedgerEntryStringAnswer struct {
	Reason string `json:"reason"`
	Answer string `json:"answer"`
}

// LedgerEntry is the orchestrator's progress ledger, the structured
// output it asks a model for (AutoGen's LedgerEntry).
type LedgerEntry struct {
	IsRequestSatisfied    LedgerEntryBooleanAnswer `json:"is_request_satisfied"`
	IsInLoop              LedgerEntryBooleanAnswer `json:"is_in_loop"`
	IsProgressBeingMade   LedgerEntryBooleanAnswer `json:"is_progress_being_made"`
	NextSpeaker           LedgerEntryStringAnswer  `json:"next_speaker"`
	InstructionOrQuestion LedgerEntryStringAnswer  `json:"instruction_or_question"`
}

// MagenticOneOptions are MagenticOneGroupChat's arguments beyond Options.
type MagenticOneOptions struct {
	_ struct{}

	// MaxStalls is how many stalled rounds make the orchestrator plan
	// again; 0 is AutoGen's 3.
	MaxStalls int64
	// FinalAnswerPrompt defaults to DefaultFinalAnswerPrompt (formatted
	// with {task}); another prompt is sent as it is.
	FinalAnswerPrompt *string
}

// MagenticOneGroupChat is AutoGen's MagenticOneGroupChat: an orchestrator
// gathers facts and a plan, then keeps a progress ledger, picks each
// speaker and instruction, plans again when the team stalls, and writes
// the final answer. Options.MaxTurns bounds its rounds (0: no bound; the
// Python constructor's default is 20).
type MagenticOneGroupChat struct {
	*groupChat
	m *magenticOne
}

// NewMagenticOneGroupChat returns a MagenticOneGroupChat of agents whose
// orchestrator uses client.
func NewMagenticOneGroupChat(participants []Participant, client models.ChatCompletionClient, opts Options, mopts MagenticOneOptions) (*MagenticOneGroupChat, error) {
	for _, p := range participants {
		if _, ok := p.(agentchat.ChatAgent); !ok {
			return nil, &agentchat.RunError{Exception: "TypeError", Message: fmt.Sprintf("Participant %s must be a ChatAgent.", p.Name())}
		}
	}
	if client == nil {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "a model client is required"}
	}
	name, desc := opts.Name, opts.Description
	if name == "" {
		name = MagenticOneDefaultName
	}
	if desc == "" {
		desc = MagenticOneDefaultDescription
	}
	m := &magenticOne{client: client, maxStalls: mopts.MaxStalls, finalPrompt: DefaultFinalAnswerPrompt,
		maxTurns: opts.MaxTurns}
	if m.maxStalls == 0 {
		m.maxStalls = 3
	}
	if mopts.FinalAnswerPrompt != nil {
		m.finalPrompt = *mopts.FinalAnswerPrompt
	}
	g, err := newGroupChat(name, desc, participants, opts.Termination, 0, opts.EmitTeamEvents, m)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, p := range participants {
		lines = append(lines, strings.TrimSpace(pyWhitespace.ReplaceAllString(p.Name()+": "+p.Description(), " ")))
	}
	m.team = strings.TrimSpace(strings.Join(lines, "\n"))
	return &MagenticOneGroupChat{groupChat: g, m: m}, nil
}

// magenticOne is the MagenticOneOrchestrator's state.
type magenticOne struct {
	client      models.ChatCompletionClient
	maxStalls   int64
	maxTurns    int64
	finalPrompt string
	team        string

	task, facts, plan string
	nRounds, nStalls  int64
}

func (*magenticOne) managerName() string                           { return magenticOneManagerName }
func (*magenticOne) validate(*groupChat, []messages.Message) error { return nil }
func (*magenticOne) threadAdded(context.Context, []messages.Message) error {
	return nil
}
func (*magenticOne) selectSpeakers(context.Context, *groupChat, agentchat.Emit) ([]string, error) {
	return []string{""}, nil
}
func (m *magenticOne) reset() {
	m.nRounds, m.nStalls = 0, 0
	m.task, m.facts, m.plan = "", "", ""
}

// magenticOneState is AutoGen's MagenticOneOrchestratorState, in
// pydantic's member order.
type magenticOneState struct {
	Type          string            `json:"type"`
	Version       string            `json:"version"`
	MessageThread []json.RawMessage `json:"message_thread"`
	CurrentTurn   int64             `json:"current_turn"`
	Task          string            `json:"task"`
	Facts         string            `json:"facts"`
	Plan          string            `json:"plan"`
	NRounds       int64             `json:"n_rounds"`
	NStalls       int64             `json:"n_stalls"`
}

func (m *magenticOne) saveState(thread []json.RawMessage, turn int64) (json.RawMessage, error) {
	if thread == nil {
		thread = []json.RawMessage{}
	}
	return json.Marshal(magenticOneState{Type: "MagenticOneOrchestratorState", Version: "1.0.0", MessageThread: thread,
		CurrentTurn: turn, Task: m.task, Facts: m.facts, Plan: m.plan, NRounds: m.nRounds, NStalls: m.nStalls})
}

func (m *magenticOne) loadState(state json.RawMessage) ([]json.RawMessage, int64, error) {
	var st magenticOneState
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, 0, err
	}
	m.task, m.facts, m.plan, m.nRounds, m.nStalls = st.Task, st.Facts, st.Plan, st.NRounds, st.NStalls
	return st.MessageThread, st.CurrentTurn, nil
}

// Run runs the task to its end.
func (t *MagenticOneGroupChat) Run(ctx context.Context, task agentchat.Task) (*agentchat.TaskResult, error) {
	return agentchat.Collect(t.RunStream(ctx, task))
}

// Close closes the participants and the orchestrator's model client.
func (t *MagenticOneGroupChat) Close(ctx context.Context) error {
	return errors.Join(t.groupChat.Close(ctx), t.m.client.Close())
}

// RunStream runs the task as AutoGen's orchestrator does. A task is
// required: MagenticOne cannot continue without one.
func (t *MagenticOneGroupChat) RunStream(ctx context.Context, task agentchat.Task) iter.Seq2[messages.Message, error] {
	g := t.groupChat
	return agentchat.Stream(func(emit agentchat.Emit) (*agentchat.TaskResult, error) {
		if err := checkTask(task); err != nil {
			return nil, err
		}
		g.mu.Lock()
		if g.running {
			g.mu.Unlock()
			return nil, &agentchat.RunError{Exception: "ValueError",
				Message: "The team is already running, it cannot run again until it is stopped."}
		}
		g.running = true
		g.mu.Unlock()
		defer func() {
			g.mu.Lock()
			g.running = false
			g.mu.Unlock()
		}()
		o := &orchestration{t: t, r: &run{g: g, emit: emit}}
		stop, err := o.start(ctx, task)
		if err != nil {
			return nil, o.r.runError(ctx, err)
		}
		if err := o.r.begin(); err != nil {
			return nil, o.r.runError(ctx, err)
		}
		out := o.r.out
		if out == nil {
			out = []messages.Message{}
		}
		return &agentchat.TaskResult{Messages: out, StopReason: &stop}, nil
	})
}

// orchestration is one run of the orchestrator.
type orchestration struct {
	t *MagenticOneGroupChat
	r *run
}

func format(template string, kv ...string) (string, error) {
	d := pyjson.Value{Kind: pyjson.Dict}
	for i := 0; i+1 < len(kv); i += 2 {
		d.Set(kv[i], pyjson.StrValue(kv[i+1]))
	}
	return pyformat.Format(template, &d)
}

// complete asks the model for a text, without images for a model without
// vision.
func (o *orchestration) complete(ctx context.Context, msgs []gen.LLMMessage, opts models.CreateOptions) (string, error) {
	m := o.t.m
	if !m.client.ModelInfo().Vision {
		msgs = agents.RemoveImages(msgs)
	}
	res, err := m.client.Create(ctx, msgs, opts)
	if err != nil {
		return "", err
	}
	if res.Content.IsFunctionCalls() {
		return "", &agentchat.RunError{Exception: "AssertionError", Message: ""}
	}
	return res.Content.Text, nil
}

func (o *orchestration) start(ctx context.Context, task agentchat.Task) (string, error) {
	g, m := o.t.groupChat, o.t.m
	if g.termination != nil && g.termination.Terminated() {
		return "The group chat has already terminated.", nil
	}
	if task.Messages == nil {
		return "", &agentchat.RunError{Exception: "AssertionError", Message: ""}
	}
	var texts []string
	for _, msg := range task.Messages {
		if err := o.r.put(msg); err != nil {
			return "", err
		}
		s, err := messages.ToModelText(msg)
		if err != nil {
			return "", err
		}
		texts = append(texts, s)
	}
	m.task = strings.Join(texts, " ")
	factsPrompt, err := format(taskLedgerFactsPrompt, "task", m.task)
	if err != nil {
		return "", err
	}
	conv := []gen.LLMMessage{models.NewUserText(magenticOneManagerName, factsPrompt)}
	if m.facts, err = o.complete(ctx, conv, models.CreateOptions{}); err != nil {
		return "", err
	}
	planPrompt, err := format(taskLedgerPlanPrompt, "team", m.team)
	if err != nil {
		return "", err
	}
	conv = append(conv, models.NewAssistantText(magenticOneManagerName, m.facts), models.NewUserText(magenticOneManagerName, planPrompt))
	if m.plan, err = o.complete(ctx, conv, models.CreateOptions{}); err != nil {
		return "", err
	}
	m.nStalls = 0
	replan := true
	for {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		if replan {
			if err := o.reenterOuterLoop(ctx); err != nil {
				return "", err
			}
		}
		stop, again, err := o.step(ctx)
		if err != nil || stop != nil {
			return stopText(stop), err
		}
		replan = again
	}
}

// say adds an orchestrator's message to the thread and the output, and
// gives it to every participant.
func (o *orchestration) say(ctx context.Context, msg *gen.TextMessage) error {
	g := o.t.groupChat
	g.thread = append(g.thread, msg)
	if err := o.r.put(msg); err != nil {
		return err
	}
	for _, mb := range g.members {
		mb.buffer = append(mb.buffer, msg)
	}
	return nil
}

// reenterOuterLoop resets the participants and the thread and says the
// task ledger.
func (o *orchestration) reenterOuterLoop(ctx context.Context) error {
	g, m := o.t.groupChat, o.t.m
	for _, mb := range g.members {
		mb.buffer = nil
		if a, ok := mb.p.(agentchat.ChatAgent); ok {
			if err := a.Reset(ctx); err != nil {
				return err
			}
		}
	}
	g.thread = nil
	full, err := format(taskLedgerFullPrompt, "task", m.task, "team", m.team, "facts", m.facts, "plan", m.plan)
	if err != nil {
		return err
	}
	return o.say(ctx, messages.NewTextMessage(magenticOneManagerName, full))
}

// context is _thread_to_context.
func (o *orchestration) context() ([]gen.LLMMessage, error) {
	var out []gen.LLMMessage
	for _, msg := range o.t.groupChat.thread {
		switch x := msg.(type) {
		case *gen.ToolCallRequestEvent, *gen.ToolCallExecutionEvent:
			continue
		case *gen.StopMessage:
			out = append(out, models.NewUserText(x.Source, x.Content))
			continue
		case *gen.HandoffMessage:
			out = append(out, models.NewUserText(x.Source, x.Content))
			continue
		}
		src := messages.Source(msg)
		if src == magenticOneManagerName {
			switch x := msg.(type) {
			case *gen.TextMessage:
				out = append(out, models.NewAssistantText(src, x.Content))
			case *gen.ToolCallSummaryMessage:
				out = append(out, models.NewAssistantText(src, x.Content))
			default:
				return nil, &agentchat.RunError{Exception: "AssertionError", Message: ""}
			}
			continue
		}
		switch x := msg.(type) {
		case *gen.TextMessage:
			out = append(out, models.NewUserText(src, x.Content))
		case *gen.ToolCallSummaryMessage:
			out = append(out, models.NewUserText(src, x.Content))
		case *gen.MultiModalMessage:
			um, err := messages.ToModelMessage(x)
			if err != nil {
				return nil, err
			}
			out = append(out, &um)
		default:
			return nil, &agentchat.RunError{Exception: "AssertionError", Message: ""}
		}
	}
	return out, nil
}

// ledgerFence is extract_json_from_str's pattern of a fenced block.
var ledgerFence = regexp.MustCompile("```(?:\\s*([\\w+\\-]+))?\\n([\\s\\S]*?)```")

// extractJSON is autogen_core.utils.extract_json_from_str: the JSON of
// each fenced block, or of the whole text when there is none.
func extractJSON(content string) ([]any, error) {
	matches := ledgerFence.FindAllStringSubmatch(content, -1)
	if len(matches) == 0 {
		v, err := parsePy(content)
		if err != nil {
			return nil, err
		}
		return []any{v}, nil
	}
	var out []any
	for _, mt := range matches {
		lang := strings.TrimSpace(mt[1])
		if lang != "" && strings.ToLower(lang) != "json" {
			return nil, &agentchat.RunError{Exception: "ValueError", Message: "Expected JSON object, but found language: " + lang}
		}
		v, err := parsePy(mt[2])
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// jsonDecodeError is Python's json.JSONDecodeError, which the ledger's
// retry loop catches.
type jsonDecodeError struct{ msg string }

func (e *jsonDecodeError) Error() string { return "JSONDecodeError: " + e.msg }

func parsePy(s string) (any, error) {
	if _, err := pyjson.Parse([]byte(s)); err != nil {
		return nil, &jsonDecodeError{pyjson.LoadsErrorText([]byte(s), err)}
	}
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, &jsonDecodeError{err.Error()}
	}
	return v, nil
}

// truthy is Python's truth value of a JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	}
	return true
}

// ledgerAnswer returns ledger[key]["answer"], or Python's KeyError or
// TypeError.
func ledgerAnswer(ledger map[string]any, key string) (any, error) {
	entry, ok := ledger[key]
	if !ok {
		return nil, &agentchat.RunError{Exception: "KeyError", Message: "'" + key + "'"}
	}
	e, ok := entry.(map[string]any)
	if !ok {
		return nil, &typeError{"entry is not a dict"}
	}
	a, ok := e["answer"]
	if !ok {
		return nil, &agentchat.RunError{Exception: "KeyError", Message: "'answer'"}
	}
	return a, nil
}

type typeError struct{ msg string }

func (e *typeError) Error() string { return "TypeError: " + e.msg }

// progressLedger asks for the progress ledger, with AutoGen's retries.
func (o *orchestration) progressLedger(ctx context.Context) (map[string]any, error) {
	g, m := o.t.groupChat, o.t.m
	conv, err := o.context()
	if err != nil {
		return nil, err
	}
	names := g.names()
	prompt, err := format(progressLedgerPrompt, "task", m.task, "team", m.team, "names", strings.Join(names, ", "))
	if err != nil {
		return nil, err
	}
	conv = append(conv, models.NewUserText(magenticOneManagerName, prompt))
	opts := models.CreateOptions{}
	info := m.client.ModelInfo()
	if info.StructuredOutput {
		opts.OutputType = reflect.TypeFor[LedgerEntry]()
	} else if info.JSONOutput {
		yes := true
		opts.JSONOutput = &yes
	}
	var ledger map[string]any
	keyError := false
	for range maxJSONRetries {
		text, err := o.complete(ctx, conv, opts)
		if err != nil {
			return nil, err
		}
		out, err := extractJSON(text)
		var jde *jsonDecodeError
		if errors.As(err, &jde) {
			keyError = true
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(out) != 1 {
			return nil, &agentchat.RunError{Exception: "ValueError",
				Message: fmt.Sprintf("Progress ledger should contain a single JSON object, but found: %d", len(ledger))}
		}
		l, ok := out[0].(map[string]any)
		if !ok {
			keyError = true
			continue
		}
		ledger = l
		if len(names) == 1 {
			ledger["next_speaker"] = map[string]any{"reason": "The team consists of only one agent.", "answer": names[0]}
		}
		keyError = false
		for _, key := range []string{"is_request_satisfied", "is_progress_being_made", "is_in_loop", "instruction_or_question", "next_speaker"} {
			e, ok := ledger[key].(map[string]any)
			if !ok {
				keyError = true
				break
			}
			_, hasAnswer := e["answer"]
			_, hasReason := e["reason"]
			if !hasAnswer || !hasReason {
				keyError = true
				break
			}
		}
		satisfied, err := ledgerAnswer(ledger, "is_request_satisfied")
		if err != nil {
			var te *typeError
			if errors.As(err, &te) {
				keyError = true
				continue
			}
			return nil, err
		}
		if !truthy(satisfied) {
			next, err := ledgerAnswer(ledger, "next_speaker")
			if err != nil {
				return nil, err
			}
			if s, ok := next.(string); !ok || !slices.Contains(names, s) {
				keyError = true
				break
			}
		}
		if !keyError {
			break
		}
	}
	if keyError {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "Failed to parse ledger information after multiple retries."}
	}
	return ledger, nil
}

func answerText(ledger map[string]any, key, field string) string {
	e, _ := ledger[key].(map[string]any)
	switch v := e[field].(type) {
	case string:
		return v
	case nil:
		return "None"
	default:
		b, _ := json.Marshal(v)
		return string(b)
	}
}

// step is _orchestrate_step: a round of the inner loop. It returns the
// stop message that ends the run, or whether to plan again.
func (o *orchestration) step(ctx context.Context) (*gen.StopMessage, bool, error) {
	g, m := o.t.groupChat, o.t.m
	if m.maxTurns > 0 && m.nRounds > m.maxTurns {
		stop, err := o.finalAnswer(ctx, "Max rounds reached.")
		return stop, false, err
	}
	m.nRounds++
	ledger, err := o.progressLedger(ctx)
	if err != nil {
		return nil, false, err
	}
	satisfied, _ := ledgerAnswer(ledger, "is_request_satisfied")
	if truthy(satisfied) {
		stop, err := o.finalAnswer(ctx, answerText(ledger, "is_request_satisfied", "reason"))
		return stop, false, err
	}
	progress, err := ledgerAnswer(ledger, "is_progress_being_made")
	if err != nil {
		return nil, false, err
	}
	loop, err := ledgerAnswer(ledger, "is_in_loop")
	if err != nil {
		return nil, false, err
	}
	switch {
	case !truthy(progress), truthy(loop):
		m.nStalls++
	default:
		m.nStalls = max(0, m.nStalls-1)
	}
	if m.nStalls >= m.maxStalls {
		if err := o.updateTaskLedger(ctx); err != nil {
			return nil, false, err
		}
		return nil, true, nil
	}
	if err := o.say(ctx, messages.NewTextMessage(magenticOneManagerName, answerText(ledger, "instruction_or_question", "answer"))); err != nil {
		return nil, false, err
	}
	next := answerText(ledger, "next_speaker", "answer")
	speaker := g.member(next)
	if speaker == nil {
		return nil, false, &agentchat.RunError{Exception: "ValueError",
			Message: fmt.Sprintf("Invalid next speaker: %s from the ledger, participants are: %s", next, pyList(g.names()))}
	}
	if g.emitTeamEvents {
		if err := o.r.put(messages.NewSelectSpeakerEvent(magenticOneManagerName, []string{next}...)); err != nil {
			return nil, false, err
		}
	}
	delta, err := o.r.speak(ctx, speaker)
	if err != nil {
		return nil, false, err
	}
	o.r.deliver()
	g.thread = append(g.thread, delta[len(delta)-1])
	if g.termination != nil {
		stop, err := g.termination.Check(ctx, delta)
		if err != nil {
			return nil, false, err
		}
		if stop != nil {
			return stop, false, g.termination.Reset(ctx)
		}
	}
	return nil, false, nil
}

// updateTaskLedger asks for new facts and a new plan.
func (o *orchestration) updateTaskLedger(ctx context.Context) error {
	m := o.t.m
	conv, err := o.context()
	if err != nil {
		return err
	}
	p, err := format(taskLedgerFactsUpdatePrompt, "task", m.task, "facts", m.facts)
	if err != nil {
		return err
	}
	conv = append(conv, models.NewUserText(magenticOneManagerName, p))
	if m.facts, err = o.complete(ctx, conv, models.CreateOptions{}); err != nil {
		return err
	}
	p, err = format(taskLedgerPlanUpdatePrompt, "team", m.team)
	if err != nil {
		return err
	}
	conv = append(conv, models.NewAssistantText(magenticOneManagerName, m.facts), models.NewUserText(magenticOneManagerName, p))
	m.plan, err = o.complete(ctx, conv, models.CreateOptions{})
	return err
}

// finalAnswer is _prepare_final_answer: the answer is said, and the run
// stops with reason.
func (o *orchestration) finalAnswer(ctx context.Context, reason string) (*gen.StopMessage, error) {
	g, m := o.t.groupChat, o.t.m
	conv, err := o.context()
	if err != nil {
		return nil, err
	}
	prompt := m.finalPrompt
	if prompt == DefaultFinalAnswerPrompt {
		if prompt, err = format(prompt, "task", m.task); err != nil {
			return nil, err
		}
	}
	conv = append(conv, models.NewUserText(magenticOneManagerName, prompt))
	text, err := o.complete(ctx, conv, models.CreateOptions{})
	if err != nil {
		return nil, err
	}
	if err := o.say(ctx, messages.NewTextMessage(magenticOneManagerName, text)); err != nil {
		return nil, err
	}
	if g.termination != nil {
		if err := g.termination.Reset(ctx); err != nil {
			return nil, err
		}
	}
	return messages.NewStopMessage(magenticOneManagerName, reason), nil
}

func init() {
	agentchat.Register(MagenticOneGroupChatProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.MagenticOneGroupChatConfig](MagenticOneGroupChatProvider, raw)
		if err != nil {
			return nil, err
		}
		return MagenticOneFromConfig(ctx, c)
	})
}

// MagenticOneFromConfig builds a MagenticOneGroupChat from its config.
func MagenticOneFromConfig(ctx context.Context, c *gen.MagenticOneGroupChatConfig) (*MagenticOneGroupChat, error) {
	l, err := loadCommon(ctx, c.Participants, c.TerminationCondition, c.MaxTurns, c.Name, c.Description)
	if err != nil {
		return nil, err
	}
	client, err := loadAt[models.ChatCompletionClient](ctx, &c.ModelClient, "/config/model_client")
	if err != nil {
		l.close(ctx)
		return nil, err
	}
	stalls, ok := c.MaxStalls.Int64()
	if !ok || stalls <= 0 {
		l.close(ctx)
		_ = client.Close()
		return nil, agentchat.AtPointer("/config/max_stalls", fmt.Errorf("max_stalls must be a positive integer, got %s", c.MaxStalls))
	}
	l.opts.EmitTeamEvents = c.EmitTeamEvents
	t, err := NewMagenticOneGroupChat(l.participants, client, l.opts,
		MagenticOneOptions{MaxStalls: stalls, FinalAnswerPrompt: &c.FinalAnswerPrompt})
	if err != nil {
		l.close(ctx)
		_ = client.Close()
		return nil, agentchat.AtPointer("/config", err)
	}
	return t, nil
}
