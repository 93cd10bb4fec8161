package codeexec_test

import (
	"fmt"

	"github.com/agentschema/agentschema/pkg/codeexec"
)

// The blocks CodeExecutorAgent runs: fenced with a supported language
// (python and sh by default), the code up to the closing fence.
func ExampleExtractMarkdownCodeBlocks() {
	text := "Try this:\n```python\nprint(1)\n```\nor\n```bash\necho 1\n```"
	for _, b := range codeexec.ExtractMarkdownCodeBlocks(text, nil) {
		fmt.Printf("%s %q\n", b.Language, b.Code)
	}
	fmt.Println(len(codeexec.ExtractMarkdownCodeBlocks(text, []string{"python", "bash"})))
	// Output:
	// python "print(1)\n"
	// 2
}
