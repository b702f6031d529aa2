//! Rides block ("RIDS").

pub use crate::generated::rides::*;

impl RideEntry {
    /// The ride's common instance data.
    pub fn instance_data(&self) -> &crate::ride_instance::RideInstance {
        match &self.data {
            RideData::Shop(s) => &s.fixed.ride,
            RideData::GentleThrill(g) => &g.fixed.ride,
            RideData::Coaster(c) => &c.ride,
        }
    }
}
