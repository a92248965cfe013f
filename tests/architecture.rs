//! The shape of the code that neither the compiler nor a lint can see. The workspace's crates
//! keep the layers apart (the core cannot name the puzzle modes, the GUI or the command line),
//! and clippy keeps functions short and the libraries from printing or reading the environment
//! (the lint tables in Cargo.toml, the limits in clippy.toml); this checks the core's own
//! layers and that no file grows past one idea.

use std::path::{Path, PathBuf};

/// The solver core's top-level modules, lowest layer first; a module may use its own layer and
/// the ones before it. `search` is the search crate, which the core re-exports under that name.
const CORE_LAYERS: [&[&str]; 4] = [&["engine", "rng"], &["search"], &["heuristic"], &["solve"]];

/// Lines a source file may have: past this it is usually two ideas.
const MOST_LINES: usize = 650;

/// A source file: where it is and its lines, without its `#[cfg(test)] mod tests` block (kept
/// at the end of a file by convention).
struct Source {
    path: PathBuf,
    /// Every line, for the file's length.
    all_lines: usize,
    /// The lines before the test module.
    code: Vec<String>,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, relative folders included; files named `tests.rs` are test
/// modules of their own and count only for length.
fn sources(dir: &Path, out: &mut Vec<Source>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push(source_of(path, &text));
        }
    }
}

/// The source at `path` whose text is `text`.
fn source_of(path: PathBuf, text: &str) -> Source {
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Only a test module written out in the file ends its code: `mod tests;` names another
    // file, and the code after it is still the file's own.
    let test_module = (lines.windows(2)).position(|pair| {
        pair[0].trim_start().starts_with("#[cfg(test)]")
            && pair[1].trim_start().starts_with("mod tests {")
    });
    let is_tests = path.file_name().is_some_and(|n| n == "tests.rs");
    let end = if is_tests {
        0
    } else {
        test_module.unwrap_or(lines.len())
    };
    Source {
        all_lines: lines.len(),
        code: lines[..end].to_vec(),
        path,
    }
}

fn crate_sources(name: &str) -> Vec<Source> {
    let mut all = Vec::new();
    sources(&root().join("crates").join(name).join("src"), &mut all);
    all
}

/// Every source of ours that is not a test: the crates, the binary and the benches.
fn all_sources() -> Vec<Source> {
    let mut all = Vec::new();
    for dir in ["crates", "src", "benches"] {
        sources(&root().join(dir), &mut all);
    }
    all.retain(|s| !s.path.components().any(|c| c.as_os_str() == "target"));
    all
}

/// The lines that are code, not comments.
fn code_lines(source: &Source) -> impl Iterator<Item = &str> {
    (source.code.iter())
        .map(String::as_str)
        .filter(|l| !l.trim_start().starts_with("//"))
}

