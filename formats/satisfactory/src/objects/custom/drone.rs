//! Drones (`AFGDroneVehicle`): the vehicle part, then the active action and the queue, each action a
//! struct name and a property list. The property lists make this layout dynamic, so it is read and
//! written by hand, side by side.

use serde::{Deserialize, Serialize};
use unreal::{FName, PropertyList};

use super::vehicle::AFGVehicle;
use super::{ClassContext, ClassWriteContext};
use crate::Error;
use crate::reader::{Bool32, Reader, put};

/// `FDroneAction`: the action's struct name and its properties.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FDroneAction {
    /// `actionStructName`.
    pub action_struct_name: FName,
    /// `action`.
    pub action: PropertyList,
}

/// `AFGDroneVehicle` data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AFGDroneVehicle {
    /// The `AFGVehicle` part.
    pub vehicle: AFGVehicle,
    /// `mActiveAction`, when `has_mActiveAction`.
    pub active_action: Option<FDroneAction>,
    /// `mActionQueue`.
    pub action_queue: Vec<FDroneAction>,
}

/// Smallest stored `FDroneAction`: an empty name and a list of just `None` (4 + 9 bytes).
const ACTION_MIN_SIZE: usize = 13;

impl FDroneAction {
    fn read(r: &mut Reader<'_>, cx: &mut ClassContext<'_, '_>, path: &str) -> Result<Self, Error> {
        Ok(FDroneAction {
            action_struct_name: r.binrw(&format!("{path}.actionStructName"))?,
            action: cx.property_list(r, &format!("{path}.action"))?,
        })
    }

    fn put(&self, cx: &ClassWriteContext<'_>, out: &mut Vec<u8>, path: &str) -> Result<(), Error> {
        put(&self.action_struct_name, out, path)?;
        cx.put_property_list(&self.action, out, path)
    }
}

impl AFGDroneVehicle {
    pub(crate) fn read(r: &mut Reader<'_>, cx: &mut ClassContext<'_, '_>) -> Result<Self, Error> {
        let vehicle = r.binrw("AFGDroneVehicle.vehicle")?;
        let has_active: Bool32 = r.binrw("AFGDroneVehicle.has_mActiveAction")?;
        let active_action = match has_active.0 {
            true => Some(FDroneAction::read(r, cx, "AFGDroneVehicle.mActiveAction")?),
            false => None,
        };
        let n = r.count(ACTION_MIN_SIZE, "AFGDroneVehicle.mActionQueue")?;
        let action_queue = (0..n)
            .map(|i| FDroneAction::read(r, cx, &format!("AFGDroneVehicle.mActionQueue[{i}]")))
            .collect::<Result<_, _>>()?;
        Ok(AFGDroneVehicle {
            vehicle,
            active_action,
            action_queue,
        })
    }

    pub(crate) fn put(&self, cx: &ClassWriteContext<'_>, out: &mut Vec<u8>) -> Result<(), Error> {
        put(&self.vehicle, out, "AFGDroneVehicle.vehicle")?;
        put(
            &Bool32(self.active_action.is_some()),
            out,
            "AFGDroneVehicle.has_mActiveAction",
        )?;
        if let Some(a) = &self.active_action {
            a.put(cx, out, "AFGDroneVehicle.mActiveAction")?;
        }
        let n = i32::try_from(self.action_queue.len()).map_err(|_| {
            Error::new(
                "AFGDroneVehicle.mActionQueue",
                out.len(),
                "too many actions for an i32 count",
            )
        })?;
        out.extend_from_slice(&n.to_le_bytes());
        self.action_queue
            .iter()
            .try_for_each(|a| a.put(cx, out, "AFGDroneVehicle.mActionQueue"))
    }
}
