#!/bin/sh
# Regenerates this suite: `klotski generate` is reproducible from the seed.
# Run from the repository root: sh tests/cases/bench/make.sh
set -e
k="cargo run --release --no-default-features --quiet -- generate"
d=tests/cases/bench
for s in 1 2 3 4; do $k --size 3x3 --shuffle --seed $s > $d/g_3x3_shuffle_s$s.in; done
for s in 1 2; do $k --size 3x3 --blanks 2 --blocks 1x2:1 --shuffle --seed $s > $d/g_3x3_b2_1x2_shuffle_s$s.in; done
$k --size 3x3 --blocks 2x2:1 --shuffle --unsolvable --seed 1 > $d/g_3x3_2x2_unsolvable_s1.in
for s in 1 2; do $k --size 3x4 --blanks 2 --blocks 2x1:2 --shuffle --seed $s > $d/g_3x4_b2_2x1x2_shuffle_s$s.in; done
$k --size 3x4 --blanks 2 --blocks 2x1:2 --shuffle --unsolvable --seed 2 > $d/g_3x4_b2_2x1x2_unsolvable_s2.in
for m in 40 80; do for s in 1 2; do $k --size 4x4 --moves $m --seed $s > $d/g_4x4_walk${m}_s$s.in; done; done
for s in 1 2 3; do $k --size 4x4 --blanks 2 --blocks 2x2:1 --shuffle --seed $s > $d/g_4x4_b2_2x2_shuffle_s$s.in; done
for s in 1 2; do $k --size 4x4 --blanks 2 --blocks 2x2:1,1x2:1 --moves 60 --seed $s > $d/g_4x4_b2_blocks_walk60_s$s.in; done
$k --size 4x4 --blanks 3 --blocks 2x1:2 --shuffle --seed 1 > $d/g_4x4_b3_2x1x2_shuffle_s1.in
