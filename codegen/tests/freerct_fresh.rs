//! The FreeRCT crate's structure modules are generated from its schemas by the binrw backend
//! and checked in; this test regenerates them in memory and fails when the files are stale.
//!
//! After changing a schema, regenerate with
//! `SAVEPOINT_REGENERATE=1 cargo test -p savepoint-codegen --test freerct_fresh`.

use std::path::PathBuf;

use savepoint_codegen::binrw;

mod fresh;

/// Every FreeRCT schema but `primitives`, whose types are hand-written runtime primitives.
const MODULES: &[&str] = &[
    "coaster",
    "date",
    "finances",
    "fixed_ride",
    "guests",
    "header",
    "inbox",
    "objectives",
    "observer",
    "person",
    "random",
    "recolouring",
    "ride_instance",
    "rides",
    "savegame",
    "scenario",
    "scenery",
    "staff",
    "weather",
    "world",
];

fn freerct() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../formats/freerct")
}

#[test]
fn freerct_generated_modules_are_fresh() {
    let modules =
        binrw::generate(&freerct().join("schema"), MODULES).unwrap_or_else(|e| panic!("{e}"));
    fresh::assert_fresh(
        &freerct().join("src/generated"),
        &modules,
        "SAVEPOINT_REGENERATE=1 cargo test -p savepoint-codegen --test freerct_fresh",
    );
}
