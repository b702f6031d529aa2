//! Power: wires (`AFGBuildableWire`) and the circuit subsystem (`AFGCircuitSubsystem`), generated
//! from `schema/power.ksy`.

pub use crate::generated::power::{AFGBuildableWire, AFGCircuitSubsystem};
