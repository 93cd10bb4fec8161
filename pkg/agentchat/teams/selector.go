package teams

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/pyformat"
	"github.com/agentschema/agentschema/internal/pyjson"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/modelcontext"
	"github.com/agentschema/agentschema/pkg/models"
)

// SelectorGroupChatProvider is the provider of AutoGen's SelectorGroupChat.
const SelectorGroupChatProvider = "autogen_agentchat.teams.SelectorGroupChat"

// The defaults of SelectorGroupChat.
const (
	SelectorDefaultName        = "SelectorGroupChat"
	SelectorDefaultDescription = "A team of agents."
	selectorManagerName        = "SelectorGroupChatManager"
	// DefaultSelectorPrompt is AutoGen's selector_prompt.
	DefaultSelectorPrompt = `You are in a role play game. The following roles are available:
{roles}.
Read the following conversation. Then select the next role from {participants} to play. Only return the role.

{history}

Read the above conversation. Then select the next role from {participants} to play. Only return the role.
`
)

// SelectorFunc picks the next speaker from the thread; "" leaves the
// choice to the model (AutoGen's selector_func returning None).
type SelectorFunc func(ctx context.Context, thread []messages.Message) (string, error)

// CandidateFunc narrows the participants the model may pick from
// (AutoGen's candidate_func).
type CandidateFunc func(ctx context.Context, thread []messages.Message) ([]string, error)

// SelectorOptions are SelectorGroupChat's arguments beyond Options. The
// zero value is AutoGen's defaults.
type SelectorOptions struct {
	_ struct{}

	// SelectorPrompt is a str.format template of {roles}, {participants}
	// and {history}; nil is DefaultSelectorPrompt.
	SelectorPrompt *string
	// AllowRepeatedSpeaker lets the previous speaker speak again.
	AllowRepeatedSpeaker bool
	// MaxSelectorAttempts defaults to 3 when 0; a negative value makes no
	// attempt (the fallback speaker is taken at once).
	MaxSelectorAttempts int
	// SelectorFunc and CandidateFunc replace or narrow the model's choice.
	SelectorFunc  SelectorFunc
	CandidateFunc CandidateFunc
	// ModelClientStreaming streams the selector's answer (as events, with
	// EmitTeamEvents).
	ModelClientStreaming bool
	// ModelContext holds the conversation the selector sees; defaults to
	// an unbounded context.
	ModelContext modelcontext.ChatCompletionContext
}

// SelectorGroupChat is AutoGen's SelectorGroupChat: a model picks the next
// speaker from the conversation.
type SelectorGroupChat struct {
	*groupChat
	sel *selector
}

// NewSelectorGroupChat returns a SelectorGroupChat whose speakers client
// picks, refusing what AutoGen refuses (fewer than two participants).
func NewSelectorGroupChat(participants []Participant, client models.ChatCompletionClient, opts Options, sopts SelectorOptions) (*SelectorGroupChat, error) {
	name, desc := opts.Name, opts.Description
	if name == "" {
		name = SelectorDefaultName
	}
	if desc == "" {
		desc = SelectorDefaultDescription
	}
	s := &selector{client: client, prompt: DefaultSelectorPrompt, allowRepeated: sopts.AllowRepeatedSpeaker,
		maxAttempts: sopts.MaxSelectorAttempts, selectorFunc: sopts.SelectorFunc, candidateFunc: sopts.CandidateFunc,
		streaming: sopts.ModelClientStreaming, context: sopts.ModelContext, emitEvents: opts.EmitTeamEvents}
	if sopts.SelectorPrompt != nil {
		s.prompt = *sopts.SelectorPrompt
	}
	if s.maxAttempts == 0 {
		s.maxAttempts = 3
	}
	s.contextGiven = s.context != nil
	if s.context == nil {
		c, err := modelcontext.NewUnbounded()
		if err != nil {
			return nil, err
		}
		s.context = c
	}
	g, err := newGroupChat(name, desc, participants, opts.Termination, opts.MaxTurns, opts.EmitTeamEvents, s)
	if err != nil {
		return nil, err
	}
	if len(participants) < 2 {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "At least two participants are required for SelectorGroupChat."}
	}
	if client == nil {
		return nil, &agentchat.RunError{Exception: "ValueError", Message: "a model client is required"}
	}
	return &SelectorGroupChat{groupChat: g, sel: s}, nil
}

