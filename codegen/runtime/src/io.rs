//! Kaitai's `_io.pos`, `_io.size` and `_io.eof` as `parse_with` functions. binrw directives do
//! not see the reader, so a generated type reads such a value into a `#[br(temp)]` field just
//! before the field whose `if` or `size` needs it. Each leaves the reader where it was.

use binrw::io::{Read, Seek, SeekFrom};
use binrw::{BinResult, Endian};

use crate::bits::KsBits;

/// `_io.pos`: the position in the stream being read (a substream starts at 0).
pub fn ks_io_pos<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<u64> {
    Ok(r.stream_position()?)
}

/// `_io.size`: the length of the stream being read.
pub fn ks_io_size<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<u64> {
    let (_, end) = here_and_end(r)?;
    Ok(end)
}

/// `_io.eof`: whether the stream being read has no byte left.
pub fn ks_io_eof<R: Read + Seek>(r: &mut R, _: Endian, _: ()) -> BinResult<bool> {
    let (here, end) = here_and_end(r)?;
    Ok(here >= end)
}

/// `_io.eof` in a run of bit fields: no byte left in the stream and no bit left in the run's
/// cursor (Kaitai's `isEof` counts the bits of a byte partly read).
pub fn ks_io_eof_bits<R: Read + Seek>(r: &mut R, e: Endian, bits: &KsBits) -> BinResult<bool> {
    Ok(bits.aligned() && ks_io_eof(r, e, ())?)
}

/// The reader's position and the length of its stream, seeking back to the position.
fn here_and_end<R: Seek>(r: &mut R) -> BinResult<(u64, u64)> {
    let here = r.stream_position()?;
    let end = r.seek(SeekFrom::End(0))?;
    r.seek(SeekFrom::Start(here))?;
    Ok((here, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::io::Cursor;

    #[test]
    fn pos_size_and_eof_leave_the_reader_in_place() {
        let mut r = Cursor::new(&[1u8, 2, 3][..]);
        r.set_position(1);
        assert_eq!(ks_io_pos(&mut r, Endian::Little, ()).unwrap(), 1);
        assert_eq!(ks_io_size(&mut r, Endian::Little, ()).unwrap(), 3);
        assert!(!ks_io_eof(&mut r, Endian::Little, ()).unwrap());
        assert_eq!(r.position(), 1);
    }

    #[test]
    fn eof_in_a_bit_run_waits_for_the_last_bit() {
        let mut r = Cursor::new(&[0xffu8][..]);
        let bits = KsBits::default();
        bits.read(&mut r, 4, true).unwrap();
        assert!(!ks_io_eof_bits(&mut r, Endian::Little, &bits).unwrap());
        bits.read(&mut r, 4, true).unwrap();
        assert!(ks_io_eof_bits(&mut r, Endian::Little, &bits).unwrap());
    }

    #[test]
    fn eof_is_true_at_and_past_the_end() {
        let mut r = Cursor::new(&[1u8, 2][..]);
        r.set_position(2);
        assert!(ks_io_eof(&mut r, Endian::Little, ()).unwrap());
        r.set_position(5);
        assert!(ks_io_eof(&mut r, Endian::Little, ()).unwrap());
        assert_eq!(r.position(), 5);
    }
}
