#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the build into a temporary DESTDIR and checks that every file a user needs is there.
# Usage: install-test.sh BUILD_DIR PREFIX BINDIR DATADIR MANDIR APP_ID LOCALEDIR LINGUAS_FILE HELP_DIR

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

destdir=$(mktemp -d "${TMPDIR:-/tmp}/patience-install-test.XXXXXX")
trap 'rm -rf "$destdir"' EXIT INT TERM

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

check_executable "$bin/patience"
check_executable "$bin/patience-cli"
check "$data/applications/$app_id.desktop"
check "$data/metainfo/$app_id.metainfo.xml"
check "$data/icons/hicolor/scalable/apps/$app_id.svg"
check "$data/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
check "$data/glib-2.0/schemas/$app_id.gschema.xml"
check "$data/dbus-1/services/$app_id.service"
check "$man/man1/patience.1"
check "$man/man1/patience-cli.1"

# A compiled catalogue for every language of po/LINGUAS, starting with the .mo magic number.
for lang in $(sed 's/#.*//' "$linguas_file"); do
  mo=$locale/$lang/LC_MESSAGES/patience.mo
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
  check "$data/help/C/patience/$name"
  for lang in $(sed 's/#.*//' "$help_dir/LINGUAS"); do
    check "$data/help/$lang/patience/$name"
  done
done
for lang in $(sed 's/#.*//' "$help_dir/LINGUAS"); do
  if [ -f "$data/help/$lang/patience/index.page" ] &&
     cmp -s "$data/help/C/patience/index.page" "$data/help/$lang/patience/index.page"; then
    echo "NOT TRANSLATED: /help/$lang/patience/index.page"
    failed=1
  fi
done

# The installed command-line tool runs.
if [ -x "$bin/patience-cli" ] && ! "$bin/patience-cli" --version >/dev/null; then
  echo "FAIL: the installed patience-cli --version"
  failed=1
fi

exit $failed
