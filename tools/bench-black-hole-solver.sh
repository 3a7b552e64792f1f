#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Times the Black Hole / All in a Row solver against Shlomi Fish's black-hole-solver on the same
# deals, in one run, and checks that both give the same verdict deal by deal. Builds nothing.
#
#   tools/bench-black-hole-solver.sh [-r ROUNDS] [-b BEFORE-CLI] PATH/TO/multi-bhs-solver \
#                                    [GAME [FIRST LAST [PATIENCE-CLI]]]
#
# GAME is all-in-a-row (default) or black-hole; deals FIRST..LAST (default 1..2000); PATIENCE-CLI
# defaults to _build/src/cli/patience-cli. Each round times, one after the other:
#   solve         `PATIENCE-CLI solve --game GAME --deals FIRST..LAST --threads 1`, as documented
#   difficulty    the same with --difficulty (the solver, then the level of every won deal)
#   before        BEFORE-CLI's `solve` the same way, when -b gives one (an older build)
#   reference     multi-bhs-solver on the same boards, read from files made beforehand
# in CPU seconds (user + system of the whole process, /usr/bin/time), ROUNDS times (default 3),
# and prints each run's CPU seconds, deals per CPU-second and black-hole-solver's CPU time over
# its own (the ratio: how many times faster than black-hole-solver), then the medians over the
# rounds of each.
set -eu

rounds=3
before=
while getopts r:b: opt; do
  case $opt in
    r) rounds=$OPTARG ;;
    b) before=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))

ref=${1:?usage: $0 [-r ROUNDS] [-b BEFORE-CLI] PATH/TO/multi-bhs-solver [GAME [FIRST LAST [PATIENCE-CLI]]]}
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

# NAME COMMAND…: runs the command, its output in $dir/NAME.out, its CPU seconds appended to
# $dir/NAME.cpu.
timed () {
  name=$1
  shift
  /usr/bin/time -f '%U %S' -o "$dir/$name.time" "$@" > "$dir/$name.out"
  awk '{ print $1 + $2 }' "$dir/$name.time" >> "$dir/$name.cpu"
}

# Verdicts, deal by deal, in deal order.
ours_verdicts () {
  sed -n 's/^{"deal":\([0-9]*\),"result":"\([a-z]*\)".*/\1 \2/p' "$dir/$1.out"
}

check () {   # NAME: its verdicts against the reference's
  ours_verdicts "$1" > "$dir/$1.verdicts"
  if ! cmp -s "$dir/$1.verdicts" "$dir/ref.verdicts"; then
    echo "VERDICTS DIFFER ($1):" >&2
    diff "$dir/ref.verdicts" "$dir/$1.verdicts" >&2 || true
    status=1
  fi
}

names="solve difficulty"
[ -n "$before" ] && names="$names before"
status=0
echo "$game deals $first..$last ($deals), $rounds rounds, one thread each;" \
     "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores," \
     "load average $(cut -d' ' -f1-3 /proc/loadavg)"
round=1
while [ "$round" -le "$rounds" ]; do
  timed solve "$cli" solve --game "$game" --deals "$first..$last" --threads 1
  timed difficulty "$cli" solve --game "$game" --deals "$first..$last" --threads 1 --difficulty
  [ -n "$before" ] &&
    timed before "$before" solve --game "$game" --deals "$first..$last" --threads 1
  timed ref xargs "$ref" --game "$ref_game" < "$dir/list"
  awk '/^\[= Starting file/ { n = $4; sub(/.*\//, "", n); sub(/\.txt.*/, "", n) }
       /^Solved!/ { print n, "solved" }
       /^Unsolved!/ { print n, "unsolvable" }
       /^Intractable!/ { print n, "limit" }' "$dir/ref.out" > "$dir/ref.verdicts"
  for name in $names; do
    check "$name"
  done
  for name in $names; do
    printf 'round %d %-10s %8.2f CPU-s %9.1f deals/CPU-s  ratio %6.1f\n' "$round" "$name" \
      "$(tail -n1 "$dir/$name.cpu")" "$(tail -n1 "$dir/$name.cpu" | awk -v d="$deals" '{ print d / $1 }')" \
      "$(paste "$dir/ref.cpu" "$dir/$name.cpu" | tail -n1 | awk '{ print $1 / $2 }')"
  done
  printf 'round %d %-10s %8.2f CPU-s %9.1f deals/CPU-s\n' "$round" black-hole-solver \
    "$(tail -n1 "$dir/ref.cpu")" "$(tail -n1 "$dir/ref.cpu" | awk -v d="$deals" '{ print d / $1 }')"
  round=$((round + 1))
done

median () {   # the median of the numbers on stdin
  sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

for name in $names; do
  printf 'median  %-10s %8.2f CPU-s %9.1f deals/CPU-s  ratio %6.1f\n' "$name" \
    "$(median < "$dir/$name.cpu")" "$(median < "$dir/$name.cpu" | awk -v d="$deals" '{ print d / $1 }')" \
    "$(paste "$dir/ref.cpu" "$dir/$name.cpu" | awk '{ print $1 / $2 }' | median)"
done
printf 'median  %-10s %8.2f CPU-s %9.1f deals/CPU-s\n' black-hole-solver \
  "$(median < "$dir/ref.cpu")" "$(median < "$dir/ref.cpu" | awk -v d="$deals" '{ print d / $1 }')"
if [ "$status" -eq 0 ]; then
  echo "same verdicts as black-hole-solver on all $deals deals, every run"
fi
exit "$status"
