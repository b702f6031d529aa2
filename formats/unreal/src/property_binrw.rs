//! A property list as a binrw value, for layouts that hold one between fixed fields
//! (Satisfactory's drone actions: `#[br(args(props))]`), read and written with the property
//! context it was stored with.
//!
//! The list carries no byte count, so the reader copies bytes from the stream into a buffer,
//! parses the list from its start and seeks to where it ends. It copies 4 KiB, then twice as
//! much each time the list does not parse from what it has, until the stream's end: the copying
//! stays within a few times the list's size, not the size of what follows it, so many small
//! lists in a large stream (a hostile count of drone actions) cost no more than one pass each.
//! Fine for the few lists of such layouts; the lists of every object are read from the caller's
//! buffer with [`PropertyList::read`].

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};

use crate::{Error, PropertyContext, PropertyList};

/// The bytes the reader copies first (see the module documentation).
const FIRST_COPY: u64 = 4096;

/// A property error at `pos` as binrw's, keeping its path and message.
fn binrw_error(pos: u64, e: &Error) -> binrw::Error {
    binrw::Error::AssertFail {
        pos,
        message: format!("{}: {}", e.path, e.message),
    }
}

impl BinRead for PropertyList {
    type Args<'a> = (&'a PropertyContext,);

    fn read_options<R: Read + Seek>(
        reader: &mut R,
        _: Endian,
        (ctx,): (&PropertyContext,),
    ) -> BinResult<Self> {
        let start = reader.stream_position()?;
        let base = usize::try_from(start).unwrap_or(usize::MAX);
        let mut want: u64 = FIRST_COPY;
        loop {
            reader.seek(SeekFrom::Start(start))?;
            let mut bytes = Vec::new();
            let got = reader.by_ref().take(want).read_to_end(&mut bytes)?;
            match PropertyList::read(&bytes, base, ctx) {
                Ok((list, used)) => {
                    reader.seek(SeekFrom::Start(start + used as u64))?;
                    return Ok(list);
                }
                // The stream ended within the copy: more bytes cannot help.
                Err(e) if (got as u64) < want => return Err(binrw_error(e.offset as u64, &e)),
                Err(_) => want = want.saturating_mul(2),
            }
        }
    }
}

impl BinWrite for PropertyList {
    type Args<'a> = (&'a PropertyContext,);

    fn write_options<W: Write + Seek>(
        &self,
        writer: &mut W,
        _: Endian,
        (ctx,): (&PropertyContext,),
    ) -> BinResult<()> {
        let pos = writer.stream_position()?;
        let mut bytes = Vec::new();
        self.write(ctx, &mut bytes)
            .map_err(|e| binrw_error(pos, &e))?;
        writer.write_all(&bytes)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use binrw::io::Cursor;

    use super::*;

    /// An `FString` of `s` (ASCII) as stored.
    fn fstring(s: &str) -> Vec<u8> {
        let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
        out.extend_from_slice(s.as_bytes());
        out.push(0);
        out
    }

    #[test]
    fn a_list_between_fields_is_read_to_its_end_and_written_back() {
        let ctx = PropertyContext::new(522, 0);
        // UE4 `IntProperty` tag: name, type, size, index, no GUID, then the value; then "None".
        let list = [
            &fstring("Count")[..],
            &fstring("IntProperty"),
            &4i32.to_le_bytes(),
            &0i32.to_le_bytes(),
            &[0],
            &7i32.to_le_bytes(),
            &fstring("None"),
        ]
        .concat();
        let bytes = [&[0xaa][..], &list, &[0xbb]].concat();
        let mut r = Cursor::new(&bytes[..]);
        r.set_position(1);
        let read = PropertyList::read_le_args(&mut r, (&ctx,)).expect("reads");
        assert_eq!(r.position(), 1 + list.len() as u64, "stops after None");
        let mut out = Cursor::new(Vec::new());
        read.write_le_args(&mut out, (&ctx,)).expect("writes");
        assert_eq!(out.into_inner(), list);
        // A list longer than the first copy is read whole.
        let long = [
            &fstring("Blob")[..],
            &fstring("StrProperty"),
            &(5000 + 4 + 1i32).to_le_bytes(),
            &0i32.to_le_bytes(),
            &[0],
            &fstring(&"x".repeat(5000)),
            &fstring("None"),
        ]
        .concat();
        let read = PropertyList::read_le_args(&mut Cursor::new(&long[..]), (&ctx,)).expect("long");
        assert_eq!(read.properties.len(), 1);
        // A list cut short is an error naming where, not a panic.
        let short = &bytes[..list.len() - 3];
        let mut r = Cursor::new(short);
        r.set_position(1);
        let err = PropertyList::read_le_args(&mut r, (&ctx,)).unwrap_err();
        assert!(matches!(err, binrw::Error::AssertFail { .. }), "{err}");
    }
}
