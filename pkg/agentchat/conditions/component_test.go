package conditions_test

// Loading the conditions from the component configs AutoGen 0.7.5's
// dump_component() writes. The expected behaviour of each loaded
// condition is derived by hand from the _from_config of its class in
// autogen_agentchat/conditions/_terminations.py and
// autogen_agentchat/base/_termination.py (AND/OR load their conditions
// with TerminationCondition.load_component).

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/agentchat"
	"github.com/agentschema/agentschema/pkg/agentchat/conditions"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
)

// model is a ComponentModel of a termination condition as
// dump_component() writes it.
func model(provider, config string) string {
	return `{"provider":"` + provider + `","component_type":"termination","version":1,"component_version":1,"config":` + config + `}`
}

func load(t *testing.T, doc string) agentchat.TerminationCondition {
	t.Helper()
	v, err := component.Load(context.Background(), []byte(doc))
	if err != nil {
		t.Fatalf("component.Load(%s): %v", doc, err)
	}
	c, ok := v.(agentchat.TerminationCondition)
	if !ok {
		t.Fatalf("component.Load(%s) = %T, not a TerminationCondition", doc, v)
	}
	return c
}

// loadProviderCall is one call of a loaded condition in TestLoadProviders:
// the delta it is given and the StopMessage it must return.
type loadProviderCall struct {
	delta           []messages.Message
	source, content string // "" for None
}

// TestLoadProviders loads every provider and runs the loaded condition
// through a firing sequence.
func TestLoadProviders(t *testing.T) {
	for _, tc := range loadProviderCases {
		t.Run(tc.name, func(t *testing.T) {
			c := load(t, tc.doc)
			if got, want := typeName(c), typeName(tc.typ); got != want {
				t.Fatalf("loaded a %s, want a %s", got, want)
			}
			for round := 0; round < 2; round++ {
				wantTerminated(t, c, false)
				for _, cl := range tc.calls {
					if cl.content == "" {
						checkNil(t, c, cl.delta)
					} else {
						checkStop(t, c, cl.delta, cl.source, cl.content)
					}
				}
				if tc.calls[len(tc.calls)-1].content != "" {
					wantTerminated(t, c, true)
				}
				reset(t, c)
			}
		})
	}
}

