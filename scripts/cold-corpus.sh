#!/usr/bin/env bash
# A grader's fresh machine: every case of a folder solved in turn by a default run, one process
# each, all sharing one table cache that starts empty, so the first runs build the pattern
# databases the later ones load.
#
#   scripts/cold-corpus.sh FOLDER [BINARY]
#
# Prints each case whose answer length differs from its `.ans` (`Yes N`), then the total and
# the slowest wall time.
set -euo pipefail
folder=$1
klotski=${2:-target/release/klotski}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export XDG_CACHE_HOME=$dir/cache
began=$(date +%s.%N)
slowest=0
for case in "$folder"/*.in; do
    start=$(date +%s.%N)
    "$klotski" terminal <"$case" >"$dir/out" 2>/dev/null || true
    seconds=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { print a - b }')
    slowest=$(awk -v a="$seconds" -v b="$slowest" 'BEGIN { print (a > b) ? a : b }')
    want=$(awk 'NR == 1 { print $2 }' "${case%.in}.ans" 2>/dev/null || true)
    got=$(sed -n 2p "$dir/out")
    if [ -n "$want" ] && [ "$want" != "$got" ]; then
        echo "$case: $got moves, the optimum is $want"
    fi
done
total=$(awk -v a="$(date +%s.%N)" -v b="$began" 'BEGIN { print a - b }')
printf 'total %.2f s, slowest %.2f s\n' "$total" "$slowest"
