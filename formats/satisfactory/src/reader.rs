//! The slice cursor of the Satisfactory readers, whose errors carry the field path and the absolute
//! offset, plus the binrw glue for the `#[binrw]` layouts read through it.

use std::ops::{Deref, DerefMut};

use binrw::io::Cursor;
use binrw::{BinRead, BinWrite};
use unreal::cursor::{ByteReader, CursorError};
use unreal::{FObjectReferenceDisc, FString, TArray};

use crate::Error;

/// A cursor over `data`, which starts at offset `base` of the file or body: `unreal`'s
/// [`ByteReader`] (the numbers, counts and byte runs, through [`Deref`]) reporting this crate's
/// errors, plus the strings, references and binrw glue of the Satisfactory readers.
#[derive(Clone)]
pub(crate) struct Reader<'a>(ByteReader<'a, Error>);

impl CursorError for Error {
    fn short(at: usize, path: &str, n: usize, left: usize) -> Self {
        Error::new(path, at, format!("{n} bytes needed, {left} left"))
    }

    fn too_many(at: usize, path: &str, n: i64, left: usize) -> Self {
        Error::new(path, at, format!("count {n} exceeds the {left} bytes left"))
    }
}

impl<'a> Deref for Reader<'a> {
    type Target = ByteReader<'a, Error>;

    #[inline]
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for Reader<'_> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl<'a> Reader<'a> {
    pub(crate) fn new(data: &'a [u8], base: usize) -> Self {
        Reader(ByteReader::starting_at(data, base))
    }

    /// An `FString` that is often `like` (an actor's level name, in the references to its
    /// components), then sharing `like`'s text: [`FString::read_like`].
    pub(crate) fn fstring_like(&mut self, like: &FString, path: &str) -> Result<FString, Error> {
        self.read_string(path, |data, base| FString::read_like(data, base, like))
    }

    /// An `FString` whose text does not repeat (an object's own path name), kept out of the
    /// shared-text table: [`FString::read_unshared`].
    pub(crate) fn unique_fstring(&mut self, path: &str) -> Result<FString, Error> {
        self.read_string(path, FString::read_unshared)
    }

    /// An `FString` read from the slice by `read`, which returns it with the bytes it took.
    fn read_string(
        &mut self,
        path: &str,
        read: impl FnOnce(&[u8], usize) -> Result<(FString, usize), unreal::Error>,
    ) -> Result<FString, Error> {
        let (s, used) =
            read(self.rest(), self.offset()).map_err(|e| Error::new(path, e.offset, e.message))?;
        self.bytes(used, path)?;
        Ok(s)
    }

    /// An `FObjectReferenceDisc`, read from the slice (not through binrw: references are read
    /// by the ten thousand).
    pub(crate) fn object_reference(&mut self, path: &str) -> Result<FObjectReferenceDisc, Error> {
        let (reference, used) = FObjectReferenceDisc::read_from(self.rest(), self.offset())
            .map_err(|e| Error::new(path, e.offset, e.message))?;
        self.bytes(used, path)?;
        Ok(reference)
    }

    /// A `TArray<FObjectReferenceDisc>` of references to objects of their own (an actor's
    /// components) in `level`, whose path names do not repeat: read like
    /// [`Reader::unique_fstring`].
    pub(crate) fn own_object_references(
        &mut self,
        level: &FString,
        path: &str,
    ) -> Result<TArray<FObjectReferenceDisc>, Error> {
        // Each reference is two FStrings of at least their 4-byte lengths.
        let n = self.count(8, path)?;
        let mut items = Vec::with_capacity(n);
        for _ in 0..n {
            items.push(FObjectReferenceDisc {
                level_name: self.fstring_like(level, path)?,
                path_name: self.unique_fstring(path)?,
            });
        }
        Ok(TArray::new(items))
    }

    /// A `#[binrw]` value.
    pub(crate) fn binrw<T>(&mut self, path: &str) -> Result<T, Error>
    where
        T: for<'b> BinRead<Args<'b> = ()>,
    {
        self.binrw_args(path, ())
    }

    /// A `#[binrw]` value that takes arguments (a version gate).
    #[inline]
    pub(crate) fn binrw_args<T, A>(&mut self, path: &str, args: A) -> Result<T, Error>
    where
        T: for<'b> BinRead<Args<'b> = A>,
    {
        let rest = self.rest();
        let mut cursor = Cursor::new(rest);
        let value = T::read_le_args(&mut cursor, args)
            .map_err(|e| Error::binrw(path, self.offset(), rest.len(), &e))?;
        self.bytes(cursor.position() as usize, path)?;
        Ok(value)
    }
}

/// Appends a `#[binrw]` value to `out`.
pub(crate) fn put<T>(value: &T, out: &mut Vec<u8>, path: &str) -> Result<(), Error>
where
    T: for<'b> BinWrite<Args<'b> = ()>,
{
    put_args(value, out, path, ())
}

/// Appends a `#[binrw]` value that takes arguments to `out`.
pub(crate) fn put_args<T, A>(value: &T, out: &mut Vec<u8>, path: &str, args: A) -> Result<(), Error>
where
    T: for<'b> BinWrite<Args<'b> = A>,
{
    let start = out.len();
    let mut cursor = Cursor::new(out);
    cursor.set_position(start as u64);
    value
        .write_le_args(&mut cursor, args)
        .map_err(|e| Error::binrw(path, 0, start, &e))
}

