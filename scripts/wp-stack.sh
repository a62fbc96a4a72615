#!/usr/bin/env bash
# wp-stack.sh: a local, throwaway WordPress for Countersign development and tests.
#
# WordPress (Debian's own `wordpress` package: 6.1, 6.8 or 7.1, see --wp) on a private MariaDB,
# served by `php -S` on TWO loopback origins of the same site: http://127.0.0.1:PORT (the
# extension has host permission for it) and http://127.0.0.2:PORT (it has not: e2e tests use it
# to exercise permission requests).
# No Docker, no systemd, nothing in /etc is touched; everything lives in the stack directory.
#
# Usage: scripts/wp-stack.sh COMMAND [--wp VERSION] [--dir DIR] [--port PORT] [--db-port PORT]
#                                    [--workers N]
#   up            start the stack (install + seed on first use); no-op when it is running
#   down          stop everything (keeps the data; the next `up` is a warm start)
#   reset         down + wipe the directory + up (a pristine seed)
#   status        "running ..." (exit 0) or "stopped ..." (exit 3)
#   env           print DIR/wp.env (shell: URLs, users, passwords, seeded ids)
#   install-deps  apt-get install the Debian packages that are missing (needs root)
#   eval 'PHP' [USER]   run PHP with WordPress loaded (wp-cli is not packaged in Debian)
#
# --wp VERSION: the oldest and the newest WordPress Countersign supports, and one between:
#   6.1  (default) Debian bookworm's 6.1.9, the installed package's /usr/share/wordpress
#   6.8  Debian trixie's 6.8.x  } the `wordpress` package of that Debian release, fetched once by
#   7.1  Debian sid's 7.1.x     } wp-stack/fetch-deb-wp.sh into CACHE/wp-deb-trixie|sid/tree
# CACHE is COUNTERSIGN_WP_CACHE or <repo>/.stack/cache; checkouts may share one (the fetch takes a
# lock, and uses a private apt state: the machine's apt sources and lists are never touched).
# Same PHP, MariaDB and seed for all. A directory holds one version: `up` refuses a directory
# made for another one (`reset` rebuilds it).
#
# Options may also come from the environment: COUNTERSIGN_WP_VERSION, COUNTERSIGN_WP_DIR,
# COUNTERSIGN_WP_PORT, COUNTERSIGN_WP_DB_PORT, COUNTERSIGN_WP_WORKERS. Defaults: DIR=<repo>/.stack/dev
# (7.1: .stack/dev-7.1, 6.8: .stack/dev-6.8), PORT=8881 (7.1: 8882, 6.8: 8883; or the port
# recorded in DIR by an earlier `up`), DB port = PORT + 20000, 4 workers. Tests use their own
# stacks (.stack/test on 8885, .stack/test-7.1 on 8895, .stack/test-6.8 on 8890), so dev and
# test stacks of every version can run side by side.
#
# Every `up` copies the companion plugin (server/wordpress/countersign) into www/wp-content/plugins
# and activates it (its tables, capabilities and cron job), also on a stack already running.
# A test stack (a DIR named test*) also gets scripts/wp-stack/abilities-test-plugin.php as a
# must-use plugin: test abilities of every annotation kind (WordPress 6.9+).
#
# Layout of DIR: db/ (MariaDB datadir), www/ (private copy of the WordPress tree with our own
# wp-config.php; www/second/: a second WordPress on the same origins, tables ws_*), router.php,
# log/, seed.json, second-site.json and wp.env (what was seeded), *.pid (our processes).
#
# Exit codes: 0 ok, 1 failure (see the message and DIR/log/), 2 usage error, 3 not running
# (status, env), 4 missing dependencies that could not be installed, 5 a port is taken by
# something else.
set -euo pipefail

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$SCRIPT_DIR/.." && pwd)
ASSETS=$SCRIPT_DIR/wp-stack
WPSRC=/usr/share/wordpress
HOSTS=(127.0.0.1 127.0.0.2)
MARKER=.countersign-wp-stack
DB_DONE=.countersign-initialised # in db/: mariadb-install-db completed
# wordpress hard-depends on apache2 + libapache2-mod-php (installed, never started here). The
# theme is only a Recommends of wordpress: without it there would be no theme at all. php-gd
# (the sample image and its thumbnails) comes in as a dependency of wordpress.
APT_PKGS=(wordpress wordpress-theme-twentytwentythree php-cli php-mysql php-mbstring php-xml
  php-curl php-intl php-zip mariadb-server mariadb-client curl)
NEEDED_CMDS=(php mariadbd mariadb-install-db mariadb mariadb-admin curl setsid flock)

log() { printf '[wp-stack] %s\n' "$*" >&2; }
die() { local code=1; if [[ $1 =~ ^[0-9]+$ ]]; then code=$1; shift; fi; log "ERROR: $*"; exit "$code"; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit "${1:-2}"; }
now_ms() { date +%s%3N; }

