//! Fixed-size layouts read straight from a slice: one field list ([`fixed_layout!`]) gives both the
//! `#[binrw]` definition, which writes the value (and reads it from a stream), and a reader taking
//! all its bytes with one bounds check ([`crate::cursor::ByteReader::fixed`]), since binrw's
//! `Read + Seek` path costs several times as much for these small structs (GUIDs, vectors,
//! transforms: the most common native structs of the saves).

use binrw::io::{Read, Seek};
use binrw::{BinResult, Endian};

use crate::cursor::ByteReader;
use crate::{Error, F32, F64, FString};

/// A layout of a fixed number of little-endian bytes: numbers, [`fixed_layout!`] structs, and
/// the format crates' generated types with `-savepoint-fixed-layout: unreal::layout::FixedLe`
/// in their schema (savepoint-codegen implements it from the same fields as their `#[binrw]`).
pub trait FixedLe: Sized {
    /// Bytes of one value.
    const SIZE: usize;
    /// The value stored in the first [`FixedLe::SIZE`] bytes of `b`. The callers hand it at least
    /// that many; were `b` shorter, the missing fields would read as zero rather than panic.
    fn from_le(b: &[u8]) -> Self;
}

/// [`FixedLe`] for number types that have `from_le_bytes`.
macro_rules! le_number {
    ($($ty:ty => $wrap:expr),* $(,)?) => {$(
        impl FixedLe for $ty {
            const SIZE: usize = std::mem::size_of::<$ty>();
            #[inline]
            fn from_le(b: &[u8]) -> Self {
                $wrap(b.first_chunk().copied().unwrap_or_default())
            }
        }
    )*};
}

le_number! {
    u8 => u8::from_le_bytes,
    i8 => i8::from_le_bytes,
    u16 => u16::from_le_bytes,
    i16 => i16::from_le_bytes,
    u32 => u32::from_le_bytes,
    i32 => i32::from_le_bytes,
    u64 => u64::from_le_bytes,
    i64 => i64::from_le_bytes,
    F32 => |b| F32(f32::from_le_bytes(b)),
    F64 => |b| F64(f64::from_le_bytes(b)),
}

