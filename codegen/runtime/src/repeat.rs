//! Kaitai's `repeat: eos` and `repeat: until` as `parse_with` functions, the repeats for lists
//! whose elements take their index as an argument (`type: block(_index)`), and a writer
//! for lists whose elements each take their own arguments. The `eos` and `until` readers stop
//! with an error when an element consumes nothing, which would otherwise repeat forever on
//! hostile input.

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
    read_list(r, endian, Stop::Eof, &|_| args.clone())
}

/// Reads elements up to and with the first one that meets `last` (`repeat: until`).
pub fn ks_until<'a, R, T, A, F>(last: F) -> impl Fn(&mut R, Endian, A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
    F: Fn(&T) -> bool,
{
    move |r, endian, args| read_list(r, endian, Stop::Until(&last), &|_| args.clone())
}

/// [`ks_until`] for a condition that also reads `_io.eof`: `last` gets whether the stream has
/// no byte left after the element (asked only here: it costs a read and a seek per element).
pub fn ks_until_io<'a, R, T, A, F>(last: F) -> impl Fn(&mut R, Endian, A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
    F: Fn(&T, bool) -> bool,
{
    move |r, endian, args| read_list(r, endian, Stop::UntilIo(&last), &|_| args.clone())
}

/// [`ks_until`] for a condition that also reads `_io.pos`: `last` gets the position after the
/// element.
pub fn ks_until_pos<'a, R, T, A, F>(last: F) -> impl Fn(&mut R, Endian, A) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    A: Clone,
    F: Fn(&T, u64) -> bool,
{
    move |r, endian, args| read_list(r, endian, Stop::UntilPos(&last), &|_| args.clone())
}

/// binrw's `count` for a list of `n` integers of `width` bytes each, once the input is known to
/// hold them: for integer lists binrw reserves the whole list before it reads, so a count taken
/// from a hostile file would allocate that much (or overflow the capacity) before the read
/// fails. A list that starts past the end of the input is refused even when empty: a positioned
/// instance read there would have the writer pad its output with zeros up to that position.
pub fn ks_count<'a, R, T, N>(n: N, width: u64) -> impl Fn(&mut R, Endian, ()) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = ()> + 'static,
    N: TryInto<usize>,
{
    // A count no `usize` holds is as far past the end as the largest one.
    let n = n.try_into().unwrap_or(usize::MAX);
    move |r, endian, ()| {
        let start = r.stream_position()?;
        let end = r.seek(SeekFrom::End(0))?;
        r.seek(SeekFrom::Start(start))?;
        let need = u64::try_from(n).unwrap_or(u64::MAX).saturating_mul(width);
        if start > end || need > end.saturating_sub(start) {
            let message = format!("{n} elements of {width} bytes run past the end of the input");
            return Err(binrw::Error::Io(binrw::io::Error::new(
                binrw::io::ErrorKind::UnexpectedEof,
                message,
            )));
        }
        binrw::helpers::count(n)(r, endian, ())
    }
}

/// Reads `count` elements (`repeat: expr`), element `i` with the arguments `args(i)`.
pub fn ks_indexed_count<'a, R, T, A, F>(
    count: usize,
    args: F,
) -> impl Fn(&mut R, Endian, ()) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    F: Fn(usize) -> A,
{
    move |r, endian, ()| read_list(r, endian, Stop::Count(count), &args)
}

/// [`ks_until_eof`] whose element `i` takes the arguments `args(i)`.
pub fn ks_indexed_eof<'a, R, T, A, F>(args: F) -> impl Fn(&mut R, Endian, ()) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    F: Fn(usize) -> A,
{
    move |r, endian, ()| read_list(r, endian, Stop::Eof, &args)
}

/// [`ks_until_io`] whose element `i` takes the arguments `args(i)`.
pub fn ks_indexed_until_io<'a, R, T, A, F, L>(
    last: L,
    args: F,
) -> impl Fn(&mut R, Endian, ()) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    F: Fn(usize) -> A,
    L: Fn(&T, bool) -> bool,
{
    move |r, endian, ()| read_list(r, endian, Stop::UntilIo(&last), &args)
}

/// [`ks_until`] whose element `i` takes the arguments `args(i)`.
pub fn ks_indexed_until<'a, R, T, A, F, L>(
    last: L,
    args: F,
) -> impl Fn(&mut R, Endian, ()) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
    F: Fn(usize) -> A,
    L: Fn(&T) -> bool,
{
    move |r, endian, ()| read_list(r, endian, Stop::Until(&last), &args)
}

