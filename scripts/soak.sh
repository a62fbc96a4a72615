#!/usr/bin/env bash
# npm run soak: the long soak (issue 16 item 1; not part of npm test). Threads of reads,
# approved and rejected writes and edits through the built extension in Debian's Chromium,
# the worker stopped at random moments, WordPress restarted once, the site's Countersign API
# down for a while; then the audit, the transcripts, the site's records and WordPress must
# agree. Loopback only (the scripted model server, the test stack). Prints the counts.
#
# Usage: npm run soak -- [--seconds N] [--kills N] [--lanes N] [--steps N] [--seed N]
#                        [--wp 6.1|7.1] [--wide] [--verbose]
#   --seconds  stop after this long (default 1800)      --kills  or after this many kills (500)
#   --lanes    threads at once (3)                      --steps  steps per thread (8)
#   --seed     replay a run (printed by every run)      --wide   kill anywhere, not only at
#   --wp       the WordPress version (6.1)                       quiet points (finds strandings)
# The test stack's port: COUNTERSIGN_WP_PORT (7.1 runs on port + 10), as for npm test.
set -euo pipefail
cd "$(dirname "$0")/.."
export COUNTERSIGN_E2E_LONG=only COUNTERSIGN_SOAK_RUN=1 COUNTERSIGN_SOAK_SECONDS=1800 COUNTERSIGN_SOAK_KILLS=500 COUNTERSIGN_SOAK_LANES=3 \
  COUNTERSIGN_SOAK_STEPS=8
version=6.1
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) COUNTERSIGN_SOAK_SECONDS=$2; shift 2 ;;
    --kills) COUNTERSIGN_SOAK_KILLS=$2; shift 2 ;;
    --lanes) COUNTERSIGN_SOAK_LANES=$2; shift 2 ;;
    --steps) COUNTERSIGN_SOAK_STEPS=$2; shift 2 ;;
    --seed) export COUNTERSIGN_SOAK_SEED=$2; shift 2 ;;
    --wp) version=$2; shift 2 ;;
    --wide) export COUNTERSIGN_SOAK_WIDE=1; shift ;;
    --verbose) export COUNTERSIGN_SOAK_VERBOSE=1; shift ;;
    *) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
# The test build: it reaches the loopback stacks (a production build does not).
COUNTERSIGN_LOOPBACK=1 npx wxt build >/dev/null
npx playwright test tests/e2e/soak.spec.ts --project "wp-$version" --reporter=list --trace off \
  --output test-results/soak
