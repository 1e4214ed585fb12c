#!/usr/bin/env bash
# Runs animrender on a fresh machine: installs system packages and builds (release) when needed,
# then passes every argument to the tool.
#   scripts/animrender.sh Scenes/docs/rocket-timing-functions.json --gif demo.gif
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
exec "$root/.build/release/animrender" "$@"