CMD=${1:-help}
[ $# -gt 0 ] && shift
STACK_DIR=${COUNTERSIGN_WP_DIR:-}
WP_VERSION=${COUNTERSIGN_WP_VERSION:-}
PORT=${COUNTERSIGN_WP_PORT:-}
DB_PORT=${COUNTERSIGN_WP_DB_PORT:-}
WORKERS=${COUNTERSIGN_WP_WORKERS:-4}
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --wp | --dir | --port | --db-port | --workers)
      [ $# -ge 2 ] || die 2 "$1 needs a value"
      case "$1" in
        --wp) WP_VERSION=$2 ;; --dir) STACK_DIR=$2 ;; --port) PORT=$2 ;; --db-port) DB_PORT=$2 ;;
        --workers) WORKERS=$2 ;;
      esac
      shift 2 ;;
    --wp=*) WP_VERSION=${1#*=}; shift ;;
    --dir=*) STACK_DIR=${1#*=}; shift ;;
    --port=*) PORT=${1#*=}; shift ;;
    --db-port=*) DB_PORT=${1#*=}; shift ;;
    --workers=*) WORKERS=${1#*=}; shift ;;
    -h | --help) usage 0 ;;
    --) shift; ARGS+=("$@"); break ;;
    -*) die 2 "unknown option $1 (try: $0 help)" ;;
    *) ARGS+=("$1"); shift ;;
  esac
done

# The WordPress version: 6.1 (Debian's installed tree), 6.8 or 7.1 (fetched into the cache on `up`).
case "${WP_VERSION:-6.1}" in
  6.1 | 6.1.9 | debian) WP_VERSION=6.1 ;;
  6.8 | 6.8.*) WP_VERSION=6.8 ;;
  7.1 | 7.1.*) WP_VERSION=7.1 ;;
  *) die 2 "unsupported WordPress version '$WP_VERSION' (supported: 6.1, 6.8, 7.1)" ;;
esac
WP_CACHE=${COUNTERSIGN_WP_CACHE:-$REPO_DIR/.stack/cache}
case "$WP_VERSION" in
  6.1) DEFAULT_PORT=8881 DEFAULT_DIR=dev ;;
  6.8) WPSRC=$WP_CACHE/wp-deb-trixie/tree DEFAULT_PORT=8883 DEFAULT_DIR=dev-6.8 ;;
  7.1) WPSRC=$WP_CACHE/wp-deb-sid/tree DEFAULT_PORT=8882 DEFAULT_DIR=dev-7.1 ;;
esac
STACK_DIR=${STACK_DIR:-$REPO_DIR/.stack/$DEFAULT_DIR}

