#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# What drawing costs, in CPU seconds of the app's process (utime + stime from /proc/PID/stat),
# beside a bare libadwaita window and Aisleriot in the same run, with the cairo renderer under
# Xvfb and openbox. "still" is Patience with its animations preference off (moves jump, a new deal
# shows at once), the measure of what drawing the board costs alone. Prints the median of RUNS
# runs of each measure and Patience's ratios:
#
#   start-up    from exec to a drawn, idle window (mapped, then CPU flat for a second)
#   drag        a card dragged along the same path for DRAG_SECONDS, CPU-s per second of drag
#   move        Patience only: a double-click that sends a card to the Black Hole (deal 2),
#               flight included; the mean of three such moves in a row, played MOVE_ROUNDS
#               times (4; taken back in between)
#   deal        Patience only: the deal flying in again after Restart (Ctrl+R), last, in the
#               1280×800 window; the window's first deal is shown dealt
#   resize      20 resizes, 360×640 and 1920×1200 in turn, 0.25 s apart
#
#   tools/bench-drawing.sh              (after build-aux/dev build; needs Xvfb, openbox, xdotool;
#                                        Aisleriot's `sol` is measured when installed)
#   RUNS=3 DRAG_SECONDS=5 MOVE_ROUNDS=4 BENCH_DISPLAY=:76 PROGRAMS='patience still bare aisleriot' \
#     PATIENCE_BUILD_DIR=_build tools/bench-drawing.sh
#
# Only CPU seconds are reported: they hold on a busy machine, where wall time does not.
set -euo pipefail
export PATH=$PATH:/usr/games

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${PATIENCE_BUILD_DIR:-$top/_build}
display=${BENCH_DISPLAY:-:76}
runs=${RUNS:-5}
drag_seconds=${DRAG_SECONDS:-5}
move_rounds=${MOVE_ROUNDS:-4}
tmp=$(mktemp -d)
hz=$(getconf CLK_TCK)
xvfb= wm= app= bus=

cleanup () {
  [ -n "$app" ] && kill "$app" 2>/dev/null || true
  [ -n "$bus" ] && kill "$bus" 2>/dev/null || true
  [ -n "$wm" ] && kill "$wm" 2>/dev/null || true
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT

# Where to grab a card on the screen, each window 1280×800 at the top left: in Patience's Black
# Hole deal 2 the Eight of Diamonds (dragged) and the Two of Spades, Three of Spades and Two of
# Hearts (which go to the hole in that order; a fourth move would end the game, and its end card
# would show over the resizes), in Aisleriot's Klondike the Four of Clubs.
pat_card=${PAT_CARD:-345 700}
pat_hole_cards=${PAT_HOLE_CARDS:-405,230 522,230 875,230}
sol_card=${SOL_CARD:-273 520}

cc -O2 -o "$tmp/bare-window" "$top/tools/bare-window.c" $(pkg-config --cflags --libs libadwaita-1)

Xvfb "$display" -screen 0 1920x1200x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
export DISPLAY=$display
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
openbox --sm-disable >/dev/null 2>&1 &
wm=$!
# One session bus for every program, as on a desktop; each run's program is gone before the next.
eval "$(dbus-launch --sh-syntax)"
bus=$DBUS_SESSION_BUS_PID
sleep 1

# The CPU seconds a process has used so far.
cpu () {
  sed 's/.*) //' "/proc/$1/stat" | awk -v hz="$hz" '{ printf "%.3f\n", ($12 + $13) / hz }'
}

# Waits until the process has used less than a tick of CPU in each of two half seconds.
wait_idle () {
  local last now quiet=0 i
  last=$(cpu "$1")
  for i in $(seq 120); do
    sleep 0.5
    now=$(cpu "$1")
    if awk -v a="$last" -v b="$now" -v t="$(awk -v hz="$hz" 'BEGIN { print 1.5 / hz }')" \
         'BEGIN { exit !(b - a < t) }'; then
      quiet=$((quiet + 1))
      [ $quiet -ge 2 ] && return 0
    else
      quiet=0
    fi
    last=$now
  done
  echo "warning: process $1 never went idle" >&2
}

# start NAME: the program in the background with fresh settings and data; sets $app and $win.
start () {
  local home=$tmp/home-$1
  rm -rf "$home"
  mkdir -p "$home/config/glib-2.0/settings" "$home/data" "$home/cache"
  export XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache
  export GSK_RENDERER=cairo GDK_BACKEND=x11 GSETTINGS_BACKEND=memory GTK_A11Y=none NO_AT_BRIDGE=1
  case $1 in
    patience)
      GSETTINGS_SCHEMA_DIR=$build/data "$build/src/ui/patience" --game black-hole --deal 2 \
        >/dev/null 2>&1 &
      ;;
    still)
      # Patience with the animations preference off: no deal flying in at start-up, moves jump.
      printf '[io/github/patience/Patience]\nanimations=false\n' \
        > "$home/config/glib-2.0/settings/keyfile"
      GSETTINGS_BACKEND=keyfile GSETTINGS_SCHEMA_DIR=$build/data "$build/src/ui/patience" \
        --game black-hole --deal 2 >/dev/null 2>&1 &
      ;;
    bare)
      "$tmp/bare-window" >/dev/null 2>&1 &
      ;;
    aisleriot)
      sol --variation klondike >/dev/null 2>&1 &
      ;;
  esac
  app=$!
  win=
  for _ in $(seq 240); do
    win=$(xdotool search --onlyvisible --pid "$app" 2>/dev/null | head -n 1) || true
    [ -n "$win" ] && return 0
    sleep 0.25
  done
  echo "$1 showed no window" >&2
  exit 1
}

