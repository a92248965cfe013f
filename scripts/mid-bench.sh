#!/usr/bin/env bash
# The benchmark of issue 34: on a folder of boards with `.ans` files (tests/cases/mid, or one made
# by scripts/mid-corpus.sh), a default run and a plain A* run (`--algo astar`, the same memory,
# stopped at LIMIT seconds), each board alone.
#
#   scripts/mid-bench.sh DIR [LIMIT_SECS] [MEMORY] [BINARY] [ASTAR]
#
# ASTAR=no skips the A* runs (their column then shows `-`).
# Prints one line per board (name, known optimum, the default's moves, seconds and whether it
# said proven, A*'s moves and seconds or `-`) and a summary: how many the default proved within
# LIMIT, its median and slowest time, how many A* proved within LIMIT, and the boards where the
# default's answer is longer than the optimum A* proved (there should be none) or than the .ans,
# and of the boards whose .ans gives an optimum, on how many the default proves it within LIMIT.
set -euo pipefail
dir=$1
limit=${2:-10}
memory=${3:-4G}
klotski=${4:-target/release/klotski}
with_astar=${5:-yes}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$(now)" -v b="$1" 'BEGIN { printf "%.2f", a - b }'; }
boards=0 proven=0 astar_proven=0 longer=0 worse=0 known_boards=0 known_proven=0
times=()
for input in "$dir"/*.in; do
    name=$(basename "$input" .in)
    known=$(awk '{ print $2 }' "$dir/$name.ans" 2>/dev/null)
    start=$(now)
    out=$(timeout "$limit" "$klotski" terminal -v --max-memory "$memory" --cache-dir "$cache" \
        <"$input" 2>"$cache/err" | sed -n 2p || true)
    took=$(since "$start")
    said=no
    grep -q "moves, proven optimal" "$cache/err" && awk -v t="$took" -v l="$limit" 'BEGIN { exit !(t <= l) }' && said=yes
    start=$(now)
    best=
    if [ "$with_astar" = yes ]; then
        best=$(timeout "$limit" "$klotski" terminal --algo astar --max-memory "$memory" \
            --cache-dir "$cache" <"$input" 2>/dev/null | sed -n 2p || true)
    fi
    astar_took=$(since "$start")
    printf '%s known %s default %s moves %s s proven %s astar %s %s s\n' "$name" "${known:--}" \
        "${out:--}" "$took" "$said" "${best:--}" "$astar_took"
    boards=$((boards + 1))
    times+=("$took")
    [ "$said" = yes ] && proven=$((proven + 1))
    if [ -n "$best" ]; then
        astar_proven=$((astar_proven + 1))
        { [ -z "$out" ] || [ "$out" -gt "$best" ]; } && longer=$((longer + 1))
    fi
    if [ -n "$known" ] && { [ -z "$out" ] || [ "$out" -gt "$known" ]; }; then
        worse=$((worse + 1))
    fi
    if [ -n "$known" ]; then
        known_boards=$((known_boards + 1))
        [ "$said" = yes ] && [ "$out" = "$known" ] && known_proven=$((known_proven + 1))
    fi
done
sorted=$(printf '%s\n' "${times[@]}" | sort -g)
median=$(echo "$sorted" | sed -n "$(((boards + 1) / 2))p")
slowest=$(echo "$sorted" | tail -1)
printf 'boards %d; default proven within %s s: %d, median %s s, slowest %s s; A* proven within %s s: %d; default longer than that proof: %d; longer than the .ans optimum: %d; boards with a known optimum: %d, the default proves it on %d\n' \
    "$boards" "$limit" "$proven" "$median" "$slowest" "$limit" "$astar_proven" "$longer" "$worse" "$known_boards" "$known_proven"
