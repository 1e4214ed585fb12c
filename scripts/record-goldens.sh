#!/usr/bin/env bash
# Records golden frames. Look at every new PNG before committing it.
#   scripts/record-goldens.sh            record missing goldens only
#   scripts/record-goldens.sh failed     re-record goldens whose frames changed
#   scripts/record-goldens.sh all        re-record everything
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ANIMRENDER_RECORD="${1:-missing}" swift test -c release --filter GoldenTests || true
git status --short Goldens/
