#!/usr/bin/env bash
# The mid corpus of issue 34: boards of 4x4 to 6x6 with 2-4 blanks and 1-5 blocks, each a random
# walk of 80-600 moves back from the goal (`klotski generate`, so every one is solvable), with
# what a long exact run knows of its optimum stored as `.ans`: `Yes N` when the exact search
# ALGO (with --max-memory and --time-limit as given) proved N moves, `Yes` when it found no proof.
#
#   scripts/mid-corpus.sh OUT_DIR [COUNT] [FIRST_SEED] [LIMIT_SECS] [MEMORY] [BINARY] [FROM] [ALGO]
#
# FROM skips the first boards (their random draws are still made, so board i is the same
# whatever FROM is): a corpus grows without redoing its long runs. ALGO: astar (the default, as
# the first 120 boards were made) or biastar.
#
# The long runs are the slow part (each at most LIMIT_SECS); run it under nice. The boards and
# their .ans are then a fixed benchmark (scripts/mid-bench.sh), whatever machine made them.
set -euo pipefail
out=$1
count=${2:-100}
seed=${3:-34}
limit=${4:-30}
memory=${5:-4G}
klotski=${6:-target/release/klotski}
from=${7:-0}
algo=${8:-astar}
mkdir -p "$out"
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
RANDOM=$seed
sizes=(4x4 4x5 5x4 4x6 6x4 5x5 5x6 6x5 6x6)
for ((i = 0; i < count; i++)); do
    size=${sizes[$((RANDOM % 9))]} blanks=$((2 + RANDOM % 3))
    big=$((RANDOM % 2)) tall=$((RANDOM % 3)) wide=$((RANDOM % 3))
    [ $((big + tall + wide)) -eq 0 ] && tall=1
    moves=$((80 + RANDOM % 521))
    name=$(printf 'g%03d_%s_b%d_q%dv%dh%d' "$i" "$size" "$blanks" "$big" "$tall" "$wide")
    [ "$i" -lt "$from" ] && continue
    if ! "$klotski" generate --size "$size" --blanks "$blanks" --moves "$moves" \
        --blocks "2x2:$big,2x1:$tall,1x2:$wide" --seed $((seed * 1000 + i)) \
        >"$out/$name.in" 2>/dev/null; then
        rm -f "$out/$name.in"
        continue # the blocks do not fit this goal
    fi
    answer=$("$klotski" terminal --algo "$algo" --max-memory "$memory" --time-limit "$limit" \
        --cache-dir "$cache" <"$out/$name.in" 2>/dev/null | sed -n 2p || true)
    if [ -n "$answer" ]; then echo "Yes $answer"; else echo "Yes"; fi >"$out/$name.ans"
    echo "$name $(cat "$out/$name.ans")"
done
