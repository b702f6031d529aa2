//! A bounds-checked little-endian byte cursor over a slice: the fast path under every reader here.

use crate::Error;

/// Reads little-endian values from a slice; every access is checked, nothing panics.
#[derive(Debug, Clone)]
pub(crate) struct ByteReader<'a> {
    data: &'a [u8],
    pos: usize,
    /// Absolute offset of `data[0]`, for error messages.
    base: usize,
}

impl<'a> ByteReader<'a> {
    pub(crate) fn new(data: &'a [u8], base: usize) -> Self {
        ByteReader { data, pos: 0, base }
    }

    /// Absolute offset of the next byte.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    pub(crate) fn err(&self, message: impl Into<String>) -> Error {
        Error::new(self.offset(), message)
    }

    /// Takes `n` bytes, or fails naming `what`.
    #[inline]
    pub(crate) fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8], Error> {
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
    fn short(&self, n: usize, what: &str) -> Error {
        self.err(format!(
            "{what}: {n} bytes needed, {} left",
            self.remaining()
        ))
    }

    /// A reader over the next `n` bytes (consumed from this one), keeping absolute offsets.
    #[inline]
    pub(crate) fn sub(&mut self, n: usize, what: &str) -> Result<ByteReader<'a>, Error> {
        let base = self.offset();
        let data = self.bytes(n, what)?;
        Ok(ByteReader::new(data, base))
    }

    #[inline]
    pub(crate) fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Error> {
        let b = self.bytes(N, what)?;
        Ok(b.first_chunk().copied().unwrap_or([0; N]))
    }

    #[inline]
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, Error> {
        Ok(self.array::<1>(what)?[0])
    }

    #[inline]
    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, Error> {
        Ok(self.u8(what)? as i8)
    }

    #[inline]
    pub(crate) fn u16(&mut self, what: &str) -> Result<u16, Error> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i16(&mut self, what: &str) -> Result<i16, Error> {
        Ok(i16::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn u32(&mut self, what: &str) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i32(&mut self, what: &str) -> Result<i32, Error> {
        Ok(i32::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn u64(&mut self, what: &str) -> Result<u64, Error> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    #[inline]
    pub(crate) fn i64(&mut self, what: &str) -> Result<i64, Error> {
        Ok(i64::from_le_bytes(self.array(what)?))
    }

    /// Reads an element count and checks that `count * min_size` bytes can still follow,
    /// so no allocation is ever sized by an unchecked number from the file.
    #[inline]
    pub(crate) fn count(&mut self, min_size: usize, what: &str) -> Result<usize, Error> {
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
    ) -> Result<usize, Error> {
        let fits = usize::try_from(n).ok().filter(|&n| {
            n.checked_mul(min_size.max(1))
                .is_some_and(|b| b <= self.remaining())
        });
        fits.ok_or_else(|| self.count_too_large(n, at, what))
    }

    #[cold]
    #[inline(never)]
    fn count_too_large(&self, n: i64, at: usize, what: &str) -> Error {
        Error::new(
            at,
            format!(
                "{what}: count {n} does not fit in the {} bytes left",
                self.remaining()
            ),
        )
    }
}

impl ByteReader<'_> {
    /// Reads a `#[binrw]` type from the current position and advances past it.
    pub(crate) fn binrw<T>(&mut self, what: &str) -> Result<T, Error>
    where
        T: for<'b> binrw::BinRead<Args<'b> = ()>,
    {
        let at = self.offset();
        let mut c = binrw::io::Cursor::new(&self.data[self.pos..]);
        let v = T::read_le(&mut c).map_err(|e| Error::new(at, format!("{what}: {e}")))?;
        self.pos += c.position() as usize;
        Ok(v)
    }
}

/// Appends a `#[binrw]` value to `out`.
pub(crate) fn put_binrw<T>(value: &T, out: &mut Vec<u8>) -> Result<(), Error>
where
    T: for<'b> binrw::BinWrite<Args<'b> = ()>,
{
    let at = out.len();
    let mut c = binrw::io::Cursor::new(out);
    c.set_position(at as u64);
    value
        .write_le(&mut c)
        .map_err(|e| Error::new(at, e.to_string()))
}

impl<'a> ByteReader<'a> {
    /// All bytes of this reader, consumed or not.
    pub(crate) fn whole(&self) -> &'a [u8] {
        self.data
    }
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
