package replay

import (
	"context"
	"fmt"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/wire"
	"github.com/agentschema/agentschema/pkg/component"
)

// Provider is the replay client's provider string in component configs.
const Provider = "autogen_ext.models.replay.ReplayChatCompletionClient"

// ComponentType is the replay client's component_type.
const ComponentType = "replay_chat_completion_client"

// spec is the replay client's component class, as AutoGen's dump_component
// reads it.
var spec = component.Spec{
	Provider:      Provider,
	ComponentType: ComponentType,
	Description:   "A mock chat completion client that replays predefined responses using an index-based approach.",
	Label:         "ReplayChatCompletionClient",
}

func init() {
	component.Register(Provider, func(ctx context.Context, config gen.RawJSON) (any, error) {
		return FromConfig(config)
	})
}

// ComponentModel returns the client's component config, as AutoGen's
// dump_component() writes it: {"chat_completions": [...], "model_info":
// {...}} with the None fields of the CreateResults (logprobs, thought)
// dropped.
func (c *Client) ComponentModel() (gen.ComponentModel, error) {
	e := wire.NewEncoder(nil)
	e.Raw(`{"chat_completions":[`)
	for i, comp := range c.completions {
		if i > 0 {
			e.Raw(",")
		}
		if comp.Result != nil {
			e.Value(comp.Result)
		} else {
			e.Str(comp.Text)
		}
	}
	e.Raw(`],"model_info":`)
	e.Value(&c.info)
	e.Raw("}")
	if err := e.Err(); err != nil {
		return gen.ComponentModel{}, err
	}
	return spec.Model(gen.RawJSON(e.Bytes()))
}

// FromConfig builds a client from its component config (AutoGen's
// ReplayChatCompletionClientConfig: chat_completions, a list of strings
// and CreateResult objects, and model_info, a ModelInfo or null for the
// default). An invalid config is an error listing its faults with their
// JSON pointers.
func FromConfig(config []byte) (*Client, error) {
	var comps []Completion
	var info *gen.ModelInfo
	d := wire.NewDecoder(config, wire.Options{})
	d.DecodeDocument(wire.DecodeFunc(func(d *wire.Decoder) {
		if !d.Object("model_type", "Input should be a valid dictionary or instance of ReplayChatCompletionClientConfig") {
			return
		}
		seen := false
		for {
			name, ok := d.Next()
			if !ok {
				break
			}
			switch string(name) {
			case "chat_completions":
				seen = true
				comps = []Completion{}
				if !d.Array() {
					continue
				}
				for d.More() {
					switch d.Peek() {
					case wire.KindString:
						comps = append(comps, Completion{Text: d.Str()})
					case wire.KindObject:
						r := new(gen.CreateResult)
						d.Value(r)
						comps = append(comps, Completion{Result: r})
					default:
						d.Fail("union_type", "Input should be a valid string or a CreateResult object")
						d.Skip()
					}
				}
			case "model_info":
				if d.Null() {
					info = nil
					continue
				}
				info = new(gen.ModelInfo)
				d.Value(info)
			default:
				d.SkipUnknown()
			}
		}
		if !d.Fatal() && !seen {
			d.Missing("chat_completions")
		}
	}))
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("replay: invalid ReplayChatCompletionClientConfig: %w", err)
	}
	var opts []Option
	if info != nil {
		opts = append(opts, WithModelInfo(*info))
	}
	return New(comps, opts...), nil
}
