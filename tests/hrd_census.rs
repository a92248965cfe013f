//! The census of groups (`klotski hrd all`, `hrd::census`): every legal layout in exactly one
//! group, the groups numbered as the assignment numbers them, checked against the assignment's published
//! table of group sizes, and the assignment's files it writes.
//!
//! The exhaustive search check takes minutes and is ignored by default; run it with
//! `cargo test --release --no-default-features --test hrd_census -- --ignored`.

mod common;

use common::klotski;
use klotski::puzzles::hrd::Code;
use klotski::puzzles::hrd::census::{ALL_LAYOUTS, Classification, GroupCensus};
use klotski::puzzles::hrd::group::Group;
use klotski::puzzles::hrd::mix::Mix;
use klotski::puzzles::hrd::moves::Metric;
use std::collections::BTreeMap;

/// The assignment's table: the size of each group, by mix and `group_num`.
fn seed_sizes() -> BTreeMap<(Mix, u32), u32> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hrd/group_sizes.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut sizes = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let n: Vec<u32> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        let mix = Mix {
            jiang: n[0] as u8,
            bing: n[1] as u8,
            style: n[2] as u8,
        };
        for number in n[3]..=n[4] {
            sizes.insert((mix, number), n[5]);
        }
    }
    sizes
}

/// Layouts and groups per mix, from the assignment's table.
fn seed_mix_table() -> String {
    let mut per_mix: BTreeMap<Mix, (u64, u32)> = BTreeMap::new();
    for ((mix, _), size) in seed_sizes() {
        let entry = per_mix.entry(mix).or_default();
        entry.0 += u64::from(size);
        entry.1 += 1;
    }
    let mut text = "jiang_num bing_num style_num layouts groups\n".to_string();
    for (m, (layouts, groups)) in per_mix {
        text += &format!("{} {} {} {layouts} {groups}\n", m.jiang, m.bing, m.style);
    }
    text + "total 29334498 25422\n"
}

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_whole_census_has_the_seeds_groups_and_sizes() {
    let mut steps = Vec::new();
    let census = GroupCensus::all(&mut |p| {
        assert!(p.done <= p.total, "{p:?}");
        if steps.last() != Some(&p.step) {
            steps.push(p.step);
        }
    });
    assert_eq!(steps.len(), 3, "listing, linking, numbering: {steps:?}");
    assert_eq!(census.len() as u64, ALL_LAYOUTS);
    let groups = census.groups();
    assert_eq!(groups.len(), 25_422);
    let sizes: u64 = groups.iter().map(|g| u64::from(g.size)).sum();
    assert_eq!(sizes, 29_334_498);
    let got: BTreeMap<(Mix, u32), u32> = (groups.iter())
        .map(|g| ((g.mix, g.number), g.size))
        .collect();
    assert_eq!(got, seed_sizes());
    // The group of the opening is the one `hrd group` finds by search.
    let opening: Code = "1A9BF0C00".parse().unwrap();
    let run = klotski(&["hrd", "group", "1A9BF0C00"], b"");
    assert_eq!(run.code, 0);
    let listed: Vec<Code> = run.stdout.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(census.members(opening), listed);
    let group = census.group_of(opening).unwrap();
    assert_eq!(group.size as usize, listed.len());
    assert_eq!(group.seed, listed[0]);
    assert_eq!((group.mix.to_string(), group.number), ("5-4-1".into(), 1));
    // Its mirror image's group is as large and has the smaller smallest code: number 0.
    let first = census.groups_of_mix(group.mix).next().unwrap();
    assert_eq!((first.size, first.number), (group.size, 0));
    assert!(first.seed < group.seed);
}

#[test]
fn a_mix_is_numbered_alike_run_after_run_and_its_groups_are_what_search_finds() {
    // 4-6-2: 202,944 layouts in 2,327 groups, the mix with the most groups of 4 two-cell pieces.
    let mix = Mix {
        jiang: 4,
        bing: 6,
        style: 2,
    };
    let first = GroupCensus::of_mix(mix, &mut |_| {});
    let again = GroupCensus::of_mix(mix, &mut |_| {});
    let rows: Vec<Classification> = first.classifications().collect();
    assert_eq!(rows, again.classifications().collect::<Vec<_>>());
    assert_eq!(rows.len(), 202_944);
    // Every layout in exactly one group: the groups split the layouts, and each group is what
    // a breadth-first search in the assignment's step metric reaches from its first layout.
    let mut by_group: BTreeMap<u32, Vec<Code>> = BTreeMap::new();
    for row in &rows {
        assert_eq!(row.mix, mix);
        let members = by_group.entry(row.group_num).or_default();
        assert_eq!(row.group_index as usize, members.len());
        members.push(row.code);
    }
    assert_eq!(by_group.len(), 2_327);
    let sizes = seed_sizes();
    let mut previous: Option<(usize, Code)> = None;
    for (number, members) in &by_group {
        assert_eq!(Group::of(members[0], Metric::Piece).codes(), &members[..]);
        assert_eq!(sizes[&(mix, *number)] as usize, members.len());
        // Larger groups first; equal sizes by their first layout.
        if let Some((size, seed)) = previous {
            assert!(size > members.len() || (size == members.len() && seed < members[0]));
        }
        previous = Some((members.len(), members[0]));
    }
}

