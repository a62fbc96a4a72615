#!/usr/bin/env bash
# npm test: every check the project has, in the order that fails fastest.
# typecheck -> lint -> unit -> integration (real WordPress) -> build -> e2e (Debian Chromium).
# On a machine without a display the e2e tests run under Xvfb (the grant test needs a real
# window to answer Chromium's permission prompt).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
mkdir -p test-results

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
step "integration tests (real WordPress)"
npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=test-results/integration.json
step "build the extension"
npx wxt build >/dev/null
step "end-to-end tests (Debian Chromium + built extension + WordPress)"
export PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json
if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1280x900x24" npx playwright test --reporter=list,json
else
  npx playwright test --reporter=list,json
fi

node scripts/test-summary.mjs test-results/unit.json test-results/integration.json test-results/e2e.json
echo "npm test took $(($(date +%s) - started)) s"