/// The core's top-level module a file belongs to.
fn core_module(path: &Path) -> String {
    let src = root().join("crates/klotski-core/src");
    let relative = path.strip_prefix(&src).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

fn core_layer(module: &str) -> usize {
    (CORE_LAYERS.iter())
        .position(|layer| layer.contains(&module))
        .unwrap_or_else(|| panic!("core module {module} is in no layer"))
}

/// The modules a line names through `prefix` (`crate::` or `super::`), `use
/// crate::{a::.., b}` groups included.
fn paths_after(line: &str, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in line.match_indices(prefix) {
        let rest = &line[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            found.extend(group.split(',').filter_map(|member| {
                let name = member.trim().split("::").next()?;
                (!name.is_empty()).then(|| name.to_string())
            }));
        } else {
            let name: String = (rest.chars())
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn the_cores_layers_use_only_the_layers_below_them() {
    let mut wrong = Vec::new();
    for source in crate_sources("klotski-core") {
        if source.path.ends_with("lib.rs") {
            continue;
        }
        let module = core_module(&source.path);
        for line in code_lines(&source) {
            for used in paths_after(line, "crate::") {
                if core_layer(&used) > core_layer(&module) {
                    wrong.push(format!("{}: {}", source.path.display(), line.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "upward arrows:\n{}", wrong.join("\n"));
}

#[test]
fn no_source_file_is_past_one_idea() {
    let long: Vec<String> = (all_sources().iter())
        .filter(|s| s.all_lines > MOST_LINES)
        .map(|s| format!("{}: {} lines", s.path.display(), s.all_lines))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// A file whose tests live in a file of their own (`#[cfg(test)] mod tests;` near its top) is
/// read whole; a test module written out at the end is left out.
#[test]
fn the_code_of_a_file_ends_only_at_a_test_module_written_out() {
    let apart = "mod a;\n#[cfg(test)]\nmod tests;\n\nuse crate::solve::x;\n";
    let source = source_of(PathBuf::from("mod.rs"), apart);
    assert_eq!(source.code.len(), 5);
    let inline = "use crate::engine::y;\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n";
    let source = source_of(PathBuf::from("inline.rs"), inline);
    assert_eq!(source.code, ["use crate::engine::y;", ""]);
}

/// The command line's modules (a file of `src/cli`, or a folder of them as one) that `source`,
/// a file of the module `module`, names through `super::`.
fn cli_modules_named(source: &Source, module: &str, modules: &[String]) -> Vec<String> {
    (code_lines(source).flat_map(|line| paths_after(line, "super::")))
        .filter(|name| name != module && modules.contains(name))
        .collect()
}

/// The modules of `src/cli` use one another in one direction: no cycle (the exit codes and
/// the dispatch in `mod.rs` above them all).
#[test]
fn the_command_lines_modules_form_no_cycle() {
    let mut files = Vec::new();
    sources(&root().join("src/cli"), &mut files);
    let module_of = |path: &Path| {
        let relative = path.strip_prefix(root().join("src/cli")).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        first.to_string_lossy().trim_end_matches(".rs").to_string()
    };
    let mut modules: Vec<String> = files.iter().map(|s| module_of(&s.path)).collect();
    modules.sort();
    modules.dedup();
    modules.retain(|m| m != "mod");
    let mut uses: Vec<(String, String)> = Vec::new();
    for source in &files {
        let module = module_of(&source.path);
        // Inside a folder, `super::` of a file below its `mod.rs` is the folder itself.
        let nested = source.path.parent() != Some(&root().join("src/cli"))
            && !source.path.ends_with("mod.rs");
        if module == "mod" || nested {
            continue;
        }
        for used in cli_modules_named(source, &module, &modules) {
            uses.push((module.clone(), used));
        }
    }
    // A module is in a cycle when it reaches itself.
    let reaches = |from: &str| {
        let mut seen: Vec<String> = Vec::new();
        let mut stack = vec![from.to_string()];
        while let Some(at) = stack.pop() {
            for (_, to) in uses.iter().filter(|(a, _)| *a == at) {
                if !seen.contains(to) {
                    seen.push(to.clone());
                    stack.push(to.clone());
                }
            }
        }
        seen
    };
    let cycles: Vec<&String> = (modules.iter())
        .filter(|m| reaches(m).contains(m))
        .collect();
    assert!(
        cycles.is_empty(),
        "in an import cycle: {cycles:?}\n{uses:?}"
    );
    assert!(
        uses.iter().any(|(a, b)| a == "compare" && b == "charts"),
        "the scan reads imports"
    );
}

/// The names of the dependencies `manifest` (a Cargo.toml) declares for building (not for its
/// tests), on every target.
fn dependency_names(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]" || line.ends_with(".dependencies]");
            in_dependencies &= !line.contains("dev-dependencies");
        } else if in_dependencies && !line.is_empty() && !line.starts_with('#') {
            let name = line.split(['=', '.', ' ']).next().unwrap_or("");
            names.push(name.to_string());
        }
    }
    names
}

/// ARCHITECTURE.md's table of crates names every dependency each library crate's manifest
/// declares (the workspace's own crates by their role), so the map cannot drift from the
/// manifests.
#[test]
fn the_architectures_crate_table_names_every_dependency() {
    let architecture = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let mut missing = Vec::new();
    for name in [
        "klotski-search",
        "klotski-core",
        "klotski-puzzles",
        "klotski-gui",
    ] {
        let manifest = root().join("crates").join(name).join("Cargo.toml");
        let manifest = std::fs::read_to_string(manifest).unwrap();
        let row = (architecture.lines())
            .find(|line| line.starts_with(&format!("| `{name}` |")))
            .unwrap_or_else(|| panic!("no row for {name}"));
        let depends_on = row.trim_end_matches('|').rsplit('|').next().unwrap();
        for dependency in dependency_names(&manifest) {
            let named = match dependency.as_str() {
                "klotski-search" => "the search crate",
                "klotski-core" => "the core",
                "klotski-puzzles" => "the puzzles",
                other => other,
            };
            if !depends_on.contains(named) {
                missing.push(format!("{name}: {dependency}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in ARCHITECTURE.md's crate table: {missing:?}"
    );
}

/// Every folder under `dir` that holds Rust sources, `dir` itself excluded.
fn source_folders(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap_or_default();
        if path.is_dir() && name != "target" && name != "cases" {
            let has_rust = (std::fs::read_dir(&path).unwrap())
                .any(|e| e.unwrap().path().extension().is_some_and(|x| x == "rs"));
            if has_rust {
                out.push(path.clone());
            }
            source_folders(&path, out);
        }
    }
}

/// A newcomer finds every folder of code in the code map: each is named there by its own name
/// followed by a slash, as `` `pdb/` `` or `` `app/keys.rs` ``.
#[test]
fn the_code_map_names_every_source_folder() {
    let architecture = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let mut folders = Vec::new();
    for dir in ["crates", "src", "tests", "benches", "fuzz"] {
        source_folders(&root().join(dir), &mut folders);
    }
    let missing: Vec<_> = (folders.iter())
        .filter(|folder| {
            let name = folder.file_name().unwrap().to_string_lossy();
            let named = |before: char| architecture.contains(&format!("{before}{name}/"));
            !named('`') && !named('/')
        })
        .map(|folder| folder.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "folders of code not in ARCHITECTURE.md's code map: {missing:?}"
    );
}
