//! The web app is embedded from web/dist. A checkout that has not built it yet still compiles:
//! the folder is created empty and the server answers a short "web app not built" page.
fn main() {
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/dist");
    if !dist.exists() {
        let _ = std::fs::create_dir_all(&dist);
    }
    println!("cargo:rerun-if-changed=../../web/dist");
    println!("cargo:rerun-if-changed=../../migrations");
}
