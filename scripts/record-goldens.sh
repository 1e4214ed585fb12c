#!/usr/bin/env bash
# Records golden frames with `animrender test`. Look at every new PNG (and the report) before
# committing it.
#   scripts/record-goldens.sh            record missing goldens only
#   scripts/record-goldens.sh failed     re-record goldens whose frames changed
#   scripts/record-goldens.sh all        re-record everything
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
.build/release/animrender test Scenes --goldens Goldens --record "${1:-missing}" \
  --report .build/golden-report --quiet || true
git status --short Goldens/
echo "report: .build/golden-report/index.html"
