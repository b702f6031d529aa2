//! Inbox block ("INBX") and its messages ("mssg").

pub use crate::generated::inbox::*;