/// Defines little-endian structs of fixed-size fields: each is a `#[binrw]` struct (with the
/// attributes given, e.g. derives and docs) and a [`FixedLe`] layout of the same fields in the same
/// order, so a fast reader and the writer cannot drift apart. Every field type must itself be
/// [`FixedLe`] (numbers, `F32`/`F64`, other `fixed_layout!` structs, or a type parameter bound by
/// a trait that requires it, like [`crate::Real`]).
///
/// ```
/// unreal::fixed_layout! {
///     /// Two words.
///     #[derive(Debug, PartialEq)]
///     pub struct Pair { pub a: u32, pub b: u16 }
/// }
/// use unreal::layout::FixedLe;
/// assert_eq!(Pair::SIZE, 6);
/// assert_eq!(Pair::from_le(&[1, 0, 0, 0, 2, 0]), Pair { a: 1, b: 2 });
/// ```
#[macro_export]
macro_rules! fixed_layout {
    ($(
        $(#[$attr:meta])*
        $vis:vis struct $name:ident $(<$t:ident: $bound:path>)? {
            $($(#[$field_attr:meta])* $field_vis:vis $field:ident: $ty:ty),* $(,)?
        }
    )*) => {$(
        #[::binrw::binrw]
        #[brw(little)]
        $(#[$attr])*
        $vis struct $name $(<$t: $bound>)? {
            $($(#[$field_attr])* $field_vis $field: $ty),*
        }

        impl $(<$t: $bound>)? $crate::layout::FixedLe for $name $(<$t>)? {
            const SIZE: usize = 0 $(+ <$ty as $crate::layout::FixedLe>::SIZE)*;

            #[inline]
            fn from_le(b: &[u8]) -> Self {
                let at = 0;
                $(
                    let $field = <$ty as $crate::layout::FixedLe>::from_le(
                        b.get(at..).unwrap_or_default(),
                    );
                    let at = at + <$ty as $crate::layout::FixedLe>::SIZE;
                )*
                let _ = at;
                Self { $($field),* }
            }
        }
    )*};
}

/// Bytes of the stack buffer [`parse_fixed`] reads a layout into; a larger layout (none yet) is
/// read into a vector of its constant size.
const FIXED_BUFFER: usize = 64;

/// A binrw `parse_with` reader of a [`FixedLe`] value: its bytes taken with one read and decoded
/// by [`FixedLe::from_le`], where binrw's own read of the same `#[binrw]` struct reads each number
/// through the stream (an actor's transform is ten). The generated modules name it with
/// `-savepoint-parse-with: unreal::layout::parse_fixed` on a field of a `-savepoint-fixed-layout`
/// type. The layout is little-endian whatever `_endian` says.
pub fn parse_fixed<T: FixedLe, R: Read + Seek>(
    reader: &mut R,
    _endian: Endian,
    (): (),
) -> BinResult<T> {
    let mut stack = [0; FIXED_BUFFER];
    let mut heap = Vec::new();
    let bytes = match stack.get_mut(..T::SIZE) {
        Some(bytes) => bytes,
        None => {
            heap.resize(T::SIZE, 0);
            &mut heap[..]
        }
    };
    reader.read_exact(bytes)?;
    Ok(T::from_le(bytes))
}

/// A layout of variable size (strings) read from the slice cursor and appended to a buffer, field
/// by field: what [`slice_layout!`] derives for a struct from its fields'.
pub(crate) trait SliceLayout: Sized {
    /// Reads the value at the cursor.
    fn parse(r: &mut ByteReader<'_>) -> Result<Self, Error>;
    /// Appends the value as stored.
    fn put(&self, out: &mut Vec<u8>) -> Result<(), Error>;
}

impl SliceLayout for FString {
    #[inline]
    fn parse(r: &mut ByteReader<'_>) -> Result<Self, Error> {
        FString::parse(r)
    }

    #[inline]
    fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        FString::put(self, out)
    }
}

/// Defines a little-endian struct of [`SliceLayout`] fields: a `#[binrw]` struct (for streams and
/// the format crates' `#[binrw]` layouts holding it) and its [`SliceLayout`], reading and writing
/// the same fields in the same order, so the slice path and binrw's cannot drift apart.
macro_rules! slice_layout {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $($(#[$field_attr:meta])* pub $field:ident: $ty:ty),* $(,)?
        }
    ) => {
        #[::binrw::binrw]
        #[brw(little)]
        $(#[$attr])*
        pub struct $name {
            $($(#[$field_attr])* pub $field: $ty),*
        }

        impl $crate::layout::SliceLayout for $name {
            #[inline]
            fn parse(
                r: &mut $crate::cursor::ByteReader<'_>,
            ) -> Result<Self, $crate::Error> {
                // Struct expression fields are evaluated in the order written: the stored order.
                Ok(Self {
                    $($field: <$ty as $crate::layout::SliceLayout>::parse(r)?),*
                })
            }

            fn put(&self, out: &mut Vec<u8>) -> Result<(), $crate::Error> {
                $($crate::layout::SliceLayout::put(&self.$field, out)?;)*
                Ok(())
            }
        }
    };
}
pub(crate) use slice_layout;

impl<A: FixedLe, B: FixedLe> FixedLe for (A, B) {
    const SIZE: usize = A::SIZE + B::SIZE;

    #[inline]
    fn from_le(b: &[u8]) -> Self {
        (
            A::from_le(b),
            B::from_le(b.get(A::SIZE..).unwrap_or_default()),
        )
    }
}

/// Defines a little-endian struct of a flags byte followed by optional fixed-size fields, each
/// stored when its bit of the flags is set (the `EPropertyTagExtension` pattern): the `#[binrw]`
/// struct and, from the same field list, a slice reader (`parse`) and a writer (`put`). Both refuse
/// bits outside `known` (whose data is unknown) with `unknown(flags)` as the message, and the
/// writer refuses a field that is present without its bit or missing with it, so what is written
/// reads back.
macro_rules! flagged_layout {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $(#[$flags_attr:meta])*
            pub $flags:ident: u8 as $flags_what:literal, known $known:expr, unknown $unknown:path;
            $(
                $(#[$field_attr:meta])*
                pub $field:ident: Option<$ty:ty> as $what:literal if $bit:expr;
            )*
        }
    ) => {
        #[::binrw::binrw]
        #[brw(little)]
        $(#[$attr])*
        pub struct $name {
            $(#[$flags_attr])*
            #[br(assert($flags & !$known == 0, "{}", $unknown($flags)))]
            #[bw(assert($flags & !$known == 0, "{}", $unknown(*$flags)))]
            pub $flags: u8,
            $(
                $(#[$field_attr])*
                #[br(if($flags & $bit != 0))]
                #[bw(assert($field.is_some() == ($flags & $bit != 0)))]
                pub $field: Option<$ty>,
            )*
        }

        impl $name {
            fn parse(r: &mut $crate::cursor::ByteReader<'_>) -> Result<Self, $crate::Error> {
                let $flags = r.u8($flags_what)?;
                if $flags & !$known != 0 {
                    return Err($crate::Error::new(r.offset() - 1, $unknown($flags)));
                }
                $(
                    let $field = match $flags & $bit != 0 {
                        true => Some(r.fixed($what)?),
                        false => None,
                    };
                )*
                Ok(Self { $flags, $($field),* })
            }

            fn put(&self, out: &mut Vec<u8>) -> Result<(), $crate::Error> {
                let at = out.len();
                if self.$flags & !$known != 0 {
                    return Err($crate::Error::new(at, $unknown(self.$flags)));
                }
                $(
                    if self.$field.is_some() != (self.$flags & $bit != 0) {
                        return Err($crate::Error::new(
                            at,
                            format!(
                                "{} {} must be present exactly when its bit {:#04x} is set (flags {:#04x})",
                                $flags_what,
                                stringify!($field),
                                $bit,
                                self.$flags
                            ),
                        ));
                    }
                )*
                $crate::cursor::put_binrw(self, out)
            }
        }
    };
}
pub(crate) use flagged_layout;

#[cfg(test)]
mod tests {
    use binrw::BinRead;
    use binrw::io::Cursor;

    use super::*;
    use crate::{FQuat, FVector};

    crate::fixed_layout! {
        /// A rotation and a translation: fourteen numbers of two widths.
        #[derive(Debug, PartialEq)]
        struct Placed { rotation: FQuat<F64>, translation: FVector<F32>, flags: u16 }

        /// Three rotations: more bytes than the stack buffer.
        #[derive(Debug, PartialEq)]
        struct Large { a: FQuat<F64>, b: FQuat<F64>, c: FQuat<F64> }
    }

    /// `parse_fixed` reads what the `#[binrw]` read of the same layout reads, and only its bytes.
    #[test]
    fn parse_fixed_reads_as_binrw_does() {
        let bytes: Vec<u8> = (0..Placed::SIZE as u8 + 3)
            .map(|b| b.wrapping_mul(37))
            .collect();
        let mut fixed = Cursor::new(&bytes);
        let read: Placed = parse_fixed(&mut fixed, Endian::Little, ()).unwrap();
        let mut stream = Cursor::new(&bytes);
        assert_eq!(read, Placed::read_le(&mut stream).unwrap());
        assert_eq!(fixed.position(), stream.position());
        assert_eq!(fixed.position(), 4 * 8 + 3 * 4 + 2);
    }

    #[test]
    fn a_layout_larger_than_the_stack_buffer_reads_whole() {
        const { assert!(Large::SIZE > FIXED_BUFFER) };
        let bytes: Vec<u8> = (0..Large::SIZE as u8).map(|b| b ^ 0x5a).collect();
        let read: Large = parse_fixed(&mut Cursor::new(&bytes), Endian::Little, ()).unwrap();
        assert_eq!(read, Large::read_le(&mut Cursor::new(&bytes)).unwrap());
    }

    #[test]
    fn a_short_parse_fixed_is_an_end_of_data_error() {
        let bytes = [0; 45];
        let e = parse_fixed::<Placed, _>(&mut Cursor::new(&bytes), Endian::Little, ()).unwrap_err();
        assert!(e.is_eof(), "{e}");
    }
}
