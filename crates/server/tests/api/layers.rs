//! The server's shape (DESIGN.md, "Layers"; docs/ARCHITECTURE.md): platform, identity, areas, app, from the
//! ground up. This test reads every module's `crate::...` paths and fails when
//! - a lower layer imports a higher one,
//! - an import closes a cycle among the top-level modules of one layer (two areas that import each other), or
//! - an area reaches past another area's facade (`crate::returns::db::...` instead of `crate::returns::...`).
//!
//! `KNOWN` lists the violations the code still has, one line each, so the list can only shrink: a new
//! violation fails, and so does a listed one that is gone (delete its line). ADR 0014 says what removes the
//! rest.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    Platform,
    Identity,
    Area,
    App,
}

fn layer_of(module: &str) -> Option<Layer> {
    Some(match module {
        "db" | "jobs" | "listener" | "config" | "error" | "extract" | "clock" | "secrets" | "rate_limit"
        | "metrics" | "observe" | "around" | "documents" | "mail" | "cookies" | "idempotency" | "web" | "platform"
        | "outbound" => Layer::Platform,
        "caller" | "auth" | "access" => Layer::Identity,
        "orders" | "returns" | "cancellation" | "payments" | "pickups" | "addresses" | "consent" | "gift_cards"
        | "einvoice" | "products" | "cart" | "reviews" | "stores" | "settings" | "ops" | "carriers" | "catalog"
        | "events" => Layer::Area,
        "app" | "openapi" | "state" | "seed" | "lib" | "main" | "sandbox_providers" => Layer::App,
        _ => return None,
    })
}

/// Violations still in the code. Each removed violation removes its line.
const KNOWN: &[&str] = &[];

/// A path `crate::a::b::...` seen in a file of module `from`: `a` and, when `a` is a folder module, `b`.
struct Reference {
    from: String,
    target: String,
    inner: Option<String>,
}

fn source_root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// The top-level modules and, for folder modules, their submodules (files and folders inside).
fn modules() -> BTreeMap<String, BTreeSet<String>> {
    let mut modules = BTreeMap::new();
    for entry in std::fs::read_dir(source_root()).expect("src/ is readable").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            let inner = std::fs::read_dir(&path)
                .expect("a module folder is readable")
                .flatten()
                .map(|file| file.file_name().to_string_lossy().trim_end_matches(".rs").to_owned())
                .filter(|file| file != "mod")
                .collect();
            modules.insert(name, inner);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            modules.insert(stem.to_owned(), BTreeSet::new());
        }
    }
    modules
}

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// Every `crate::` path of a file, with `use crate::{a, b::c}` groups opened. Comments are skipped.
fn references(module: &str, text: &str) -> Vec<Reference> {
    let code: String =
        text.lines().filter(|line| !line.trim_start().starts_with("//")).map(|line| format!("{line}\n")).collect();
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                paths.push(part.trim().to_owned());
            }
        } else {
            let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(rest.len());
            paths.push(rest[..end].to_owned());
        }
    }
    paths
        .into_iter()
        .filter_map(|path| {
            let mut segments = path.split("::").filter(|segment| !segment.is_empty());
            let target = segments.next()?.to_owned();
            let inner = segments.next().map(str::to_owned);
            (target != module).then(|| Reference { from: module.to_owned(), target, inner })
        })
        .collect()
}

fn reaches(edges: &BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_owned()];
    while let Some(module) = stack.pop() {
        if module == to {
            return true;
        }
        if seen.insert(module.clone()) {
            stack.extend(edges.get(&module).into_iter().flatten().cloned());
        }
    }
    false
}

fn violations() -> BTreeSet<String> {
    let modules = modules();
    let mut files = Vec::new();
    rust_files(source_root(), &mut files);
    let mut references_found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(source_root()).expect("under src/");
        let first = relative.components().next().expect("a path").as_os_str().to_string_lossy().into_owned();
        let module = first.trim_end_matches(".rs").to_owned();
        let text = std::fs::read_to_string(&file).expect("a source file is readable");
        references_found.extend(references(&module, &text));
    }
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut found = BTreeSet::new();
    for reference in &references_found {
        let (Some(from_layer), Some(to_layer)) = (layer_of(&reference.from), layer_of(&reference.target)) else {
            continue;
        };
        edges.entry(reference.from.clone()).or_default().insert(reference.target.clone());
        if from_layer < to_layer {
            found.insert(format!("layer: {} -> {}", reference.from, reference.target));
        }
        let past_facade = from_layer == Layer::Area
            && to_layer == Layer::Area
            && reference
                .inner
                .as_ref()
                .is_some_and(|inner| modules.get(&reference.target).is_some_and(|subs| subs.contains(inner)));
        if past_facade {
            let inner = reference.inner.as_deref().unwrap_or_default();
            found.insert(format!("facade: {} -> {}::{inner}", reference.from, reference.target));
        }
    }
    for (from, targets) in &edges {
        for to in targets {
            let same_layer = layer_of(from) == layer_of(to);
            if same_layer && layer_of(from) != Some(Layer::App) && reaches(&edges, to, from) {
                found.insert(format!("cycle: {from} -> {to}"));
            }
        }
    }
    found
}

#[test]
fn modules_keep_to_their_layers_and_areas_meet_only_at_facades() {
    let found = violations();
    let known: BTreeSet<String> = KNOWN.iter().map(|line| (*line).to_owned()).collect();
    let new: Vec<&String> = found.difference(&known).collect();
    let gone: Vec<&String> = known.difference(&found).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "the server's shape changed.\nnew violations (fix them; see ADR 0014):\n{}\nfixed (delete these lines from \
         KNOWN in tests/api/layers.rs):\n{}",
        new.iter().map(|line| format!("    \"{line}\",")).collect::<Vec<_>>().join("\n"),
        gone.iter().map(|line| format!("    \"{line}\",")).collect::<Vec<_>>().join("\n"),
    );
}

#[test]
fn the_layer_test_sees_a_reach_past_a_facade_and_a_layer_break() {
    let reaching = references("payments", "use crate::cancellation::routes::accept_job;\nuse crate::{app, db::Db};\n");
    let pairs: Vec<(String, Option<String>)> =
        reaching.into_iter().map(|reference| (reference.target, reference.inner)).collect();
    assert_eq!(
        pairs,
        vec![
            ("cancellation".to_owned(), Some("routes".to_owned())),
            ("app".to_owned(), None),
            ("db".to_owned(), Some("Db".to_owned())),
        ]
    );
    assert!(layer_of("payments") < layer_of("app"));
}
