#!/usr/bin/env bash
# npm start: a local WordPress, the built extension, and Chromium with it loaded, signed in
# as the administrator on the dashboard with the side panel open. Works on a fresh Debian
# machine as root; without a display it starts Xvfb and saves a screenshot instead.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
for pkg in chromium xvfb xauth imagemagick; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing Debian packages: ${need[*]}. Install them (sudo apt-get install ${need[*]}) and run npm start again." >&2
    exit 1
  fi
  echo "Installing ${need[*]} (once)…"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
[ -d node_modules/.bin ] || npm ci --no-audit --no-fund

bash scripts/wp-stack.sh up --dir .stack/dev --port "${COUNTERSIGN_WP_PORT:-8881}"
echo "Building the extension…"
npx wxt build >/dev/null
exec node scripts/start-browser.mjs
