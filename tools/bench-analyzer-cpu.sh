#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The analyser's CPU seconds for one move (a stock turn in Demon deal 7492), with the verdict
# hidden and shown, for a base revision and for the working tree, in one run on this machine.
#
#   tools/bench-analyzer-cpu.sh [BASE-REVISION] [SECONDS] [ROUNDS]
#
# Builds the base's engine and model in a temporary folder (the working tree's in _build/, which
# must be built), links tools/analyzer-cpu.c against each, and runs it once per case. BASE defaults
# to 834b9e7 (before the analyser searched on demand); SECONDS (20) is how long the main loop runs
# after the move, longer than both looks; ROUNDS (2) runs every case that many times, in turn.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-834b9e7}
seconds=${2:-20}
rounds=${3:-2}
build=${PATIENCE_BUILD_DIR:-$top/_build}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-analyzer-XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir "$work/src"
git -C "$top" archive "$base" | tar -x -C "$work/src"
meson setup "$work/build" "$work/src" -Dtests=false >/dev/null
ninja -C "$work/build" src/model/libpatience-model.a src/engine/libpatience-engine.a >/dev/null

harness () {   # SOURCE-TREE BUILD-DIR OUTPUT
  cc -O2 -I"$2" -I"$1/src/engine" -I"$1/src/model" "$top/tools/analyzer-cpu.c" \
     "$2/src/model/libpatience-model.a" "$2/src/engine/libpatience-engine.a" \
     $(pkg-config --cflags --libs gio-2.0) -lpicosat -lm -pthread -o "$3"
}
harness "$work/src" "$work/build" "$work/before"
harness "$top" "$build" "$work/after"

export GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data"
echo "# $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
  for case in "before hidden" "before shown" "after hidden" "after shown" \
              "after shown power-saver"; do
    set -- $case
    printf '%s %s %s: ' "$1" "$2" "${3:-}"
    "$work/$1" "$2" "${3:-normal}" "$seconds"
  done
done
echo "# load average $(cut -d' ' -f1-3 /proc/loadavg)"