/// Where a list read element by element ends.
enum Stop<'f, T> {
    /// After this many elements; an element may consume nothing (the count bounds the loop).
    Count(usize),
    /// At the end of the input.
    Eof,
    /// With the first element that meets the condition.
    Until(&'f dyn Fn(&T) -> bool),
    /// With the first element that meets the condition, given whether the input is at its end
    /// after it.
    UntilIo(&'f dyn Fn(&T, bool) -> bool),
    /// With the first element that meets the condition, given the position after it.
    UntilPos(&'f dyn Fn(&T, u64) -> bool),
}

/// The loop of every list reader here: element `i` is read with `args(i)`.
fn read_list<'a, R, T, A>(
    r: &mut R,
    endian: Endian,
    end: Stop<'_, T>,
    args: &dyn Fn(usize) -> A,
) -> BinResult<Vec<T>>
where
    R: Read + Seek,
    T: BinRead<Args<'a> = A>,
{
    let mut out = Vec::new();
    loop {
        let start = r.stream_position()?;
        match end {
            Stop::Count(n) if out.len() >= n => return Ok(out),
            Stop::Eof if at_end(r)? => return Ok(out),
            _ => {}
        }
        let item = T::read_options(r, endian, args(out.len()))?;
        let done = match end {
            Stop::Until(last) => last(&item),
            Stop::UntilIo(last) => last(&item, at_end(r)?),
            Stop::UntilPos(last) => last(&item, r.stream_position()?),
            Stop::Count(_) | Stop::Eof => false,
        };
        out.push(item);
        if done {
            return Ok(out);
        }
        if !matches!(end, Stop::Count(_)) {
            ks_progress(r, start)?;
        }
    }
}

/// The writer's check of a `repeat-until` that reads `_io.eof`: `items` ends at its first
/// element that meets `last`, told for each element whether it is the final one (the writer's
/// `_io.eof`: its output of the list ends there).
pub fn ks_ends_at_first_io<T>(items: &[T], last: impl Fn(&T, bool) -> bool) -> bool {
    let end = items
        .iter()
        .enumerate()
        .position(|(i, x)| last(x, i + 1 == items.len()));
    end.map(|i| i + 1) == Some(items.len())
}

/// The writer of a `repeat-until` list whose condition reads `_io.pos` (the field `path`,
/// `Type.field`): it writes the elements and fails unless the list ends at its first element
/// that meets `last`, given the position after each, as the reader would find it.
pub fn ks_until_pos_write<'a, T, W, F>(
    path: &'static str,
    last: F,
) -> impl Fn(&Vec<T>, &mut W, Endian, ()) -> BinResult<()>
where
    W: Write + Seek,
    T: BinWrite<Args<'a> = ()>,
    F: Fn(&T, u64) -> bool,
{
    move |items, w, endian, ()| {
        let fail = |pos| binrw::Error::Custom {
            pos,
            err: Box::new(crate::binrw_error::FieldError::new(
                path,
                format!("{path} must end at its first element that meets repeat-until"),
            )),
        };
        if items.is_empty() {
            return Err(fail(w.stream_position()?));
        }
        for (i, item) in items.iter().enumerate() {
            item.write_options(w, endian, ())?;
            let pos = w.stream_position()?;
            if last(item, pos) != (i + 1 == items.len()) {
                return Err(fail(pos));
            }
        }
        Ok(())
    }
}

/// Writes each element with its own arguments (a `size: list[_index]`). It takes the field as
/// binrw's `write_with` hands it over, `&Vec<T>`.
#[allow(clippy::ptr_arg)]
pub fn ks_each_write<'a, T, A, W>(
    items: &Vec<T>,
    w: &mut W,
    endian: Endian,
    args: Vec<A>,
) -> BinResult<()>
where
    W: Write + Seek,
    T: BinWrite<Args<'a> = A>,
{
    for (item, a) in items.iter().zip(args) {
        item.write_options(w, endian, a)?;
    }
    Ok(())
}