# The directory: absolute, without creating it (status/env must not create anything).
case "$STACK_DIR" in /*) ;; *) STACK_DIR=$PWD/$STACK_DIR ;; esac
STACK_DIR=${STACK_DIR%/}
[ -n "$STACK_DIR" ] && [ "$STACK_DIR" != / ] || die 2 "refusing to use / as the stack directory"
if [ -d "$STACK_DIR" ]; then STACK_DIR=$(cd "$STACK_DIR" && pwd -P); fi
D=$STACK_DIR

# Port: flag/env, else the one an earlier `up` recorded in the directory, else the version's.
marker_get() { [ -f "$D/$MARKER" ] && sed -n "s/^$1=//p" "$D/$MARKER" | head -n1; }
PORT_RECORDED=0
if [ -z "$PORT" ]; then
  PORT=$(marker_get port || true)
  if [ -n "$PORT" ]; then PORT_RECORDED=1; else PORT=$DEFAULT_PORT; fi
fi
if [ -z "$DB_PORT" ] && [ "$PORT_RECORDED" = 1 ]; then DB_PORT=$(marker_get db_port || true); fi
[[ $PORT =~ ^[0-9]{1,5}$ ]] || die 2 "port must be a number, got '$PORT'"
[ "$PORT" -ge 1024 ] && [ "$PORT" -le 65535 ] || die 2 "port $PORT is outside 1024-65535"
DB_PORT=${DB_PORT:-$((PORT + 20000))}
for v in DB_PORT WORKERS; do [[ ${!v} =~ ^[0-9]{1,6}$ ]] || die 2 "$v must be a number, got '${!v}'"; done
[ "$DB_PORT" -ge 1024 ] && [ "$DB_PORT" -le 65535 ] || die 2 "db port $DB_PORT is outside 1024-65535 (pass --db-port)"
[ "$PORT" != "$DB_PORT" ] || die 2 "port and db port must differ"
[ "$WORKERS" -ge 1 ] && [ "$WORKERS" -le 16 ] || die 2 "workers must be 1-16"
URL1="http://${HOSTS[0]}:$PORT"
URL2="http://${HOSTS[1]}:$PORT"

# --- process helpers (every kill is by a pid/pgid recorded in $D, after checking its cmdline) --

# All live (non-zombie) pids of a process group: php -S with workers is master + forked workers.
group_pids() {
  local g=$1 f s
  for f in /proc/[0-9]*/stat; do
    { read -r s <"$f"; } 2>/dev/null || continue
    s=${s##*) }
    # shellcheck disable=SC2086 # split "state ppid pgrp ..." into fields on purpose
    set -- $s
    if [ "${1:-}" != Z ] && [ "${3:-}" = "$g" ]; then f=${f#/proc/}; echo "${f%/stat}"; fi
  done
  return 0
}
cmdline() { tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline"; }
# pid_is PID NEEDLE...: the pid is alive and its command line contains every needle.
pid_is() {
  local pid=$1 c n
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  c=$(cmdline "$pid") && [ -n "$c" ] || return 1
  shift
  for n in "$@"; do [[ $c == *"$n"* ]] || return 1; done
}
port_busy() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }
wait_for() { # wait_for SECONDS WHAT CMD...
  local t=$1 what=$2 end
  shift 2
  end=$(($(now_ms) + t * 1000))
  until "$@" >/dev/null 2>&1; do
    [ "$(now_ms)" -lt "$end" ] || { log "timed out after ${t}s waiting for $what"; return 1; }
    sleep 0.1
  done
}
php_pidfile() { echo "$D/php-$1.pid"; }
php_alive() { # php_alive HOST: our php -S for HOST is running (any port)
  local f pid
  f=$(php_pidfile "$1")
  [ -f "$f" ] && pid=$(cat "$f") && pid_is "$pid" "-S $1:" "$D/router.php"
}
db_alive() { [ -f "$D/mysqld.pid.stack" ] && pid_is "$(cat "$D/mysqld.pid.stack")" "--datadir=$D/db"; }
is_running() {
  local h
  [ -f "$D/$MARKER" ] || return 1
  db_alive || return 1
  for h in "${HOSTS[@]}"; do php_alive "$h" || return 1; done
}
# A small REST answer that still boots WordPress and reads the database (the /wp-json/ index
# is ~160 KB of route schemas and several times slower).
answers() { curl -s -o /dev/null -f --max-time 10 "$1/wp-json/wp/v2/statuses/publish?_fields=slug"; }
answers_both() { # answers_both [PORT]: both origins answer (checked in parallel)
  local p=${1:-$PORT} a b
  answers "http://${HOSTS[0]}:$p" &
  a=$!
  answers "http://${HOSTS[1]}:$p" &
  b=$!
  wait "$a" || { wait "$b"; return 1; }
  wait "$b"
}

# --- dependencies ---------------------------------------------------------------------------

missing_packages() {
  local have p
  command -v dpkg-query >/dev/null || return 0 # not Debian: only the command check below applies
  have=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "${APT_PKGS[@]}" 2>/dev/null || true)
  for p in "${APT_PKGS[@]}"; do
    grep -q "^$p ii" <<<"$have" || echo "$p"
  done
}
missing_deps() {
  local c
  missing_packages
  for c in "${NEEDED_CMDS[@]}"; do command -v "$c" >/dev/null || echo "command:$c"; done
  # 6.8's and 7.1's trees are fetched by `up` itself (fetch_wp): only 6.1's is a dependency.
  [ "$WP_VERSION" != 6.1 ] || [ -f "$WPSRC/wp-settings.php" ] || echo "file:$WPSRC"
}
fetch_wp() { # the 6.8 / 7.1 tree in the cache (Debian's package of that release, on first use)
  [ "$WP_VERSION" != 6.1 ] || return 0
  bash "$ASSETS/fetch-deb-wp.sh" "$WP_CACHE" "$WP_VERSION" >/dev/null \
    || die "could not fetch WordPress $WP_VERSION (see above)"
  [ -f "$WPSRC/wp-settings.php" ] || die "no WordPress tree at $WPSRC"
}
cmd_install_deps() {
  local miss pkgs t0
  miss=$(missing_deps | tr '\n' ' ')
  if [ -z "${miss// /}" ]; then log "all dependencies are installed"; return 0; fi
  pkgs=$(missing_packages | tr '\n' ' ')
  if [ -z "${pkgs// /}" ]; then die 4 "missing: $miss(not a Debian package list problem; install them by hand)"; fi
  [ "$(id -u)" = 0 ] || die 4 "missing packages: $pkgs- run as root: sudo $0 install-deps"
  command -v apt-get >/dev/null || die 4 "missing packages: $pkgs and no apt-get to install them"
  log "installing: $pkgs(apt-get; about 2 minutes on a fresh machine)"
  t0=$(now_ms)
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || die 4 "apt-get update failed"
  # shellcheck disable=SC2086 # $pkgs is a list of package names
  apt-get install -y -qq -o DPkg::Lock::Timeout=600 --no-install-recommends $pkgs >/dev/null \
    || die 4 "apt-get install failed"
  miss=$(missing_deps | tr '\n' ' ')
  [ -z "${miss// /}" ] || die 4 "still missing after apt-get: $miss"
  log "installed in $(($(now_ms) - t0)) ms"
}

