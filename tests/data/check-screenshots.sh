#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The screenshots: every image the metainfo (software centres) and the README show is in
# data/screenshots and is a PNG; and every file there is one tools/take-screenshots.sh takes, so a
# picture of an older app cannot linger after the set is taken again.
# Usage: check-screenshots.sh SOURCE_ROOT

set -eu

top=$1
dir=$top/data/screenshots
metainfo=$top/data/io.github.patience.Patience.metainfo.xml.in
script=$top/tools/take-screenshots.sh
prefix=https://raw.githubusercontent.com/patience/patience/main/

failed=0
fail () {
  echo "FAIL: $*"
  failed=1
}

is_png () {
  # The eight bytes every PNG starts with: \211 P N G \r \n \032 \n.
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}

shown () {
  if [ ! -f "$top/$2" ]; then
    fail "$1 shows $2, which is not in the tree"
  elif ! is_png "$top/$2"; then
    fail "$1 shows $2, which is not a PNG"
  else
    echo "ok: $1 shows $2"
  fi
}

# The metainfo's images, each a URL of a file of the tree on main.
n=0
for url in $(sed -n 's|.*<image>\(.*\)</image>.*|\1|p' "$metainfo"); do
  n=$((n + 1))
  case $url in
    "$prefix"*) shown metainfo "${url#"$prefix"}" ;;
    *) fail "metainfo image $url is not under $prefix" ;;
  esac
done
[ "$n" -gt 0 ] || fail "the metainfo shows no screenshot"

# The README's images and links to screenshots.
for path in $(grep -o 'data/screenshots/[^) ]*' "$top/README.md" | sort -u); do
  shown README.md "$path"
done

# What take-screenshots.sh takes: GAME-light, GAME-dark and GAME-narrow for the games of its deals
# table, and high-contrast.
games=$(grep -o '\[[a-z-]*\]=[0-9]' "$script" | sed 's/^\[\(.*\)\]=.*/\1/')
[ -n "$games" ] || fail "no games found in $script"
for file in "$dir"/*; do
  name=$(basename "$file")
  taken=no
  [ "$name" = high-contrast.png ] && taken=yes
  for game in $games; do
    for kind in light dark narrow; do
      [ "$name" = "$game-$kind.png" ] && taken=yes
    done
  done
  if [ "$taken" = yes ]; then
    echo "ok: $name is taken by take-screenshots.sh"
  else
    fail "data/screenshots/$name is not one take-screenshots.sh takes (left from an older set?)"
  fi
done

exit "$failed"
