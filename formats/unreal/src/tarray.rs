//! `TArray<T>` and `TMap<K, V>` as binrw types: an element count (`i32`, or `i64` for
//! `TArray<T, int64>`-style arrays) followed by the elements.
//!
//! The count is checked against the bytes left in the stream before anything is reserved, so a hostile
//! count cannot make the reader allocate more than the input could hold.

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Serialize};
use std::marker::PhantomData;

/// The integer type of a container's element count.
pub trait CountType: Copy {
    /// Reads a count, `None` when negative.
    fn read<R: Read + Seek>(r: &mut R, endian: Endian) -> BinResult<Option<u64>>;
    /// Writes `n`, failing when it does not fit.
    fn write<W: Write + Seek>(n: usize, w: &mut W, endian: Endian) -> BinResult<()>;
}

/// An `i32` element count (the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Count32;

/// An `i64` element count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Count64;

macro_rules! count_type {
    ($name:ident, $int:ty) => {
        impl CountType for $name {
            fn read<R: Read + Seek>(r: &mut R, endian: Endian) -> BinResult<Option<u64>> {
                Ok(u64::try_from(<$int>::read_options(r, endian, ())?).ok())
            }

            fn write<W: Write + Seek>(n: usize, w: &mut W, endian: Endian) -> BinResult<()> {
                let pos = w.stream_position()?;
                let n = <$int>::try_from(n).map_err(|_| binrw::Error::AssertFail {
                    pos,
                    message: format!("{n} elements do not fit the count"),
                })?;
                n.write_options(w, endian, ())
            }
        }
    };
}

count_type!(Count32, i32);
count_type!(Count64, i64);

/// Reads a count and checks it against the bytes left (each element takes at least one byte).
fn checked_count<R: Read + Seek, C: CountType>(r: &mut R, endian: Endian) -> BinResult<usize> {
    let pos = r.stream_position()?;
    let count = C::read(r, endian)?;
    let here = r.stream_position()?;
    let end = r.seek(SeekFrom::End(0))?;
    r.seek(SeekFrom::Start(here))?;
    match count {
        Some(n) if n <= end - here => Ok(n as usize),
        _ => Err(binrw::Error::AssertFail {
            pos,
            message: format!(
                "element count {count:?} exceeds the {} bytes left",
                end - here
            ),
        }),
    }
}

/// `TArray<T>`: a count, then the elements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    transparent,
    bound(serialize = "T: Serialize", deserialize = "T: Deserialize<'de>")
)]
pub struct TArray<T, C = Count32> {
    /// The elements.
    pub items: Vec<T>,
    #[serde(skip)]
    count: PhantomData<C>,
}

impl<T, C> TArray<T, C> {
    /// Wraps elements.
    pub fn new(items: Vec<T>) -> Self {
        TArray {
            items,
            count: PhantomData,
        }
    }
}

impl<T, C: CountType> BinRead for TArray<T, C>
where
    T: for<'a> BinRead<Args<'a> = ()>,
{
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let n = checked_count::<R, C>(r, endian)?;
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(T::read_options(r, endian, ())?);
        }
        Ok(TArray::new(items))
    }
}

impl<T, C: CountType> BinWrite for TArray<T, C>
where
    T: for<'a> BinWrite<Args<'a> = ()>,
{
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, endian: Endian, (): ()) -> BinResult<()> {
        C::write(self.items.len(), w, endian)?;
        self.items
            .iter()
            .try_for_each(|i| i.write_options(w, endian, ()))
    }
}

/// `TMap<K, V>`: an `i32` count, then key/value pairs in file order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TMap<K, V> {
    /// The pairs.
    pub entries: Vec<(K, V)>,
}

impl<K, V> BinRead for TMap<K, V>
where
    K: for<'a> BinRead<Args<'a> = ()>,
    V: for<'a> BinRead<Args<'a> = ()>,
{
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(r: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let n = checked_count::<R, Count32>(r, endian)?;
        let mut entries = Vec::with_capacity(n);
        for _ in 0..n {
            entries.push((
                K::read_options(r, endian, ())?,
                V::read_options(r, endian, ())?,
            ));
        }
        Ok(TMap { entries })
    }
}

impl<K, V> BinWrite for TMap<K, V>
where
    K: for<'a> BinWrite<Args<'a> = ()>,
    V: for<'a> BinWrite<Args<'a> = ()>,
{
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, w: &mut W, endian: Endian, (): ()) -> BinResult<()> {
        Count32::write(self.entries.len(), w, endian)?;
        for (k, v) in &self.entries {
            k.write_options(w, endian, ())?;
            v.write_options(w, endian, ())?;
        }
        Ok(())
    }
}
