//! Coasters: "csti" with its placed track pieces ("pstp"), trains ("cstt"), cars ("cstc", "dpcc"),
//! stations and intensity statistics (plain records using the coaster's version).

pub use crate::generated::coaster::*;
