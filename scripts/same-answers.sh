#!/usr/bin/env bash
# Whether two builds of klotski print the same answers over the bundled corpora: for a change
# that must not change behaviour (a refactoring), run the old and the new binary and compare.
#
#   scripts/same-answers.sh OLD_BINARY NEW_BINARY [OUT_DIR]
#
# Default runs over small, decided, official, malformed, relaxed, beyond, walks5x5, large, mid,
# dense, peers, bench and fifteen and the three single cases; mid-corpus with
# --algo constructive and --algo wastar. Compared: stdout and the exit code exactly, and
# stderr without the lines that depend on the cache or the clock (table builds, progress
# ticks). Each run has 300 s; --algo wastar has no work budget and runs until memory runs out,
# so its time (and, at the timeout, its answer) depends on the machine's free memory.
# Both binaries share one scratch cache, so the first run builds the tables. Takes about an
# hour on 2 cores. Prints each difference and a count; exits 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1")
new=$(realpath "$2")
out=${3:-$(mktemp -d)}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch" XDG_CACHE_HOME="$scratch/cache"

run() { # binary tag file args...
  local bin=$1 tag=$2 file=$3
  shift 3
  local name
  name=$(echo "$file" | tr / _)
  mkdir -p "$out/$tag"
  set +e
  timeout 300 "$bin" terminal "$@" <"$file" >"$out/$tag/$name$*.out" 2>"$out/$tag/$name$*.err"
  echo $? >"$out/$tag/$name$*.rc"
  set -e
}

cases=()
for dir in small decided official malformed relaxed beyond walks5x5 large mid dense peers bench fifteen; do
  for file in tests/cases/$dir/*.in tests/cases/$dir/*.txt; do
    [ -f "$file" ] && cases+=("$file")
  done
done
cases+=(tests/cases/sample3.in tests/cases/sample4.in tests/cases/unsolvable_3x4.in)
for tag in old new; do
  bin=$old
  [ "$tag" = new ] && bin=$new
  for file in "${cases[@]}"; do run "$bin" "$tag" "$file"; done
  for file in tests/cases/mid-corpus/*.in; do
    run "$bin" "$tag" "$file" --algo constructive
    run "$bin" "$tag" "$file" --algo wastar
  done
done

steady() { grep -v "building the pattern database\|built it in\|^klotski: [0-9]* s: \|cached in" "$1" || true; }
runs=0
differ=0
for rc in "$out"/old/*.rc; do
  name=$(basename "$rc" .rc)
  runs=$((runs + 1))
  same=yes
  cmp -s "$out/old/$name.out" "$out/new/$name.out" || same=no
  cmp -s "$out/old/$name.rc" "$out/new/$name.rc" || same=no
  diff -q <(steady "$out/old/$name.err") <(steady "$out/new/$name.err") >/dev/null || same=no
  if [ $same = no ]; then
    echo "differs: $name"
    differ=$((differ + 1))
  fi
done
echo "$runs runs, $differ differ (outputs in $out)"
[ $differ -eq 0 ]