# --- the directory and its lock -------------------------------------------------------------

LOCKED=0
claim_dir() { # create (or accept) $D as a stack directory and take its lock
  if [ -d "$D" ] && [ ! -f "$D/$MARKER" ] && [ -n "$(ls -A "$D")" ]; then
    die "$D is not empty and is not a wp-stack directory (no $MARKER); refusing to touch it"
  fi
  mkdir -p "$D"
  D=$(cd "$D" && pwd -P)
  # Unix socket paths are limited to ~107 bytes; mysqld.sock lives in $D.
  [ ${#D} -le 90 ] || die "directory path too long for the MariaDB socket (max 90 chars): $D"
  lock_dir
  [ -f "$D/$MARKER" ] || printf 'countersign-wp-stack 1\n' >"$D/$MARKER"
}
lock_dir() {
  [ "$LOCKED" = 1 ] && return 0
  exec 9>"$D/.lock"
  flock -w 300 9 || die "another wp-stack.sh is busy with $D (waited 300 s)"
  LOCKED=1
}
write_marker() {
  printf 'countersign-wp-stack 1\nport=%s\ndb_port=%s\nwp=%s\n' "$PORT" "$DB_PORT" "$WP_VERSION" >"$D/$MARKER.tmp"
  mv -f "$D/$MARKER.tmp" "$D/$MARKER"
}

# --- stop -----------------------------------------------------------------------------------

stop_php() { # stop_php HOST
  local f pg pid
  f=$(php_pidfile "$1")
  [ -f "$f" ] || return 0
  pg=$(cat "$f")
  if [[ $pg =~ ^[0-9]+$ ]]; then
    # Signal the group only if one of its members really is our php -S (pid reuse guard).
    for pid in $(group_pids "$pg"); do
      if pid_is "$pid" "$D/router.php"; then kill -TERM -- "-$pg" 2>/dev/null || true; break; fi
    done
    for _ in $(seq 50); do [ -z "$(group_pids "$pg")" ] && break; sleep 0.1; done
    if [ -n "$(group_pids "$pg")" ]; then
      for pid in $(group_pids "$pg"); do
        if pid_is "$pid" "$D/router.php"; then kill -KILL -- "-$pg" 2>/dev/null || true; break; fi
      done
    fi
  fi
  rm -f "$f"
}
stop_db() { # stop_db [fast]: fast = SIGKILL (only when the data is thrown away next)
  local f="$D/mysqld.pid.stack" pid
  [ -f "$f" ] || return 0
  pid=$(cat "$f")
  if pid_is "$pid" "--datadir=$D/db"; then
    if [ "${1:-}" = fast ]; then
      kill -KILL "$pid" 2>/dev/null || true
    else
      mariadb-admin --no-defaults --socket="$D/mysqld.sock" -uroot shutdown >/dev/null 2>&1 \
        || kill -TERM "$pid" 2>/dev/null || true
    fi
    for _ in $(seq 300); do pid_is "$pid" "--datadir=$D/db" || break; sleep 0.1; done
    if pid_is "$pid" "--datadir=$D/db"; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  rm -f "$f"
}
# Processes of THIS directory whose pid files were lost (crash, deleted files): found by their
# command line, which holds the directory's absolute path.
stray_pids() {
  local f pid c
  # One grep over all command lines, then a precise check of the few candidates.
  for f in $(grep -lsaF -e "$D/router.php" -e "--datadir=$D/db" /proc/[0-9]*/cmdline); do
    pid=${f#/proc/}
    pid=${pid%/cmdline}
    [ "$pid" = "$$" ] && continue
    c=$(cmdline "$pid") || continue
    case "$c" in "php "*" -S "*" $D/router.php "* | *"mariadbd "*" --datadir=$D/db "*) echo "$pid" ;; esac
  done
  return 0
}
stop_strays() {
  local pids pid
  pids=$(stray_pids)
  [ -z "$pids" ] && return 0
  log "stopping leftover processes of $D: $(echo "$pids" | tr '\n' ' ')"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 50); do [ -z "$(stray_pids)" ] && break; sleep 0.1; done
  for pid in $(stray_pids); do kill -KILL "$pid" 2>/dev/null || true; done
  for _ in $(seq 20); do [ -z "$(stray_pids)" ] && return 0; sleep 0.1; done
  die "could not stop: $(stray_pids | tr '\n' ' ')"
}
stop_all() { # stop_all [fast]
  local h
  for h in "${HOSTS[@]}"; do stop_php "$h"; done
  stop_db "${1:-}"
  stop_strays
}

# --- start ----------------------------------------------------------------------------------

start_db() {
  local opts=(--no-defaults) # --no-defaults must come first: keeps /etc/mysql out of it
  [ "$(id -u)" = 0 ] && opts+=(--user=root)
  opts+=(--datadir="$D/db" --innodb-log-file-size=8M --innodb-buffer-pool-size=128M)
  if [ ! -f "$D/db/$DB_DONE" ]; then # never initialised, or interrupted while it was
    rm -rf "$D/db"
    # Its own tmpdir, as the server's: a clean-clone run once failed here when the bootstrap's
    # temporary table in the shared /tmp vanished while both test stacks installed at once.
    mkdir -p "$D/tmp"
    mariadb-install-db "${opts[@]}" --tmpdir="$D/tmp" --auth-root-authentication-method=normal --skip-test-db \
      >"$D/log/mariadb-install-db.log" 2>&1 \
      || { tail -20 "$D/log/mariadb-install-db.log" >&2; die "mariadb-install-db failed"; }
    touch "$D/db/$DB_DONE"
  fi
  setsid mariadbd "${opts[@]}" --socket="$D/mysqld.sock" --port="$DB_PORT" --bind-address=127.0.0.1 \
    --pid-file="$D/mysqld.pid" --log-error="$D/log/mysqld.err" --tmpdir="$D/tmp" \
    --skip-name-resolve --skip-log-bin --innodb-flush-log-at-trx-commit=2 --skip-innodb-doublewrite \
    </dev/null >/dev/null 2>&1 9>&- &
  echo $! >"$D/mysqld.pid.stack"
  wait_for 60 "mariadbd" mariadb-admin --no-defaults --socket="$D/mysqld.sock" -uroot ping \
    || { tail -20 "$D/log/mysqld.err" >&2; die "mariadbd did not start (log: $D/log/mysqld.err)"; }
  mariadb --no-defaults --socket="$D/mysqld.sock" -uroot -e "
    CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
    CREATE USER IF NOT EXISTS 'wp'@'127.0.0.1' IDENTIFIED BY 'wp';
    GRANT ALL ON wordpress.* TO 'wp'@'127.0.0.1';" || die "could not create the database"
}

# Writes the wp-config.php of one WordPress of the stack: write_wp_config TREE TABLE_PREFIX PATH
# (PATH: '' for the main site, '/second' for the second one). Written on every up: the ports
# may have changed since the last one.
write_wp_config() {
  cat >"$1/wp-config.php" <<EOF
<?php
// Generated by scripts/wp-stack.sh on every \`up\`. A throwaway local site: never use in production.
define('DB_NAME', 'wordpress');
define('DB_USER', 'wp');
define('DB_PASSWORD', 'wp');
define('DB_HOST', '127.0.0.1:$DB_PORT');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
require '$D/www/wp-salts.php';
\$table_prefix = '$2';
// One site, two loopback origins. WordPress builds every URL, redirect and cookie name from
// WP_HOME/WP_SITEURL, so they follow the Host header, but ONLY for these two exact values;
// anything else (localhost, a spoofed host) gets the 127.0.0.1 origin.
\$countersign_origin = 'http://127.0.0.1:$PORT';
if (isset(\$_SERVER['HTTP_HOST']) && in_array(\$_SERVER['HTTP_HOST'], ['127.0.0.1:$PORT', '127.0.0.2:$PORT'], true)) {
    \$countersign_origin = 'http://' . \$_SERVER['HTTP_HOST'];
}
define('WP_HOME', \$countersign_origin . '$3');
define('WP_SITEURL', \$countersign_origin . '$3');
unset(\$countersign_origin);
define('WP_ENVIRONMENT_TYPE', 'local');   // Application Passwords over plain http
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);        // PHP 8.2 deprecations must never corrupt JSON
define('WP_DEBUG_LOG', '$D/log/debug.log');
define('DISABLE_WP_CRON', true);          // no loopback requests to ourselves
define('WP_HTTP_BLOCK_EXTERNAL', true);   // offline: fail fast instead of hanging on wordpress.org
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('FS_METHOD', 'direct');
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
EOF
}

