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
