#!/usr/bin/env bash
# Regenerates the project report from the checked-out commit:
#   docs/report/                the tables, output excerpts and screenshots the report includes
#   docs/REPORT.md              docs/REPORT.in.md, each `<!-- include: PATH -->` line replaced by PATH
#   docs/REPORT-transcripts.md  the appendix: every run's command and output (not in the PDF)
#   docs/REPORT.pdf             REPORT.md through pandoc (HTML) and weasyprint, styled by
#                               docs/report.css, then checked (see check_pdf)
#
#   scripts/report.sh                # reuses the committed method comparison in docs/bench/
#   scripts/report.sh --with-bench   # also re-runs that comparison (about 3 minutes more)
#   scripts/report.sh --allow-dirty  # a draft from a tree with uncommitted changes (it says so)
#
# Every run uses the default options: a default run is bounded by work, not by the clock, so the
# answers are the same on any machine; only the times depend on it. Needs cargo, python3, GNU
# time, pandoc, weasyprint and poppler-utils; it names what is missing. Run from anywhere; it
# works in the repository root. Any failing step stops it (exit != 0).
set -Eeuo pipefail
trap 'echo "report: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/.."

with_bench=0 allow_dirty=0
for arg in "$@"; do
    case $arg in
        --with-bench) with_bench=1 ;;
        --allow-dirty) allow_dirty=1 ;;
        -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown option '$arg' (scripts/report.sh [--with-bench] [--allow-dirty])" >&2; exit 2 ;;
    esac
done

