//! Counted lists: a u32 element count followed by the elements, as one value, so a version-gated
//! list can be a single `Option` field.

use binrw::{BinRead, BinWrite, binrw};
use serde::{Deserialize, Serialize};

/// A list preceded by its u32 element count.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct List32<T>
where
    T: for<'a> BinRead<Args<'a> = ()> + for<'a> BinWrite<Args<'a> = ()> + 'static,
{
    #[br(temp)]
    #[bw(try_calc = u32::try_from(items.len()))]
    count: u32,
    /// The elements.
    #[br(count = count)]
    pub items: Vec<T>,
}

impl<T> From<Vec<T>> for List32<T>
where
    T: for<'a> BinRead<Args<'a> = ()> + for<'a> BinWrite<Args<'a> = ()> + 'static,
{
    fn from(items: Vec<T>) -> Self {
        Self { items }
    }
}
