//! Staff block ("STAF") and staff members: "stfm", "mchc", "hndy", "gard", "etai".

pub use crate::generated::staff::*;
use crate::lists::List32;

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