# All tools are checked first, so a missing one is named before minutes of work, not after.
missing=()
for tool in cargo git python3 awk pandoc weasyprint pdfimages pdftotext pdfinfo; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
[[ -x /usr/bin/time ]] || missing+=("/usr/bin/time")
if ((${#missing[@]})); then
    echo "error: missing tools: ${missing[*]}" >&2
    echo "  on Debian: apt-get install -y --no-install-recommends pandoc weasyprint poppler-utils time python3" >&2
    exit 1
fi

started=$SECONDS
step() { echo "report: [$((SECONDS - started)) s] $*" >&2; }

# The report names the commit it describes, so it must be made from that commit: a tree with
# changes (other than the files this script rewrites) is refused unless --allow-dirty.
outputs=(docs/report docs/REPORT.md docs/REPORT.pdf docs/REPORT-transcripts.md docs/bench)
commit=$(git rev-parse --short HEAD)
dirty=$(git status --porcelain --untracked-files=no -- . "${outputs[@]/#/:!}")
if [[ -n $dirty ]]; then
    if ((!allow_dirty)); then
        echo "error: uncommitted changes; commit them first (or --allow-dirty for a draft):" >&2
        echo "$dirty" >&2
        exit 1
    fi
    echo "report: warning: uncommitted changes; the report is marked as a draft" >&2
    commit="$commit plus uncommitted changes (a draft)"
fi

step "building the release binary (GUI included, for the screenshots)"
cargo build --release
k=target/release/klotski
out=docs/report
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=$tmp/runs
rm -rf "$out"
mkdir -p "$out/img" "$runs"

# A table cache of the report's own: its figures never depend on tables the user built (such
# as the 7-8 tables of `klotski pdb`), and the user's cache is left alone. One untimed
# 15-puzzle solve builds the default 4x4 tables first (r002 needs more than the short walk on
# the quick 6-6-3 tables, so it builds 7-7-1 too), so the timed runs see a warm cache, as
# every run after a machine's first few does.
export XDG_CACHE_HOME=$tmp/cache
"$k" terminal <tests/cases/fifteen/r002.in >/dev/null 2>&1

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

# run_case ID FILE: `klotski terminal -v < FILE` with the default options. Keeps stdout, stderr
# and the measured time in $runs/ID.{out,err,time}; when FILE has an .ans next to it, the answer
# (Yes or No, and the length where the .ans gives one) must match it.
run_case() {
    local id=$1 file=$2 r=$runs/$1 rc=0
    mkdir -p "$(dirname "$r")"
    echo "$file" >"$r.file"
    /usr/bin/time -f '%e %U %M' -o "$r.time" "$k" terminal -v <"$file" >"$r.out" 2>"$r.err" || rc=$?
    # GNU time writes "Command exited with non-zero status N" before its line on a failing
    # exit: keep the figures alone.
    tail -n 1 "$r.time" >"$r.time.last" && mv "$r.time.last" "$r.time"
    # Exit 3, a limit (the default 8 s) before any answer, is an outcome a grader meets: it is
    # reported as one, not hidden. Anything else but 0 is a failure.
    if ((rc == 3)); then
        return
    fi
    if ((rc != 0)); then
        echo "error: klotski terminal -v < $file exited with $rc:" >&2
        cat "$r.err" >&2
        exit 1
    fi
    local ans=${file%.in}.ans
    if [[ -f $ans ]]; then
        local want got
        want=$(head -n 1 "$ans")
        if [[ $want == *" "* ]]; then got=$(head -n 2 "$r.out" | paste -sd ' '); else got=$(head -n 1 "$r.out"); fi
        if [[ $got != "$want" ]]; then
            echo "error: $file: answered '$got', expected '$want' ($ans)" >&2
            exit 1
        fi
    fi
}

# The -v summary line of a run (stderr also holds one progress line per stage).
verdict() { grep -E '^(solved|no solution|gave up)' "$runs/$1.err" | tail -n 1; }

# case_row ID: one Markdown table row: case, size, answer, moves, bound or optimum, time, proven.
# "bound or optimum": the proven optimum; else the optimum an .ans records; else the lower bound
# the exact search proved ("the shortest has at least B moves"), or the one a weighted IDA* walk
# gives ("at most W times the shortest": the shortest >= moves / W).
case_row() {
    local id=$1 r=$runs/$1 file line answer moves bound proven wall known=
    file=$(cat "$r.file")
    line=$(verdict "$id")
    answer=$(head -n 1 "$r.out")
    read -r wall _ <"$r.time"
    if [[ -f ${file%.in}.ans ]]; then read -r _ known <"${file%.in}.ans" || true; fi
    if [[ $answer == Yes ]]; then
        moves=$(sed -n 2p "$r.out")
        if [[ $line == *", proven optimal ("* ]]; then
            bound="$moves (optimum)"
            proven="yes ($(sed -E 's/.*proven optimal \(([^)]*)\).*/\1/' <<<"$line"))"
        else
            proven=no
            if [[ -n $known ]]; then
                bound="$known (optimum, .ans)"
            elif [[ $line =~ the\ shortest\ has\ at\ least\ ([0-9]+)\ moves ]]; then
                bound="≥ ${BASH_REMATCH[1]}"
            elif [[ $line =~ at\ most\ ([0-9.]+)\ times\ the\ shortest ]]; then
                bound="≥ $(awk -v m="$moves" -v w="${BASH_REMATCH[1]}" 'BEGIN { b = m / w; c = int(b); if (c < b) c++; print c }')"
            else
                bound="-"
            fi
        fi
    elif [[ $answer == No ]]; then
        moves="-" bound="-"
        proven="yes ($(sed -E 's/^no solution, proven by ([^:]*):.*/\1/' <<<"$line"))"
    else
        answer="none (exit 3)" moves="-" bound="${known:--}" proven="no: a limit stopped it"
    fi
    echo "| $(basename "$file" .in) | $(head -n 1 "$file" | awk '{ print $1 "x" $2 }') | $answer | $moves | $bound | $wall | $proven |"
}

table_head() {
    echo "| case | size | answer | moves | bound or optimum | time (s) | proven |"
    echo "|---|---|---|---:|---:|---:|---|"
}

# corpus NAME MAX FILE...: runs every FILE as NAME/CASE, writes the corpus table to
# $out/corpus-NAME.md (at most MAX rows; the appendix has them all), appends the full table and
# the transcripts to the appendix and one line to the summary of corpora.
corpus() {
    local name=$1 max=$2 f ids=() id
    shift 2
    for f in "$@"; do
        id=$name/$(basename "$f" .in)
        run_case "$id" "$f"
        ids+=("$id")
    done
    local n=${#ids[@]}
    {
        table_head
        for id in "${ids[@]:0:max}"; do case_row "$id"; done
        if ((n > max)); then
            echo
            echo "The first $max of $n cases; the appendix (docs/REPORT-transcripts.md) lists them all."
        fi
    } >"$out/corpus-$name.md"
    {
        echo "## $name"
        echo
        table_head
        for id in "${ids[@]}"; do case_row "$id"; done
        echo
        for id in "${ids[@]}"; do
            echo "### $id"
            echo
            echo '```text'
            echo "\$ klotski terminal -v < $(sed "s|$tmp/||" "$runs/$id.file")"
            excerpt 40 5 <"$runs/$id.out"
            sed 's/^/[stderr] /' "$runs/$id.err"
            read -r wall user rss <"$runs/$id.time"
            echo "[time] $wall s wall, $user s CPU (user), $((rss / 1024)) MiB peak RSS"
            echo '```'
            echo
        done
    } >>"$appendix"
    # The summary: cases, Yes, No, proven (optimal or No), not proven, total and slowest time.
    local yes=0 no=0 none=0 proven=0 total slowest line first
    for id in "${ids[@]}"; do
        first=$(head -n 1 "$runs/$id.out")
        case $first in
            Yes) yes=$((yes + 1)) ;;
            No) no=$((no + 1)) ;;
            *) none=$((none + 1)) ;;
        esac
        line=$(verdict "$id")
        [[ $line == *", proven optimal ("* || $line == "no solution"* ]] && proven=$((proven + 1))
    done
    read -r total slowest < <(for id in "${ids[@]}"; do cut -d' ' -f1 "$runs/$id.time"; done |
        awk '{ t += $1; if ($1 > m) m = $1 } END { printf "%.2f %.2f\n", t, m }')
    echo "| $name | $n | $yes | $no | $none | $proven | $((n - proven)) | $total | $slowest |" >>"$out/corpora.md"
}

appendix=docs/REPORT-transcripts.md
{
    echo "<!-- Generated by scripts/report.sh: do not edit. -->"
    echo "# Appendix to the project report: transcripts"
    echo
    echo "Every run behind the tables of docs/REPORT.md (commit $commit), with the default options:"
    echo "the command, stdout (move lists over 45 lines cut in the middle), stderr (one progress"
    echo "line per stage, then the -v summary) and the time measured by /usr/bin/time."
    echo
} >"$appendix"
{
    echo "| corpus | cases | Yes | No | no answer (exit 3) | proven | not proven | total time (s) | slowest (s) |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
} >"$out/corpora.md"

step "machine"
{
    echo "- generated $(date -u '+%Y-%m-%d %H:%M UTC') from commit $commit ($(git log -1 --format=%cs)) by \`scripts/report.sh\`"
    echo "- machine: $(uname -srm), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
    echo "- toolchain: $(rustc --version); $(pandoc --version | head -n 1), $(weasyprint --version)"
    if ((with_bench)); then
        echo "- section 5: the comparison of search methods re-run now (\`--with-bench\`)"
    else
        echo "- section 5: the committed comparison in \`docs/bench/\` (\`scripts/report.sh --with-bench\` re-runs it)"
    fi
} >"$out/machine.md"

step "corpora: official samples, hand-made, peers', unsolvable, 15-puzzles"
corpus official 50 tests/cases/official/*.in
corpus small 50 tests/cases/small/*.in
corpus decided 50 tests/cases/decided/*.in
corpus peers 50 tests/cases/peers/*.in
corpus relaxed 50 tests/cases/relaxed/*.in
corpus fifteen 12 tests/cases/fifteen/*.in
step "corpora: large and dense boards"
corpus large 50 tests/cases/large/*.in
corpus dense 50 tests/cases/dense/*.in
corpus beyond 50 tests/cases/beyond/*.in
step "generated boards"
mkdir -p "$tmp/generated"
generated=("8x8 --blanks 3 --blocks 2x2:2,1x2:3,2x1:3 --moves 3000" "10x10 --moves 2000" "20x20 --moves 16000" "50x50 --moves 250000")
for g in "${generated[@]}"; do
    # Word splitting of $g is wanted: it holds the size and the options.
    # shellcheck disable=SC2086
    "$k" generate --size $g --seed 1 >"$tmp/generated/g${g%% *}.in"
done
corpus generated 50 "$tmp"/generated/g8x8.in "$tmp"/generated/g10x10.in "$tmp"/generated/g20x20.in "$tmp"/generated/g50x50.in
{
    echo
    echo "The generated boards: \`klotski generate --size SIZE ... --seed 1\`, a random walk back from the goal:"
    echo
    for g in "${generated[@]}"; do echo "- g${g%% *}: \`klotski generate --size $g --seed 1\`"; done
} >>"$out/corpus-generated.md"

# run_excerpt ID H T: a run as a short transcript: the command, the first H and last T lines of
# stdout, the -v summary line and the time.
run_excerpt() {
    local id=$1 wall
    echo "\$ klotski terminal -v < $(sed "s|$tmp/generated/||" "$runs/$id.file")"
    excerpt "$2" "$3" <"$runs/$id.out"
    echo "[stderr] $(verdict "$id")"
    read -r wall _ <"$runs/$id.time"
    echo "[time] $wall s wall"
}
{
    for f in tests/cases/official/sample*.in; do
        id=official/$(basename "$f" .in)
        echo "\$ cat $f"
        cat "$f"
        run_excerpt "$id" 20 0
        echo
    done
} >"$out/official.txt"
{
    run_excerpt beyond/spec_example_5x6 6 2
    echo
    run_excerpt large/l07_20x20_b1 6 2
    echo
    run_excerpt generated/g50x50 4 2
} >"$out/large.txt"

# Optimal search on the first six 15-puzzles: the method, nodes and time from the -v line.
{
    echo "| puzzle | known optimum | answer | proven by | nodes expanded | search ms | CPU s (process) |"
    echo "|---|---:|---:|---|---:|---:|---:|"
    for n in 001 002 003 004 005 006; do
        id=fifteen/r$n
        line=$(verdict "$id")
        method=$(sed -E 's/.*proven optimal \(([^)]*)\).*/\1/' <<<"$line")
        nodes=$(sed -E 's/.* ([0-9]+) expanded.*/\1/' <<<"$line")
        ms=$(sed -E 's/.* expanded, ([0-9.]+) ms.*/\1/' <<<"$line")
        read -r _ user _ <"$runs/$id.time"
        echo "| fifteen/r$n | $(cut -d' ' -f2 tests/cases/fifteen/r$n.ans) | $(sed -n 2p "$runs/$id.out") | $method | $nodes | $ms | $user |"
    done
} >"$out/fifteen.md"

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
render spec-5x6 0,last "start solved" --size 800x600 <assets/samples/spec_example_5x6.txt
render unsolvable 0 "start" --size 600x450 <tests/cases/official/sample2.in
render bricks-level7 0,last "start solved" --size 800x600 --sbp "$brick"
render hrd-1A9BF0C00 0,last "start solved" --size 600x700 --hrd 1A9BF0C00
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