// Close closes the participants and the selector's model client.
func (t *SelectorGroupChat) Close(ctx context.Context) error {
	err := t.groupChat.Close(ctx)
	if cerr := t.sel.client.Close(); err == nil {
		err = cerr
	}
	return err
}

// selector is SelectorGroupChatManager's choice of speakers.
type selector struct {
	client        models.ChatCompletionClient
	prompt        string
	allowRepeated bool
	maxAttempts   int
	selectorFunc  SelectorFunc
	candidateFunc CandidateFunc
	streaming     bool
	emitEvents    bool
	context       modelcontext.ChatCompletionContext
	// contextGiven says the context was given (a config's model_context),
	// not made by default: only then is it dumped.
	contextGiven bool

	previous *string
	hist     historyCache
	roles    rolesCache
}

func (*selector) managerName() string                           { return selectorManagerName }
func (*selector) validate(*groupChat, []messages.Message) error { return nil }

func (s *selector) reset() {
	s.previous = nil
	s.hist = historyCache{}
	_ = s.context.Clear(context.Background())
}

// threadAdded adds the chat messages to the selector's model context (a
// handoff's context first), as update_message_thread does.
func (s *selector) threadAdded(ctx context.Context, msgs []messages.Message) error {
	for _, m := range msgs {
		if !messages.IsChatMessage(m) {
			continue
		}
		if h, ok := m.(*gen.HandoffMessage); ok {
			for _, lm := range h.Context {
				if err := s.context.AddMessage(ctx, lm); err != nil {
					return err
				}
			}
		}
		um, err := messages.ToModelMessage(m)
		if err != nil {
			return err
		}
		if err := s.context.AddMessage(ctx, &um); err != nil {
			return err
		}
	}
	return nil
}

// threadLoaded adds a loaded thread's chat messages to the model context.
func (s *selector) threadLoaded(ctx context.Context, thread []messages.Message) error {
	return s.threadAdded(ctx, thread)
}

func valueError(msg string) error { return &agentchat.RunError{Exception: "ValueError", Message: msg} }

func (s *selector) selectSpeakers(ctx context.Context, g *groupChat, put agentchat.Emit) ([]string, error) {
	names := g.names()
	if s.selectorFunc != nil {
		speaker, err := s.selectorFunc(ctx, g.thread)
		if err != nil {
			return nil, err
		}
		if speaker != "" {
			if !slices.Contains(names, speaker) {
				return nil, valueError(fmt.Sprintf("Selector function returned an invalid speaker name: %s. Expected one of: %s.",
					speaker, pyList(names)))
			}
			return []string{speaker}, nil
		}
	}
	var candidates []string
	if s.candidateFunc != nil {
		c, err := s.candidateFunc(ctx, g.thread)
		if err != nil {
			return nil, err
		}
		if len(c) == 0 {
			return nil, valueError("Candidate function must return a non-empty list of participant names.")
		}
		for _, n := range c {
			if !slices.Contains(names, n) {
				return nil, valueError(fmt.Sprintf("Candidate function returned invalid participant names: %s. Expected one of: %s.",
					pyList(c), pyList(names)))
			}
		}
		candidates = c
	} else if s.previous != nil && !s.allowRepeated {
		for _, n := range names {
			if n != *s.previous {
				candidates = append(candidates, n)
			}
		}
	} else {
		candidates = slices.Clone(names)
	}
	if len(candidates) == 0 {
		return nil, &agentchat.RunError{Exception: "AssertionError", Message: ""}
	}
	speaker := candidates[0]
	if len(candidates) > 1 {
		var err error
		speaker, err = s.ask(ctx, s.roles.text(g.members), candidates, names, put)
		if err != nil {
			return nil, err
		}
	}
	s.previous = &speaker
	return []string{speaker}, nil
}

