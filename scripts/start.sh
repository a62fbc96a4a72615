#!/usr/bin/env bash
# npm start: a local WordPress, the built extension, and Chromium with it loaded, signed in
# as the administrator on the dashboard with the side panel open. Works on a fresh Debian
# machine as root; without a display it starts Xvfb and saves a screenshot instead.
#
# WordPress version: `npm start -- --wp 6.5` or COUNTERSIGN_WP_VERSION=6.5 (default 6.1,
# Debian's). 6.1 runs in .stack/dev on port 8881, 6.5 in .stack/dev-6.5 on port 8882
# (COUNTERSIGN_WP_PORT overrides the port).
set -euo pipefail
cd "$(dirname "$0")/.."

version=${COUNTERSIGN_WP_VERSION:-6.1}
while [ $# -gt 0 ]; do
  case "$1" in
    --wp) [ $# -ge 2 ] || { echo "--wp needs a version (6.1 or 6.5)" >&2; exit 2; }; version=$2; shift 2 ;;
    --wp=*) version=${1#*=}; shift ;;
    *) echo "unknown option $1 (npm start -- --wp 6.1|6.5)" >&2; exit 2 ;;
  esac
done
case "$version" in
  6.1 | 6.1.9) version=6.1 dir=.stack/dev port=8881 ;;
  6.5 | 6.5.5) version=6.5 dir=.stack/dev-6.5 port=8882 ;;
  *) echo "unsupported WordPress version '$version' (6.1 or 6.5)" >&2; exit 2 ;;
esac

bash scripts/ensure-deps.sh
bash scripts/wp-stack.sh up --wp "$version" --dir "$dir" --port "${COUNTERSIGN_WP_PORT:-$port}"
echo "Building the extension…"
# The test build: it reaches the loopback stacks (a production build does not).
COUNTERSIGN_LOOPBACK=1 npx wxt build >/dev/null
COUNTERSIGN_START_STACK=$dir exec node scripts/start-browser.mjs
