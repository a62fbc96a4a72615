#!/usr/bin/env bash
# npm run test:long: the long tier, not part of npm test or CI (docs/testing.md, "The long
# tier"). The e2e tests tagged @long, one at a time on both WordPress versions: the
# 100,000-record audit, the 2,000-record outage, the full kill sweeps on every version, the real
# one-minute expiry and the short soak. Arguments go to Playwright (e.g. --project wp-6.1).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
COUNTERSIGN_LOOPBACK=1 npx wxt build >/dev/null
rc=0
COUNTERSIGN_E2E_LONG=only COUNTERSIGN_E2E_WORKERS=1 PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e-long.json \
  npx playwright test --reporter=list,json "$@" || rc=$?
echo "npm run test:long took $(($(date +%s) - started)) s"
exit "$rc"