// pyWhitespace is Python's re \s+ for str patterns (Unicode whitespace).
var pyWhitespace = regexp.MustCompile(`[\s\x1c-\x1f\x85\p{Z}]+`)

// rolesCache keeps the selector prompt's {roles}: each participant's
// "name: description", its whitespace runs made one space and stripped,
// one a line. It is worked out again only when a name or description
// changed, instead of with two regexp replacements a turn.
type rolesCache struct {
	names, descs []string
	roles        string
}

// text returns the roles of members.
func (c *rolesCache) text(members []*member) string {
	same := c.names != nil && len(c.names) == len(members)
	for i := 0; same && i < len(members); i++ {
		same = c.names[i] == members[i].p.Name() && c.descs[i] == members[i].p.Description()
	}
	if same {
		return c.roles
	}
	c.names, c.descs = make([]string, len(members)), make([]string, len(members))
	lines := make([]string, len(members))
	for i, m := range members {
		c.names[i], c.descs[i] = m.p.Name(), m.p.Description()
		lines[i] = strings.TrimSpace(pyWhitespace.ReplaceAllString(c.names[i]+": "+c.descs[i], " "))
	}
	c.roles = strings.Join(lines, "\n")
	return c.roles
}

// historyCache keeps the last history a selector built: the messages it
// was built from and its text. The model context grows by appending, so
// the next turn's history is the last one with the new messages' lines
// added; building it anew every turn cost time quadratic in the run's
// length.
type historyCache struct {
	msgs []gen.LLMMessage
	text []byte // only appended to: the strings history returned share it
	n    int    // the lines in text
}

// history is construct_message_history of msgs (see [appendHistory]),
// added to the cached history when msgs extend the messages it was built
// from, else built anew.
func (h *historyCache) history(msgs []gen.LLMMessage) string {
	from := 0
	if len(h.msgs) <= len(msgs) && slices.Equal(h.msgs, msgs[:len(h.msgs)]) {
		from = len(h.msgs)
	} else {
		// A new buffer: the strings returned before must not change.
		h.text, h.n = nil, 0
	}
	h.text, h.n = appendHistory(h.text, h.n, msgs[from:])
	h.msgs = msgs
	if len(h.text) == 0 {
		return ""
	}
	return unsafe.String(&h.text[0], len(h.text))
}

// appendHistory appends construct_message_history's lines of msgs to b,
// which holds n lines: "source: content" of each user and assistant
// message, right-stripped, each followed by a blank line, joined by
// newlines.
func appendHistory(b []byte, n int, msgs []gen.LLMMessage) ([]byte, int) {
	for _, m := range msgs {
		var source, content string
		switch x := m.(type) {
		case *gen.UserMessage:
			source, content = x.Source, userContentStr(x)
		case *gen.AssistantMessage:
			source = x.Source
			if x.Content.IsFunctionCalls() {
				content = messages.FunctionCallsRepr(x.Content.FunctionCalls)
			} else {
				content = x.Content.Text
			}
		default:
			continue
		}
		if n > 0 {
			b = append(b, '\n')
		}
		n++
		if trimmed := strings.TrimRightFunc(content, unicode.IsSpace); trimmed != "" {
			b = append(b, source...)
			b = append(b, ": "...)
			b = append(b, trimmed...)
		} else {
			b = append(b, strings.TrimRightFunc(source+": ", unicode.IsSpace)...)
		}
		b = append(b, "\n\n"...)
	}
	return b, n
}

// userContentStr is str() of a user message's content: the text, or the
// repr of its list of parts.
func userContentStr(u *gen.UserMessage) string {
	if !u.Content.IsParts() {
		return u.Content.Text
	}
	v := pyjson.Value{Kind: pyjson.List}
	for _, p := range u.Content.Parts {
		if p.IsImage() {
			v.List = append(v.List, pyjson.ObjectValue("<autogen_core._image.Image object>"))
		} else {
			v.List = append(v.List, pyjson.StrValue(p.Text))
		}
	}
	return pyjson.Repr(&v)
}

