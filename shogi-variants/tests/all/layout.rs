//! The library and the binary are built without a unit-test harness (`test = false` in
//! Cargo.toml: a harness would compile all 108 rule sets a second time), so a `#[test]` written
//! in `src/` would never run. Tests of this crate belong in `tests/all/`.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable source directory") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_unit_tests_in_src() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    assert!(files.len() > 10, "found the sources: {files:?}");
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable source");
        for marker in ["#[test]", "#[cfg(test)]"] {
            assert!(
                !text.contains(marker),
                "{} has {marker}: with `test = false` it would never run; move it to tests/all/",
                file.display()
            );
        }
    }
}
