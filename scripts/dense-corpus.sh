#!/usr/bin/env bash
# The dense-blocks corpus: boards of 6x6 to 10x10 with 2-3 blanks, two to four 2x2 blocks and
# three to six each of 2x1 and 1x2, made by `klotski generate` (random moves back from the
# goal, so every one is solvable), then solved by a default run each.
#
#   scripts/dense-corpus.sh [COUNT] [FIRST_SEED] [BINARY]
#
# Prints one line per board (name, exit code, seconds, moves) and a summary: the answered share,
# the median and the slowest time. Every printed answer was replayed by klotski before printing;
# pass a BINARY built from another commit to compare.
set -euo pipefail
count=${1:-60}
seed=${2:-18}
klotski=${3:-target/release/klotski}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# shellcheck source=scripts/board-runs.sh
. "$(dirname "$0")/board-runs.sh"
RANDOM=$seed
for ((i = 0; i < count; i++)); do
    rows=$((6 + RANDOM % 5)) cols=$((6 + RANDOM % 5)) blanks=$((2 + RANDOM % 2))
    big=$((2 + RANDOM % 3)) tall=$((3 + RANDOM % 4)) wide=$((3 + RANDOM % 4))
    name=$(printf 'd%02d_%dx%d_b%d_q%dv%dh%d' "$i" "$rows" "$cols" "$blanks" "$big" "$tall" "$wide")
    if ! "$klotski" generate --size "${rows}x${cols}" --blanks "$blanks" \
        --blocks "2x2:$big,2x1:$tall,1x2:$wide" --seed $((seed * 1000 + i)) \
        >"$dir/$name.in" 2>/dev/null; then
        continue # the blocks do not fit this goal
    fi
    run_board "$dir" "$name" "$klotski"
done
summarize