// loadProviderCases are the cases of TestLoadProviders.
var loadProviderCases = []struct {
	name  string
	doc   string
	typ   any // the concrete type wanted
	calls []loadProviderCall
}{
	{
		name: "StopMessage", doc: model(conditions.StopMessageProvider, `{}`), typ: (*conditions.StopMessage)(nil),
		calls: []loadProviderCall{{msgs(stopMsg("a", "x")), "StopMessageTermination", "Stop message received"}},
	},
	{
		name: "MaxMessage", doc: model(conditions.MaxMessageProvider, `{"max_messages":3}`), typ: (*conditions.MaxMessage)(nil),
		calls: []loadProviderCall{
			{msgs(text("a", "1"), toolRequest("a"), text("a", "2")), "", ""}, // include_agent_event defaults to False
			{msgs(text("a", "3")), "MaxMessageTermination", "Maximum number of messages 3 reached, current message count: 3"},
		},
	},
	{
		name: "MaxMessage include_agent_event", typ: (*conditions.MaxMessage)(nil),
		doc: model(conditions.MaxMessageProvider, `{"max_messages":3,"include_agent_event":true}`),
		calls: []loadProviderCall{
			{msgs(text("a", "1"), toolRequest("a"), toolExec("a")), "MaxMessageTermination", "Maximum number of messages 3 reached, current message count: 3"},
		},
	},
	{
		// pydantic's lax mode: "3" is the int 3.
		name: "MaxMessage lax int", typ: (*conditions.MaxMessage)(nil),
		doc: model(conditions.MaxMessageProvider, `{"max_messages":"3"}`),
		calls: []loadProviderCall{
			{msgs(text("a", "1"), text("a", "2"), text("a", "3")), "MaxMessageTermination", "Maximum number of messages 3 reached, current message count: 3"},
		},
	},
	{
		// _from_config gives sources=None: any source.
		name: "TextMention", doc: model(conditions.TextMentionProvider, `{"text":"TERMINATE"}`), typ: (*conditions.TextMention)(nil),
		calls: []loadProviderCall{
			{msgs(text("a", "terminate")), "", ""},
			{msgs(text("anyone", "TERMINATE")), "TextMentionTermination", "Text 'TERMINATE' mentioned"},
		},
	},
	{
		name: "TokenUsage", typ: (*conditions.TokenUsage)(nil),
		doc: model(conditions.TokenUsageProvider, `{"max_total_token":null,"max_prompt_token":null,"max_completion_token":5}`),
		calls: []loadProviderCall{
			{msgs(textUsage("a", "x", 100, 4)), "", ""},
			{msgs(textUsage("a", "x", 0, 1)), "TokenUsageTermination",
				"Token usage limit reached, total token count: 105, prompt token count: 100, completion token count: 5."},
		},
	},
	{
		name: "Handoff", doc: model(conditions.HandoffProvider, `{"target":"user"}`), typ: (*conditions.Handoff)(nil),
		calls: []loadProviderCall{
			{msgs(handoff("a", "b", "")), "", ""},
			{msgs(handoff("a", "user", "")), "HandoffTermination", "Handoff to user from a detected."},
		},
	},
	{
		// timeout_seconds: float, so the int 0 is 0.0.
		name: "Timeout", doc: model(conditions.TimeoutProvider, `{"timeout_seconds":0}`), typ: (*conditions.Timeout)(nil),
		calls: []loadProviderCall{{nil, "TimeoutTermination", "Timeout of 0.0 seconds reached"}},
	},
	{
		name: "External", doc: model(conditions.ExternalProvider, `{}`), typ: (*conditions.External)(nil),
		calls: []loadProviderCall{{msgs(text("a", "x")), "", ""}},
	},
	{
		name: "SourceMatch", doc: model(conditions.SourceMatchProvider, `{"sources":["critic","user"]}`), typ: (*conditions.SourceMatch)(nil),
		calls: []loadProviderCall{
			{msgs(text("writer", "x")), "", ""},
			{msgs(text("user", "x")), "SourceMatchTermination", "'user' answered"},
		},
	},
	{
		name: "TextMessage with source", doc: model(conditions.TextMessageProvider, `{"source":"critic"}`), typ: (*conditions.TextMessage)(nil),
		calls: []loadProviderCall{
			{msgs(text("writer", "x")), "", ""},
			{msgs(text("critic", "x")), "TextMessageTermination", "Text message received from 'critic'"},
		},
	},
	{
		// source defaults to None: any source.
		name: "TextMessage without source", doc: model(conditions.TextMessageProvider, `{}`), typ: (*conditions.TextMessage)(nil),
		calls: []loadProviderCall{{msgs(text("writer", "x")), "TextMessageTermination", "Text message received from 'writer'"}},
	},
	{
		name: "TextMessage null source", doc: model(conditions.TextMessageProvider, `{"source":null}`), typ: (*conditions.TextMessage)(nil),
		calls: []loadProviderCall{{msgs(text("w", "x")), "TextMessageTermination", "Text message received from 'w'"}},
	},
	{
		name: "FunctionCall", doc: model(conditions.FunctionCallProvider, `{"function_name":"calc"}`), typ: (*conditions.FunctionCall)(nil),
		calls: []loadProviderCall{
			{msgs(toolExec("a", result("1", "other", "", nil))), "", ""},
			{msgs(toolExec("a", result("1", "calc", "", nil))), "FunctionCallTermination", "Function 'calc' was executed."},
		},
	},
	{
		// MaxMessageTermination(3) | TextMentionTermination("TERMINATE"),
		// as dump_component() writes it (labels, descriptions).
		name: "Or", typ: (*conditions.Or)(nil),
		doc: `{"provider":"autogen_agentchat.base.OrTerminationCondition","component_type":"termination","version":1,` +
			`"component_version":1,"description":null,"label":"OrTerminationCondition","config":{"conditions":[` +
			`{"provider":"autogen_agentchat.conditions.MaxMessageTermination","component_type":"termination","version":1,` +
			`"component_version":1,"description":"Terminate the conversation after a maximum number of messages have been exchanged.",` +
			`"label":"MaxMessageTermination","config":{"max_messages":3,"include_agent_event":false}},` +
			`{"provider":"autogen_agentchat.conditions.TextMentionTermination","component_type":"termination","version":1,` +
			`"component_version":1,"description":"Terminate the conversation if a specific text is mentioned.",` +
			`"label":"TextMentionTermination","config":{"text":"TERMINATE"}}]}}`,
		calls: []loadProviderCall{
			{msgs(text("a", "1")), "", ""},
			{msgs(text("a", "TERMINATE")), "TextMentionTermination", "Text 'TERMINATE' mentioned"},
		},
	},
	{
		name: "Or both fire", typ: (*conditions.Or)(nil),
		doc: model(conditions.OrProvider, `{"conditions":[`+model(conditions.MaxMessageProvider, `{"max_messages":1}`)+`,`+
			model(conditions.TextMentionProvider, `{"text":"TERMINATE"}`)+`]}`),
		calls: []loadProviderCall{
			{msgs(text("a", "TERMINATE")), "MaxMessageTermination, TextMentionTermination",
				"Maximum number of messages 1 reached, current message count: 1, Text 'TERMINATE' mentioned"},
		},
	},
	{
		name: "And", typ: (*conditions.And)(nil),
		doc: model(conditions.AndProvider, `{"conditions":[`+model(conditions.MaxMessageProvider, `{"max_messages":2}`)+`,`+
			model(conditions.TextMentionProvider, `{"text":"APPROVE"}`)+`]}`),
		calls: []loadProviderCall{
			{msgs(text("a", "APPROVE")), "", ""},
			{msgs(text("b", "ok")), "TextMentionTermination, MaxMessageTermination",
				"Text 'APPROVE' mentioned, Maximum number of messages 2 reached, current message count: 2"},
		},
	},
	{
		// load_component imports the module of the provider path and
		// takes the class from it: the private module works as well.
		name: "alias MaxMessage", typ: (*conditions.MaxMessage)(nil),
		doc: model("autogen_agentchat.conditions._terminations.MaxMessageTermination", `{"max_messages":1}`),
		calls: []loadProviderCall{
			{msgs(text("a", "1")), "MaxMessageTermination", "Maximum number of messages 1 reached, current message count: 1"},
		},
	},
	{
		name: "alias TextMention", typ: (*conditions.TextMention)(nil),
		doc:   model("autogen_agentchat.conditions._terminations.TextMentionTermination", `{"text":"x"}`),
		calls: []loadProviderCall{{msgs(text("a", "x")), "TextMentionTermination", "Text 'x' mentioned"}},
	},
	{
		name: "alias And and Or", typ: (*conditions.And)(nil),
		doc: model("autogen_agentchat.base._termination.AndTerminationCondition", `{"conditions":[`+
			model("autogen_agentchat.base._termination.OrTerminationCondition", `{"conditions":[`+
				model("autogen_agentchat.conditions._terminations.StopMessageTermination", `{}`)+`]}`)+`]}`),
		calls: []loadProviderCall{{msgs(stopMsg("a", "s")), "StopMessageTermination", "Stop message received"}},
	},
	{
		// Unknown config members are ignored (pydantic's default extra="ignore").
		name: "extra members", typ: (*conditions.Handoff)(nil),
		doc:   model(conditions.HandoffProvider, `{"target":"user","unknown":1}`),
		calls: []loadProviderCall{{msgs(handoff("a", "user", "")), "HandoffTermination", "Handoff to user from a detected."}},
	},
}

