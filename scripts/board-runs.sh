# Sourced by the corpus scripts (dense-corpus.sh, denser-corpus.sh): one default run of a
# generated board, timed and printed, and the summary over all of them.
#
#   run_board DIR NAME KLOTSKI [LIMIT]   solves DIR/NAME.in (at most LIMIT seconds; 0: none)
#   summarize                            the answered share, the median and the slowest time

times=()
answered=0

run_board() {
    local dir=$1 name=$2 klotski=$3 limit=${4:-0}
    local start code=0 seconds moves
    start=$(date +%s.%N)
    timeout "$limit" "$klotski" terminal --cache-dir "$dir/cache" <"$dir/$name.in" \
        >"$dir/$name.out" 2>/dev/null || code=$?
    seconds=$(awk -v a="$(date +%s.%N)" -v b="$start" 'BEGIN { print a - b }')
    moves=$(sed -n 2p "$dir/$name.out")
    printf '%s exit %d %.2f s %s moves\n' "$name" "$code" "$seconds" "${moves:--}"
    times+=("$seconds")
    if [ "$code" -eq 0 ]; then answered=$((answered + 1)); fi
}

summarize() {
    local sorted n median slowest
    sorted=$(printf '%s\n' "${times[@]}" | sort -g)
    n=${#times[@]}
    median=$(echo "$sorted" | sed -n "$(((n + 1) / 2))p")
    slowest=$(echo "$sorted" | tail -1)
    printf 'answered %d of %d; median %.2f s, slowest %.2f s\n' "$answered" "$n" "$median" "$slowest"
}
