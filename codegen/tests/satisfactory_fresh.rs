//! Satisfactory's fixed layouts are generated from its schemas (`formats/satisfactory/schema`) by
//! the binrw backend and checked in; this test regenerates them in memory and fails when the
//! files are stale.
//!
//! After changing a schema, regenerate with
//! `SAVEPOINT_REGENERATE=1 cargo test -p savepoint-codegen --test satisfactory_fresh`.

use std::path::PathBuf;

use savepoint_codegen::Builder;

mod fresh;

/// Every Satisfactory schema but `unreal`, whose types are hand-written (the `unreal` crate's
/// and the satisfactory crate's own primitives).
const MODULES: &[&str] = &[
    "blueprint",
    "blueprint_config",
    "blueprint_config_parts",
    "body",
    "chunks",
    "component",
    "conveyor",
    "drone",
    "game",
    "header",
    "inventory",
    "lightweight",
    "objects",
    "power",
    "vehicle",
    "versions",
];

fn satisfactory() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../formats/satisfactory")
}

#[test]
fn satisfactory_generated_modules_are_fresh() {
    let schema = satisfactory().join("schema");
    // The modules live in `crate::generated`, where they import each other's types.
    let generated = Builder::new()
        .schemas(MODULES.iter().map(|m| schema.join(format!("{m}.ksy"))))
        .module_root("crate::generated")
        .generate()
        .unwrap_or_else(|e| panic!("{e}"));
    fresh::assert_fresh(
        &satisfactory().join("src/generated"),
        &generated.modules,
        "SAVEPOINT_REGENERATE=1 cargo test -p savepoint-codegen --test satisfactory_fresh",
    );
}