// ask is _select_speaker: the selector prompt, up to maxAttempts answers
// with AutoGen's feedback after each bad one, then the previous speaker or
// the first candidate.
func (s *selector) ask(ctx context.Context, roles string, candidates, names []string, put agentchat.Emit) (string, error) {
	view, err := modelcontext.View(ctx, s.context)
	if err != nil {
		return "", err
	}
	kw := pyjson.Value{Kind: pyjson.Dict}
	kw.Set("roles", pyjson.StrValue(roles))
	kw.Set("participants", pyjson.StrValue(pyList(candidates)))
	kw.Set("history", pyjson.StrValue(s.hist.history(view)))
	prompt, err := pyformat.Format(s.prompt, &kw)
	if err != nil {
		return "", err
	}
	var msgs []gen.LLMMessage
	if models.IsOpenAI(s.client.ModelInfo().Family) {
		msgs = []gen.LLMMessage{models.NewSystemMessage(prompt)}
	} else {
		msgs = []gen.LLMMessage{models.NewUserText("user", prompt)}
	}
	for attempt := 0; attempt < s.maxAttempts; attempt++ {
		res, err := s.create(ctx, msgs, put)
		if err != nil {
			return "", err
		}
		if res.Content.IsFunctionCalls() {
			return "", &agentchat.RunError{Exception: "AssertionError", Message: ""}
		}
		text := res.Content.Text
		msgs = append(msgs, models.NewAssistantText("selector", text))
		mentions := mentioned(text, names)
		var feedback string
		switch {
		case len(mentions) == 0:
			feedback = "No valid name was mentioned. Please select from: " + pyList(candidates) + "."
		case len(mentions) > 1:
			feedback = "Expected exactly one name to be mentioned. Please select only one from: " + pyList(candidates) + "."
		case !s.allowRepeated && s.previous != nil && mentions[0] == *s.previous:
			feedback = "Repeated speaker is not allowed, please select a different name from: " + pyList(candidates) + "."
		default:
			return mentions[0], nil
		}
		msgs = append(msgs, models.NewUserText("user", feedback))
	}
	if s.previous != nil {
		return *s.previous, nil
	}
	return candidates[0], nil
}

// create is one call of the selector's model; streamed, its chunks and
// result are events when the team emits them.
func (s *selector) create(ctx context.Context, msgs []gen.LLMMessage, put agentchat.Emit) (gen.CreateResult, error) {
	if !s.streaming {
		return s.client.Create(ctx, msgs, models.CreateOptions{})
	}
	var result *gen.CreateResult
	for ev, err := range s.client.CreateStream(ctx, msgs, models.CreateOptions{}) {
		if err != nil {
			return gen.CreateResult{}, err
		}
		if ev.Result != nil {
			result = ev.Result
			if s.emitEvents && !ev.Result.Content.IsFunctionCalls() {
				e := messages.NewSelectorEvent(selectorManagerName, ev.Result.Content.Text)
				if err := put(e); err != nil {
					return gen.CreateResult{}, err
				}
			}
			continue
		}
		if s.emitEvents {
			e := messages.NewModelClientStreamingChunkEvent(selectorManagerName, ev.Text, "")
			if err := put(e); err != nil {
				return gen.CreateResult{}, err
			}
		}
	}
	if result == nil {
		return gen.CreateResult{}, &agentchat.RunError{Exception: "AssertionError", Message: ""}
	}
	return *result, nil
}

// isWord is Python's \w for str patterns: letters, numbers and "_".
func isWord(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) }

// mentioned is _mentioned_agents: the names mentioned in content, in the
// participants' order, each as itself, with spaces for underscores, or
// with escaped underscores, between non-word characters.
func mentioned(content string, names []string) []string {
	padded := " " + content + " "
	var out []string
	for _, name := range names {
		alts := []string{name, strings.ReplaceAll(name, "_", " "), strings.ReplaceAll(name, "_", `\_`)}
		if countMentions(padded, alts) > 0 {
			out = append(out, name)
		}
	}
	return out
}