func typeName(v any) string {
	switch v.(type) {
	case *conditions.StopMessage:
		return "StopMessage"
	case *conditions.MaxMessage:
		return "MaxMessage"
	case *conditions.TextMention:
		return "TextMention"
	case *conditions.TokenUsage:
		return "TokenUsage"
	case *conditions.Handoff:
		return "Handoff"
	case *conditions.Timeout:
		return "Timeout"
	case *conditions.External:
		return "External"
	case *conditions.SourceMatch:
		return "SourceMatch"
	case *conditions.TextMessage:
		return "TextMessage"
	case *conditions.FunctionCall:
		return "FunctionCall"
	case *conditions.And:
		return "And"
	case *conditions.Or:
		return "Or"
	}
	return "?"
}

// TestLoadModel loads through conditions.Load, the typed entry point.
func TestLoadModel(t *testing.T) {
	var m gen.ComponentModel
	if err := wire.Unmarshal([]byte(model(conditions.ExternalProvider, `{}`)), &m); err != nil {
		t.Fatal(err)
	}
	c, err := conditions.Load(context.Background(), &m)
	if err != nil {
		t.Fatal(err)
	}
	ext, ok := c.(*conditions.External)
	if !ok {
		t.Fatalf("loaded a %T", c)
	}
	ext.Set()
	checkStop(t, c, nil, "ExternalTermination", "External termination requested")
}

// TestLoadEveryProviderRegistered: every termination provider of
// component.KnownProviders is registered by this package.
func TestLoadEveryProviderRegistered(t *testing.T) {
	registered := map[string]bool{}
	for _, p := range component.Default.Providers() {
		registered[p] = true
	}
	n := 0
	for _, p := range component.KnownProviders() {
		info, _ := component.LookupProvider(p)
		if info.ComponentType != "termination" {
			continue
		}
		n++
		if !registered[p] {
			t.Errorf("termination provider %s is not registered", p)
		}
	}
	if n != 12 {
		t.Errorf("%d termination providers known, want AutoGen's 12 (10 conditions, AND, OR)", n)
	}
}

