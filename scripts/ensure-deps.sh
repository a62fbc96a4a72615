#!/usr/bin/env bash
# ensure-deps.sh: installs what `npm start` and `npm test` need and a fresh machine lacks; both
# run it first (sourced or run), so a fresh clone works with either command. Idempotent and
# quiet when everything is there.
#   - Debian packages for the browser: chromium xvfb xauth xdotool imagemagick (apt-get, as root);
#   - the WordPress stack's packages (WordPress, PHP, MariaDB): scripts/wp-stack.sh install-deps;
#   - node_modules: `npm ci` when it is missing or older than package-lock.json.
# Not root and something is missing: says what to install and exits 1.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '[setup] %s\n' "$*" >&2; }
BROWSER_PKGS=(chromium xvfb xauth xdotool imagemagick)

need=()
for pkg in "${BROWSER_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    say "missing Debian packages: ${need[*]}. Install them (sudo apt-get install ${need[*]}) and run this again."
    exit 1
  fi
  say "installing ${need[*]} (once)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${need[@]}" >/dev/null
fi

# WordPress, PHP, MariaDB (a no-op when they are installed; exits 4 with a message when not root).
bash scripts/wp-stack.sh install-deps 2> >(grep -v 'all dependencies are installed' >&2)

# A worktree sharing another checkout's node_modules (a symlink or a bind mount; its lockfile
# mtime says nothing about that checkout): never reinstall it from here.
if [ -L node_modules ] || grep -qF " $(pwd -P)/node_modules " /proc/self/mountinfo 2>/dev/null; then
  :
elif [ ! -d node_modules/.bin ] || [ ! -f node_modules/.package-lock.json ] \
  || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "npm ci (node_modules is missing or older than package-lock.json)…"
  npm ci --no-audit --no-fund
fi
