#!/usr/bin/env bash
# The worst case a grader meets: every public corpus and every corpus of tests/cases through
# `klotski terminal -v`, one board at a time, each answer checked by the independent checker
# (../shared/tools/kcheck.py, where present). Per corpus: boards, valid answers, proven (optimal
# or `No`), median and slowest wall time, and the boards over 5 s and over 8.5 s. Then slidy's
# time on Korf's 100 (benches/slidy-peer, one process), the machine's yardstick: a machine that
# runs it slower runs everything slower.
#
#   scripts/worst-case.sh [BINARY] [TERMINAL OPTION...]
#
# BINARY defaults to target/release/klotski. Options go to every `terminal` run: none for the
# default run (its time limit), `--no-time-limit` for where each work budget ends.
# KLOTSKI_CORPORA (folders, space-separated) replaces the list below; KLOTSKI_KILL (seconds, 60)
# ends a run that takes longer. Per-board lines go to stderr, the table to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
klotski=${1:-target/release/klotski}
shift || true
shared=../shared
corpora=${KLOTSKI_CORPORA:-"$shared/cases/official $shared/cases/peers $shared/cases/mid
    $shared/cases/large $shared/cases/small $shared/cases/decided tests/cases/mid-corpus
    tests/cases/dense tests/cases/walks5x5 tests/cases/large tests/cases/relaxed
    tests/cases/beyond"}
kill_after=${KLOTSKI_KILL:-60}
checker=$shared/tools/kcheck.py
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
now() { date +%s.%N; }

echo "| corpus | boards | valid | proven | median s | slowest s | over 5 s | over 8.5 s |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
for dir in $corpora; do
    [ -d "$dir" ] || { echo "worst-case: no folder $dir, skipped" >&2; continue; }
    boards=0 valid=0 proven=0 over5=0 over=""
    : >"$scratch/times"
    for input in "$dir"/*.in; do
        name=$(basename "$input" .in)
        start=$(now)
        code=0
        timeout "$kill_after" "$klotski" terminal -v "$@" --cache-dir "$scratch/cache" \
            <"$input" >"$scratch/out" 2>"$scratch/err" || code=$?
        took=$(awk -v a="$(now)" -v b="$start" 'BEGIN { printf "%.2f", a - b }')
        boards=$((boards + 1))
        echo "$took $name" >>"$scratch/times"
        ok=no
        if [ "$code" -eq 0 ]; then
            if [ -f "$checker" ]; then
                python3 "$checker" "$input" "$scratch/out" >/dev/null 2>&1 && ok=yes
            else
                ok=yes
            fi
        fi
        [ "$ok" = yes ] && valid=$((valid + 1))
        said=no
        grep -qE "moves, proven optimal|no solution, proven" "$scratch/err" && said=yes
        [ "$said" = yes ] && [ "$ok" = yes ] && proven=$((proven + 1))
        awk -v t="$took" 'BEGIN { exit !(t > 5) }' && over5=$((over5 + 1))
        awk -v t="$took" 'BEGIN { exit !(t > 8.5) }' && over="$over $name ($took s)"
        printf '%s/%s exit %s valid %s proven %s %s s moves %s\n' "$(basename "$dir")" "$name" \
            "$code" "$ok" "$said" "$took" "$(sed -n 2p "$scratch/out")" >&2
    done
    median=$(sort -g "$scratch/times" | sed -n "$(((boards + 1) / 2))p" | cut -d' ' -f1)
    slowest=$(sort -g "$scratch/times" | tail -1)
    printf '| %s | %d | %d | %d | %s | %s (%s) | %d | %s |\n' "${dir#"$shared"/}" "$boards" \
        "$valid" "$proven" "$median" "${slowest%% *}" "${slowest#* }" "$over5" "${over:-none}"
done

# The yardstick: slidy 0.7 on Korf's 100 in one process (its own crate; see benches/fifteen.rs
# for why the feature flag).
peer=benches/slidy-peer
if RUSTC_BOOTSTRAP=1 RUSTFLAGS="-Zcrate-attr=feature(isolate_most_least_significant_one)" \
    cargo build --release --quiet --manifest-path "$peer/Cargo.toml" 2>/dev/null; then
    total=$("$peer/target/release/slidy-peer" tests/cases/korf100/*.in | awk '/^total/ { print $2 / 1000 }')
    echo
    echo "slidy 0.7 on Korf's 100 (tests/cases/korf100, one process): $total s"
else
    echo "worst-case: the slidy peer did not build; no yardstick" >&2
fi