/// Whether the input is at its end (the position is left where it was).
fn at_end<R: Read + Seek>(r: &mut R) -> BinResult<bool> {
    let start = r.stream_position()?;
    let mut probe = [0u8];
    if r.read(&mut probe)? == 0 {
        return Ok(true);
    }
    r.seek(SeekFrom::Start(start))?;
    Ok(false)
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

    /// A byte read as the element's index plus the byte: shows which argument it got.
    #[derive(Debug, PartialEq)]
    struct Tagged(u16);

    impl BinRead for Tagged {
        type Args<'a> = usize;
        fn read_options<R: Read + Seek>(r: &mut R, e: Endian, i: usize) -> BinResult<Self> {
            let b = u8::read_options(r, e, ())?;
            Ok(Tagged(u16::from(b) + u16::try_from(i).unwrap_or(u16::MAX)))
        }
    }

    #[test]
    fn indexed_lists_give_each_element_its_index() {
        let bytes = [10u8, 20, 30];
        let read = ks_indexed_count::<_, Tagged, _, _>(2, |i| i);
        let mut r = Cursor::new(&bytes[..]);
        assert_eq!(
            read(&mut r, Endian::Little, ()).unwrap(),
            [Tagged(10), Tagged(21)]
        );
        let read = ks_indexed_eof::<_, Tagged, _, _>(|i| i * 100);
        let v = read(&mut Cursor::new(&bytes[..]), Endian::Little, ()).unwrap();
        assert_eq!(v, [Tagged(10), Tagged(120), Tagged(230)]);
        let read = ks_indexed_until::<_, Tagged, _, _, _>(|t| t.0 == 21, |i| i);
        let v = read(&mut Cursor::new(&bytes[..]), Endian::Little, ()).unwrap();
        assert_eq!(v, [Tagged(10), Tagged(21)]);
        // A count past the input is an error, not a shorter list; zero elements read nothing.
        let read = ks_indexed_count::<_, Tagged, _, _>(4, |i| i);
        assert!(read(&mut Cursor::new(&bytes[..]), Endian::Little, ()).is_err());
        let read = ks_indexed_count::<_, Empty, _, _>(3, |_| ());
        assert_eq!(
            read(&mut Cursor::new(&[][..]), Endian::Little, ())
                .unwrap()
                .len(),
            3
        );
        let read = ks_indexed_eof::<_, Empty, _, _>(|_| ());
        assert!(read(&mut Cursor::new(&bytes[..]), Endian::Little, ()).is_err());
        let read = ks_indexed_until_io::<_, Tagged, _, _, _>(|_, eof| eof, |i| i);
        let v = read(&mut Cursor::new(&bytes[..]), Endian::Little, ()).unwrap();
        assert_eq!(v, [Tagged(10), Tagged(21), Tagged(32)]);
    }

    #[test]
    fn until_end_reads_at_least_one_element() {
        let read = ks_indexed_until_io::<_, u8, _, _, _>(|_, eof| eof, |_| ());
        assert_eq!(
            read(&mut Cursor::new(&[1u8, 2][..]), Endian::Little, ()).unwrap(),
            [1, 2]
        );
        // Kaitai checks `_io.eof` after each element: an empty input has no first element.
        assert!(ks_until_eof::<_, u8, _>(&mut Cursor::new(&[][..]), Endian::Little, ()).is_ok());
        assert!(read(&mut Cursor::new(&[][..]), Endian::Little, ()).is_err());
    }

    #[test]
    fn counted_integer_lists_are_checked_against_the_input_first() {
        let read = ks_count::<_, u16, usize>(2, 2);
        let v = read(&mut Cursor::new(&[1u8, 0, 2, 0, 9][..]), Endian::Little, ()).unwrap();
        assert_eq!(v, [1, 2]);
        // A count the input cannot hold fails before anything is allocated for it, also the
        // largest one (a negative size made `usize::MAX`).
        for n in [3, usize::MAX] {
            let err = ks_count::<_, u16, usize>(n, 2)(
                &mut Cursor::new(&[1u8, 0, 2, 0][..]),
                Endian::Little,
                (),
            );
            assert!(err.unwrap_err().to_string().contains("past the end"));
        }
        let bytes = ks_count::<_, u8, usize>(usize::MAX, 1)(
            &mut Cursor::new(&[7u8][..]),
            Endian::Little,
            (),
        );
        assert!(bytes.is_err());
        // Empty at the end of the input is a list; empty past it is refused.
        let mut at_end = Cursor::new(&[7u8][..]);
        at_end.set_position(1);
        assert!(ks_count::<_, u8, usize>(0, 1)(&mut at_end, Endian::Little, ()).is_ok());
        at_end.set_position(9);
        assert!(ks_count::<_, u8, usize>(0, 1)(&mut at_end, Endian::Little, ()).is_err());
    }

    #[test]
    fn the_writer_check_sees_the_end_after_the_last_element() {
        let stops = |b: &u8, eof: bool| *b == 0 || eof;
        assert!(ks_ends_at_first_io(&[3u8, 4], stops));
        assert!(ks_ends_at_first_io(&[3u8, 0], stops));
        // An element that met the condition before the last, or an empty list, is refused.
        assert!(!ks_ends_at_first_io(&[0u8, 4], stops));
        assert!(!ks_ends_at_first_io(&[] as &[u8], stops));
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
    fn until_pos_stops_at_a_position_and_the_writer_checks_it() {
        // Two-byte elements up to position 4 (a table that starts there, say).
        let read = ks_until_pos::<_, u16, _, _>(|_, pos| pos == 4);
        let mut r = Cursor::new(&[1u8, 0, 2, 0, 9, 9][..]);
        assert_eq!(read(&mut r, Endian::Little, ()).unwrap(), [1, 2]);
        assert_eq!(r.position(), 4);
        let write = ks_until_pos_write::<u16, _, _>("T.items", |_, pos| pos == 4);
        let mut out = Cursor::new(Vec::new());
        write(&vec![1, 2], &mut out, Endian::Little, ()).unwrap();
        assert_eq!(out.into_inner(), [1, 0, 2, 0]);
        // One element too many or too few, or none, would read back otherwise.
        for items in [vec![1, 2, 3], vec![1], vec![]] {
            let err = write(&items, &mut Cursor::new(Vec::new()), Endian::Little, ()).unwrap_err();
            assert!(err.to_string().contains("T.items must end"), "{err}");
        }
    }

    #[test]
    fn each_element_is_written_with_its_own_arguments() {
        let items = vec![1u16, 2];
        let mut out = Cursor::new(Vec::new());
        ks_each_write(&items, &mut out, Endian::Big, vec![(), ()]).unwrap();
        assert_eq!(out.into_inner(), [0, 1, 0, 2]);
    }
}