#[test]
fn all_writes_the_seeds_files_and_prints_the_counts_per_mix() {
    let dir = scratch("hrd_census_all");
    let run = klotski(&["hrd", "all", dir.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, seed_mix_table());
    // The assignment's table of 64 rows is the sum over the horizontal counts.
    let mut two_single: BTreeMap<(u32, u32), u64> = BTreeMap::new();
    for line in run
        .stdout
        .lines()
        .skip(1)
        .filter(|l| !l.starts_with("total"))
    {
        let n: Vec<u64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
        *two_single.entry((n[0] as u32, n[1] as u32)).or_default() += n[3];
    }
    let seed_counts = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/hrd/seed_counts.txt");
    let expected: BTreeMap<(u32, u32), u64> = (std::fs::read_to_string(seed_counts).unwrap())
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let n: Vec<u64> = l.split(' ').map(|x| x.parse().unwrap()).collect();
            ((n[0] as u32, n[1] as u32), n[2])
        })
        .collect();
    assert_eq!(two_single, expected);

    let all_case = std::fs::read(dir.join("All_Case.txt")).unwrap();
    assert_eq!(all_case.len(), 29_334_498 * 10);
    assert_eq!(&all_case[..20], b"000000000\n000000003\n");
    let main = std::fs::read_to_string(dir.join("main.csv")).unwrap();
    // Row by row: the same codes in the same order, then the classification.
    let mut firsts: BTreeMap<Mix, Vec<(u32, Code)>> = BTreeMap::new();
    let mut rows = 0;
    for (row, code) in main.lines().zip(all_case.chunks(10)) {
        assert_eq!(row.as_bytes()[..9], code[..9]);
        let commas = row.bytes().filter(|&b| b == b',').count();
        assert_eq!(commas, 5, "{row}");
        // Only the first layout of each group is taken apart (all 29 million would be slow).
        if row.ends_with(",0") {
            let fields: Vec<&str> = row.split(',').collect();
            let n: Vec<u8> = fields[1..4].iter().map(|x| x.parse().unwrap()).collect();
            let mix = Mix {
                jiang: n[0],
                bing: n[1],
                style: n[2],
            };
            let number = fields[4].parse().unwrap();
            firsts
                .entry(mix)
                .or_default()
                .push((number, fields[0].parse().unwrap()));
        }
        rows += 1;
    }
    assert_eq!(rows, 29_334_498);
    assert!(main.contains("\n1A9BF0C00,5,4,1,1,"));
    // One file per mix: the first layout of each group, by group number.
    assert_eq!(firsts.len(), 203);
    for (mix, mut seeds) in firsts {
        seeds.sort();
        let expected: String = seeds.iter().map(|(_, c)| format!("{c}\n")).collect();
        let file = dir.join(format!("{mix}.txt"));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), expected, "{mix}");
    }
}

#[test]
fn all_reports_a_folder_it_cannot_create() {
    let dir = scratch("hrd_census_bad_dir");
    let file = dir.join("a_file");
    std::fs::write(&file, "").unwrap();
    let target = file.join("below");
    let run = klotski(&["hrd", "all", target.to_str().unwrap()], b"");
    // A folder to write that cannot be made is output that failed: exit 4.
    assert_eq!(run.code, 4);
    assert_eq!(run.stdout, "");
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert!(run.stderr.contains("a_file"), "{}", run.stderr);
}

/// Every group of the whole census, searched from its first layout: the searches cover every
/// layout exactly once, each in the group the census gives it. Minutes of searching.
#[test]
#[ignore]
fn every_layout_is_in_exactly_one_group_by_search() {
    let census = GroupCensus::all(&mut |_| {});
    let mut covered = 0u64;
    for group in census.groups() {
        let found = Group::of(group.seed, Metric::Piece);
        assert_eq!(found.len(), group.size as usize, "{}", group.seed);
        for &code in found.codes() {
            assert_eq!(census.group_of(code), Some(group), "{code}");
        }
        covered += found.len() as u64;
    }
    assert_eq!(covered, ALL_LAYOUTS);
}
