#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Screenshots of every game as a player sees it: the built app in a real window under Xvfb, at
# 1280×800 in the light and dark styles and at 360×640, into data/screenshots/ (or DIR).
#
#   tools/take-screenshots.sh [DIR]      (after build-aux/dev build; needs xvfb and imagemagick)
#   GAMES='demon penguin' tools/take-screenshots.sh   only these games
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PATIENCE_BUILD_DIR:-$top/_build}
out=${1:-$top/data/screenshots}
mkdir -p "$out"

declare -A deals=(
  [perpetual-motion]=31999 [perpetual-motion-free]=5 [idiots-delight]=7
  [black-hole]=5 [all-in-a-row]=2 [penguin]=5 [demon]=5
)

shot () {
  local game=$1 style=$2 width=$3 height=$4 file=$5
  local home display=${SCREENSHOT_DISPLAY:-:77} contrast=0
  if [[ $style == high-contrast ]]; then
    style=default contrast=1
  fi
  home=$(mktemp -d)
  mkdir -p "$home/config/glib-2.0/settings"
  printf '[io/github/patience/Patience]\nwindow-width=%d\nwindow-height=%d\nanimations=false\n' \
    "$width" "$height" > "$home/config/glib-2.0/settings/keyfile"
  # GNOME's title bar buttons (close only), not the three Xvfb's default gives.
  mkdir -p "$home/config/gtk-4.0"
  printf '[Settings]\ngtk-decoration-layout=appmenu:close\n' > "$home/config/gtk-4.0/settings.ini"
  Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
  local xvfb=$!
  sleep 1
  DISPLAY=$display XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config GSETTINGS_BACKEND=keyfile \
    GSETTINGS_SCHEMA_DIR=$build/data ADW_DEBUG_COLOR_SCHEME=$style ADW_DEBUG_HIGH_CONTRAST=$contrast GDK_BACKEND=x11 GDK_DEBUG=no-portals \
    dbus-run-session -- "$build/src/ui/patience" --game "$game" --deal "${deals[$game]}" >/dev/null 2>&1 &
  local app=$!
  sleep 4
  DISPLAY=$display import -window root -crop "${width}x${height}+0+0" "$file"
  kill "$app" "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$home"
}

for game in ${GAMES:-"${!deals[@]}"}; do
  shot "$game" default 1280 800 "$out/$game-light.png"
  shot "$game" prefer-dark 1280 800 "$out/$game-dark.png"
  shot "$game" default 360 640 "$out/$game-narrow.png"
  echo "$game" >&2
done
# libadwaita 1.2 honours ADW_DEBUG_HIGH_CONTRAST: the high-contrast style, as the accessibility setting gives.
shot penguin high-contrast 1280 800 "$out/high-contrast.png"
