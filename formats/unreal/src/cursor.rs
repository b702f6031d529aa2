//! A bounds-checked little-endian byte cursor over a slice: the fast path under every reader here
//! and under the Satisfactory crate's, which reports through its own error type ([`CursorError`]).

use std::marker::PhantomData;

use crate::Error;
use crate::layout::FixedLe;

/// How a [`ByteReader`]'s failures become errors of the crate reading through it, each crate
/// keeping its error type and wording (and so its tested messages).
pub trait CursorError: Sized {
    /// `n` bytes of `what` were needed at offset `at`, and only `left` remain.
    fn short(at: usize, what: &str, n: usize, left: usize) -> Self;
    /// The count `n` of `what`, read at offset `at`, is negative or cannot fit in the `left`
    /// bytes that remain.
    fn too_many(at: usize, what: &str, n: i64, left: usize) -> Self;
}

impl CursorError for Error {
    fn short(at: usize, what: &str, n: usize, left: usize) -> Self {
        Error::new(at, format!("{what}: {n} bytes needed, {left} left"))
    }

    fn too_many(at: usize, what: &str, n: i64, left: usize) -> Self {
        Error::new(
            at,
            format!("{what}: count {n} does not fit in the {left} bytes left"),
        )
    }
}

/// Reads little-endian values from a slice; every access is checked, nothing panics. Failures are
/// errors of type `E`, carrying the absolute offset.
#[derive(Debug, Clone)]
pub struct ByteReader<'a, E = Error> {
    data: &'a [u8],
    pos: usize,
    /// Absolute offset of `data[0]`, for error messages.
    base: usize,
    error: PhantomData<fn() -> E>,
}

impl<'a> ByteReader<'a> {
    pub(crate) fn new(data: &'a [u8], base: usize) -> Self {
        ByteReader::starting_at(data, base)
    }

    pub(crate) fn err(&self, message: impl Into<String>) -> Error {
        Error::new(self.offset(), message)
    }
}

impl<'a, E: CursorError> ByteReader<'a, E> {
    /// A reader over `data`, whose first byte is at offset `base` of the file (for errors).
    pub fn starting_at(data: &'a [u8], base: usize) -> Self {
        ByteReader {
            data,
            pos: 0,
            base,
            error: PhantomData,
        }
    }

    /// Absolute offset of the next byte.
    #[inline]
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Bytes not read yet.
    #[inline]
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// Whether every byte has been read.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// The bytes not read yet (not consumed).
    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or_default()
    }

    /// Takes `n` bytes, or fails naming `what`.
    #[inline]
    pub fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8], E> {
        let Some(out) = self.data.get(self.pos..).and_then(|rest| rest.get(..n)) else {
            return Err(self.short(n, what));
        };
        self.pos += n;
        Ok(out)
    }

    /// The error of a read of `n` bytes past the end; out of line, so that the reads themselves
    /// stay small enough to inline (every number of a property goes through them).
    #[cold]
    #[inline(never)]
    fn short(&self, n: usize, what: &str) -> E {
        E::short(self.offset(), what, n, self.remaining())
    }

    /// A value of a [`FixedLe`] layout (a [`crate::fixed_layout!`] struct or a number), taken with
    /// one bounds check and failing naming `what`.
    #[inline]
    pub fn fixed<T: FixedLe>(&mut self, what: &str) -> Result<T, E> {
        Ok(T::from_le(self.bytes(T::SIZE, what)?))
    }

    /// A reader over the next `n` bytes (consumed from this one), keeping absolute offsets.
    #[inline]
    pub(crate) fn sub(&mut self, n: usize, what: &str) -> Result<ByteReader<'a, E>, E> {
        let base = self.offset();
        let data = self.bytes(n, what)?;
        Ok(ByteReader::starting_at(data, base))
    }

    #[inline]
    pub(crate) fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], E> {
        let b = self.bytes(N, what)?;
        Ok(b.first_chunk().copied().unwrap_or([0; N]))
    }

    /// A little-endian `u8`, failing naming `what`.
    #[inline]
    pub fn u8(&mut self, what: &str) -> Result<u8, E> {
        Ok(self.array::<1>(what)?[0])
    }

    #[inline]
    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, E> {
        Ok(self.u8(what)? as i8)
    }

    #[inline]
    pub(crate) fn u16(&mut self, what: &str) -> Result<u16, E> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i16(&mut self, what: &str) -> Result<i16, E> {
        Ok(i16::from_le_bytes(self.array(what)?))
    }

    /// A little-endian `u32`, failing naming `what`.
    #[inline]
    pub fn u32(&mut self, what: &str) -> Result<u32, E> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    /// A little-endian `i32`, failing naming `what`.
    #[inline]
    pub fn i32(&mut self, what: &str) -> Result<i32, E> {
        Ok(i32::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn u64(&mut self, what: &str) -> Result<u64, E> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    /// A little-endian `i64`, failing naming `what`.
    #[inline]
    pub fn i64(&mut self, what: &str) -> Result<i64, E> {
        Ok(i64::from_le_bytes(self.array(what)?))
    }

    /// Reads an element count and checks that `count * min_size` bytes can still follow,
    /// so no allocation is ever sized by an unchecked number from the file.
    #[inline]
    pub fn count(&mut self, min_size: usize, what: &str) -> Result<usize, E> {
        let at = self.offset();
        let n = self.i32(what)?;
        self.check_count(n as i64, min_size, at, what)
    }

    #[inline]
    pub(crate) fn check_count(
        &self,
        n: i64,
        min_size: usize,
        at: usize,
        what: &str,
    ) -> Result<usize, E> {
        let fits = usize::try_from(n).ok().filter(|&n| {
            n.checked_mul(min_size.max(1))
                .is_some_and(|b| b <= self.remaining())
        });
        fits.ok_or_else(|| self.count_too_large(n, at, what))
    }

    #[cold]
    #[inline(never)]
    fn count_too_large(&self, n: i64, at: usize, what: &str) -> E {
        E::too_many(at, what, n, self.remaining())
    }

    /// All bytes of this reader, consumed or not.
    pub(crate) fn whole(&self) -> &'a [u8] {
        self.data
    }
}

/// Appends a `#[binrw]` value to `out`.
pub(crate) fn put_binrw<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: for<'b> binrw::BinWrite<Args<'b> = ()>,
{
    put_binrw_args(value, (), out)
}

/// [`put_binrw`] for a type that takes arguments (the versions it is gated on).
pub(crate) fn put_binrw_args<'a, T>(
    value: &T,
    args: T::Args<'a>,
    out: &mut Vec<u8>,
) -> Result<(), Error>
where
    T: binrw::BinWrite,
{
    let at = out.len();
    let mut c = binrw::io::Cursor::new(out);
    c.set_position(at as u64);
    // Positions are absolute in `out`, as the error's offset wants them.
    value.write_le_args(&mut c, args).map_err(Error::from)
}

/// Calls `f` for `0..n` into a vector allocated once; `n` must already be checked against the input.
pub(crate) fn collect_n<T>(
    n: usize,
    mut f: impl FnMut(usize) -> Result<T, Error>,
) -> Result<Vec<T>, Error> {
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        out.push(f(i)?);
    }
    Ok(out)
}
