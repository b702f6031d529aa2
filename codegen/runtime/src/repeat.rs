//! Kaitai's `repeat: eos` and `repeat: until` as `parse_with` functions, and a writer for
//! lists whose elements each take their own arguments. The readers stop with an error when an
//! element consumes nothing, which would otherwise repeat forever on hostile input.

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};

/// Reads elements until the input ends (`repeat: eos`): a truncated element is an error, and
/// so is an element that consumes nothing.
pub fn ks_until_eof<'a, R, T, A>(r: &mut R, endian: Endian, args: A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
{
    let mut out = Vec::new();
    loop {
        let start = r.stream_position()?;
        let mut probe = [0u8];
        if r.read(&mut probe)? == 0 {
            return Ok(out);
        }
        r.seek(SeekFrom::Start(start))?;
        out.push(T::read_options(r, endian, args.clone())?);
        ks_progress(r, start)?;
    }
}

/// Reads elements up to and with the first one that meets `last` (`repeat: until`).
pub fn ks_until<'a, R, T, A, F>(last: F) -> impl Fn(&mut R, Endian, A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
    F: Fn(&T) -> bool,
{
    until_with(move |_: &mut R, item: &T| Ok(last(item)))
}

/// [`ks_until`] for a condition that also reads `_io.eof`: `last` gets whether the stream has
/// no byte left after the element (asked only here: it costs two seeks per element).
pub fn ks_until_io<'a, R, T, A, F>(last: F) -> impl Fn(&mut R, Endian, A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
    F: Fn(&T, bool) -> bool,
{
    until_with(move |r: &mut R, item: &T| {
        Ok(last(item, crate::io::ks_io_eof(r, Endian::Little, ())?))
    })
}

/// The loop of [`ks_until`] and [`ks_until_io`]: `done` sees the reader after each element.
fn until_with<'a, R, T, A, F>(done: F) -> impl Fn(&mut R, Endian, A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
    F: Fn(&mut R, &T) -> BinResult<bool>,
{
    move |r, endian, args| {
        let mut out = Vec::new();
        loop {
            let start = r.stream_position()?;
            let item = T::read_options(r, endian, args.clone())?;
            let last = done(r, &item)?;
            out.push(item);
            if last {
                return Ok(out);
            }
            ks_progress(r, start)?;
        }
    }
}

/// Writes each element with its own arguments (a `size: list[_index]`). It takes the field as
/// binrw's `write_with` hands it over, `&Vec<T>`.
#[allow(clippy::ptr_arg)]
pub fn ks_each_write<T, A, W>(
    items: &Vec<T>,
    w: &mut W,
    endian: Endian,
    args: Vec<A>,
) -> BinResult<()>
where
    W: Write + Seek,
    T: for<'a> BinWrite<Args<'a> = A>,
{
    for (item, a) in items.iter().zip(args) {
        item.write_options(w, endian, a)?;
    }
    Ok(())
}

/// Fails when the element read since `start` consumed nothing.
fn ks_progress<R: Seek>(r: &mut R, start: u64) -> BinResult<()> {
    if r.stream_position()? == start {
        return Err(binrw::Error::AssertFail {
            pos: start,
            message: "an element of a repeated field consumed no bytes".into(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::io::Cursor;

    /// Reads nothing: what a hostile schema/input pair can make an element do.
    #[derive(Debug)]
    struct Empty;

    impl BinRead for Empty {
        type Args<'a> = ();
        fn read_options<R: Read + Seek>(_: &mut R, _: Endian, _: ()) -> BinResult<Self> {
            Ok(Empty)
        }
    }

    #[test]
    fn eos_reads_to_the_end_and_refuses_a_truncated_element() {
        let mut r = Cursor::new(&[1u8, 0, 2, 0][..]);
        let v: Vec<u16> = ks_until_eof(&mut r, Endian::Little, ()).unwrap();
        assert_eq!(v, [1, 2]);
        let mut r = Cursor::new(&[1u8, 0, 2][..]);
        assert!(ks_until_eof::<_, u16, _>(&mut r, Endian::Little, ()).is_err());
    }

    #[test]
    fn an_element_that_consumes_nothing_stops_the_loop() {
        let mut r = Cursor::new(&[1u8][..]);
        let err = ks_until_eof::<_, Empty, _>(&mut r, Endian::Little, ()).unwrap_err();
        assert!(err.to_string().contains("consumed no bytes"), "{err}");
        let never = ks_until::<_, Empty, _, _>(|_| false);
        assert!(never(&mut Cursor::new(&[1u8][..]), Endian::Little, ()).is_err());
    }

    #[test]
    fn until_includes_the_element_that_ends_it() {
        let read = ks_until::<_, u8, _, _>(|b| *b == 0);
        let mut r = Cursor::new(&[3u8, 4, 0, 9][..]);
        assert_eq!(read(&mut r, Endian::Little, ()).unwrap(), [3, 4, 0]);
        assert_eq!(r.position(), 3);
        assert!(read(&mut Cursor::new(&[3u8][..]), Endian::Little, ()).is_err());
    }

    #[test]
    fn until_io_also_stops_at_the_end_of_the_stream() {
        let read = ks_until_io::<_, u8, _, _>(|b, eof| *b == 0 || eof);
        assert_eq!(
            read(&mut Cursor::new(&[3u8, 0, 9][..]), Endian::Little, ()).unwrap(),
            [3, 0]
        );
        assert_eq!(
            read(&mut Cursor::new(&[3u8, 4][..]), Endian::Little, ()).unwrap(),
            [3, 4]
        );
    }

    #[test]
    fn each_element_is_written_with_its_own_arguments() {
        let items = vec![1u16, 2];
        let mut out = Cursor::new(Vec::new());
        ks_each_write(&items, &mut out, Endian::Big, vec![(), ()]).unwrap();
        assert_eq!(out.into_inner(), [0, 1, 0, 2]);
    }
}
