#!/usr/bin/env bash
# npm test: every check the project has, in the order that fails fastest, overlapping what can:
# setup (as npm start) -> [the WordPress test stacks start in the background] -> build ->
# typecheck and lint at once -> unit -> integration on WordPress 6.1 and 7.1 at once (the oldest
# and the newest supported, each its own stack) -> e2e (Debian Chromium):
# every test on 6.1, the @both-versions ones on 7.1 too, both projects
# at once over COUNTERSIGN_E2E_WORKERS (default 3) workers, each worker on its own stacks and,
# for the tests that need a real window (the grant and notification tests), its own Xvfb
# (tests/e2e/support/worker-stack.ts, private-display.ts) -> the kill tests, apart from the
# rest and two at a time, with integration on 6.8 beside them.
# docs/testing.md describes the phases and the parallel workers.
# The test stacks this run started are stopped at the end (a stack already running is left).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
phase_start=$started
phases=()
current=""
step() { # step NAME: prints the heading; the time of the step before goes into the summary
  local now
  now=$(date +%s)
  if [ -n "$current" ]; then phases+=("$current $((now - phase_start)) s"); fi
  current=${2:-$1}
  phase_start=$now
  printf '\n\033[1m== %s\033[0m\n' "$1"
}
mkdir -p test-results

step "setup (Debian packages, node_modules)" setup
bash scripts/ensure-deps.sh

# The test stacks come up while the build, typecheck, lint and unit tests run.
# Directory and port as tests/support/wp-env.ts testStackOptions() derives them.
# 6.1 and 7.1 (the oldest and newest supported) run everything; 6.8 the integration tests only,
# after those two: three suites at once on two cores only wait for each other.
declare -A stack_pid stack_dir
to_stop=()
for v in 6.1 7.1 6.8; do
  dir=${COUNTERSIGN_WP_DIR:-.stack/test}
  port=${COUNTERSIGN_WP_PORT:-8885}
  case "$v" in
    7.1) dir=$dir-7.1 port=$((port + 10)) ;;
    6.8) dir=$dir-6.8 port=$((port + 5)) ;;
  esac
  stack_dir[$v]=$dir
  if ! bash scripts/wp-stack.sh status --dir "$dir" >/dev/null 2>&1; then to_stop+=("$dir"); fi
  bash scripts/wp-stack.sh up --wp "$v" --dir "$dir" --port "$port" >"test-results/stack-$v.log" 2>&1 &
  stack_pid[$v]=$!
done
cleanup() { # an early exit waits for a stack still starting, then stops it
  wait "${stack_pid[@]}" 2>/dev/null || true
  for dir in "${to_stop[@]}"; do bash scripts/wp-stack.sh down --dir "$dir" >/dev/null 2>&1 || true; done
}
trap cleanup EXIT

step "build the extension" build
# The test build: it reaches the loopback stacks (a production build does not).
COUNTERSIGN_LOOPBACK=1 npx wxt build >/dev/null
# The worker carries only its own sections of each language (src/i18n/worker-sections.ts).
node scripts/check-worker-words.mjs
# Typecheck and lint at once: each is one process that mostly waits for the other core.
step "typecheck and lint (at once)" typecheck+lint
npm run --silent lint >test-results/lint.log 2>&1 &
lint_pid=$!
tc_rc=0
npm run --silent typecheck || tc_rc=$?
lint_rc=0
wait "$lint_pid" || lint_rc=$?
printf -- '-- lint (test-results/lint.log)\n'
cat test-results/lint.log
[ "$tc_rc" -eq 0 ] && [ "$lint_rc" -eq 0 ] || exit 1
step "unit tests" unit
npx vitest run --project 'unit*' --reporter=default --reporter=json --outputFile.json=test-results/unit.json

