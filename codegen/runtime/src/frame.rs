//! Strings, byte arrays and user types in an area of their own: Kaitai's `size` / `size-eos`,
//! `terminator`, `include`, `consume`, `pad-right` and `eos-error`, for which binrw has no
//! directive.
//!
//! Each type keeps every byte it read (the terminator, the padding, bytes after the terminator,
//! the unparsed rest of an area) and writes them back while the value is unchanged, so that
//! writing is byte-exact; an edited value is terminated and padded as the frame says.

use std::ops::Range;

use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Serialize};

use crate::encoding;

/// How a string or byte array is framed (generated code passes it as `args_raw`).
#[derive(Debug, Clone, Copy, Default)]
pub struct KsFrame {
    /// `size`, in bytes.
    pub size: Option<usize>,
    /// `size-eos: true`.
    pub eos: bool,
    /// `terminator` (0 for `strz`).
    pub terminator: Option<u8>,
    /// `include: true`: the terminator is part of the value.
    pub include: bool,
    /// `consume: false` leaves the terminator in the stream.
    pub consume: bool,
    /// `pad-right`.
    pub pad_right: Option<u8>,
    /// Bytes per terminator: 2 for a UTF-16 string, else 1.
    pub unit: usize,
    /// `eos-error` (true unless `false`): a missing terminator at the end of the input is an
    /// error; when false the value runs to the end.
    pub eos_error: bool,
    /// A string's encoding (Kaitai's name, see [`crate::encoding`]).
    pub encoding: &'static str,
}

fn eof() -> binrw::Error {
    binrw::io::Error::from(binrw::io::ErrorKind::UnexpectedEof).into()
}

impl KsFrame {
    /// Reads the framed bytes: the whole sized area, the rest of the stream, or up to and with
    /// a consumed terminator. A size larger than the input fails when the input ends, having
    /// allocated no more than the input holds.
    pub fn read<R: Read + Seek>(&self, r: &mut R) -> BinResult<Vec<u8>> {
        let mut raw = Vec::new();
        if let Some(size) = self.size {
            let got = r.take(size as u64).read_to_end(&mut raw)?;
            if got < size {
                return Err(eof());
            }
        } else if self.eos {
            r.read_to_end(&mut raw)?;
        } else if let Some(term) = self.terminator {
            return self.read_terminated(r, term, raw);
        }
        Ok(raw)
    }

    /// Reads unit by unit up to the terminator (a two-byte one for UTF-16 is matched on
    /// unit boundaries only, as Kaitai does).
    fn read_terminated<R: Read + Seek>(
        &self,
        r: &mut R,
        term: u8,
        mut raw: Vec<u8>,
    ) -> BinResult<Vec<u8>> {
        let unit = self.unit.clamp(1, 2);
        let mut chunk = [0u8; 2];
        loop {
            let got = r.take(unit as u64).read(&mut chunk[..unit])?;
            let got = if got == 1 && unit == 2 {
                1 + r.read(&mut chunk[1..2])?
            } else {
                got
            };
            if got < unit {
                if self.eos_error {
                    return Err(eof());
                }
                raw.extend_from_slice(&chunk[..got]);
                return Ok(raw);
            }
            if chunk[..unit].iter().all(|b| *b == term) {
                break;
            }
            raw.extend_from_slice(&chunk[..unit]);
        }
        if self.consume {
            raw.extend(std::iter::repeat_n(term, unit));
        } else {
            r.seek(SeekFrom::Current(-(unit as i64)))?;
        }
        Ok(raw)
    }

