package jsonstream_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentschema/agentschema/pkg/jsonstream"
)

// Reading JSONL: each line is a document with its position; a broken line
// is reported where it breaks, and reading goes on.
func ExampleRead() {
	input := `{"type":"TextMessage","source":"user","content":"hi"}
{"type":"TextMessage","source":"bot","content":"hel
{"type":"StopMessage","source":"bot","content":"done"}
`
	for doc, err := range jsonstream.Read(strings.NewReader(input), jsonstream.Options{Name: "chat.jsonl"}) {
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		var m struct{ Type, Source string }
		_ = json.Unmarshal(doc.Data, &m)
		fmt.Printf("%v: document %d: %s from %s\n", doc.Position, doc.Index, m.Type, m.Source)
	}
	// Output:
	// chat.jsonl:1:1: document 0: TextMessage from user
	// error: chat.jsonl:2:52: unexpected end of line in a string (JSONL holds one whole document per line)
	// chat.jsonl:3:1: document 2: StopMessage from bot
}

// Reading the elements of a pretty-printed JSON array one at a time, in
// memory bounded by the largest element; Locate turns a position inside a
// document (a decoder's fault) into one in the file.
func ExampleRead_elements() {
	input := `[
  {"role": "user", "content": "hi"},
  {"role": "assistant",
   "content": 42}
]`
	opts := jsonstream.Options{Name: "msgs.json", Elements: true}
	for doc, err := range jsonstream.Read(strings.NewReader(input), opts) {
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		var m struct{ Role, Content string }
		if err := json.Unmarshal(doc.Data, &m); err != nil {
			// The content of the second element is on its line 2, column 15.
			fmt.Printf("%v: %v\n", doc.Locate(2, 15), err)
			continue
		}
		fmt.Printf("%v: %s says %q\n", doc.Position, m.Role, m.Content)
	}
	// Output:
	// msgs.json:2:3: user says "hi"
	// msgs.json:4:15: json: cannot unmarshal number into Go struct field .Content of type string
}
