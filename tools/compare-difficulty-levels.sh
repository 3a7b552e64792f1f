#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# How clearly the difficulty levels of one game separate, by builds of patience-cli side by side
# on the same deals in one run: for each build, `bench-difficulty` on the deals, then per level
# the winnable deals and the yardstick's win rate, the two-proportion z of Easy against Medium
# and of Medium against Hard (2 or more: a difference chance rarely makes), and the CPU seconds.
#
#   tools/compare-difficulty-levels.sh GAME FIRST LAST CLI [CLI…]
#
# Use deals the thresholds were not set on (they come from 100001-101800 or 100001-100600): for
# example 300001 300000+N. Each deal's solver budget is --timeout 1 (TIMEOUT in the environment
# changes it), so that a busy machine leaves hardly any deal unknown. Builds nothing.
set -eu

game=${1:?usage: $0 GAME FIRST LAST CLI [CLI…]}
first=${2:?}
last=${3:?}
shift 3
[ $# -ge 1 ] || { echo "usage: $0 GAME FIRST LAST CLI [CLI…]" >&2; exit 2; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' INT TERM

echo "$game deals $first..$last, solver budget ${TIMEOUT:-1} s a deal;" \
     "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
for cli in "$@"; do
  /usr/bin/time -f '%U %S' -o "$dir/time" \
    "$cli" bench-difficulty --game "$game" --deals "$first..$last" --timeout "${TIMEOUT:-1}" \
    > "$dir/out"
  awk -v cli="$cli" '
    NR == FNR { cpu = $1 + $2; next }
    /"difficulty":"(easy|medium|hard)"/ {
      match ($0, /"difficulty":"[a-z]+"/); level = substr ($0, RSTART + 14, RLENGTH - 15)
      match ($0, /"deals":[0-9]+/); n[level] = substr ($0, RSTART + 8, RLENGTH - 8)
      match ($0, /"greedy_won":[0-9]+/); won[level] = substr ($0, RSTART + 13, RLENGTH - 13)
    }
    /"yardstick"/ { match ($0, /"unknown":[0-9]+/); unknown = substr ($0, RSTART + 10, RLENGTH - 10) }
    function z (a, b,   p, se) {
      if (n[a] == 0 || n[b] == 0) return 0
      p = (won[a] + won[b]) / (n[a] + n[b])
      se = sqrt (p * (1 - p) * (1 / n[a] + 1 / n[b]))
      return se > 0 ? (won[a] / n[a] - won[b] / n[b]) / se : 0
    }
    function rate (l) { return n[l] > 0 ? 100 * won[l] / n[l] : 0 }
    END {
      printf "%s: Easy %d deals %.1f %% won, Medium %d %.1f %%, Hard %d %.1f %%; " \
             "z Easy-Medium %.1f, Medium-Hard %.1f; %d unknown; %.1f CPU-s\n",
             cli, n["easy"], rate("easy"), n["medium"], rate("medium"), n["hard"], rate("hard"),
             z("easy", "medium"), z("medium", "hard"), unknown, cpu
    }' "$dir/time" "$dir/out"
done