stop () {
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=
}

# place: the window at the top left, 1280×800.
place () {
  xdotool windowsize "$win" 1280 800 windowmove "$win" 0 0
  sleep 0.5
  wait_idle "$app"
}

# drag X Y: presses at (X, Y), moves along a figure of eight at 60 steps a second for
# $drag_seconds, comes back and releases.
drag () {
  local steps=$((drag_seconds * 60))
  xdotool mousemove "$1" "$2" sleep 0.2 mousedown 1 \
    $(awk -v x="$1" -v y="$2" -v n="$steps" 'BEGIN {
        for (i = 1; i <= n; i++) {
          t = 2 * 3.14159265 * i / 120
          printf "mousemove %d %d sleep 0.016 ", x + 250 * sin (t), y - 200 * sin (2 * t) / 2 - 100 * (1 - cos (t))
        }
        printf "mousemove %d %d sleep 0.1", x, y }') \
    mouseup 1
}

sub () { awk -v a="$1" -v b="$2" -v d="${3:-1}" 'BEGIN { printf "%.3f\n", (b - a) / d }'; }
median () { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

programs=${PROGRAMS:-patience still bare aisleriot}
if [[ " $programs " == *" aisleriot "* ]] && ! command -v sol >/dev/null; then
  programs=${programs/aisleriot/}
  echo "Aisleriot (sol) is not installed: its column is left out." >&2
fi

for run in $(seq "$runs"); do
  for p in $programs; do
    start "$p"
    wait_idle "$app"
    cpu "$app" >> "$tmp/$p.startup"

    place
    if [ "$p" != bare ]; then
      if [ "$p" = aisleriot ]; then set -- $sol_card; else set -- $pat_card; fi
      before=$(cpu "$app")
      drag "$1" "$2"
      wait_idle "$app"
      sub "$before" "$(cpu "$app")" "$drag_seconds" >> "$tmp/$p.drag"
    fi

    if [ "$p" != bare ] && [ "$p" != aisleriot ]; then
      # One tick of CPU time is 0.01 s, more than half a move: the mean of the three moves,
      # played $move_rounds times (taken back with Ctrl+Z in between, not measured), is finer.
      moved=0 n_moved=0
      for round in $(seq "$move_rounds"); do
        if [ "$round" -gt 1 ]; then
          for _ in $pat_hole_cards; do xdotool key ctrl+z sleep 0.4; done
          wait_idle "$app"
        fi
        for xy in $pat_hole_cards; do
          xdotool mousemove "${xy%,*}" "${xy#*,}" sleep 0.3
          wait_idle "$app"
          before=$(cpu "$app")
          xdotool click --repeat 2 --delay 60 1
          wait_idle "$app"
          moved=$(awk -v m="$moved" -v d="$(sub "$before" "$(cpu "$app")")" 'BEGIN { print m + d }')
          n_moved=$((n_moved + 1))
        done
      done
      sub 0 "$moved" "$n_moved" >> "$tmp/$p.move"
    fi

    before=$(cpu "$app")
    for i in $(seq 10); do
      xdotool windowsize "$win" 360 640 sleep 0.25 windowsize "$win" 1920 1200 sleep 0.25
    done
    wait_idle "$app"
    sub "$before" "$(cpu "$app")" >> "$tmp/$p.resize"

    # Last, as it leaves a toast on the window ("the game you left counts as a loss").
    if [ "$p" != bare ] && [ "$p" != aisleriot ]; then
      place
      before=$(cpu "$app")
      xdotool key ctrl+r
      wait_idle "$app"
      sub "$before" "$(cpu "$app")" >> "$tmp/$p.deal"
    fi
    stop
  done
  echo "run $run of $runs done" >&2
done

m () { [ -f "$tmp/$1.$2" ] && median < "$tmp/$1.$2" || echo -; }
ratio () { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.1f×\n", a / b }'; }

echo
echo "CPU seconds, median of $runs runs; GSK_RENDERER=cairo; $(nproc) cores: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)"
printf '%-10s %9s %9s %9s %9s %10s %12s\n' measure Patience still bare Aisleriot 'vs bare' \
  'vs Aisleriot'
for what in startup drag move deal resize; do
  pt=$(m patience $what) st=$(m still $what) bt=$(m bare $what) at=$(m aisleriot $what)
  printf '%-10s %9s %9s %9s %9s %10s %12s\n' "$what" "$pt" "$st" "$bt" "$at" "$(ratio "$pt" "$bt")" \
    "$(ratio "$pt" "$at")"
done
echo "(drag: CPU-s per second of drag; move: one double-click to the hole, flight included, the mean of $((3 * move_rounds));"
echo " deal: Restart, the deal flying in again; still: the same with the animations preference off)"
