//! What `cargo install --path . --locked` gives a user, as the manifests declare it: the
//! license the LICENSE file grants, no crate that could be published under a name another
//! crate owns on crates.io, and a release binary without debug info (the binary's size is in
//! docs/benchmarks.md, "Build time and size").

use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `key = value` lines of the manifest section `[name]`, as written.
fn section(manifest: &str, name: &str) -> Vec<String> {
    let header = format!("[{name}]");
    (manifest.lines())
        .skip_while(|line| line.trim() != header)
        .skip(1)
        .take_while(|line| !line.trim_start().starts_with('['))
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Whether `lines` hold `line`.
fn has(lines: &[String], line: &str) -> bool {
    lines.iter().any(|held| held == line)
}

/// The manifests of the workspace's member crates, as its `members` list names them: a crate
/// added there is checked too.
fn member_manifests(root: &str) -> Vec<String> {
    (root.lines())
        .skip_while(|line| line.trim() != "members = [")
        .skip(1)
        .take_while(|line| line.trim() != "]")
        .map(|line| {
            format!(
                "{}/Cargo.toml",
                line.trim().trim_end_matches(',').trim_matches('"')
            )
        })
        .collect()
}

#[test]
fn every_crate_is_mit_as_the_license_file_says_and_none_is_published() {
    let license = read("LICENSE");
    assert!(license.starts_with("MIT License\n"), "{license}");
    assert!(license.contains("Permission is hereby granted, free of charge"));
    let root = read("Cargo.toml");
    let shared = section(&root, "workspace.package");
    assert!(has(&shared, r#"license = "MIT""#), "{shared:?}");
    // `klotski` on crates.io is somebody else's crate: none of ours may go there.
    assert!(has(&shared, "publish = false"), "{shared:?}");
    let members = member_manifests(&root);
    assert!(!members.is_empty(), "no workspace members read");
    for manifest in ["Cargo.toml".to_string()].into_iter().chain(members) {
        let package = section(&read(&manifest), "package");
        for key in ["license.workspace = true", "publish.workspace = true"] {
            assert!(has(&package, key), "{manifest}: {package:?}");
        }
    }
}

#[test]
fn the_release_binary_carries_no_debug_info_and_the_profiling_build_does() {
    let root = read("Cargo.toml");
    let release = section(&root, "profile.release");
    assert!(has(&release, r#"strip = "debuginfo""#), "{release:?}");
    assert!(
        !release.iter().any(|line| line.starts_with("debug ")),
        "{release:?}"
    );
    let profiling = section(&root, "profile.profiling");
    for line in [
        r#"inherits = "release""#,
        r#"debug = "line-tables-only""#,
        r#"strip = "none""#,
    ] {
        assert!(has(&profiling, line), "{profiling:?}");
    }
}