step "building docs/REPORT.pdf (pandoc, weasyprint)"
# The report's one level-1 heading becomes the title (--shift-heading-level-by=-1), so the title
# is printed once, above the table of contents; the commit goes under it. pandoc promotes it only
# when it comes first, so the "Generated by" comment line before it is left out. With the default
# --columns=72 pandoc gives a table with long lines fixed column widths from its "|---|" line;
# --columns=1000 leaves the widths to the content (docs/report.css).
sed '1{/^<!-- Generated by/d}' docs/REPORT.md | pandoc --from markdown --to html5 --standalone --toc --toc-depth=2 --columns=1000 \
    --shift-heading-level-by=-1 --metadata date="commit $commit" --css report.css \
    -o "$tmp/report.html"
# Figures and tables get a class by what they hold, for docs/report.css: charts (SVG) at full
# width, screenshots (PNG) two to a row, tables of cases with unbroken figures.
python3 - "$tmp/report.html" <<'EOF'
import re, sys
path = sys.argv[1]
html = open(path, encoding="utf-8").read()
def mark(m):
    kind = "chart" if m.group(2).endswith(".svg") else "shot"
    return f'<figure class="{kind}">{m.group(1)}'
html = re.sub(r'<figure>(\s*<img src="([^"]+)")', mark, html)
# Tables of cases (first column "case": short numbers after a name) keep their figures on one
# line; the name may break instead.
html = re.sub(r'<table([^>]*)>((?:\s*<colgroup>.*?</colgroup>)?\s*<thead>\s*<tr[^>]*>\s*<th[^>]*>case</th>)',
              r'<table class="cases"\1>\2', html, flags=re.S)