    /// The value inside `raw`: cut at the terminator if there is one, else (in a sized area)
    /// with the padding stripped (Kaitai 0.11's order, which the suite's `str_pad_term_equal`
    /// pins).
    pub fn value_of<'a>(&self, raw: &'a [u8]) -> &'a [u8] {
        if let Some(term) = self.terminator {
            let unit = self.unit.clamp(1, 2);
            let found = raw
                .chunks_exact(unit)
                .position(|c| c.iter().all(|b| *b == term))
                .map(|i| i * unit);
            if let Some(i) = found {
                return &raw[..if self.include { i + unit } else { i }];
            }
        }
        match self.pad_right {
            Some(pad) if self.size.is_some() || self.eos => {
                &raw[..raw.iter().rposition(|b| *b != pad).map_or(0, |i| i + 1)]
            }
            _ => raw,
        }
    }

    /// The bytes of an edited value: terminated, then padded to the size; an error at `pos`
    /// when they do not fit.
    pub fn encode(&self, value: &[u8], pos: u64) -> BinResult<Vec<u8>> {
        let mut out = value.to_vec();
        let sized = self.size.is_some();
        if let Some(term) = self.terminator {
            let room = self.size.is_none_or(|s| out.len() < s);
            if !self.include && (sized || self.consume) && room {
                out.extend(std::iter::repeat_n(term, self.unit.clamp(1, 2)));
            }
        }
        if let Some(size) = self.size {
            if out.len() > size {
                return Err(binrw::Error::AssertFail {
                    pos,
                    message: format!("{} bytes do not fit in {size}", out.len()),
                });
            }
            out.resize(size, self.pad_right.or(self.terminator).unwrap_or(0));
        }
        Ok(out)
    }
}

/// A framed byte array: `value` is what the schema means, `raw` every byte read (terminator,
/// padding, bytes after the terminator), written back while `value` is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsBytes {
    /// The bytes without terminator and padding.
    pub value: Vec<u8>,
    /// The bytes as read.
    pub raw: Vec<u8>,
}

impl BinRead for KsBytes {
    type Args<'a> = KsFrame;

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, frame: KsFrame) -> BinResult<Self> {
        let raw = frame.read(r)?;
        Ok(KsBytes {
            value: frame.value_of(&raw).to_vec(),
            raw,
        })
    }
}

impl BinWrite for KsBytes {
    type Args<'a> = KsFrame;

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        _: Endian,
        frame: KsFrame,
    ) -> BinResult<()> {
        if frame.value_of(&self.raw) == self.value.as_slice() {
            w.write_all(&self.raw)?;
        } else {
            let pos = w.stream_position()?;
            w.write_all(&frame.encode(&self.value, pos)?)?;
        }
        Ok(())
    }
}

/// A framed string: `value` is the text, `raw` every byte read, written back while `value` is
/// unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsStr {
    /// The text, without terminator and padding (invalid sequences replaced).
    pub value: String,
    /// The bytes as read.
    pub raw: Vec<u8>,
}

impl BinRead for KsStr {
    type Args<'a> = KsFrame;

    fn read_options<R: Read + Seek>(r: &mut R, _: Endian, frame: KsFrame) -> BinResult<Self> {
        let raw = frame.read(r)?;
        let value = encoding::decode(frame.value_of(&raw), frame.encoding);
        Ok(KsStr { value, raw })
    }
}

impl BinWrite for KsStr {
    type Args<'a> = KsFrame;

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        _: Endian,
        frame: KsFrame,
    ) -> BinResult<()> {
        if encoding::decode(frame.value_of(&self.raw), frame.encoding) == self.value {
            w.write_all(&self.raw)?;
            return Ok(());
        }
        let pos = w.stream_position()?;
        let bytes = encoding::encode(&self.value, frame.encoding).ok_or_else(|| {
            binrw::Error::AssertFail {
                pos,
                message: format!("{:?} cannot be written in {}", self.value, frame.encoding),
            }
        })?;
        w.write_all(&frame.encode(&bytes, pos)?)?;
        Ok(())
    }
}

/// A user type read from an area of its own (`size`, `size-eos`, or up to a `terminator`): the
/// value and the bytes of the area it left unparsed, written back after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsSub<T> {
    /// The parsed value.
    pub value: T,
    /// The rest of the area.
    pub tail: Vec<u8>,
}

