#!/usr/bin/env bash
# npm start: a local WordPress, the built extension, and Chromium with it loaded, signed in
# as the administrator on the dashboard with the side panel open. Works on a fresh Debian
# machine as root; without a display it starts Xvfb and saves a screenshot instead.
#
# WordPress version: the newest supported by default, so a newcomer meets the WordPress people
# run: 7.1 (Debian sid's 7.1.x, fetched once into the cache by scripts/wp-stack.sh) in
# .stack/dev-7.1 on port 8882. `npm start -- --wp 6.1` (or COUNTERSIGN_WP_VERSION=6.1) starts the
# oldest, Debian's 6.1.9, in .stack/dev on 8881; `--wp 6.8` trixie's 6.8.x in .stack/dev-6.8 on
# 8883 (COUNTERSIGN_WP_PORT overrides the port).
set -euo pipefail
cd "$(dirname "$0")/.."

version=${COUNTERSIGN_WP_VERSION:-7.1}
while [ $# -gt 0 ]; do
  case "$1" in
    --wp) [ $# -ge 2 ] || { echo "--wp needs a version (7.1, 6.8 or 6.1)" >&2; exit 2; }; version=$2; shift 2 ;;
    --wp=*) version=${1#*=}; shift ;;
    *) echo "unknown option $1 (npm start -- --wp 7.1|6.8|6.1)" >&2; exit 2 ;;
  esac
done
case "$version" in
  7.1 | 7.1.*) version=7.1 dir=.stack/dev-7.1 port=8882 ;;
  6.8 | 6.8.*) version=6.8 dir=.stack/dev-6.8 port=8883 ;;
  6.1 | 6.1.9) version=6.1 dir=.stack/dev port=8881 ;;
  *) echo "unsupported WordPress version '$version' (7.1, 6.8 or 6.1)" >&2; exit 2 ;;
esac

bash scripts/ensure-deps.sh
bash scripts/wp-stack.sh up --wp "$version" --dir "$dir" --port "${COUNTERSIGN_WP_PORT:-$port}"
echo "Building the extension…"
# The test build: it reaches the loopback stacks (a production build does not).
COUNTERSIGN_LOOPBACK=1 npx wxt build >/dev/null
COUNTERSIGN_START_STACK=$dir exec node scripts/start-browser.mjs
