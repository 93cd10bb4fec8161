package messages_test

import (
	"encoding/json"
	"testing"

	"github.com/agentschema/agentschema/pkg/messages"
)

// benchReport is a StructuredMessage content with the kinds a report has:
// strings, numbers, a list, a map, a nested model and an optional field.
type benchReport struct {
	City       string            `json:"city"`
	Celsius    float64           `json:"celsius"`
	Hours      []int             `json:"hours" default:"[]"`
	Tags       map[string]string `json:"tags" default:"{}"`
	Wind       benchWind         `json:"wind"`
	Note       *string           `json:"note" default:"null"`
	Conditions []string          `json:"conditions" default:"[]"`
}

type benchWind struct {
	Speed     float64 `json:"speed"`
	Direction string  `json:"direction" default:"\"N\""`
}

var benchDoc = []byte(`{"id":"6f1c2a9e-1b2c-4d3e-8f4a-5b6c7d8e9f00","source":"agent","models_usage":null,"metadata":{},"created_at":"2024-01-02T03:04:05Z","content":{"city":"Paris","celsius":"21.5","hours":[1,2,3,4,5,6,7,8],"tags":{"a":"b","c":"d"},"wind":{"speed":3}},"format_string":"{city}: {celsius}°C, wind {wind[speed]}","type":"StructuredMessage[benchReport]"}`)

func BenchmarkStructuredUnmarshal(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var m messages.StructuredMessage[benchReport]
		if err := json.Unmarshal(benchDoc, &m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStructuredMarshal(b *testing.B) {
	var m messages.StructuredMessage[benchReport]
	if err := json.Unmarshal(benchDoc, &m); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStructuredToText(b *testing.B) {
	var m messages.StructuredMessage[benchReport]
	if err := json.Unmarshal(benchDoc, &m); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.ToText(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStructuredSchema(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := messages.StructuredMessageSchema[benchReport](false); err != nil {
			b.Fatal(err)
		}
	}
}
