//! Ride instance ("ride"): data common to every ride.

pub use crate::generated::ride_instance::*;
