package messages

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStructuredMessageSchema compares the generated JSON Schemas with
// pydantic's model_json_schema() of StructuredMessage[WeatherReport] and
// StructuredMessage[Answer], in validation and serialization mode.
func TestStructuredMessageSchema(t *testing.T) {
	for _, tc := range []struct {
		file   string
		schema func(bool) ([]byte, error)
	}{
		{"StructuredMessage_WeatherReport.json", StructuredMessageSchema[WeatherReport]},
		{"StructuredMessage_Answer.json", StructuredMessageSchema[Answer]},
	} {
		for _, ser := range []bool{false, true} {
			path := filepath.Join(conformanceDir, "schemas", tc.file)
			if ser {
				path = filepath.Join(conformanceDir, "schemas", "serialization", tc.file)
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tc.schema(ser)
			if err != nil {
				t.Fatal(err)
			}
			if msg := jsonDiff(got, want); msg != "" {
				t.Errorf("%s (serialization %v): %s", tc.file, ser, msg)
			}
		}
	}
}
