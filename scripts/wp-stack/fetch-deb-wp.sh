#!/usr/bin/env bash
# fetch-deb-wp.sh CACHE_DIR 6.8|7.1: makes CACHE_DIR/wp-deb-SUITE/tree, a complete WordPress
# tree built from Debian's own `wordpress` package of a newer Debian release, once.
#
#   6.8 -> trixie (Debian 13, WordPress 6.8.x)    7.1 -> sid (unstable, WordPress 7.1.x)
#
# This machine runs bookworm, whose `wordpress` is 6.1.9 (installed as usual, /usr/share/wordpress).
# The newer releases' packages are read with a PRIVATE apt state in CACHE_DIR (its own
# sources.list, lists and archives, and no lock on the system's): the machine's apt sources,
# lists and dpkg database are never touched and nothing is installed. The mirror is the one the
# machine's own apt sources name (COUNTERSIGN_DEBIAN_MIRROR overrides it); apt checks the
# releases' signatures with the machine's trusted Debian archive keys as always.
#
# The package links a few files from other packages (PHPMailer, getID3, lodash, underscore,
# jQuery UI, cropper) and has no theme of its own (6.8 and 7.1 default to Twenty Twenty-Five):
# those packages come from the same release, are unpacked beside it, and the tree is copied with
# the links resolved, so it stands alone.
#
# Prints the tree's path on stdout, its exact version on stderr. Idempotent (a tree is fetched
# once; `rm -rf CACHE_DIR/wp-deb-SUITE` fetches the release's current one again); safe to run
# from several processes and checkouts at once (a lock per release in CACHE_DIR).
set -euo pipefail

log() { printf '[wp-stack] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[ $# -eq 2 ] || die "usage: $0 CACHE_DIR 6.8|7.1"
case "$2" in
  6.8) SUITE=trixie ;;
  7.1) SUITE=sid ;;
  *) die "no Debian release carries WordPress '$2' here (6.8: trixie, 7.1: sid)" ;;
esac
BRANCH=$2
# The package and what its files link to, plus the default theme of 6.8 and 7.1.
PACKAGES=(wordpress wordpress-theme-twentytwentyfive libjs-cropper libjs-jquery-ui libjs-lodash
  libjs-underscore libphp-phpmailer php-getid3)
mkdir -p "$1"
CACHE=$(cd "$1" && pwd -P)
OUT=$CACHE/wp-deb-$SUITE
TREE=$OUT/tree
DONE=$OUT/.complete # holds the exact version, written last

tree_version() { sed -n "s/^\$wp_version = '\([^']*\)';.*/\1/p" "$1/wp-includes/version.php" 2>/dev/null; }
complete() { [ -f "$DONE" ] && [ -f "$TREE/wp-settings.php" ] && [ "$(cat "$DONE")" = "$(tree_version "$TREE")" ]; }
done_ok() {
  log "WordPress $(cat "$DONE") (Debian $SUITE): $TREE"
  echo "$TREE"
  exit 0
}
complete && done_ok

exec 8>"$CACHE/.fetch-deb-$SUITE.lock"
flock -w 600 8 || die "another fetch of Debian $SUITE's WordPress is busy in $CACHE (waited 600 s)"
complete && done_ok # made by the process we waited for

for c in apt-get dpkg-deb flock; do command -v "$c" >/dev/null || die "$c is needed (a Debian machine)"; done
mirror=${COUNTERSIGN_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  # The first non-security mirror of the machine's own sources (deb822 files, then the old list).
  mirror=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | grep -v security | head -n1 | awk '{print $2}' || true)
  [ -n "$mirror" ] \
    || mirror=$(grep -hsE '^deb[[:space:]]' /etc/apt/sources.list | grep -v security | head -n1 | awk '{print $2}' || true)
fi
[[ $mirror =~ ^https?://[^[:space:]]+$ ]] \
  || die "no Debian mirror in this machine's apt sources (set COUNTERSIGN_DEBIAN_MIRROR to one)"

t0=$(date +%s%3N)
STATE=$OUT/apt
rm -rf "$OUT/root" "$TREE.partial" "$DONE"
mkdir -p "$STATE/lists/partial" "$STATE/archives/partial"
echo "deb $mirror $SUITE main" >"$STATE/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$STATE/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$STATE/lists" -o "Dir::Cache=$STATE" -o "Dir::Cache::Archives=$STATE/archives"
  -o Acquire::Languages=none -o Debug::NoLocking=1)
# As root apt drops to the _apt user to download, which cannot write into our private folders.
[ "$(id -u)" != 0 ] || apt_opts+=(-o APT::Sandbox::User=root)
log "fetching WordPress $BRANCH from Debian $SUITE's packages (once, about 15 MB) into $OUT"
apt-get "${apt_opts[@]}" -qq update >&2 || die "apt-get update of Debian $SUITE (private state) failed"
rm -f "$STATE"/archives/*.deb
(cd "$STATE/archives" && apt-get "${apt_opts[@]}" -qq download "${PACKAGES[@]}" >&2) \
  || die "downloading ${PACKAGES[*]} from Debian $SUITE failed"
mkdir -p "$OUT/root"
for p in "${PACKAGES[@]}"; do
  deb=$(find "$STATE/archives" -maxdepth 1 -name "${p}_*.deb" | head -n1)
  [ -n "$deb" ] || die "apt did not download $p"
  dpkg-deb -x "$deb" "$OUT/root" || die "could not unpack $deb"
done
# -L resolves the package's links into the packages unpacked beside it; a link left dangling
# (a package the list above lacks) fails the copy instead of leaving a tree with holes.
cp -aL "$OUT/root/usr/share/wordpress" "$TREE.partial" || die "the tree has links to files no package brought"
rm -rf "$OUT/root"
version=$(tree_version "$TREE.partial")
case "$version" in
  "$BRANCH" | "$BRANCH".*) ;;
  *) die "Debian $SUITE now carries WordPress '${version:-?}', not $BRANCH.x: the stack's --wp $BRANCH needs updating" ;;
esac
[ -f "$TREE.partial/wp-includes/js/dist/editor.min.js" ] || die "the tree lacks the block editor's scripts"
[ -f "$TREE.partial/wp-content/themes/twentytwentyfive/style.css" ] || die "the tree lacks its default theme"
rm -rf "$TREE"
mv "$TREE.partial" "$TREE"
echo "$version" >"$DONE"
log "WordPress $version ready in $(($(date +%s%3N) - t0)) ms"
done_ok
