#!/usr/bin/env bash
# Regenerates the project report: every figure, table and screenshot under docs/report/, then
# docs/REPORT.md from docs/REPORT.in.md (each `<!-- include: PATH -->` line replaced by that
# file), then docs/REPORT.pdf when pandoc and a PDF engine (weasyprint or LaTeX) are installed.
#
#   scripts/report.sh               # reuses the committed method comparison in docs/bench/
#   scripts/report.sh --with-bench  # also re-runs that comparison (about 3 minutes more)
#
# Run from anywhere; it works in the repository root. Any failing step stops it (exit != 0).
set -Eeuo pipefail
trap 'echo "report: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/.."

with_bench=0
for arg in "$@"; do
    case $arg in
        --with-bench) with_bench=1 ;;
        -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$arg' (scripts/report.sh [--with-bench])" >&2; exit 2 ;;
    esac
done

started=$SECONDS
# The commit the report describes; the outputs this script rewrites do not count as changes.
commit=$(git rev-parse --short HEAD)
if [[ -n $(git status --porcelain --untracked-files=no -- . ':!docs/report' ':!docs/REPORT.md' ':!docs/REPORT.pdf' ':!docs/bench') ]]; then
    commit="$commit with uncommitted changes"
fi
step() { echo "report: [$((SECONDS - started)) s] $*" >&2; }

step "building the release binary (GUI included, for the screenshots)"
cargo build --release
k=target/release/klotski
out=docs/report
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$out"
mkdir -p "$out/img"

# The first H lines, a line saying how many were left out, and the last T lines.
excerpt() {
    awk -v h="$1" -v t="$2" '{ l[NR] = $0 }
        END {
            if (NR <= h + t + 1) { for (i = 1; i <= NR; i++) print l[i]; exit }
            for (i = 1; i <= h; i++) print l[i]
            print "... (" NR - h - t " lines left out)"
            for (i = NR - t + 1; i <= NR; i++) print l[i]
        }'
}

# Solves FILE in terminal mode with -v and the given options, prints the command, an excerpt of
# stdout, the -v line and the measured time. When FILE has an .ans file next to it, the answer
# (Yes/No and the length where the .ans gives one) must match it.
solve() {
    local file=$1 head=$2 tail=$3
    shift 3
    echo "\$ klotski terminal -v${*:+ $*} < $file"
    if ! /usr/bin/time -f '%U %e %M' -o "$tmp/time" "$k" terminal -v "$@" <"$file" >"$tmp/stdout" 2>"$tmp/stderr"; then
        echo "error: klotski terminal -v $* < $file failed:" >&2
        cat "$tmp/stderr" >&2
        exit 1
    fi
    excerpt "$head" "$tail" <"$tmp/stdout"
    sed 's/^/[stderr] /' "$tmp/stderr"
    read -r user wall rss <"$tmp/time"
    echo "[time] ${user} s CPU (user), ${wall} s wall, $((rss / 1024)) MiB peak RSS"
    local ans=${file%.in}.ans
    if [[ -f $ans ]]; then
        local want got
        want=$(head -n 1 "$ans")
        if [[ $want == *" "* ]]; then got=$(head -n 2 "$tmp/stdout" | paste -sd ' '); else got=$(head -n 1 "$tmp/stdout"); fi
        if [[ $got != "$want" ]]; then
            echo "error: $file: answered '$got', expected '$want' ($ans)" >&2
            exit 1
        fi
        echo "[check] matches $ans: $want"
    fi
}

step "machine"
{
    echo "generated: $(date -u '+%Y-%m-%d %H:%M UTC') from commit $commit"
    echo "machine:   $(uname -srm), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "toolchain: $(rustc --version)"
    if ((with_bench)); then
        echo "section 5: the comparison of search methods re-run now (--with-bench)"
    else
        echo "section 5: the committed comparison in docs/bench/ (scripts/report.sh --with-bench re-runs it)"
    fi
} >"$out/machine.txt"

step "official samples"
for f in tests/cases/official/sample*.in; do
    echo "\$ cat $f"
    cat "$f"
    solve "$f" 20 0
    echo
done >"$out/official.txt"

step "fifteen puzzles (optimal search)"
{
    echo "| puzzle | known optimum | answer | proven by | nodes expanded | search ms | CPU s (process) |"
    echo "|---|---:|---:|---|---:|---:|---:|"
    for n in 001 002 003 004 005 006; do
        f=tests/cases/fifteen/r$n.in
        /usr/bin/time -f '%U' -o "$tmp/time" "$k" terminal -v <"$f" >"$tmp/stdout" 2>"$tmp/stderr"
        want=$(head -n 1 "${f%.in}.ans")
        got=$(head -n 2 "$tmp/stdout" | paste -sd ' ')
        [[ $got == "$want" ]] || { echo "error: $f: answered '$got', expected '$want'" >&2; exit 1; }
        line=$(grep '^solved:' "$tmp/stderr")
        method=$(sed -E 's/.*proven optimal \(([^)]*)\).*/\1/' <<<"$line")
        nodes=$(sed -E 's/.* ([0-9]+) expanded.*/\1/' <<<"$line")
        ms=$(sed -E 's/.* expanded, ([0-9.]+) ms.*/\1/' <<<"$line")
        echo "| fifteen/r$n | ${want#Yes } | ${got#Yes } | $method | $nodes | $ms | $(cat "$tmp/time") |"
    done
} >"$out/fifteen.md"

