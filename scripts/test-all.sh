#!/usr/bin/env bash
# npm test: every check the project has, in the order that fails fastest.
# setup (as npm start) -> typecheck -> lint -> unit -> integration on WordPress 6.1 and 6.5 ->
# build -> e2e (Debian Chromium): every test on 6.1, the @both-versions ones on 6.5 too.
# On a machine without a display the e2e tests run under Xvfb (the grant test needs a real
# window to answer Chromium's permission prompt).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
mkdir -p test-results

step "setup (Debian packages, node_modules)"
bash scripts/ensure-deps.sh
step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json
for v in 6.1 6.5; do
  step "integration tests (real WordPress $v)"
  COUNTERSIGN_WP_VERSION=$v npx vitest run --project integration \
    --reporter=default --reporter=json --outputFile.json="test-results/integration-$v.json"
done
step "build the extension"
npx wxt build >/dev/null
step "end-to-end tests (Debian Chromium + built extension + WordPress 6.1 and 6.5)"
export PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json
if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1280x900x24" npx playwright test --reporter=list,json
else
  npx playwright test --reporter=list,json
fi

node scripts/test-summary.mjs test-results/unit.json test-results/integration-6.1.json \
  test-results/integration-6.5.json test-results/e2e.json
echo "npm test took $(($(date +%s) - started)) s"