impl<T: BinRead> BinRead for KsSub<T> {
    type Args<'a> = (KsFrame, T::Args<'a>);

    fn read_options<R: Read + Seek>(
        r: &mut R,
        endian: Endian,
        (frame, inner): Self::Args<'_>,
    ) -> BinResult<Self> {
        let raw = frame.read(r)?;
        // Kaitai parses the area without its terminator (unless included) and padding; they
        // stay in `tail`.
        let bytes = frame.value_of(&raw);
        let (value, used) = read_area::<T>(bytes, endian, inner)?;
        Ok(KsSub {
            value,
            tail: raw[used..].to_vec(),
        })
    }
}

impl<T: BinWrite> KsSub<T> {
    /// The bytes of the area as they are now: the value written, then the rest. For an area
    /// without a terminator or padding this is the substream Kaitai reads the value from, which
    /// an instance of another object may read too (`io: _root.<field>._io`).
    pub fn area(&self, endian: Endian, args: T::Args<'_>) -> BinResult<Vec<u8>> {
        write_area(&self.value, &self.tail, endian, args)
    }
}

/// Reads a `T` at `pos` of `bytes`, a substream of its own (an instance read from another
/// object's substream when asked): past the end is an end-of-input error.
pub fn ks_read_at<T: BinRead>(
    bytes: &[u8],
    pos: SeekFrom,
    endian: Endian,
    args: T::Args<'_>,
) -> BinResult<T> {
    let mut area = binrw::io::Cursor::new(bytes);
    area.seek(pos)?;
    T::read_options(&mut area, endian, args)
}

/// Reads a `T` from `bytes` as a stream of its own: the value and how many bytes it used.
pub(crate) fn read_area<T: BinRead>(
    bytes: &[u8],
    endian: Endian,
    args: T::Args<'_>,
) -> BinResult<(T, usize)> {
    let mut area = binrw::io::Cursor::new(bytes);
    let value = T::read_options(&mut area, endian, args)?;
    let used = usize::try_from(area.position())
        .unwrap_or(bytes.len())
        .min(bytes.len());
    Ok((value, used))
}

/// The bytes of a `T` followed by `tail` (what a sub-area is made of when written). Positioned
/// instances of the value may have been written past its end, into the tail's place: the tail
/// fills only the bytes they left (the gaps between them), so an edited instance stays.
pub(crate) fn write_area<T: BinWrite>(
    value: &T,
    tail: &[u8],
    endian: Endian,
    args: T::Args<'_>,
) -> BinResult<Vec<u8>> {
    let mut area = Overlay::default();
    value.write_options(&mut area, endian, args)?;
    Ok(area.under(tail))
}

/// An in-memory stream that remembers the gaps a write past its end left (zeros no one wrote).
#[derive(Default)]
struct Overlay {
    bytes: Vec<u8>,
    gaps: Vec<Range<usize>>,
    pos: usize,
}

impl Overlay {
    /// The bytes, with `tail` laid from the current position into the gaps and past the end.
    fn under(mut self, tail: &[u8]) -> Vec<u8> {
        let start = self.pos;
        let end = start + tail.len();
        if end > self.bytes.len() {
            self.gaps.push(self.bytes.len()..end);
            self.bytes.resize(end, 0);
        }
        for gap in &self.gaps {
            let (from, to) = (gap.start.max(start), gap.end.min(end));
            if from < to {
                self.bytes[from..to].copy_from_slice(&tail[from - start..to - start]);
            }
        }
        self.bytes
    }
}

impl Write for Overlay {
    fn write(&mut self, buf: &[u8]) -> binrw::io::Result<usize> {
        let end = self.pos.checked_add(buf.len()).ok_or_else(|| {
            binrw::io::Error::new(binrw::io::ErrorKind::InvalidInput, "write past usize::MAX")
        })?;
        if self.pos > self.bytes.len() {
            self.gaps.push(self.bytes.len()..self.pos);
        }
        if end > self.bytes.len() {
            self.bytes.resize(end, 0);
        }
        if !self.gaps.is_empty() {
            let written = self.pos..end;
            self.gaps = (self.gaps.iter())
                .flat_map(|g| {
                    [
                        g.start..g.end.min(written.start),
                        g.start.max(written.end)..g.end,
                    ]
                })
                .filter(|g| !g.is_empty())
                .collect();
        }
        self.bytes[self.pos..end].copy_from_slice(buf);
        self.pos = end;
        Ok(buf.len())
    }

