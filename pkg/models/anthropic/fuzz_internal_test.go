package anthropic

import (
	"bytes"
	"context"
	"testing"

	"github.com/agentschema/agentschema/pkg/models"
)

// FuzzStream feeds arbitrary bytes to the stream decoder (the SSE reader
// and create_stream's event handling): it must end with a result or an
// error, never panic, and never yield after an error.
func FuzzStream(f *testing.F) {
	for _, seed := range []string{
		"event: message_start\ndata: {\"type\": \"message_start\", \"message\": {\"usage\": {\"input_tokens\": 3, \"output_tokens\": 1}}}\n\n" +
			"event: content_block_delta\ndata: {\"type\": \"content_block_delta\", \"delta\": {\"type\": \"text_delta\", \"text\": \"Hi\"}}\n\n",
		"event: content_block_start\ndata: {\"type\": \"content_block_start\", \"content_block\": {\"type\": \"tool_use\", \"id\": \"t\", \"name\": \"f\", \"input\": {}}}\n\n" +
			"event: content_block_delta\ndata: {\"delta\": {\"type\": \"input_json_delta\", \"partial_json\": \"{\\\"a\\\"\"}}\n\nevent: content_block_stop\ndata: {}\n\n",
		"event: error\ndata: {\"type\": \"error\"}\n\n",
		"event: message_delta\ndata: {\"usage\": {\"output_tokens\": null}}\n\n",
		": comment\r\ndata: x\r\n\r\n",
		"event: message_start\ndata: [1, 2\n\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &base{maxEvent: 1 << 16}
		stopped := false
		c.readStream(context.Background(), bytes.NewReader(data), func(ev models.StreamEvent, err error) bool {
			if stopped {
				t.Fatal("yield after the end")
			}
			if err != nil || ev.Result != nil {
				stopped = true
			}
			return true
		})
		if !stopped {
			t.Fatal("the stream ended without a result or an error")
		}
	})
}
