//! The shape of the code that the compiler cannot see. The workspace's crates keep the layers
//! apart (the core cannot name the puzzle modes, the GUI or the command line); this checks what
//! lies inside a crate or outside types: the core's own layers, that the libraries neither
//! print nor read the environment, and that no file or function grows past one idea.

use std::path::{Path, PathBuf};

/// The solver core's top-level modules, lowest layer first; a module may use its own layer and
/// the ones before it.
const CORE_LAYERS: [&[&str]; 4] = [&["engine", "rng"], &["search"], &["heuristic"], &["solve"]];

/// Lines a source file may have: past this it is usually two ideas.
const MOST_LINES: usize = 650;

/// Lines a function may have, from its `fn` line to its closing brace: past this it is usually
/// three ideas.
const MOST_FUNCTION_LINES: usize = 100;

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
            let lines: Vec<String> = text.lines().map(str::to_string).collect();
            let test_module = (lines.windows(2)).position(|pair| {
                pair[0].trim_start().starts_with("#[cfg(test)]")
                    && pair[1].trim_start().starts_with("mod tests")
            });
            let is_tests = path.file_name().is_some_and(|n| n == "tests.rs");
            let end = if is_tests {
                0
            } else {
                test_module.unwrap_or(lines.len())
            };
            out.push(Source {
                all_lines: lines.len(),
                code: lines[..end].to_vec(),
                path,
            });
        }
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

/// The top-level modules a line names through `crate::`, `use crate::{a::.., b}` included.
fn crate_paths(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, _) in line.match_indices("crate::") {
        let rest = &line[at + "crate::".len()..];
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
            for used in crate_paths(line) {
                if core_layer(&used) > core_layer(&module) {
                    wrong.push(format!("{}: {}", source.path.display(), line.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "upward arrows:\n{}", wrong.join("\n"));
}

#[test]
fn the_libraries_neither_print_nor_read_the_environment() {
    let mut wrong = Vec::new();
    for name in ["klotski-core", "klotski-puzzles", "klotski-gui"] {
        let mut forbidden = vec!["std::env::var", "env::var_os", "std::env::args"];
        // The player may tell on stderr what its window could not do.
        if name != "klotski-gui" {
            forbidden.extend(["println!", "eprintln!", "print!(", "eprint!("]);
        }
        for source in crate_sources(name) {
            for line in code_lines(&source) {
                if let Some(word) = forbidden.iter().find(|w| line.contains(*w)) {
                    wrong.push(format!("{}: {word}", source.path.display()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_source_file_is_past_one_idea() {
    let long: Vec<String> = (all_sources().iter())
        .filter(|s| s.all_lines > MOST_LINES)
        .map(|s| format!("{}: {} lines", s.path.display(), s.all_lines))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The functions of `source` (outside its test module) and their lengths, from the `fn` line
/// to the line that closes the body at the same indentation (the code is `rustfmt`ed).
fn function_lengths(source: &Source) -> Vec<(String, usize)> {
    let lines = &source.code;
    let mut found = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let signature = ["pub ", "pub(crate) ", "pub(super) ", "const ", "unsafe "]
            .iter()
            .fold(trimmed, |rest, prefix| {
                rest.strip_prefix(prefix).unwrap_or(rest)
            });
        let Some(name) = signature.strip_prefix("fn ") else {
            continue;
        };
        let name: String = (name.chars())
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let indent = &line[..line.len() - trimmed.len()];
        let Some(open) = (start..lines.len()).find(|&i| lines[i].contains('{')) else {
            continue;
        };
        let declaration = (start..open).any(|i| lines[i].trim_end().ends_with(';'));
        if declaration || lines[open].trim_end().ends_with('}') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = (open..lines.len()).find(|&i| lines[i] == close) {
            found.push((name, end - start + 1));
        }
    }
    found
}

#[test]
fn no_function_is_past_three_ideas() {
    let mut long = Vec::new();
    for source in all_sources() {
        for (name, lines) in function_lengths(&source) {
            if lines > MOST_FUNCTION_LINES {
                long.push(format!("{}: {name}, {lines} lines", source.path.display()));
            }
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// The length check reads what it should: a function of its own test file is found whole.
#[test]
fn function_lengths_are_read_from_the_fn_line_to_its_closing_brace() {
    let text = "fn a() {\n    let x = 1;\n}\n\npub fn b(\n    y: u8,\n) -> u8 {\n    y\n}\n";
    let source = Source {
        path: PathBuf::from("sample.rs"),
        all_lines: 9,
        code: text.lines().map(str::to_string).collect(),
    };
    let lengths = function_lengths(&source);
    assert_eq!(lengths, [("a".to_string(), 3), ("b".to_string(), 5)]);
}
