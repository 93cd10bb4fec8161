package tools_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/pkg/tools"
)

type benchArgs struct {
	Query  string            `json:"query" description:"what to look for"`
	Limit  int               `json:"limit" default:"10" minimum:"1"`
	Tags   []string          `json:"tags,omitempty"`
	Where  *benchPlace       `json:"where"`
	Mode   string            `json:"mode" enum:"fast,slow" default:"fast"`
	Weight float64           `json:"weight" default:"1.5"`
	Extra  map[string]string `json:"extra,omitempty"`
}

type benchPlace struct {
	City string  `json:"city"`
	Lat  float64 `json:"lat"`
}

var benchCall = json.RawMessage(`{"query":"rain","limit":"25","tags":["a","b","c"],"where":{"city":"Paris","lat":48.85},"mode":"slow","extra":{"k":"v"}}`)

func benchTool(b *testing.B) *tools.FunctionTool[benchArgs, int] {
	t, err := tools.NewFunctionTool("search", "Search.", func(_ context.Context, in benchArgs) (int, error) { return in.Limit, nil })
	if err != nil {
		b.Fatal(err)
	}
	return t
}

func BenchmarkToolRunJSON(b *testing.B) {
	t := benchTool(b)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := t.RunJSON(ctx, benchCall, ""); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkToolBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		benchTool(b)
	}
}

func BenchmarkToolReturnValueAsString(b *testing.B) {
	v := benchArgs{Query: "rain", Limit: 3, Tags: []string{"a"}, Where: &benchPlace{City: "Paris"}}
	b.ReportAllocs()
	for b.Loop() {
		_ = tools.ReturnValueAsString(v)
	}
}
