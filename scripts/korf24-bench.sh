#!/usr/bin/env bash
# Korf and Felner's 24-puzzles proven by `klotski terminal --algo idastar` on the tables of
# `klotski pdb --size 5x5` (two 6-6-6-6 splits), one process each without the default time
# limit (TIMEOUT_S stops a run instead), every answer checked against the published optimum by
# kcheck.py: prints a markdown row per instance with its nodes and times beside the published
# 6-6-6-6 counts (tests/cases/korf24/NODES.md). The tables are built once into CACHE (kept
# between runs).
#
#   scripts/korf24-bench.sh [BIN] [TIMEOUT_S] [CACHE] [INSTANCE...]
#
# Defaults: target/release/klotski, 300 s, a temporary cache, and the fifteen instances with the
# smallest published 6-6-6-6 counts (issue 38). Run it on a quiet machine: the times are wall
# times on all the machine's cores (`--threads` left at its default).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-target/release/klotski}
timeout_s=${2:-300}
cache=${3:-}
shift $(($# < 3 ? $# : 3))
instances=("$@")
if [ ${#instances[@]} -eq 0 ]; then
  instances=(40 38 25 44 32 28 22 36 30 1 29 37 16 5 13)
fi
checker=../shared/tools/kcheck.py
[ -f "$checker" ] || { echo "error: $checker not found (the shared tools)" >&2; exit 2; }

temporary=""
if [ -z "$cache" ]; then
  temporary=$(mktemp -d)
  cache=$temporary
fi
out=$(mktemp -d)
trap 'rm -rf "$out" ${temporary:+"$temporary"}' EXIT

"$bin" pdb --size 5x5 --cache-dir "$cache" >/dev/null

grouped() { # $1 with commas between thousands
  python3 -c "import sys; print(f'{int(sys.argv[1]):,}')" "$1"
}

published() { # the 6-6-6-6 count of instance $1, digits only
  awk -F'|' -v n="$1" '$2 + 0 == n && NF > 4 { gsub(/[ ,]/, "", $5); print $5 }' \
    tests/cases/korf24/NODES.md
}

echo "| no | optimum | proven | nodes | wall | CPU (user) | nodes/s (wall) | published 6-6-6-6 | ours / published |"
echo "|---:|---:|---|---:|---:|---:|---:|---:|---:|"
for n in "${instances[@]}"; do
  case=tests/cases/korf24/k$(printf %03d "$n")
  optimum=$(cut -d' ' -f2 "$case.ans")
  set +e
  /usr/bin/time -f "%e %U" -o "$out/time" timeout "$timeout_s" \
    "$bin" terminal --algo idastar --no-time-limit -v --cache-dir "$cache" <"$case.in" >"$out/answer" 2>"$out/log"
  rc=$?
  set -e
  read -r wall user < <(tail -1 "$out/time")
  theirs=$(published "$n")
  if [ $rc -ne 0 ]; then
    printf "| %s | %s | no (exit %s) | | %s s | %s s | | %s | |\n" \
      "$n" "$optimum" "$rc" "$wall" "$user" "$(grouped "$theirs")"
  elif python3 "$checker" "$case.in" "$out/answer" --expect "$optimum" >/dev/null &&
    grep -q "proven optimal" "$out/log"; then
    nodes=$(sed -n 's/.* \([0-9]*\) expanded.*/\1/p' "$out/log" | tail -1)
    rate=$(awk -v n="$nodes" -v t="$wall" 'BEGIN { printf "%.1f M", n / t / 1e6 }')
    ratio=$(awk -v a="$nodes" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
    printf "| %s | %s | yes | %s | %s s | %s s | %s | %s | %s |\n" "$n" "$optimum" \
      "$(grouped "$nodes")" "$wall" "$user" "$rate" "$(grouped "$theirs")" "$ratio"
  else
    echo "error: instance $n: the answer is not its proven optimum $optimum" >&2
    exit 1
  fi
done