    fn flush(&mut self) -> binrw::io::Result<()> {
        Ok(())
    }
}

impl Seek for Overlay {
    fn seek(&mut self, to: SeekFrom) -> binrw::io::Result<u64> {
        let (base, delta) = match to {
            SeekFrom::Start(n) => (0, i128::from(n)),
            SeekFrom::End(d) => (self.bytes.len(), i128::from(d)),
            SeekFrom::Current(d) => (self.pos, i128::from(d)),
        };
        let pos = i128::try_from(base).unwrap_or(i128::MAX) + delta;
        self.pos = usize::try_from(pos).map_err(|_| {
            binrw::io::Error::new(
                binrw::io::ErrorKind::InvalidInput,
                "seek to a negative position",
            )
        })?;
        Ok(self.pos as u64)
    }
}

impl<T: BinWrite> BinWrite for KsSub<T> {
    type Args<'a> = (KsFrame, T::Args<'a>);

    fn write_options<W: Write + Seek>(
        &self,
        w: &mut W,
        endian: Endian,
        (frame, inner): Self::Args<'_>,
    ) -> BinResult<()> {
        let area = write_area(&self.value, &self.tail, endian, inner)?;
        if let Some(size) = frame.size.filter(|s| *s != area.len()) {
            return Err(binrw::Error::AssertFail {
                pos: w.stream_position()?,
                message: format!("a sized area of {size} bytes holds {} bytes", area.len()),
            });
        }
        w.write_all(&area)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::io::Cursor;

    fn strz(size: Option<usize>) -> KsFrame {
        KsFrame {
            size,
            terminator: Some(0),
            consume: true,
            unit: 1,
            eos_error: true,
            encoding: "ASCII",
            ..KsFrame::default()
        }
    }

    fn read<T: for<'a> BinRead<Args<'a> = KsFrame>>(bytes: &[u8], frame: KsFrame) -> BinResult<T> {
        T::read_options(&mut Cursor::new(bytes), Endian::Little, frame)
    }

    fn write<T: for<'a> BinWrite<Args<'a> = KsFrame>>(value: &T, frame: KsFrame) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        value
            .write_options(&mut out, Endian::Little, frame)
            .unwrap();
        out.into_inner()
    }

    #[test]
    fn bytes_after_the_terminator_are_kept() {
        let s: KsStr = read(b"ab\0junk", strz(Some(7))).unwrap();
        assert_eq!(s.value, "ab");
        assert_eq!(write(&s, strz(Some(7))), b"ab\0junk");
        let edited = KsStr {
            value: "xyz".into(),
            ..s
        };
        assert_eq!(write(&edited, strz(Some(7))), b"xyz\0\0\0\0");
    }

    #[test]
    fn consume_false_leaves_the_terminator() {
        let frame = KsFrame {
            consume: false,
            ..strz(None)
        };
        let mut r = Cursor::new(&b"ab\0c"[..]);
        let s = KsStr::read_options(&mut r, Endian::Little, frame).unwrap();
        assert_eq!((s.value.as_str(), r.position()), ("ab", 2));
    }

    #[test]
    fn missing_terminator_and_short_size() {
        assert!(read::<KsStr>(b"abc", strz(None)).is_err());
        let lenient = KsFrame {
            eos_error: false,
            ..strz(None)
        };
        assert_eq!(read::<KsStr>(b"abc", lenient).unwrap().value, "abc");
        // A huge size on a short input fails without reserving the size.
        assert!(read::<KsBytes>(b"abc", strz(Some(usize::MAX))).is_err());
    }

    #[test]
    fn padding_is_stripped_and_an_edit_too_long_is_refused() {
        let frame = KsFrame {
            size: Some(4),
            pad_right: Some(b' '),
            unit: 1,
            ..KsFrame::default()
        };
        let b: KsBytes = read(b"ab  ", frame).unwrap();
        assert_eq!(b.value, b"ab");
        let long = KsBytes {
            value: b"abcde".to_vec(),
            raw: b.raw,
        };
        let mut out = Cursor::new(Vec::new());
        let err = long
            .write_options(&mut out, Endian::Little, frame)
            .unwrap_err();
        assert!(err.to_string().contains("5 bytes do not fit in 4"), "{err}");
    }

    #[test]
    fn utf16_terminator_is_two_bytes_on_a_unit_boundary() {
        let frame = KsFrame {
            unit: 2,
            encoding: "UTF-16LE",
            ..strz(None)
        };
        // 0x0100 holds a zero byte but is not a terminator.
        let s: KsStr = read(&[0x00, 0x01, 0x41, 0x00, 0x00, 0x00], frame).unwrap();
        assert_eq!(s.value, "\u{100}A");
        assert_eq!(s.raw.len(), 6);
    }

    #[test]
    fn a_sub_area_keeps_its_unparsed_tail() {
        let frame = KsFrame {
            size: Some(4),
            ..KsFrame::default()
        };
        let mut r = Cursor::new(&[1u8, 2, 3, 4, 5][..]);
        let sub = KsSub::<u16>::read_options(&mut r, Endian::Little, (frame, ())).unwrap();
        assert_eq!(
            (sub.value, sub.tail.as_slice(), r.position()),
            (0x0201, &[3u8, 4][..], 4)
        );
        let mut out = Cursor::new(Vec::new());
        sub.write_options(&mut out, Endian::Little, (frame, ()))
            .unwrap();
        assert_eq!(out.into_inner(), [1, 2, 3, 4]);
        let grown = KsSub {
            value: 7u16,
            tail: vec![0; 3],
        };
        let mut out = Cursor::new(Vec::new());
        assert!(
            grown
                .write_options(&mut out, Endian::Little, (frame, ()))
                .is_err()
        );
    }

    /// A byte, and a positioned instance `at` bytes after it (written as binrw's
    /// `seek_before` + `restore_position` do).
    struct WithInstance {
        first: u8,
        inst: u8,
        at: i64,
    }

    impl BinWrite for WithInstance {
        type Args<'a> = ();

        fn write_options<W: Write + Seek>(&self, w: &mut W, e: Endian, _: ()) -> BinResult<()> {
            self.first.write_options(w, e, ())?;
            let here = w.stream_position()?;
            w.seek(SeekFrom::Current(self.at))?;
            self.inst.write_options(w, e, ())?;
            w.seek(SeekFrom::Start(here))?;
            Ok(())
        }
    }

    #[test]
    fn the_tail_fills_only_what_instances_left() {
        let value = WithInstance {
            first: 1,
            inst: 9,
            at: 2,
        };
        // The tail starts after `first`; the instance's byte (edited from 7 to 9) stays.
        let area = write_area(&value, &[5, 6, 7, 8], Endian::Little, ()).unwrap();
        assert_eq!(area, [1, 5, 6, 9, 8]);
        // An instance past the tail makes the area longer (the sized writer refuses it).
        let far = WithInstance { at: 6, ..value };
        let area = write_area(&far, &[5, 6], Endian::Little, ()).unwrap();
        assert_eq!(area, [1, 5, 6, 0, 0, 0, 0, 9]);
        let before = WithInstance { at: -2, ..far };
        assert!(write_area(&before, &[], Endian::Little, ()).is_err());
    }

    #[test]
    fn gaps_between_instances_take_the_tail() {
        let mut o = Overlay::default();
        o.write_all(&[1]).unwrap();
        // Two instances past the value's end, then one inside the first gap.
        o.seek(SeekFrom::Current(2)).unwrap();
        o.write_all(&[9]).unwrap();
        o.seek(SeekFrom::Start(6)).unwrap();
        o.write_all(&[8]).unwrap();
        o.seek(SeekFrom::Start(2)).unwrap();
        o.write_all(&[7]).unwrap();
        o.seek(SeekFrom::Start(1)).unwrap();
        let tail = [10, 11, 12, 13, 14, 15, 16];
        assert_eq!(o.under(&tail), [1, 10, 7, 9, 13, 14, 8, 16]);
    }
}
