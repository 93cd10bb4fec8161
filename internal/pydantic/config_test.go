package pydantic_test

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/internal/pydantic"
	"github.com/agentschema/agentschema/internal/pyjson"
)

func TestConfigFaults(t *testing.T) {
	config := []byte(`{"model":"m","api_key":"sk-secret","tools":[{"name":1}],"a/b":{"c":2}}`)
	tests := []struct {
		name   string
		config []byte
		err    error
		want   string // the faults as "loc type msg input"; "" for not ok
	}{
		{"list index", config, agentschema.Faults{{Pointer: "/tools/0/name", Type: "string_type", Message: "Input should be a valid string"}},
			"[[tools 0 name] string_type Input should be a valid string 1]"},
		{"missing: the object", config, &agentschema.Fault{Pointer: "/tools/0/kind", Type: "missing", Message: "Field required"},
			"[[tools 0 kind] missing Field required {'name': 1}]"},
		{"escaped pointer", config, &agentschema.Fault{Pointer: "/a~1b/c", Type: "int_type", Message: "m"}, "[[a/b c] int_type m 2]"},
		{"masked", config, &agentschema.Fault{Pointer: "", Type: "model_type", Message: "m"},
			"[[] model_type m {'model': 'm', 'api_key': '**********', 'tools': [{'name': 1}], 'a/b': {'c': 2}}]"},
		{"no faults", config, errors.New("boom"), ""},
		{"limit", config, &agentschema.Fault{Pointer: "/model", Type: "limit", Message: "m"}, ""},
		{"not JSON", []byte(`{`), &agentschema.Fault{Pointer: "/model", Type: "missing", Message: "m"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			faults, ok := pydantic.ConfigFaults(tt.config, tt.err)
			got := ""
			if ok {
				var parts []string
				for _, f := range faults {
					loc := f.Loc
					if loc == nil {
						loc = []any{}
					}
					parts = append(parts, fmt.Sprintf("%v %s %s %s", loc, f.Type, f.Msg, pyjson.Repr(&f.Input)))
				}
				got = fmt.Sprint(parts)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %s\nwant %s", got, tt.want)
			}
		})
	}
}
