package ollama_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentschema/agentschema"
	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/internal/clientcase"
	"github.com/agentschema/agentschema/pkg/models/ollama"
)

// TestComponentModel: dump_component() writes the config as loaded, with
// pydantic's default follow_redirects and without model_info (AutoGen's
// constructor takes it out of the config it keeps); headers, timeout and
// options are written although the client does not use the first two.
func TestComponentModel(t *testing.T) {
	c, err := ollama.FromConfig([]byte(`{"model": "my-model", "host": "http://h:1", "timeout": 12.5, "headers": {"X-A": "b"},
		"options": {"temperature": 0.5, "stop": ["\n"]},
		"model_info": {"vision": true, "function_calling": true, "json_output": true, "family": "unknown", "structured_output": true}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !c.ModelInfo().Vision || c.Model() != "my-model" {
		t.Errorf("model info %+v", c.ModelInfo())
	}
	m, err := c.ComponentModel()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(m)
	want := `{"provider": "autogen_ext.models.ollama.OllamaChatCompletionClient", "component_type": "model", "version": 1,
		"component_version": 1, "description": "Chat completion client for Ollama hosted models.", "label": "OllamaChatCompletionClient",
		"config": {"model": "my-model", "host": "http://h:1", "follow_redirects": true, "timeout": 12.5, "headers": {"X-A": "b"},
		"options": {"temperature": 0.5, "stop": ["\n"]}}}`
	if !clientcase.SameJSON(got, []byte(want)) {
		t.Errorf("dump\n got %s\nwant %s", got, want)
	}
}

// TestConfigFaults: a config the config model refuses is pydantic's
// ValidationError, each fault also an *agentschema.Fault with its pointer.
func TestConfigFaults(t *testing.T) {
	_, err := ollama.FromConfig([]byte(`{"host": 5, "follow_redirects": "maybe"}`))
	var ve *ollama.ValidationError
	if !errors.As(err, &ve) || ve.Title != "BaseOllamaClientConfigurationConfigModel" {
		t.Fatalf("error %T %v", err, err)
	}
	var f *agentschema.Fault
	if !errors.As(err, &f) {
		t.Fatalf("no Fault in %v", err)
	}
	pointers := map[string]bool{}
	for _, fe := range ve.Errors {
		pointers["/"+fe.Loc[0].(string)] = true
	}
	for _, p := range []string{"/model", "/host", "/follow_redirects"} {
		if !pointers[p] {
			t.Errorf("no fault at %s: %v", p, err)
		}
	}
	if _, err := ollama.New(gen.OllamaClientConfigurationConfigModel{Model: "m", Host: ptr("http://h:99999")}); err == nil {
		t.Error("a port out of range was accepted")
	}
}

func ptr(s string) *string { return &s }

// TestConfigFaultsMaskHeaders: a refused config's error quotes the config
// (input_value of the missing model) with the credential headers masked,
// the other headers as they are. The expected text is pydantic's for the
// masked dict, shortened as pydantic shortens a repr over 50 characters
// (its first 25 and last 24 characters around "..."), checked with
// pydantic 2.13.4 on a model with a required str "model".
func TestConfigFaultsMaskHeaders(t *testing.T) {
	_, err := ollama.FromConfig([]byte(`{"headers": {"X-A": "b", "Authorization": "Bearer secret-token-1"}}`))
	var ve *ollama.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error %T %v", err, err)
	}
	want := "1 validation error for BaseOllamaClientConfigurationConfigModel\nmodel\n" +
		"  Field required [type=missing, input_value={'headers': {'X-A': 'b', ...ization': '**********'}}, input_type=dict]\n" +
		"    For further information visit https://errors.pydantic.dev/2.13/v/missing"
	if err.Error() != want {
		t.Errorf("error\n got %s\nwant %s", err, want)
	}
}