open(path, "w", encoding="utf-8").write(html)
EOF
weasyprint --base-url docs/ "$tmp/report.html" docs/REPORT.pdf 2>"$tmp/weasyprint.log" || {
    cat "$tmp/weasyprint.log" >&2
    exit 1
}

# check_pdf: what can be seen missing in the PDF fails the script.
# - Images. weasyprint only warns when it cannot load an image, so its log must have no
#   "Failed to load". The screenshots are raster images in the PDF: `pdfimages -list` must list
#   at least as many (type "image"; their alpha masks are "smask") as the Markdown links PNGs.
#   The charts are SVG, drawn as vector graphics that pdfimages does not see; their text is real
#   PDF text, so each chart's title (its first <text> element) must be in `pdftotext`'s output.
# - Width. `pdftotext -bbox` gives every word's box, including words of a table or code line
#   that runs past the text block (it reports them even when they leave the page). No word may
#   end right of the text block (page width minus the right margin of docs/report.css) or start
#   left of it, with 1 pt of slack for rounding.
check_pdf() {
    local pdf=$1 md=$2 failed=0
    if grep -i "failed to load" "$tmp/weasyprint.log" >&2; then
        echo "error: $pdf: weasyprint could not load the images above" >&2
        failed=1
    fi
    local linked_png linked_svg in_pdf
    linked_png=$(grep -oE '!\[[^]]*\]\([^)]+\.png\)' "$md" | wc -l)
    in_pdf=$(pdfimages -list "$pdf" | awk 'NR > 2 && $3 == "image"' | wc -l)
    if ((in_pdf < linked_png)); then
        echo "error: $pdf has $in_pdf raster images, $md links $linked_png PNG files" >&2
        failed=1
    fi
    pdftotext "$pdf" "$tmp/report.txt"
    linked_svg=0
    local svg title
    while read -r svg; do
        linked_svg=$((linked_svg + 1))
        title=$(python3 -c 'import re, sys; print(re.search(r"<text[^>]*>\s*([^<]*?)\s*<", open(sys.argv[1]).read()).group(1))' "docs/$svg")
        if ! grep -qF "$title" "$tmp/report.txt"; then
            echo "error: $pdf: the chart $svg (\"$title\") is not in the PDF" >&2
            failed=1
        fi
    done < <(grep -oE '!\[[^]]*\]\([^)]+\.svg\)' "$md" | sed -E 's/.*\(([^)]+)\)/\1/')
    local report_margin_pt=45.35 # 16 mm, the left and right margins of docs/report.css
    local overflow
    overflow=$(pdftotext -bbox "$pdf" - | awk -F'"' -v m="$report_margin_pt" '
        /<page / { page++; width = $2 }
        /<word / && ($6 > width - m + 1 || $2 < m - 1) {
            if (++n > 5) next
            word = $9; sub(/^>/, "", word); sub(/<\/word>.*/, "", word)
            printf "page %d: \"%s\" at x %.0f to %.0f pt (text block %.0f to %.0f)\n", page, word, $2, $6, m, width - m
        }
        END { if (n > 5) print "... and " n - 5 " more words" }')
    if [[ -n $overflow ]]; then
        echo "error: $pdf: text outside the text block (a table or a line too wide):" >&2
        echo "$overflow" >&2
        failed=1
    fi
    ((failed == 0)) || exit 1
    step "checked $pdf: $(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }') pages, $in_pdf raster images for $linked_png linked PNGs, $linked_svg charts, nothing outside the text block"
}
check_pdf docs/REPORT.pdf docs/REPORT.md
step "done: docs/REPORT.md, docs/REPORT.pdf, docs/REPORT-transcripts.md, docs/report/"
