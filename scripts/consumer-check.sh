#!/usr/bin/env bash
# consumer-check: a program in a module of its own that imports one package
# of agentschema must pull only runtime dependencies into its module graph.
# It builds such a program against this checkout (a replace directive) and
# fails if the generator's dependencies (go-jsonschema, cobra, x/tools, ...)
# appear in `go list -m all`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
GO=${GO:-go}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
cat > go.mod <<MOD
module example.com/consumer

go 1.26.0

require github.com/agentschema/agentschema v0.0.0

replace github.com/agentschema/agentschema => $root
MOD
cat > main.go <<'SRC'
package main

import (
	"fmt"

	"github.com/agentschema/agentschema/pkg/models"
)

func main() { fmt.Println(models.NewUserText("user", "hi").Source) }
SRC
"$GO" mod tidy >/dev/null
"$GO" build ./...
mods=$("$GO" list -m all)
bad=$(printf '%s\n' "$mods" | grep -E 'atombender/go-jsonschema|spf13/cobra|spf13/pflag|golang.org/x/tools|sanity-io/litter|dario.cat/mergo|goccy/go-yaml|mitchellh/go-wordwrap|sosodev/duration|inconshreveable/mousetrap' || true)
if [ -n "$bad" ]; then
  echo "consumer-check: a module that imports pkg/models pulls build-time dependencies:" >&2
  printf '%s\n' "$bad" | sed 's/^/  /' >&2
  exit 1
fi
echo "consumer-check: $(printf '%s\n' "$mods" | wc -l) modules in a consumer's graph, none of them the generator's"

# A program a user would write, in a module of its own: build a transcript
# with the constructors, convert it into LLM messages, count its tokens and
# encode a client config. It must build and run outside this module.
mkdir -p "$tmp/transcript"
cd "$tmp/transcript"
sed 's#^module .*#module example.com/transcript#' "$tmp/go.mod" > go.mod
cat > main.go <<'SRC'
package main

import (
	"fmt"
	"log"

	"github.com/agentschema/agentschema/gen"
	"github.com/agentschema/agentschema/pkg/component"
	"github.com/agentschema/agentschema/pkg/messages"
	"github.com/agentschema/agentschema/pkg/models/openai"
	"github.com/agentschema/agentschema/pkg/tokens"
)

func main() {
	transcript := []messages.Message{
		messages.NewTextMessage("user", "What is 2 + 3?"),
		messages.NewToolCallRequestEvent("assistant", gen.FunctionCall{ID: "c1", Name: "add", Arguments: `{"a": 2, "b": 3}`}),
		messages.NewTextMessage("assistant", "5"),
	}
	llm, err := messages.ToModelMessages(transcript)
	if err != nil {
		log.Fatal(err)
	}
	n, err := tokens.CountMessages(llm, "gpt-4o")
	if err != nil {
		log.Fatal(err)
	}
	client, err := openai.NewOpenAI(gen.OpenAIClientConfigurationConfigModel{Model: "gpt-4o", APIKey: gen.Ptr("sk-not-a-key")})
	if err != nil {
		log.Fatal(err)
	}
	cfg, err := component.Dump(client)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(llm), n > 0, len(cfg) > 0)
}
SRC
"$GO" mod tidy >/dev/null
got=$("$GO" run .)
if [ "$got" != "2 true true" ]; then
  echo "consumer-check: the transcript program printed '$got', want '2 true true'" >&2
  exit 1
fi
echo "consumer-check: a program outside the module builds a transcript, converts it, counts its tokens and encodes a client config"
