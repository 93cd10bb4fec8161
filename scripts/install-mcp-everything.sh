#!/bin/sh
# install-mcp-everything.sh installs the reference MCP server
# @modelcontextprotocol/server-everything (a pinned version) with npm into a
# directory, and prints the path of its entry script. The MCP workbench's
# tests (pkg/workbench/mcp) run it with node over stdio; they find it through
# AGENTSCHEMA_MCP_EVERYTHING or in the default directory.
#
#   scripts/install-mcp-everything.sh [DIR]   # DIR: $HOME/.cache/agentschema/mcp-everything
#   export AGENTSCHEMA_MCP_EVERYTHING="$(scripts/install-mcp-everything.sh)"
#
# It needs node and npm (Debian: apt-get install -y nodejs npm).
set -eu

VERSION=2026.8.31
DIR=${1:-${HOME}/.cache/agentschema/mcp-everything}

command -v npm >/dev/null 2>&1 || { echo "install-mcp-everything: npm is not installed (apt-get install -y nodejs npm)" >&2; exit 1; }

mkdir -p "$DIR"
ENTRY="$DIR/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
if [ ! -f "$DIR/node_modules/@modelcontextprotocol/server-everything/package.json" ] ||
	! grep -q "\"version\": \"$VERSION\"" "$DIR/node_modules/@modelcontextprotocol/server-everything/package.json"; then
	[ -f "$DIR/package.json" ] || printf '{"private": true}\n' >"$DIR/package.json"
	npm install --prefix "$DIR" --no-audit --no-fund --loglevel=error \
		"@modelcontextprotocol/server-everything@$VERSION" >&2
fi
if [ ! -f "$ENTRY" ]; then
	echo "install-mcp-everything: $ENTRY is missing after npm install" >&2
	exit 1
fi
echo "$ENTRY"
