//! Moved to `savepoint_runtime::binrw_error`, which generated code and other format crates use
//! without depending on this crate; re-exported so Unreal code keeps its paths.

pub use savepoint_runtime::binrw_error::*;
