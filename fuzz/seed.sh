#!/usr/bin/env bash
# Fills corpus/TARGET/ with the bundled cases each fuzz target starts from (tests/cases and the
# other modes' test data), so the fuzzer begins from real inputs instead of empty ones.
set -euo pipefail
cd "$(dirname "$0")"
tests=../tests
put() { # put TARGET FILE...
    local target=$1
    shift
    mkdir -p "corpus/$target"
    for file in "$@"; do
        cp "$file" "corpus/$target/$(echo "$file" | tr '/' '_')"
    done
}
put numeric $(find "$tests/cases" -name '*.in' -size -64k | sort | head -400) ../assets/samples/*.txt
put sbp $(find "$tests/sbp/boards" -type f | sort)
put tipover "$tests"/tipover/*.txt
mkdir -p corpus/solvable corpus/hrd_code corpus/scores corpus/args
printf '9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n' > corpus/solvable/assignment
printf '2 1 3 b\n1 2 3 b\n' > corpus/solvable/small
for code in 1A9BF0C00 9AAAF0000 4FEA13400 0 FFFFFFFFF; do printf '%s' "$code" > "corpus/hrd_code/$code"; done
printf 'aaaaaaaaaaaaaaaa 5\nbbbbbbbbbbbbbbbb 7\n' > corpus/scores/two
printf 'aaaaaaaaaaaaaaaa 5\nbbbbbbbbbbbbbbbb 7\xff\nfuzzkey 9\n\tc 3\n' > corpus/scores/damaged
# Argument lists, NUL between arguments.
i=0
while IFS= read -r line; do
    i=$((i + 1))
    printf '%s' "$line" | tr ' ' '\0' > "corpus/args/$i"
done <<'LINES'
terminal --max-memory 100M --time-limit 2.5
terminal --algo idastar --no-time-limit -v
solvable -q
generate --size 5x6 --blocks 2x2:1,2x1:2 --seed 3
sbp applyMove board.txt (3,down)
sbp random board.txt 10
hrd --unit analy-group 1A9BF0C00 farthest.csv solution.csv
hrd show 1A9BF0C00 4
bench --out out --algos astar,idastar --time-limit 1
cache list --cache-dir /tmp/x --cache-size 1G
pdb --size 5x5 --max-memory 2G
tipover --format grid --seed 7
completions bash
LINES
echo "seeded: $(find corpus -type f | wc -l) files in $(ls corpus | wc -l) targets"
