//! The web app is embedded from web/dist. A checkout that has not built it yet still compiles:
//! the folder is created empty and the server answers a short "web app not built" page.
//!
//! `ORDERS_SOURCE_HASH` names the sources this build was made from (the server's and the domain's code,
//! the country data, Cargo.lock): ready order details stored by one build are used only by a build of the
//! same sources (`orders/ready_detail.rs`), so a release that renders a detail differently never serves
//! another's.
use std::path::{Path, PathBuf};

fn main() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dist = manifest.join("../../web/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    println!("cargo:rerun-if-changed=../../web/dist");
    println!("cargo:rerun-if-changed=../../migrations");
    let sources = ["src", "../domain/src", "../../data", "../../Cargo.lock"];
    let mut files = Vec::new();
    for source in sources {
        println!("cargo:rerun-if-changed={source}");
        collect(&manifest.join(source), &mut files);
    }
    files.sort();
    // FNV-1a over each file's path (relative) and bytes: stable across toolchains, unlike std's hasher.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for byte in bytes {
            hash ^= u64::from(*byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for file in &files {
        let relative = file.strip_prefix(manifest).unwrap_or(file);
        feed(relative.to_string_lossy().as_bytes());
        feed(&std::fs::read(file).unwrap_or_default());
    }
    println!("cargo:rustc-env=ORDERS_SOURCE_HASH={hash:016x}");
}

fn collect(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_file() {
        files.push(path.to_path_buf());
    } else if let Ok(entries) = std::fs::read_dir(path) {
        for entry in entries.flatten() {
            collect(&entry.path(), files);
        }
    }
}