prepare_www() {
  if [ ! -f "$D/www/wp-settings.php" ]; then
    # A private copy: Debian's tree picks its config from /etc/wordpress by Host header, and PHP
    # resolves symlinks in __DIR__, so a symlinked tree would still load Debian's wp-config.php.
    # -L: Debian ships RELATIVE symlinks (wp-includes/js/underscore*.js, ID3/*.php, ...) that
    # would dangle in a copy.
    rm -rf "$D/www" "$D/www.partial"
    cp -aL "$WPSRC" "$D/www.partial"
    rm -f "$D/www.partial/wp-config.php" "$D/www.partial/.htaccess"
    mv "$D/www.partial" "$D/www"
  fi
  if [ ! -f "$D/www/wp-salts.php" ]; then
    local k salts="<?php"$'\n'
    for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
      salts+="define('$k', '$(head -c 48 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')');"$'\n'
    done
    printf '%s' "$salts" >"$D/www/wp-salts.php"
  fi
  write_wp_config "$D/www" wp_ ''
  # The second WordPress on the same origins, under /second/ (scripts/wp-stack/second-site.php).
  if [ ! -f "$D/www/second/wp-settings.php" ]; then
    rm -rf "$D/www/second" "$D/www/second.partial"
    cp -aL "$WPSRC" "$D/www/second.partial"
    rm -f "$D/www/second.partial/wp-config.php" "$D/www/second.partial/.htaccess"
    mv "$D/www/second.partial" "$D/www/second"
  fi
  write_wp_config "$D/www/second" ws_ /second
  cp "$ASSETS/router.php" "$D/router.php"
  mkdir -p "$D/www/wp-content/mu-plugins"
  cp "$ASSETS/mu-plugin.php" "$D/www/wp-content/mu-plugins/countersign-stack.php"
  mkdir -p "$D/www/second/wp-content/mu-plugins"
  cp "$ASSETS/mu-plugin.php" "$D/www/second/wp-content/mu-plugins/countersign-stack.php"
}

