//! `u32`-count-prefixed lists, with the count checked against the bytes left before allocating.

use binrw::{BinRead, BinResult, BinWrite, Endian};
use std::io::{Read, Seek, SeekFrom, Write};

/// Largest capacity reserved up front; longer lists grow as elements actually decode.
const MAX_RESERVE: usize = 4096;

/// Bytes between the reader's position and the end of its input.
pub(crate) fn remaining<R: Seek>(reader: &mut R) -> BinResult<u64> {
    let pos = reader.stream_position()?;
    let end = reader.seek(SeekFrom::End(0))?;
    reader.seek(SeekFrom::Start(pos))?;
    Ok(end.saturating_sub(pos))
}

/// Smallest encoded size of one list element, used to reject counts the input cannot hold.
pub trait MinSize {
    /// Minimum bytes one element occupies.
    const MIN_SIZE: u64;
}

/// Reads a `u32` count, then that many elements.
pub(crate) fn read_list<R, T, A>(reader: &mut R, endian: Endian, args: A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: for<'a> BinRead<Args<'a> = A> + MinSize,
    A: Clone,
{
    let pos = reader.stream_position()?;
    let count = u32::read_options(reader, endian, ())?;
    let available = remaining(reader)?;
    if u64::from(count) > available / T::MIN_SIZE {
        return Err(binrw::Error::AssertFail {
            pos,
            message: format!("list of {count} elements cannot fit in the {available} bytes left"),
        });
    }
    let count = count as usize;
    let mut items = Vec::with_capacity(count.min(MAX_RESERVE));
    for _ in 0..count {
        items.push(T::read_options(reader, endian, args.clone())?);
    }
    Ok(items)
}

/// Writes the element count as `u32`, then the elements with `args` (binrw hands `write_with` a
/// `&Vec`).
#[allow(clippy::ptr_arg)]
pub(crate) fn write_list<W, T, A>(
    items: &Vec<T>,
    writer: &mut W,
    endian: Endian,
    args: A,
) -> BinResult<()>
where
    W: Write + Seek,
    T: for<'a> BinWrite<Args<'a> = A>,
    A: Clone,
{
    let count = u32::try_from(items.len()).map_err(|_| binrw::Error::AssertFail {
        pos: writer.stream_position().unwrap_or(0),
        message: format!("list of {} elements is too long", items.len()),
    })?;
    count.write_options(writer, endian, ())?;
    for item in items {
        item.write_options(writer, endian, args.clone())?;
    }
    Ok(())
}

impl MinSize for crate::strings::String8 {
    const MIN_SIZE: u64 = 4;
}

impl MinSize for crate::strings::String16 {
    const MIN_SIZE: u64 = 4;
}
