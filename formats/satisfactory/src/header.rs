//! The save header (`FSaveHeader`) in front of the compressed body, generated from
//! `schema/header.ksy`.

pub use crate::generated::header::{FMD5Hash, FSaveHeader};