# Test stacks only (a directory named test*): abilities of every kind for the Abilities API
# tests (WordPress 6.9+; inert before). Never in a dev stack, never in the shipped plugin.
# Copied on every `up`, like the companion plugin, so a running stack gets this checkout's.
install_test_abilities() {
  local dest="$D/www/wp-content/mu-plugins/countersign-test-abilities.php"
  case "$(basename "$D")" in
    test*) cp "$ASSETS/abilities-test-plugin.php" "$dest" ;;
    *) rm -f "$dest" ;;
  esac
}

# The companion plugin (server/wordpress/countersign), copied in on every `up` so the stack
# runs the plugin of this checkout, then activated (tables, capabilities, cron) if it is not.
PLUGIN_SRC=$REPO_DIR/server/wordpress/countersign
install_plugin() {
  local dest="$D/www/wp-content/plugins/countersign"
  [ -f "$PLUGIN_SRC/countersign.php" ] || die "no plugin at $PLUGIN_SRC"
  rm -rf "$dest.partial"
  cp -a "$PLUGIN_SRC" "$dest.partial"
  rm -rf "$dest"
  mv "$dest.partial" "$dest"
}
activate_plugin() {
  php "$ASSETS/activate-plugin.php" "$D" "$PORT" >>"$D/log/seed.log" 2>&1 \
    || { tail -5 "$D/log/seed.log" >&2; die "activating the Countersign plugin failed (log: $D/log/seed.log)"; }
}

seed() {
  php "$ASSETS/seed.php" "$D" "$PORT" "$DB_PORT" >"$D/log/seed.log" 2>&1 \
    || { tail -20 "$D/log/seed.log" >&2; die "installing/seeding WordPress failed (log: $D/log/seed.log)"; }
  php "$ASSETS/second-site.php" "$D" "$PORT" >"$D/log/second-site.log" 2>&1 \
    || { tail -20 "$D/log/second-site.log" >&2; die "installing the second site failed (log: $D/log/second-site.log)"; }
}

start_php() { # start_php HOST
  local host=$1 log="$D/log/php-$1.log" pid
  [ -f "$log" ] && mv -f "$log" "$log.1" # one request per line: keep this run and the last
  # setsid: php becomes a process-group leader; PHP_CLI_SERVER_WORKERS forks workers into that
  # group. Killing only the master would leave the workers holding the port, so `down` kills
  # the group. 9>&-: the daemon must not inherit the directory lock.
  (cd "$D" && PHP_CLI_SERVER_WORKERS=$WORKERS exec setsid php \
    -d memory_limit=512M -d upload_max_filesize=64M -d post_max_size=64M -d max_execution_time=120 \
    -S "$host:$PORT" -t "$D/www" "$D/router.php" </dev/null >>"$log" 2>&1 9>&-) &
  pid=$!
  echo "$pid" >"$(php_pidfile "$host")"
}
await_php() { # await_php HOST
  local host=$1 pid pg
  wait_for 30 "php -S on $host:$PORT" answers "http://$host:$PORT" \
    || { tail -20 "$D/log/php-$host.log" >&2; die "php -S on $host:$PORT did not answer (log: $D/log/php-$host.log)"; }
  pid=$(cat "$(php_pidfile "$host")")
  pg=$(awk '{ sub(/.*\) /, ""); print $3 }' "/proc/$pid/stat" 2>/dev/null || true)
  [ "$pg" = "$pid" ] || die "php -S on $host is not a process-group leader (pgid '$pg', pid $pid)"
}

