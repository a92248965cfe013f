#!/usr/bin/env bash
# The denser-blocks corpus: 7x7 and 8x8 boards with 2-3 blanks and 13 to 16 blocks (two to four
# 2x2, the rest split between 2x1 and 1x2), made by `klotski generate` (random moves back from
# the goal, so every one is solvable), then solved by a default run each, at most 30 s.
#
#   scripts/denser-corpus.sh [COUNT] [DRAW] [FIRST_SEED] [MOVES] [BINARY]
#
# DRAW seeds the draw of sizes and block counts; board i gets seed FIRST_SEED + i; MOVES is the
# random walk's length (`default`: 10 per cell). Prints one line per board (name, exit code,
# seconds, moves) and a summary: the answered share, the median and the slowest time.
set -euo pipefail
count=${1:-200}
draw=${2:-4242}
first=${3:-77000}
moves=${4:-default}
klotski=${5:-target/release/klotski}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
walk=()
[ "$moves" = default ] || walk=(--moves "$moves")
# shellcheck source=scripts/board-runs.sh
. "$(dirname "$0")/board-runs.sh"
RANDOM=$draw
made=0
for ((i = 0; made < count; i++)); do
    size=$((7 + RANDOM % 2)) blanks=$((2 + RANDOM % 2)) total=$((13 + RANDOM % 4))
    big=$((2 + RANDOM % 3))
    rest=$((total - big))
    tall=$((rest / 2 + RANDOM % 2 - (RANDOM % 2)))
    wide=$((rest - tall))
    name=$(printf 'x%03d_%dx%d_b%d_q%dv%dh%d' "$i" "$size" "$size" "$blanks" "$big" "$tall" "$wide")
    if ! timeout 20 "$klotski" generate --size "${size}x${size}" --blanks "$blanks" \
        --blocks "2x2:$big,2x1:$tall,1x2:$wide" "${walk[@]}" --seed $((first + i)) \
        >"$dir/$name.in" 2>/dev/null; then
        continue # the blocks do not fit this goal
    fi
    made=$((made + 1))
    run_board "$dir" "$name" "$klotski" 30
done
summarize
