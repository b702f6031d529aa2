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

    /// The ride's common instance data, mutably.
    pub fn instance_data_mut(&mut self) -> &mut crate::ride_instance::RideInstance {
        match &mut self.data {
            RideData::Shop(s) => &mut s.fixed.ride,
            RideData::GentleThrill(g) => &mut g.fixed.ride,
            RideData::Coaster(c) => &mut c.ride,
        }
    }
}
