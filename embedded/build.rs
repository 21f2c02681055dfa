//! Puts memory.x where cortex-m-rt's link.x finds it, and lists the DATC cases that `make
//! embedded` recorded on the host (turn files in the directory `ORDO_DATC_CASES`) for
//! `main.rs` to include. Without that variable the list is empty and the run fails.
use std::{env, fs, path::PathBuf};

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy("memory.x", out.join("memory.x")).expect("memory.x is readable");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rerun-if-changed=memory.x");

    println!("cargo:rerun-if-env-changed=ORDO_DATC_CASES");
    let mut cases = Vec::new();
    if let Some(dir) = env::var_os("ORDO_DATC_CASES") {
        println!("cargo:rerun-if-changed={}", PathBuf::from(&dir).display());
        for entry in fs::read_dir(&dir).expect("ORDO_DATC_CASES is a readable directory") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|ext| ext == "turn") {
                println!("cargo:rerun-if-changed={}", path.display());
                cases.push(fs::canonicalize(&path).expect("a case file"));
            }
        }
    }
    cases.sort();
    let mut list = String::from("/// The DATC cases recorded on the host, one turn file each.\n");
    list.push_str("static DATC_CASES: &[&str] = &[\n");
    for case in &cases {
        list.push_str(&format!(
            "    include_str!({:?}),\n",
            case.display().to_string()
        ));
    }
    list.push_str("];\n");
    fs::write(out.join("datc_cases.rs"), list).expect("OUT_DIR is writable");
}
