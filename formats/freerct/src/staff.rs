//! Staff block ("STAF") and staff members: "stfm", "mchc", "hndy", "gard", "etai".

use crate::lists::List32;
use crate::person::Person;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Staff member: data common to all staff.
#[pattern(tag = b"stfm", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StaffMember {
    /// Person data.
    pub person: Person,
    /// Current status (version 1; later in the person data).
    #[until(1)]
    pub status: Option<u16>,
}

/// Mechanic.
#[pattern(tag = b"mchc", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Mechanic {
    /// Person data (version 1).
    #[until(1)]
    pub person: Option<Person>,
    /// Staff member data (version 2 and later).
    #[since(2)]
    pub staff: Option<StaffMember>,
    /// Ride index (version 1; later in the person data).
    #[until(1)]
    pub ride: Option<u16>,
}

/// Handyman.
#[pattern(tag = b"hndy", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Handyman {
    /// Staff member data.
    pub staff: StaffMember,
    /// Current activity.
    pub activity: u8,
}

/// Guard (security guard).
#[pattern(tag = b"gard", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Guard {
    /// Staff member data.
    pub staff: StaffMember,
}

/// Entertainer.
#[pattern(tag = b"etai", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entertainer {
    /// Staff member data.
    pub staff: StaffMember,
}

/// Staff block: all staff and pending mechanic requests.
#[pattern(tag = b"STAF", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Staff {
    /// Last unique staff member id (version 3 and later).
    #[since(3)]
    pub last_id: Option<u16>,
    /// Ride numbers of pending mechanic requests.
    pub mechanic_requests: List32<u16>,
    /// Mechanics (version 2 and later).
    #[since(2)]
    pub mechanics: Option<List32<Mechanic>>,
    /// Handymen (version 3 and later).
    #[since(3)]
    pub handymen: Option<List32<Handyman>>,
    /// Guards (version 3 and later).
    #[since(3)]
    pub guards: Option<List32<Guard>>,
    /// Entertainers (version 3 and later).
    #[since(3)]
    pub entertainers: Option<List32<Entertainer>>,
}

impl Staff {
    /// Total number of staff members.
    pub fn len(&self) -> usize {
        count(&self.mechanics)
            + count(&self.handymen)
            + count(&self.guards)
            + count(&self.entertainers)
    }

    /// Whether there are no staff members.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn count<T>(list: &Option<List32<T>>) -> usize
where
    T: for<'a> binrw::BinRead<Args<'a> = ()> + for<'a> binrw::BinWrite<Args<'a> = ()> + 'static,
{
    list.as_ref().map_or(0, |l| l.items.len())
}
