package httptool

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/agentschema/agentschema/internal/pyjson"
)

// testdata/pydantic.jsonl records what json_schema_to_pydantic 0.4.11's
// create_model and pydantic 2.13.4 make of json_schemas (one per line):
// "params", the parameters AutoGen's BaseTool.schema writes (the model's
// model_json_schema() with $refs inlined); for "args", either "dump"
// (repr(model_validate(json.loads(args)).model_dump())) or "error"
// (str(ValidationError)); or "exc", the exception create_model raised.
// Schemas AutoGen accepts and this package refuses (see model.go) are not
// in the file.
func TestPydanticRecorded(t *testing.T) {
	f, err := os.Open("testdata/pydantic.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		var c struct {
			Schema json.RawMessage `json:"schema"`
			Args   *string         `json:"args"`
			Params string          `json:"params"`
			Dump   *string         `json:"dump"`
			Error  *string         `json:"error"`
			Exc    string          `json:"exc"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		tool, err := New("t", "localhost", 80, c.Schema)
		if c.Exc != "" {
			_, msg, _ := strings.Cut(c.Exc, ": ")
			if err == nil {
				t.Errorf("line %d: no error, want %s", n, c.Exc)
			} else if !strings.HasPrefix(c.Exc, "SchemaError: Error building") && !strings.HasSuffix(err.Error(), msg) {
				t.Errorf("line %d: error %q, want one ending %q", n, err, msg)
			}
			continue
		}
		if err != nil {
			t.Errorf("line %d: %v", n, err)
			continue
		}
		params, _ := json.Marshal(tool.Schema().Parameters)
		if string(params) != c.Params {
			t.Errorf("line %d: parameters\n got %s\nwant %s", n, params, c.Params)
		}
		if c.Args == nil {
			continue
		}
		dump, err := tool.validate(json.RawMessage(*c.Args))
		switch {
		case c.Dump != nil && err != nil:
			t.Errorf("line %d: %s: %v, want %s", n, *c.Args, err, *c.Dump)
		case c.Dump != nil:
			if got := pyRepr(&dump, pyjson.Options{}); got != *c.Dump {
				t.Errorf("line %d: %s: dump %s, want %s", n, *c.Args, got, *c.Dump)
			}
		case err == nil:
			t.Errorf("line %d: %s: no error, want\n%s", n, *c.Args, *c.Error)
		case err.Error() != *c.Error:
			t.Errorf("line %d: %s: error\n%s\nwant\n%s", n, *c.Args, err, *c.Error)
		}
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}
