//! Strings, terminated / padded byte arrays and sized substreams: binrw has no directive for
//! Kaitai's `terminator`, `pad-right`, `include` and `consume`, nor for keeping the bytes after
//! a terminator or the unparsed rest of a sized area so that writing is byte-exact. Generated
//! modules import `KsStr`, `KsBytes`, `KsSub` and their `KsFrame` from
//! `savepoint_runtime::frame`.

/// What a module with strings, framed byte arrays or sized substreams imports: the runtime
/// module and the items it may name.
pub const RUNTIME: (&str, &[&str]) = ("frame", &["KsFrame", "KsBytes", "KsStr", "KsSub"]);
