//! Vehicles (`AFGVehicle`) and railroad vehicles (`AFGRailroadVehicle`): stored physics state and
//! couplings, generated from `schema/vehicle.ksy`.

pub use crate::generated::vehicle::{AFGRailroadVehicle, AFGVehicle, FVehiclePhysicsData};