/// Appends a length-prefixed block: a placeholder count of the integer type `N` (4 or 8 bytes), the
/// bytes `body` writes, then the count patched to their length.
pub(crate) fn put_sized<const N: usize>(
    out: &mut Vec<u8>,
    path: &str,
    body: impl FnOnce(&mut Vec<u8>) -> Result<(), Error>,
) -> Result<(), Error> {
    let at = out.len();
    out.extend_from_slice(&[0; N]);
    body(out)?;
    let len = out.len() - at - N;
    let bytes = match N {
        4 => i32::try_from(len).map(|n| n.to_le_bytes().to_vec()),
        _ => i64::try_from(len).map(|n| n.to_le_bytes().to_vec()),
    }
    .map_err(|_| Error::new(path, at, format!("{len} bytes do not fit the size field")))?;
    out[at..at + N].copy_from_slice(&bytes);
    Ok(())
}

/// A UE `bool` (32-bit 0 or 1) as a binrw field type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Bool32(pub bool);

impl BinRead for Bool32 {
    type Args<'a> = ();

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        reader: &mut R,
        endian: binrw::Endian,
        (): (),
    ) -> binrw::BinResult<Self> {
        // The position is asked for only when the value is refused (it is read several times
        // per object).
        match u32::read_options(reader, endian, ())? {
            0 => Ok(Bool32(false)),
            1 => Ok(Bool32(true)),
            v => Err(binrw::Error::AssertFail {
                pos: reader.stream_position()? - 4,
                message: format!("bool is {v}, not 0 or 1"),
            }),
        }
    }
}

impl BinWrite for Bool32 {
    type Args<'a> = ();

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        writer: &mut W,
        endian: binrw::Endian,
        (): (),
    ) -> binrw::BinResult<()> {
        u32::from(self.0).write_options(writer, endian, ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// A UE bool other than 0 or 1 is refused at its own offset (asked for after the read).
    #[test]
    fn a_bool_other_than_0_or_1_is_refused_at_its_offset() {
        let bytes = [1, 0, 0, 0, 2, 0, 0, 0];
        let mut cursor = Cursor::new(&bytes[..]);
        assert_eq!(Bool32::read_le(&mut cursor).unwrap(), Bool32(true));
        match Bool32::read_le(&mut cursor).unwrap_err() {
            binrw::Error::AssertFail { pos, message } => {
                assert_eq!(pos, 4);
                assert_eq!(message, "bool is 2, not 0 or 1");
            }
            other => panic!("expected a refused value, got {other}"),
        }
    }

    /// What `FString::read_from` reads from `bytes` at `base`, as the reader reports it.
    fn read_from(bytes: &[u8], base: usize) -> Result<FString, String> {
        FString::read_from(bytes, base)
            .map(|(s, _)| s)
            .map_err(|e| Error::new("t", e.offset, e.message).to_string())
    }

    fn stored(s: &FString) -> Vec<u8> {
        let mut out = Vec::new();
        s.put(&mut out).unwrap();
        out
    }

    /// `fstring_like` reads what `FString::read_from` reads, whatever the previous text was, and
    /// shares the previous text exactly when the bytes are its ASCII form.
    #[test]
    fn fstring_like_reads_as_fstring_does() {
        let texts = [
            FString::default(),
            FString::new(""),
            FString::new("Persistent_Level"),
            FString::new("Persistent_Levem"),
            FString::new("Persistent_Level2"),
            FString::new("caf\u{e9}"),
            FString::new("caf\u{e9}\u{e9}"),
            FString {
                value: Some("Persistent_Level".into()),
                wide: true,
            },
        ];
        for like in &texts {
            for text in &texts {
                let mut bytes = stored(text);
                bytes.extend_from_slice(&[7, 7]);
                let mut r = Reader::new(&bytes, 0);
                let read = r.fstring_like(like, "t").unwrap();
                assert_eq!(read, *text, "{like:?} then {text:?}");
                assert_eq!(r.remaining(), 2);
                let shared = match (&read.value, &like.value) {
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    _ => false,
                };
                let ascii_match = like == text && !like.wide && text.as_str().is_ascii();
                assert_eq!(shared, ascii_match && like.value.is_some());
            }
        }
    }

    /// `unique_fstring` reads what `FString::read_from` reads (its own allocation for ASCII
    /// texts) and fails where it fails.
    #[test]
    fn unique_fstring_reads_and_fails_as_fstring_does() {
        let texts = [
            FString::default(),
            FString::new(""),
            FString::new("Persistent_Level:PersistentLevel.Build_X_C_1"),
            FString::new("caf\u{e9}"),
            FString::new("\u{4e16}"),
        ];
        for text in &texts {
            let mut bytes = stored(text);
            bytes.push(7);
            let mut r = Reader::new(&bytes, 0);
            assert_eq!(r.unique_fstring("t").unwrap(), *text);
            assert_eq!(r.remaining(), 1);
            for cut in 0..bytes.len() - 1 {
                let a = Reader::new(&bytes[..cut], 16).unique_fstring("t");
                assert_eq!(a.map_err(|e| e.to_string()), read_from(&bytes[..cut], 16));
            }
        }
        let mut no_nul = stored(&FString::new("abc"));
        *no_nul.last_mut().unwrap() = b'd';
        let a = Reader::new(&no_nul, 0).unique_fstring("t").unwrap_err();
        assert_eq!(Err(a.to_string()), read_from(&no_nul, 0));
    }

    #[test]
    fn fstring_like_errors_as_fstring_does() {
        let like = FString::new("Persistent_Level");
        let full = stored(&like);
        for cut in 0..full.len() {
            let bytes = &full[..cut];
            let a = Reader::new(bytes, 16).fstring_like(&like, "t").unwrap_err();
            assert_eq!(Err(a.to_string()), read_from(bytes, 16));
        }
    }
}
