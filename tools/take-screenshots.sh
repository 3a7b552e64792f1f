#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Screenshots of every game as a player sees it: the built app in a real window under Xvfb, at
# 1280×800 in the light and dark styles and at 360×640, into data/screenshots/ (or DIR).
#
#   tools/take-screenshots.sh [DIR]      (after build-aux/dev build; needs xvfb, xdotool and
#                                         imagemagick)
#   GAMES='demon penguin' tools/take-screenshots.sh   only these games
#   SCREENSHOT_DISPLAY=:NN                            the X display to use (default :77)
#
# The games that start with every card in the stock are played a little first, so that the
# picture shows cards: the stock is clicked a few times in a first run of the app, and every
# picture of that game resumes the game it saved (a resumed game has no focus ring on the board,
# which the clicks would leave).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PATIENCE_BUILD_DIR:-$top/_build}
out=${1:-$top/data/screenshots}
mkdir -p "$out"

declare -A deals=(
  [perpetual-motion]=31999 [perpetual-motion-free]=5 [idiots-delight]=7
  [black-hole]=5 [all-in-a-row]=2 [penguin]=5 [demon]=5
)
# How many times to deal from the stock before the pictures, in the games dealt from it. The stock
# is the first pile, at the top left of the 1280×800 window.
declare -A stock_clicks=(
  [perpetual-motion]=4 [perpetual-motion-free]=4 [idiots-delight]=4
)
stock_x=225 stock_y=156

display=${SCREENSHOT_DISPLAY:-:77}
saves=$(mktemp -d)
trap 'rm -rf "$saves"' EXIT

# run_app HOME WIDTH HEIGHT STYLE CONTRAST ARGS…: the app in the background on $display, its
# settings and data in HOME; sets $app to its process.
run_app () {
  local home=$1 width=$2 height=$3 style=$4 contrast=$5
  shift 5
  mkdir -p "$home/config/glib-2.0/settings" "$home/data"
  printf '[io/github/patience/Patience]\nwindow-width=%d\nwindow-height=%d\nanimations=false\n' \
    "$width" "$height" > "$home/config/glib-2.0/settings/keyfile"
  # GNOME's title bar buttons (close only), not the three Xvfb's default gives.
  mkdir -p "$home/config/gtk-4.0"
  printf '[Settings]\ngtk-decoration-layout=appmenu:close\n' > "$home/config/gtk-4.0/settings.ini"
  DISPLAY=$display XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config GSETTINGS_BACKEND=keyfile \
    GSETTINGS_SCHEMA_DIR=$build/data ADW_DEBUG_COLOR_SCHEME=$style ADW_DEBUG_HIGH_CONTRAST=$contrast GDK_BACKEND=x11 GDK_DEBUG=no-portals \
    dbus-run-session -- "$build/src/ui/patience" "$@" >/dev/null 2>&1 &
  app=$!
}

# The game in progress of GAME, played from the stock, saved in $saves/GAME/.
play_from_stock () {
  local game=$1 home=$saves/$1 i
  Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
  local xvfb=$!
  sleep 1
  run_app "$home" 1280 800 default 0 --game "$game" --deal "${deals[$game]}"
  sleep 4
  for ((i = 0; i < ${stock_clicks[$game]}; i++)); do
    DISPLAY=$display xdotool mousemove "$stock_x" "$stock_y" click 1
    sleep 0.5
  done
  # Every move is saved as it is made.
  sleep 1
  kill "$app" "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -f "$home/data/patience/patience.lock"
  if ! ls "$home/data/patience/$game".* >/dev/null 2>&1; then
    echo "error: no saved game of $game after dealing from the stock" >&2
    exit 1
  fi
  rm -rf "$home/config"
}

shot () {
  local game=$1 style=$2 width=$3 height=$4 file=$5
  local home contrast=0
  local args=(--game "$game" --deal "${deals[$game]}")
  if [[ $style == high-contrast ]]; then
    style=default contrast=1
  fi
  home=$(mktemp -d)
  if [[ -d $saves/$game ]]; then
    cp -r "$saves/$game/data" "$home/data"
    args=(--game "$game")
  fi
  Xvfb "$display" -screen 0 1400x900x24 >/dev/null 2>&1 &
  local xvfb=$!
  sleep 1
  run_app "$home" "$width" "$height" "$style" "$contrast" "${args[@]}"
  sleep 4
  DISPLAY=$display import -window root -crop "${width}x${height}+0+0" "$file"
  kill "$app" "$xvfb" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$home"
}

for game in ${GAMES:-"${!deals[@]}"}; do
  [[ -n ${stock_clicks[$game]:-} ]] && play_from_stock "$game"
  shot "$game" default 1280 800 "$out/$game-light.png"
  shot "$game" prefer-dark 1280 800 "$out/$game-dark.png"
  shot "$game" default 360 640 "$out/$game-narrow.png"
  echo "$game" >&2
done
# libadwaita 1.2 honours ADW_DEBUG_HIGH_CONTRAST: the high-contrast style, as the accessibility setting gives.
shot penguin high-contrast 1280 800 "$out/high-contrast.png"