// countMentions counts the non-overlapping matches of the regex
// (?<=\W)(alt1|alt2|alt3)(?=\W) in s, as re.findall does.
func countMentions(s string, alts []string) int {
	n := 0
	for i := 0; i < len(s); {
		matched := 0
		if i > 0 {
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			if !isWord(prev) {
				for _, a := range alts {
					if a == "" || !strings.HasPrefix(s[i:], a) {
						continue
					}
					next, size := utf8.DecodeRuneInString(s[i+len(a):])
					if size > 0 && !isWord(next) {
						matched = len(a)
						break
					}
				}
			}
		}
		if matched > 0 {
			n++
			i += matched
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return n
}

// selectorState is AutoGen's SelectorManagerState, in pydantic's member
// order.
type selectorState struct {
	Type            string            `json:"type"`
	Version         string            `json:"version"`
	MessageThread   []json.RawMessage `json:"message_thread"`
	CurrentTurn     int64             `json:"current_turn"`
	PreviousSpeaker *string           `json:"previous_speaker"`
}

func (s *selector) saveState(thread []json.RawMessage, turn int64) (json.RawMessage, error) {
	if thread == nil {
		thread = []json.RawMessage{}
	}
	return json.Marshal(selectorState{Type: "SelectorManagerState", Version: "1.0.0", MessageThread: thread,
		CurrentTurn: turn, PreviousSpeaker: s.previous})
}

// loadState reads the state; the group chat then passes the loaded thread
// to threadAdded, which adds its chat messages to the model context, as
// AutoGen's load_state does.
func (s *selector) loadState(state json.RawMessage) ([]json.RawMessage, int64, error) {
	var st selectorState
	if err := json.Unmarshal(state, &st); err != nil {
		return nil, 0, err
	}
	s.previous = st.PreviousSpeaker
	return st.MessageThread, st.CurrentTurn, nil
}

func init() {
	agentchat.Register(SelectorGroupChatProvider, func(ctx context.Context, raw gen.RawJSON) (any, error) {
		c, err := agentchat.DecodeConfig[gen.SelectorGroupChatConfig](SelectorGroupChatProvider, raw)
		if err != nil {
			return nil, err
		}
		return SelectorFromConfig(ctx, c)
	})
}

// SelectorFromConfig builds a SelectorGroupChat from its config, loading
// the participants, the model client, the termination condition and the
// model context with the component registry of ctx. Selector and
// candidate functions are not part of a config (as in AutoGen).
func SelectorFromConfig(ctx context.Context, c *gen.SelectorGroupChatConfig) (*SelectorGroupChat, error) {
	l, err := loadCommon(ctx, c.Participants, c.TerminationCondition, c.MaxTurns, c.Name, c.Description)
	if err != nil {
		return nil, err
	}
	l.opts.EmitTeamEvents = c.EmitTeamEvents
	client, err := loadAt[models.ChatCompletionClient](ctx, &c.ModelClient, "/config/model_client")
	if err != nil {
		l.close(ctx)
		return nil, err
	}
	sopts := SelectorOptions{SelectorPrompt: &c.SelectorPrompt, AllowRepeatedSpeaker: c.AllowRepeatedSpeaker,
		ModelClientStreaming: c.ModelClientStreaming}
	n, ok := c.MaxSelectorAttempts.Int64()
	if !ok || n < 0 || n > 1<<31 {
		l.close(ctx)
		_ = client.Close()
		return nil, agentchat.AtPointer("/config/max_selector_attempts", fmt.Errorf("max_selector_attempts %s is out of range", c.MaxSelectorAttempts))
	}
	sopts.MaxSelectorAttempts = int(n)
	if n == 0 {
		sopts.MaxSelectorAttempts = -1
	}
	if c.ModelContext != nil {
		mc, err := loadAt[modelcontext.ChatCompletionContext](ctx, c.ModelContext, "/config/model_context")
		if err != nil {
			l.close(ctx)
			_ = client.Close()
			return nil, err
		}
		sopts.ModelContext = mc
	}
	t, err := NewSelectorGroupChat(l.participants, client, l.opts, sopts)
	if err != nil {
		l.close(ctx)
		_ = client.Close()
		return nil, agentchat.AtPointer("/config", err)
	}
	return t, nil
}