declare -A stack_ready
await_stack() { # await_stack VERSION: the stack started at the top is up (or the run ends)
  [ -n "${stack_ready[$1]:-}" ] && return 0
  if ! wait "${stack_pid[$1]}"; then
    cat "test-results/stack-$1.log" >&2
    echo "the WordPress $1 test stack did not come up (above)" >&2
    exit 1
  fi
  stack_ready[$1]=1
}
# integration VERSION...: the integration tests on each version at once, each log printed when
# all are done (test-results/integration-<v>.log); fails the run if one failed.
integration() {
  local v rc failed=0
  declare -A pids
  for v in "$@"; do await_stack "$v"; done
  for v in "$@"; do
    COUNTERSIGN_WP_VERSION=$v npx vitest run --project integration \
      --reporter=default --reporter=json --outputFile.json="test-results/integration-$v.json" \
      >"test-results/integration-$v.log" 2>&1 &
    pids[$v]=$!
  done
  for v in "$@"; do
    rc=0
    wait "${pids[$v]}" || rc=$?
    printf -- '-- integration on WordPress %s (test-results/integration-%s.log)\n' "$v" "$v"
    cat "test-results/integration-$v.log"
    [ "$rc" -eq 0 ] || failed=1
  done
  [ "$failed" -eq 0 ] || exit 1
}
step "integration tests (real WordPress 6.1 and 7.1, at once)" integration
integration 6.1 7.1
# 6.8's stack is awaited here, in this shell (a subshell cannot wait for it), and then idles
# through the parallel e2e part until its tests run beside the kill part (below).
await_stack 6.8

step "end-to-end tests (Debian Chromium + built extension + WordPress 6.1 and 7.1)" e2e
e2e_failed=0
COUNTERSIGN_E2E_KILL=skip PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json \
  npx playwright test --reporter=list,json || e2e_failed=1
# The kill tests depend on timing (they stop the service worker at chosen moments): after the
# rest, apart from its three browsers (playwright.config.ts, COUNTERSIGN_E2E_KILL), two at a
# time (one at a time left the two cores about 72 % idle; two, with integration on 6.8 beside
# them, kept them 90 % busy and took 325-375 s instead of 466 s, docs/testing.md). Integration on
# 6.8 (serial, on its own stack, which no e2e test uses) runs beside them instead of in a
# phase of its own; its log is printed after both.
step "end-to-end kill tests (two at a time) with integration on WordPress 6.8 beside them" \
  e2e-kill+integration-6.8
(integration 6.8 >test-results/integration-6.8.out 2>&1) &
integration_68_pid=$!
# Standard error goes to test-results/e2e-kill.stderr, with Chromium's own output
# (DEBUG=pw:browser: what each browser printed, and how its process ended): a browser that
# went away right after a stop (docs/testing.md, "Lab note, session 32") says there whether it
# crashed, was killed or exited. The rest of it is printed after the tests. (A file, not a
# pipe: the stacks a test brings up inherit the descriptor and would hold a pipe open.)
COUNTERSIGN_E2E_KILL=only COUNTERSIGN_E2E_WORKERS=2 PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e-kill.json \
  DEBUG=pw:browser npx playwright test --reporter=list,json 2>test-results/e2e-kill.stderr \
  || e2e_failed=1
grep -av 'pw:browser' test-results/e2e-kill.stderr >&2 || true
if grep -aq 'process did exit: exitCode=[1-9]\|signal=SIG' test-results/e2e-kill.stderr; then
  echo "a browser of the kill part ended abnormally (test-results/e2e-kill.stderr):" >&2
  grep -a 'process did exit: exitCode=[1-9]\|signal=SIG' test-results/e2e-kill.stderr >&2 || true
fi
integration_68_failed=0
wait "$integration_68_pid" || integration_68_failed=1
cat test-results/integration-6.8.out
step summary

summary_failed=0
node scripts/test-summary.mjs test-results/unit.json test-results/integration-6.1.json \
  test-results/integration-7.1.json test-results/integration-6.8.json test-results/e2e.json test-results/e2e-kill.json \
  || summary_failed=1
printf 'phases: %s\n' "$(IFS=,; echo "${phases[*]}" | sed 's/,/; /g')"
echo "npm test took $(($(date +%s) - started)) s"
[ "$e2e_failed" -eq 0 ] && [ "$summary_failed" -eq 0 ] && [ "$integration_68_failed" -eq 0 ]
