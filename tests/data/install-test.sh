#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the build into a temporary DESTDIR and checks that every file a user needs is there,
# under this profile's names; then configures the other profile with the same directories and
# checks that it would install none of the files this build installed, so that both profiles
# install into one prefix side by side.
# Usage: install-test.sh BUILD_DIR PREFIX BINDIR DATADIR MANDIR APP_ID LOCALEDIR LINGUAS_FILE HELP_DIR
#                        SOURCE_DIR PROFILE

set -eu

build_dir=$1
prefix=$2
bindir=$3
datadir=$4
mandir=$5
app_id=$6
localedir=$7
linguas_file=$8
help_dir=$9
source_dir=${10}
profile=${11}

# The development profile's programs, man pages, translations and manual carry its suffix.
case $profile in
  development) suffix=-devel other=default ;;
  *) suffix= other=development ;;
esac
app=patience$suffix
cli=patience-cli$suffix
domain=patience$suffix
help_id=patience$suffix

destdir=$(mktemp -d "${TMPDIR:-/tmp}/patience-install-test.XXXXXX")
trap 'rm -rf "$destdir" "$destdir".*' EXIT INT TERM

# meson test has built what is installed (the test depends on it); building more here could fail on
# work in progress elsewhere that the install does not need.
if ! meson install -C "$build_dir" --destdir "$destdir" --no-rebuild --quiet >"$destdir.log" 2>&1; then
  cat "$destdir.log"
  rm -f "$destdir.log"
  echo "FAIL: meson install"
  exit 1
fi
rm -f "$destdir.log"

# Options may be relative to the prefix or absolute.
under_prefix () {
  case $1 in
    /*) printf '%s' "$1" ;;
    *) printf '%s/%s' "$prefix" "$1" ;;
  esac
}

root=$destdir
bin=$root$(under_prefix "$bindir")
data=$root$(under_prefix "$datadir")
man=$root$(under_prefix "$mandir")
locale=$root$(under_prefix "$localedir")

failed=0
check () {
  if [ -f "$1" ] && [ -s "$1" ]; then
    echo "ok: ${1#"$root"}"
  else
    echo "MISSING: ${1#"$root"}"
    failed=1
  fi
}
check_executable () {
  check "$1"
  if [ -f "$1" ] && [ ! -x "$1" ]; then
    echo "NOT EXECUTABLE: ${1#"$root"}"
    failed=1
  fi
}

check_executable "$bin/$app"
check_executable "$bin/$cli"
check "$data/applications/$app_id.desktop"
check "$data/metainfo/$app_id.metainfo.xml"
check "$data/icons/hicolor/scalable/apps/$app_id.svg"
check "$data/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
check "$data/glib-2.0/schemas/$app_id.gschema.xml"
check "$data/dbus-1/services/$app_id.service"
check "$man/man1/$app.1"
check "$man/man1/$cli.1"

# A compiled catalogue for every language of po/LINGUAS, starting with the .mo magic number.
for lang in $(sed 's/#.*//' "$linguas_file"); do
  mo=$locale/$lang/LC_MESSAGES/$domain.mo
  check "$mo"
  if [ -f "$mo" ]; then
    magic=$(od -An -tx4 -N4 "$mo" | tr -d ' ')
    if [ "$magic" != 950412de ] && [ "$magic" != de120495 ]; then
      echo "NOT A MESSAGE CATALOGUE: ${mo#"$root"}"
      failed=1
    fi
  fi
done

# The manual: every page in English and, translated, in every language of help/LINGUAS.
for page in "$help_dir"/C/*.page; do
  name=$(basename "$page")
  check "$data/help/C/$help_id/$name"
  for lang in $(sed 's/#.*//' "$help_dir/LINGUAS"); do
    check "$data/help/$lang/$help_id/$name"
  done
done
for lang in $(sed 's/#.*//' "$help_dir/LINGUAS"); do
  if [ -f "$data/help/$lang/$help_id/index.page" ] &&
     cmp -s "$data/help/C/$help_id/index.page" "$data/help/$lang/$help_id/index.page"; then
    echo "NOT TRANSLATED: /help/$lang/$help_id/index.page"
    failed=1
  fi
done

# The installed command-line tool runs.
if [ -x "$bin/$cli" ] && ! "$bin/$cli" --version >/dev/null; then
  echo "FAIL: the installed $cli --version"
  failed=1
fi

# The other profile, configured (not built) with the same directories: meson lists what it would
# install. That list is checked against this build's own, which must name every file the install
# above wrote, and then no file of this build may be in the other profile's list.
installed_list () {
  meson introspect --installed "$1" |
    python3 -c 'import json, sys; print("\n".join(sorted(json.load(sys.stdin).values())))'
}
other_dir=$destdir.other
if ! meson setup "$other_dir" "$source_dir" -Dprofile="$other" -Dtests=false \
       --prefix="$prefix" --bindir="$bindir" --datadir="$datadir" --mandir="$mandir" \
       --localedir="$localedir" >"$destdir.log" 2>&1; then
  cat "$destdir.log"
  echo "FAIL: meson setup of the $other profile"
  failed=1
else
  installed_list "$build_dir" >"$destdir.mine"
  installed_list "$other_dir" >"$destdir.theirs"
  find "$root" -type f | sed "s|^$root||" | sort >"$destdir.files"
  unlisted=$(comm -23 "$destdir.files" "$destdir.mine")
  if [ -n "$unlisted" ]; then
    echo "FAIL: installed, but not in meson's list of this build's files:"
    printf '  %s\n' $unlisted
    failed=1
  fi
  shared=$(comm -12 "$destdir.files" "$destdir.theirs")
  if [ -n "$shared" ]; then
    echo "FAIL: the $other profile installs these files too, and would replace them:"
    printf '  %s\n' $shared
    failed=1
  else
    echo "ok: the $other profile installs none of this build's $(wc -l <"$destdir.files") files"
  fi
fi
rm -rf "$other_dir" "$destdir.log" "$destdir.mine" "$destdir.theirs" "$destdir.files"

exit $failed
