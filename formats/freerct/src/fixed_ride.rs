//! Fixed rides: "fxri", on-ride guests ("onrg", "gstb", "gstd"), shops ("shop") and gentle/thrill
//! rides ("gtri").

pub use crate::generated::fixed_ride::*;
