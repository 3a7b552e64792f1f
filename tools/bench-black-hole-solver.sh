#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Times the Black Hole / All in a Row solver against Shlomi Fish's black-hole-solver on the same
# deals, in one run, and checks that both give the same verdict deal by deal. Builds nothing.
#
#   tools/bench-black-hole-solver.sh PATH/TO/multi-bhs-solver [GAME [FIRST LAST [PATIENCE-CLI]]]
#
# GAME is all-in-a-row (default) or black-hole; deals FIRST..LAST (default 1..2000); PATIENCE-CLI
# defaults to _build/src/cli/patience-cli. Prints both solvers' deals per CPU-second (user + system
# time of the whole process, boards read from files made beforehand) and the ratio.
set -eu

ref=${1:?usage: $0 PATH/TO/multi-bhs-solver [GAME [FIRST LAST [PATIENCE-CLI]]]}
game=${2:-all-in-a-row}
first=${3:-1}
last=${4:-2000}
cli=${5:-_build/src/cli/patience-cli}

case $game in
  all-in-a-row) ref_game=all_in_a_row ;;
  black-hole) ref_game=black_hole ;;
  *) echo "unknown game $game" >&2; exit 2 ;;
esac

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
trap 'exit 1' INT TERM

n=$first
while [ "$n" -le "$last" ]; do
  "$cli" deal --game "$game" --deal "$n" > "$dir/$n.txt"
  echo "$dir/$n.txt" >> "$dir/list"
  n=$((n + 1))
done
deals=$((last - first + 1))

# Ours first, then the reference, back to back.
/usr/bin/time -f '%U %S' -o "$dir/ours.time" \
  "$cli" solve --game "$game" --deals "$first..$last" --threads 1 > "$dir/ours.out"
/usr/bin/time -f '%U %S' -o "$dir/ref.time" \
  xargs "$ref" --game "$ref_game" < "$dir/list" > "$dir/ref.out"

# Verdicts, deal by deal, in deal order.
sed -n 's/^{"deal":\([0-9]*\),"result":"\([a-z]*\)".*/\1 \2/p' "$dir/ours.out" > "$dir/ours.verdicts"
awk '/^\[= Starting file/ { n = $4; sub(/.*\//, "", n); sub(/\.txt.*/, "", n) }
     /^Solved!/ { print n, "solved" }
     /^Unsolved!/ { print n, "unsolvable" }
     /^Intractable!/ { print n, "limit" }' "$dir/ref.out" > "$dir/ref.verdicts"
if cmp -s "$dir/ours.verdicts" "$dir/ref.verdicts"; then
  verdicts="same verdicts on all $deals deals"
else
  verdicts="VERDICTS DIFFER:"
  echo "$verdicts" >&2
  diff "$dir/ref.verdicts" "$dir/ours.verdicts" >&2 || true
fi

awk -v deals="$deals" -v game="$game" -v verdicts="$verdicts" '
  NR == FNR { ours = $1 + $2; next }
  { ref = $1 + $2 }
  END {
    printf "%s deals %d: ours %.2f CPU-s = %.1f deals per CPU-second; black-hole-solver %.2f CPU-s = %.1f deals per CPU-second; ratio %.1f (%s)\n",
           game, deals, ours, deals / ours, ref, deals / ref, ref / ours, verdicts
  }' "$dir/ours.time" "$dir/ref.time"
