//! The crate's shape, checked from its source: the layers only use the ones below them, the
//! module graph has no cycles, the core neither prints nor reads the environment nor touches
//! the GPU stack, and no source file grows past the size of one idea.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's top-level modules, lowest layer first; a module may use its own layer and the
/// ones before it.
const LAYERS: [&[&str]; 6] = [
    &["engine", "rng"],
    &["search"],
    &["heuristic"],
    &["solve"],
    &["puzzles"],
    &["gui"],
];

/// Lines a source file may have: past this it is usually two ideas.
const MOST_LINES: usize = 650;

/// A library source file: its module path and its code without comments and test modules.
struct Source {
    module: Vec<String>,
    path: PathBuf,
    code: String,
    lines: usize,
}

fn sources(dir: &Path, out: &mut Vec<Source>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
            let relative = path.strip_prefix(&root).unwrap();
            let mut module: Vec<String> = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            out.push(Source {
                module,
                lines: text.lines().count(),
                code: code_of(&text),
                path,
            });
        }
    }
}

/// `text` without comment lines and without its `#[cfg(test)]` module (kept at the end of a
/// file by convention).
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]")
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod tests"))
        {
            break;
        }
        if !trimmed.starts_with("//") {
            code.push_str(line);
            code.push('\n');
        }
    }
    code
}

/// Every path the code names that starts with `crate`, `super`, `self` or a child module of
/// `module`, made absolute (from the crate root), with `use` groups expanded.
fn paths(source: &Source, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let code = &source.code;
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !is_ident(bytes[i]) || (i > 0 && (is_ident(bytes[i - 1]) || bytes[i - 1] == b':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (is_ident(bytes[i]) || code[i..].starts_with("::")) {
            i += if code[i..].starts_with("::") { 2 } else { 1 };
        }
        let path = code[start..i].trim_end_matches(':');
        let segments: Vec<&str> = path.split("::").collect();
        let first = segments[0];
        // A lone `crate`, `super` or `self` is a visibility (`pub(super)`), not a path.
        let relative = (first == "crate" || first == "super" || first == "self")
            && (segments.len() > 1 || code[i..].starts_with('{'))
            || (children.contains(first) && segments.len() > 1);
        if !relative {
            continue;
        }
        let mut absolute = match first {
            "crate" => Vec::new(),
            _ => source.module.clone(),
        };
        for segment in &segments {
            match *segment {
                "crate" | "self" => {}
                "super" => {
                    absolute.pop();
                }
                name => absolute.push(name.to_string()),
            }
        }
        // `path::{a, b::c}`: each member is a path of its own.
        if code[i..].starts_with('{') {
            let close = code[i..].find('}').map_or(code.len(), |c| i + c);
            for member in code[i + 1..close].split(',') {
                let member = member.trim();
                if member.is_empty() {
                    continue;
                }
                let mut full = absolute.clone();
                full.extend(
                    member
                        .split(" as ")
                        .next()
                        .unwrap()
                        .split("::")
                        .filter(|s| *s != "self")
                        .map(str::to_string),
                );
                found.push(full);
            }
            i = close;
        }
        found.push(absolute);
    }
    found
}

/// The module a path lands in: its longest prefix that is a module.
fn target(path: &[String], modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
}

fn library() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    sources(&root, &mut all);
    // The binary: `main.rs` and `src/cli` stand on top of everything and are checked apart.
    all.retain(|s| !(s.module == ["main"] || s.module.first().is_some_and(|m| m == "cli")));
    all
}

/// Module -> the modules it uses, from `use` statements and paths in the code.
fn graph(sources: &[Source]) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let mut edges = BTreeMap::new();
    for source in sources {
        let children: BTreeSet<String> = modules
            .iter()
            .filter(|m| m.len() == source.module.len() + 1 && m.starts_with(&source.module))
            .map(|m| m.last().unwrap().clone())
            .collect();
        // A parent's `pub use` lines re-export its descendants' items: its interface, not a
        // use of them.
        let (interface, body): (Vec<&str>, Vec<&str>) = source
            .code
            .lines()
            .partition(|l| l.trim_start().starts_with("pub use "));
        let part = |lines: Vec<&str>| Source {
            module: source.module.clone(),
            path: source.path.clone(),
            code: lines.join("\n"),
            lines: 0,
        };
        let descendant =
            |t: &Vec<String>| t.len() > source.module.len() && t.starts_with(&source.module);
        let mut used: BTreeSet<Vec<String>> = BTreeSet::new();
        for (lines, reexports) in [(body, false), (interface, true)] {
            used.extend(
                paths(&part(lines), &children)
                    .iter()
                    .filter_map(|p| target(p, &modules))
                    .filter(|t| *t != source.module && !t.is_empty())
                    .filter(|t| !(reexports && descendant(t))),
            );
        }
        edges.insert(source.module.clone(), used);
    }
    edges
}

fn layer(module: &[String]) -> usize {
    let top = module.first().map_or("", String::as_str);
    LAYERS
        .iter()
        .position(|layer| layer.contains(&top))
        .unwrap_or_else(|| panic!("module {} is in no layer", module.join("::")))
}

#[test]
fn layers_use_only_the_layers_below_them() {
    let sources = library();
    let mut wrong = Vec::new();
    for (module, used) in graph(&sources) {
        if module.is_empty() {
            continue;
        }
        for target in used {
            if layer(&target) > layer(&module) {
                wrong.push(format!("{} uses {}", module.join("::"), target.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "upward arrows:\n{}", wrong.join("\n"));
}

#[test]
fn the_module_graph_has_no_cycles() {
    let sources = library();
    let edges = graph(&sources);
    // Depth-first search for a back edge, reporting the first cycle found.
    fn visit(
        node: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        state.insert(node.clone(), 1);
        stack.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|n| n == next).unwrap();
                    let mut cycle = stack[at..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                0 => {
                    if let Some(cycle) = visit(next, edges, state, stack) {
                        return Some(cycle);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            let cycle = visit(node, &edges, &mut state, &mut Vec::new());
            let names: Vec<String> = cycle.iter().flatten().map(|m| m.join("::")).collect();
            assert!(cycle.is_none(), "a cycle: {}", names.join(" -> "));
        }
    }
}

#[test]
fn the_core_neither_prints_nor_reads_the_environment_nor_touches_the_gpu() {
    let mut wrong = Vec::new();
    for source in library() {
        let in_gui = source.module.first().is_some_and(|m| m == "gui");
        let mut forbidden = vec!["std::env::var", "env::var_os", "std::env::args"];
        if !in_gui {
            forbidden.extend([
                "println!",
                "eprintln!",
                "print!(",
                "eprint!(",
                "winit",
                "wgpu",
            ]);
        }
        for word in forbidden {
            if source.code.contains(word) {
                wrong.push(format!("{}: {word}", source.path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_source_file_is_past_one_idea() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    sources(&root, &mut all);
    let long: Vec<String> = all
        .iter()
        .filter(|s| s.lines > MOST_LINES)
        .map(|s| format!("{}: {} lines", s.path.display(), s.lines))
        .collect();
    assert!(long.is_empty(), "{}", long.join("\n"));
}
