//! Drones (`AFGDroneVehicle`): the vehicle part, then the active action and the queue, each action
//! a struct name and a property list, generated from `schema/drone.ksy`.

pub use crate::generated::drone::{AFGDroneVehicle, FDroneAction};