// TestLoadTokenUsageNoLimit: TokenUsageTermination's constructor raises
// ValueError when the config's three limits are null.
func TestLoadTokenUsageNoLimit(t *testing.T) {
	_, err := component.Load(context.Background(), []byte(model(conditions.TokenUsageProvider,
		`{"max_total_token":null,"max_prompt_token":null,"max_completion_token":null}`)))
	if err == nil {
		t.Fatal("no error")
	}
	var re *agentchat.RunError
	if !errors.As(err, &re) || re.Exception != "ValueError" ||
		re.Message != "At least one of max_total_token, max_prompt_token, or max_completion_token must be provided" {
		t.Fatalf("error %v, want AutoGen's ValueError", err)
	}
	var le *component.LoadError
	if !errors.As(err, &le) || le.Provider != conditions.TokenUsageProvider {
		t.Fatalf("error %v, want a *component.LoadError of %s", err, conditions.TokenUsageProvider)
	}
}

// TestLoadInvalidConfig: configs TerminationCondition.load_component
// refuses with pydantic's ValidationError (component_config_schema.model_validate).
func TestLoadInvalidConfig(t *testing.T) {
	tests := []struct {
		name string
		doc  string
	}{
		{"MaxMessage without max_messages", model(conditions.MaxMessageProvider, `{}`)},
		{"MaxMessage not an int", model(conditions.MaxMessageProvider, `{"max_messages":"three"}`)},
		{"MaxMessage fractional", model(conditions.MaxMessageProvider, `{"max_messages":2.5}`)},
		{"TextMention without text", model(conditions.TextMentionProvider, `{}`)},
		{"TextMention text not a str", model(conditions.TextMentionProvider, `{"text":1}`)},
		// max_total_token: int | None has no default: each member is required.
		{"TokenUsage missing members", model(conditions.TokenUsageProvider, `{"max_total_token":10}`)},
		{"Handoff without target", model(conditions.HandoffProvider, `{}`)},
		{"Timeout without timeout_seconds", model(conditions.TimeoutProvider, `{}`)},
		{"SourceMatch without sources", model(conditions.SourceMatchProvider, `{}`)},
		{"SourceMatch sources not a list", model(conditions.SourceMatchProvider, `{"sources":"a"}`)},
		{"FunctionCall without function_name", model(conditions.FunctionCallProvider, `{}`)},
		{"And without conditions", model(conditions.AndProvider, `{}`)},
		{"Or conditions not a list", model(conditions.OrProvider, `{"conditions":{}}`)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := component.Load(context.Background(), []byte(tc.doc))
			if err == nil {
				t.Fatalf("loaded %T, want an error", v)
			}
			var ic *component.InvalidConfigError
			if !errors.As(err, &ic) {
				t.Fatalf("error %v (%T), want a *component.InvalidConfigError", err, err)
			}
		})
	}
}

// notACondition is a component of another kind, to see AND's
// TerminationCondition.load_component refuse it.
const notAConditionProvider = "agentschema_test.conditions.NotACondition"

func init() {
	component.Register(notAConditionProvider, func(context.Context, gen.RawJSON) (any, error) {
		return "not a condition", nil
	})
}

