package local_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/codeexec/local"
)

// Blocks run in order in the work dir, each block's stderr before its
// stdout; a failing block stops the rest.
func ExampleExecutor_ExecuteCodeBlocks() {
	dir, _ := os.MkdirTemp("", "work")
	defer os.RemoveAll(dir)
	e, err := local.New(local.Options{WorkDir: dir, Timeout: 10 * time.Second, Warnings: io.Discard})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := e.ExecuteCodeBlocks(context.Background(), []gen.CodeBlock{
		{Language: "sh", Code: "echo out; echo err >&2"},
		{Language: "sh", Code: "exit 3"},
		{Language: "sh", Code: "echo never"},
	})
	fmt.Printf("%d %q %v\n", r.ExitCode, r.Output, err)
	// Output: 3 "err\nout\n" <nil>
}