step "large boards"
"$k" generate --size 8x8 --blanks 3 --blocks 2x2:2,1x2:3,2x1:3 --moves 3000 --seed 1 >"$tmp/g8x8.in"
"$k" generate --size 10x10 --moves 2000 --seed 1 >"$tmp/g10x10.in"
"$k" generate --size 20x20 --moves 16000 --seed 1 >"$tmp/g20x20.in"
"$k" generate --size 50x50 --moves 250000 --seed 1 >"$tmp/g50x50.in"
{
    echo "# the assignment's 5x6 example (3 blanks, a 2x1 and a 2x2 block)"
    solve tests/cases/beyond/spec_example_5x6.in 6 2 --time-limit 4
    echo
    echo "# a random 24-puzzle from a peer's test data (5x5, one blank)"
    solve tests/cases/beyond/Linkin999_dsaaB_lab_project_final_DSAA_project_data_4.in 6 2 --time-limit 4
    echo
    echo "# large/l06: 10x10, 5 blanks, 12 blocks (default portfolio: exact search, then constructive)"
    solve tests/cases/large/l06_10x10_b5.in 6 2
    echo
    echo "# large/l07: 20x20, one blank"
    solve tests/cases/large/l07_20x20_b1.in 6 2
    echo
    for g in "8x8 --blanks 3 --blocks 2x2:2,1x2:3,2x1:3 --moves 3000" "10x10 --moves 2000" "20x20 --moves 16000" "50x50 --moves 250000"; do
        name=g${g%% *}
        echo "# klotski generate --size $g --seed 1 > $name.in"
        solve "$tmp/$name.in" 6 2 --algo constructive
        echo
    done
} | sed "s|$tmp/||g" >"$out/large.txt"

step "classic Klotski (hrd) and a brick puzzle (sbp)"
{
    echo "\$ klotski hrd show 1A9BF0C00"
    "$k" hrd show 1A9BF0C00
    echo "\$ klotski hrd cal 1A9BF0C00"
    "$k" hrd cal 1A9BF0C00 | excerpt 4 2
} >"$out/hrd.txt"
brick=tests/sbp/boards/LRParser/SBP-bricks-level7.txt
{
    echo "\$ klotski sbp print $brick"
    "$k" sbp print "$brick"
    echo "\$ klotski sbp astar $brick"
    "$k" sbp astar "$brick" | excerpt 4 10
} >"$out/sbp.txt"

if ((with_bench)); then
    step "re-running the comparison of search methods into docs/bench (about 3 minutes)"
    "$k" bench --out docs/bench --time-limit 5 --max-memory 1G tests/cases/small tests/cases/bench
else
    step "reusing the committed comparison in docs/bench (--with-bench re-runs it)"
fi

step "screenshots"
# Renders the given steps of a solution to $out/img/NAME-LABEL.png, one label per step.
render() {
    local name=$1 steps=$2 labels=$3
    shift 3
    rm -rf "$tmp/frames"
    if ! "$k" render --out "$tmp/frames" --steps "$steps" "$@" >"$tmp/render.log" 2>&1; then
        cat "$tmp/render.log" >&2
        exit 1
    fi
    local frames=("$tmp"/frames/step-*.png) i=0
    for label in $labels; do
        mv "${frames[$i]}" "$out/img/$name-$label.png"
        i=$((i + 1))
    done
}
render sample4 0,8,last "start mid solved" --size 800x600 <assets/samples/sample4.txt
render spec-5x6 0,last "start solved" --size 800x600 --time-limit 4 <assets/samples/spec_example_5x6.txt
render unsolvable 0 "start" --size 600x450 <tests/cases/official/sample2.in
render bricks-level7 0,last "start solved" --size 800x600 --sbp "$brick"
render hrd-1A9BF0C00 0,last "start solved" --size 600x700 --hrd 1A9BF0C00
if ! "$k" render --animate "$out/img/sample4-animation.png" --size 400x300 <assets/samples/sample4.txt >"$tmp/render.log" 2>&1; then
    cat "$tmp/render.log" >&2
    exit 1
fi
"$k" generate --size 20x20 --moves 400 --seed 1 >"$tmp/g20-walk400.in"
render 20x20 0 "start" --size 900x900 <"$tmp/g20-walk400.in"

step "writing docs/REPORT.md"
python3 - docs/REPORT.in.md docs/REPORT.md <<'EOF'
import re, sys
src, dst = sys.argv[1], sys.argv[2]
out = ["<!-- Generated by scripts/report.sh from docs/REPORT.in.md: edit that file, then run the script. -->\n"]
for line in open(src, encoding="utf-8"):
    m = re.fullmatch(r"\s*<!-- include: (\S+) -->\s*", line)
    if not m:
        out.append(line)
        continue
    path = m.group(1)
    text = open(path, encoding="utf-8").read().rstrip("\n") + "\n"
    if path.endswith(".md"):
        out.append(text)
    else:
        out.append("```text\n" + text + "```\n")
open(dst, "w", encoding="utf-8").write("".join(out))
EOF

# pandoc needs a PDF engine besides itself: weasyprint (HTML and CSS, reads the SVG charts) or
# a LaTeX one. Without either the PDF is skipped with a word, not failed.
pdf_engine=
for engine in weasyprint pdflatex xelatex; do
    if command -v "$engine" >/dev/null; then
        pdf_engine=$engine
        break
    fi
done
if ! command -v pandoc >/dev/null; then
    step "pandoc is not installed: docs/REPORT.pdf not built (apt-get install pandoc weasyprint)"
elif [[ -z $pdf_engine ]]; then
    step "pandoc has no PDF engine here: docs/REPORT.pdf not built (apt-get install weasyprint)"
else
    step "building docs/REPORT.pdf with pandoc and $pdf_engine"
    (cd docs && pandoc REPORT.md --resource-path=. --pdf-engine="$pdf_engine" \
        --metadata title="klotski: project report" -o REPORT.pdf)
fi
step "done: docs/REPORT.md, docs/report/"
