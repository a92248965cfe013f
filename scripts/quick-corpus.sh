#!/usr/bin/env bash
# Boards whose first answer comes at once: 4x5 to 6x6 with 2-4 blanks and up to one 2x2 and two
# each of 2x1 and 1x2 blocks, made by `klotski generate` (random moves back from the goal, so
# every one is solvable). Each is solved twice: by the constructive solver alone (the first
# answer) and by a default run (no options), which should not keep the user waiting long
# after it.
#
#   scripts/quick-corpus.sh [COUNT] [FIRST_SEED] [BINARY]
#
# Prints one line per board (name, first answer's seconds and moves, default run's seconds and
# moves) and a summary over the boards whose first answer took under 0.5 s: how many of them
# the default run printed within 2 s, its median and its slowest time.
set -euo pipefail
count=${1:-24}
seed=${2:-7}
klotski=${3:-target/release/klotski}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# Tables built on first use go to a folder of this run, so every run starts equally cold.
export XDG_CACHE_HOME=$dir/cache
RANDOM=$seed
sizes=(4x5 5x4 4x6 6x4 5x5 5x6 6x5 6x6)
seconds() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { print a - b }'; }
times=()
within=0
for ((i = 0; i < count; i++)); do
    size=${sizes[$((RANDOM % 8))]} blanks=$((2 + RANDOM % 3))
    big=$((RANDOM % 2)) tall=$((RANDOM % 3)) wide=$((RANDOM % 3))
    name=$(printf 'q%02d_%s_b%d_q%dv%dh%d' "$i" "$size" "$blanks" "$big" "$tall" "$wide")
    if ! "$klotski" generate --size "$size" --blanks "$blanks" \
        --blocks "2x2:$big,2x1:$tall,1x2:$wide" --seed $((seed * 1000 + i)) \
        >"$dir/$name.in" 2>/dev/null; then
        continue # the blocks do not fit this goal
    fi
    start=$(date +%s.%N)
    "$klotski" terminal --algo constructive <"$dir/$name.in" >"$dir/$name.first"
    first=$(seconds "$start")
    start=$(date +%s.%N)
    "$klotski" terminal <"$dir/$name.in" >"$dir/$name.out"
    default=$(seconds "$start")
    printf '%s first %.2f s %s moves, default %.2f s %s moves\n' "$name" "$first" \
        "$(sed -n 2p "$dir/$name.first")" "$default" "$(sed -n 2p "$dir/$name.out")"
    if awk -v f="$first" 'BEGIN { exit !(f < 0.5) }'; then
        times+=("$default")
        awk -v d="$default" 'BEGIN { exit !(d < 2) }' && within=$((within + 1))
    fi
done
n=${#times[@]}
sorted=$(printf '%s\n' "${times[@]}" | sort -g)
median=$(echo "$sorted" | sed -n "$(((n + 1) / 2))p")
slowest=$(echo "$sorted" | tail -1)
printf 'first answer under 0.5 s: %d boards; default run under 2 s: %d; median %.2f s, slowest %.2f s\n' \
    "$n" "$within" "$median" "$slowest"
