//! Attribute macros layered on `#[binrw]`.