# Logs in on ORIGIN (cookies are per host) and checks that REST with the cookie and the nonce
# answers as that user, with links on the same origin.
verify_origin() { # verify_origin ORIGIN LOGIN ROLE
  local origin=$1 user=$2 role=$3 jar code nonce body
  jar=$(mktemp "$D/tmp/verify.XXXXXX")
  curl -s --max-time 20 -c "$jar" -b "$jar" -o /dev/null "$origin/wp-login.php"
  code=$(curl -s --max-time 20 -c "$jar" -b "$jar" -o /dev/null -w '%{http_code} %{redirect_url}' \
    --data-urlencode "log=$user" --data-urlencode "pwd=$user-pass" -d testcookie=1 \
    --data-urlencode "redirect_to=$origin/wp-admin/" "$origin/wp-login.php")
  [ "$code" = "302 $origin/wp-admin/" ] || { rm -f "$jar"; die "login as $user on $origin failed (got: $code)"; }
  nonce=$(curl -s --max-time 20 -b "$jar" "$origin/wp-admin/admin-ajax.php?action=rest-nonce")
  [[ $nonce =~ ^[0-9a-f]{10}$ ]] || { rm -f "$jar"; die "no REST nonce for $user on $origin (got: ${nonce:0:80})"; }
  body=$(curl -s --max-time 20 -b "$jar" -H "X-WP-Nonce: $nonce" \
    "$origin/wp-json/wp/v2/users/me?context=edit&_fields=username,roles,link")
  rm -f "$jar"
  body=${body//\\/} # unescape \/ in JSON
  [[ $body == *"\"username\":\"$user\""* && $body == *"\"$role\""* && $body == *"\"link\":\"$origin/"* ]] \
    || die "REST users/me on $origin did not answer as $user on that origin: ${body:0:200}"
}

print_summary() { # print_summary HEADLINE
  local rel=$D u
  case "$D" in "$REPO_DIR"/*) rel=${D#"$REPO_DIR"/} ;; esac
  # shellcheck disable=SC2154 # WP_* come from the sourced wp.env
  (
    # shellcheck disable=SC1091
    . "$D/wp.env"
    echo "$1"
    echo "  WordPress   ${WP_VERSION:-?}"
    echo "  Site        $WP_URL/            admin: $WP_ADMIN_URL"
    echo "  2nd origin  $WP_URL_2/            (same site; the extension has no host permission here)"
    echo "  REST        $WP_REST_URL"
    echo "  2nd site    $WP_URL/second/     (another WordPress on the same origin; admin / admin-pass)"
    echo "  Logins (user / password / role; log in on each origin separately):"
    for u in admin editor1 editor2 author1 contributor1 subscriber1; do
      local U=${u^^} id pass role
      id="WP_USER_${U}_ID" pass="WP_USER_${U}_PASS" role="WP_USER_${U}_ROLE"
      printf '    %-13s %-18s %-16s id %s\n' "$u" "${!pass}" "${!role}" "${!id}"
    done
    echo "  Seed        $rel/seed.json   Shell env: . $rel/wp.env"
    echo "  Stop        scripts/wp-stack.sh down --dir $rel    (reset: wipe and reseed)"
  )
}

# --- commands -------------------------------------------------------------------------------

# A directory holds one WordPress version (its www/ copy): never mix them up silently.
RESETTING=0
check_version() {
  local have
  [ "$RESETTING" = 1 ] && return 0
  have=$(marker_get wp || true)
  # Directories made before versions were recorded hold Debian's 6.1.
  if [ -z "$have" ] && [ -f "$D/www/wp-settings.php" ]; then have=6.1; fi
  [ -z "$have" ] || [ "$have" = "$WP_VERSION" ] \
    || die 2 "the stack in $D is WordPress $have, not $WP_VERSION: pass --wp $have, another --dir, or reset it"
}

UP_DONE=0
on_up_exit() {
  local rc=$?
  if [ "$UP_DONE" != 1 ]; then
    log "up failed; stopping what was started (logs: $D/log/)"
    stop_all >/dev/null 2>&1 || true
  fi
  return "$rc"
}

cmd_up() {
  local t0 t1 t2 t3 t4 h miss running_port
  t0=$(now_ms)
  check_version
  if [ -f "$D/$MARKER" ]; then
    claim_dir
    if is_running; then
      running_port=$(marker_get port || true)
      [ "$running_port" = "$PORT" ] || die "the stack in $D is running on port $running_port, not $PORT; run down first"
      if answers_both && [ -f "$D/seed.json" ]; then
        install_plugin
        install_test_abilities
        activate_plugin
        print_summary "WordPress stack already running (no changes; $(($(now_ms) - t0)) ms)"
        return 0
      fi
      log "running but not answering; restarting"
    fi
  fi
  miss=$(missing_deps | tr '\n' ' ')
  if [ -n "${miss// /}" ]; then
    log "missing dependencies: $miss"
    cmd_install_deps
  fi
  [ -f "$D/www/wp-settings.php" ] || fetch_wp
  claim_dir
  trap on_up_exit EXIT
  # Whatever is left of an earlier run of this directory (crash, partial start) goes first.
  stop_all
  port_busy 127.0.0.1 "$DB_PORT" && die 5 "db port 127.0.0.1:$DB_PORT is in use by something else (pass --db-port)"
  for h in "${HOSTS[@]}"; do
    port_busy "$h" "$PORT" && die 5 "port $h:$PORT is in use by something else (pass --port)"
  done
  write_marker
  mkdir -p "$D/log" "$D/tmp"
  # Stacks made before db/$DB_DONE existed: a seed.json means the database was initialised.
  if [ -d "$D/db/mysql" ] && [ -f "$D/seed.json" ] && [ ! -f "$D/db/$DB_DONE" ]; then touch "$D/db/$DB_DONE"; fi
  local fresh=warm
  [ -f "$D/db/$DB_DONE" ] || fresh=cold
  log "starting ($fresh) WordPress $WP_VERSION in $D on port $PORT, db port $DB_PORT"
  start_db
  t1=$(now_ms)
  prepare_www
  t2=$(now_ms)
  seed
  install_plugin
  install_test_abilities
  activate_plugin
  t3=$(now_ms)
  for h in "${HOSTS[@]}"; do start_php "$h"; done
  # Both origins at once (each php -S has its own opcache, so both start cold), each with its
  # OWN user: WordPress keeps a user's session tokens in one user-meta value that a login
  # reads, changes and writes back, so two simultaneous logins of one user can lose a session.
  local checks=() pid failed=0
  (await_php "${HOSTS[0]}" && verify_origin "$URL1" admin administrator) &
  checks+=($!)
  (await_php "${HOSTS[1]}" && verify_origin "$URL2" editor1 editor) &
  checks+=($!)
  for pid in "${checks[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" = 0 ] || die "the site did not come up on both origins"
  t4=$(now_ms)
  UP_DONE=1
  trap - EXIT
  log "ready in $((t4 - t0)) ms (db $((t1 - t0)), files $((t2 - t1)), install+seed $((t3 - t2)), php + login checks on both origins $((t4 - t3)))"
  print_summary "WordPress stack is up ($fresh start, $((t4 - t0)) ms)"
}

cmd_down() {
  if [ ! -d "$D" ]; then log "nothing at $D"; return 0; fi
  [ -f "$D/$MARKER" ] || die "$D is not a wp-stack directory (no $MARKER)"
  lock_dir
  stop_all "${1:-}"
  log "stopped $D"
}

cmd_reset() {
  if [ -d "$D" ]; then
    [ -f "$D/$MARKER" ] || [ -z "$(ls -A "$D")" ] || die "$D is not a wp-stack directory (no $MARKER); not wiping it"
    if [ -f "$D/$MARKER" ]; then
      lock_dir
      stop_all fast
      find "$D" -mindepth 1 -maxdepth 1 ! -name .lock ! -name "$MARKER" -exec rm -rf {} +
      log "wiped $D"
    fi
  fi
  RESETTING=1
  cmd_up
}

cmd_status() {
  if [ -d "$D" ] && is_running; then
    local p
    p=$(marker_get port || true)
    if answers_both "$p"; then
      echo "running http://127.0.0.1:$p/ and http://127.0.0.2:$p/ (dir $D)"
      return 0
    fi
    echo "running but NOT answering on port $p (dir $D; logs in $D/log/)"
    return 1
  fi
  if [ -d "$D" ] && [ -n "$(stray_pids)" ]; then
    echo "partly running (dir $D): run down, then up"
    return 1
  fi
  echo "stopped (dir $D)"
  return 3
}

cmd_env() {
  [ -f "$D/wp.env" ] || die 3 "no $D/wp.env (the stack was never started; run up)"
  cat "$D/wp.env"
}

cmd_eval() {
  [ ${#ARGS[@]} -ge 1 ] || die 2 "usage: $0 eval [--dir D] 'PHP code' [USER_LOGIN]"
  is_running || die 3 "the stack in $D is not running"
  php "$ASSETS/eval.php" "$D" "$PORT" "${ARGS[0]}" "${ARGS[1]:-}"
}

case "$CMD" in
  up | start) cmd_up ;;
  down | stop) cmd_down ;;
  reset) cmd_reset ;;
  status) cmd_status ;;
  env) cmd_env ;;
  install-deps) cmd_install_deps ;;
  eval) cmd_eval ;;
  help | -h | --help) usage 0 ;;
  *) log "unknown command '$CMD'"; usage 2 ;;
esac