// TestLoadNestedErrors: an error of a nested condition is a
// *agentchat.ConfigError whose Pointer is the JSON pointer of that
// condition in the loaded document.
func TestLoadNestedErrors(t *testing.T) {
	maxMsg := model(conditions.MaxMessageProvider, `{"max_messages":3}`)
	unknown := model("autogen_agentchat.conditions.NoSuchTermination", `{}`)
	tests := []struct {
		name    string
		doc     string
		pointer string
		check   func(t *testing.T, err error)
	}{
		{
			name:    "And unknown provider",
			doc:     model(conditions.AndProvider, `{"conditions":[`+maxMsg+`,`+unknown+`]}`),
			pointer: "/config/conditions/1",
			check: func(t *testing.T, err error) {
				var up *component.UnknownProviderError
				if !errors.As(err, &up) || up.Provider != "autogen_agentchat.conditions.NoSuchTermination" {
					t.Fatalf("error %v, want a *component.UnknownProviderError", err)
				}
			},
		},
		{
			name:    "Or unknown provider first",
			doc:     model(conditions.OrProvider, `{"conditions":[`+unknown+`,`+maxMsg+`]}`),
			pointer: "/config/conditions/0",
			check: func(t *testing.T, err error) {
				var up *component.UnknownProviderError
				if !errors.As(err, &up) {
					t.Fatalf("error %v, want a *component.UnknownProviderError", err)
				}
			},
		},
		{
			name: "nested two deep",
			doc: model(conditions.OrProvider, `{"conditions":[`+maxMsg+`,`+
				model(conditions.AndProvider, `{"conditions":[`+maxMsg+`,`+maxMsg+`,`+unknown+`]}`)+`]}`),
			pointer: "/config/conditions/1/config/conditions/2",
			check: func(t *testing.T, err error) {
				var up *component.UnknownProviderError
				if !errors.As(err, &up) {
					t.Fatalf("error %v, want a *component.UnknownProviderError", err)
				}
			},
		},
		{
			name:    "nested invalid config",
			doc:     model(conditions.AndProvider, `{"conditions":[`+model(conditions.MaxMessageProvider, `{}`)+`]}`),
			pointer: "/config/conditions/0",
			check: func(t *testing.T, err error) {
				var ic *component.InvalidConfigError
				if !errors.As(err, &ic) {
					t.Fatalf("error %v, want a *component.InvalidConfigError", err)
				}
			},
		},
		{
			name: "nested ValueError",
			doc: model(conditions.OrProvider, `{"conditions":[`+maxMsg+`,`+model(conditions.TokenUsageProvider,
				`{"max_total_token":null,"max_prompt_token":null,"max_completion_token":null}`)+`]}`),
			pointer: "/config/conditions/1",
			check: func(t *testing.T, err error) {
				var re *agentchat.RunError
				if !errors.As(err, &re) || re.Exception != "ValueError" {
					t.Fatalf("error %v, want the ValueError", err)
				}
			},
		},
		{
			// load_component raises TypeError("Expected type does not match").
			name:    "nested component of another kind",
			doc:     model(conditions.AndProvider, `{"conditions":[`+maxMsg+`,`+model(notAConditionProvider, `{}`)+`]}`),
			pointer: "/config/conditions/1",
			check: func(t *testing.T, err error) {
				var te *component.TypeError
				if !errors.As(err, &te) || !strings.Contains(err.Error(), "Expected type does not match") {
					t.Fatalf("error %v, want a *component.TypeError", err)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := component.Load(context.Background(), []byte(tc.doc))
			if err == nil {
				t.Fatalf("loaded %T, want an error", v)
			}
			var ce *agentchat.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v (%T), want a *agentchat.ConfigError", err, err)
			}
			if ce.Pointer != tc.pointer {
				t.Fatalf("ConfigError pointer %q, want %q (error %v)", ce.Pointer, tc.pointer, err)
			}
			if !strings.Contains(err.Error(), tc.pointer) {
				t.Fatalf("error %q does not name %q", err, tc.pointer)
			}
			tc.check(t, err)
		})
	}
}

// TestLoadUnknownProvider: an unknown provider at the root is a
// *component.UnknownProviderError.
func TestLoadUnknownProvider(t *testing.T) {
	_, err := component.Load(context.Background(), []byte(model("autogen_agentchat.conditions.NoSuchTermination", `{}`)))
	var up *component.UnknownProviderError
	if !errors.As(err, &up) {
		t.Fatalf("error %v, want a *component.UnknownProviderError", err)
	}
}

// TestLoadWrongType: conditions.Load refuses a component that is not a
// termination condition.
func TestLoadWrongType(t *testing.T) {
	var m gen.ComponentModel
	if err := wire.Unmarshal([]byte(model(notAConditionProvider, `{}`)), &m); err != nil {
		t.Fatal(err)
	}
	_, err := conditions.Load(context.Background(), &m)
	var te *component.TypeError
	if !errors.As(err, &te) {
		t.Fatalf("error %v, want a *component.TypeError", err)
	}
}

// TestLoadedConditionsAreIndependent: each load builds new state.
func TestLoadedConditionsAreIndependent(t *testing.T) {
	doc := model(conditions.MaxMessageProvider, `{"max_messages":2}`)
	a, b := load(t, doc), load(t, doc)
	checkNil(t, a, msgs(text("a", "1")))
	checkNil(t, b, msgs(text("a", "1")))
	checkStop(t, a, msgs(text("a", "2")), "MaxMessageTermination", "Maximum number of messages 2 reached, current message count: 2")
	wantTerminated(t, b, false)
}
