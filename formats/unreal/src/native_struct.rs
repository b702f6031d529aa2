//! Structs with a native binary layout (as opposed to property-list structs).
//!
//! Float-based math structs come in two widths: `F32` before UE5 and `F64` with large world coordinates.

use crate::layout::FixedLe;
use crate::{F32, F64, FGuid, FName, FString};
use serde::{Deserialize, Serialize};

/// The native structs: [`crate::fixed_layout!`] structs with the derives all of them share.
macro_rules! native {
    ($($(#[$attr:meta])* $name:ident $(<$t:ident: $bound:path>)? { $($field:ident: $ty:ty),* $(,)? })*) => {
        crate::fixed_layout! {$(
            $(#[$attr])*
            #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
            #[allow(missing_docs)]
            pub struct $name $(<$t: $bound>)? { $(pub $field: $ty),* }
        )*}
    };
}

/// A float width usable in the math structs (`F32` or `F64`).
pub trait Real:
    for<'a> binrw::BinRead<Args<'a> = ()>
    + for<'a> binrw::BinWrite<Args<'a> = ()>
    + FixedLe
    + Copy
    + PartialEq
{
}
impl Real for F32 {}
impl Real for F64 {}

native! {
    /// `FVector2D`.
    FVector2D<T: Real> { x: T, y: T }
    /// `FVector`.
    FVector<T: Real> { x: T, y: T, z: T }
    /// `FVector4`.
    FVector4<T: Real> { x: T, y: T, z: T, w: T }
    /// `FRotator`.
    FRotator<T: Real> { pitch: T, yaw: T, roll: T }
    /// `FQuat`.
    FQuat<T: Real> { x: T, y: T, z: T, w: T }
    /// `FBox`: min, max and an `IsValid` byte.
    FBox<T: Real> { min: FVector<T>, max: FVector<T>, is_valid: u8 }
    /// `FBox2D`: min, max and an `IsValid` byte.
    FBox2D<T: Real> { min: FVector2D<T>, max: FVector2D<T>, is_valid: u8 }
    /// `FLinearColor` (always 32-bit floats).
    FLinearColor { r: F32, g: F32, b: F32, a: F32 }
    /// `FIntPoint`.
    #[derive(Eq)]
    FIntPoint { x: i32, y: i32 }
    /// `FIntVector`.
    #[derive(Eq)]
    FIntVector { x: i32, y: i32, z: i32 }
    /// `FColor`, stored B, G, R, A.
    #[derive(Eq)]
    FColor { b: u8, g: u8, r: u8, a: u8 }
}

crate::fixed_layout! {
    /// Astroneer's `AstroDatumRef`: a reference to one datum of an entity container object. The meaning
    /// of the fields is read off real saves: `container` is always the index of a `*Container` object
    /// and `id` matches the negative ids those containers store.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
    pub struct FAstroDatumRef {
        /// Small non-negative number (a slot within the container).
        pub index: i32,
        /// The datum's id (negative in known saves).
        pub id: i32,
        /// Index of the container object in the save's object table.
        pub container: i32,
    }
}

/// `FFortniteMainBranchObjectVersion` (`601D1886-AC644F84-AA16D3DE-0DEAC7D6`).
pub const FORTNITE_MAIN_BRANCH_OBJECT_VERSION: FGuid = FGuid {
    a: 0x601D_1886,
    b: 0xAC64_4F84,
    c: 0xAA16_D3DE,
    d: 0x0DEA_C7D6,
};
/// `FFortniteMainBranchObjectVersion::SoftObjectPathUtf8SubPaths` (UE 5.6): the sub-path of an
/// `FSoftObjectPath` becomes an `FUtf8String` (an `i32` byte count and UTF-8 bytes, no NUL).
pub const SOFT_OBJECT_PATH_UTF8_SUB_PATHS: i32 = 192;

/// `FSoftObjectPath`: before UE 5.1 (package UE5 < 1007) an asset path name plus sub-path; from then
/// on a top-level asset path (package name, asset name) plus sub-path. `asset` is `Some` in the second form.
/// The sub-path is an `FString`, or from `SoftObjectPathUtf8SubPaths` on a UTF-8 string
/// ([`PropertyContext::soft_object_path_utf8`]), held here as an `FString` all the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FSoftObjectPath {
    /// Asset path name (old form) or package name (top-level form).
    pub package: FName,
    /// Asset name of the top-level form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asset: Option<FName>,
    /// Sub-object path.
    pub sub_path: FString,
}

/// A struct value: native layouts by name, property lists for everything else.
///
/// Layouts over 24 bytes are boxed so that a value, and so each element of a struct array, stays
/// at 32 bytes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum StructValue {
    Guid(FGuid),
    /// `FDateTime` ticks (a string in JSON: ticks exceed 2^53).
    DateTime(#[serde(with = "crate::json::int64")] i64),
    /// `FTimespan` ticks.
    Timespan(#[serde(with = "crate::json::int64")] i64),
    IntPoint(FIntPoint),
    IntVector(FIntVector),
    Color(FColor),
    LinearColor(FLinearColor),
    Vector2D(FVector2D<F32>),
    Vector2DD(FVector2D<F64>),
    Vector(FVector<F32>),
    VectorD(FVector<F64>),
    Vector4(FVector4<F32>),
    Vector4D(Box<FVector4<F64>>),
    Rotator(FRotator<F32>),
    RotatorD(FRotator<F64>),
    Quat(FQuat<F32>),
    QuatD(Box<FQuat<F64>>),
    Box(Box<FBox<F32>>),
    BoxD(Box<FBox<F64>>),
    Box2D(Box<FBox2D<F32>>),
    Box2DD(Box<FBox2D<F64>>),
    /// `SoftObjectPath` / `SoftClassPath`.
    SoftObjectPath(Box<FSoftObjectPath>),
    /// `GameplayTagContainer`: tag names.
    GameplayTagContainer(Vec<FName>),
    /// Astroneer's `AstroDatumRef`.
    AstroDatumRef(FAstroDatumRef),
    /// A binary struct whose layout is not known, only its size (from
    /// [`PropertyContext::binary_structs`]): its bytes as stored.
    Binary(#[serde(with = "crate::chunked::hex_bytes")] Vec<u8>),
    /// A struct whose native layout a format crate decodes (see [`crate::NativeStruct`]).
    Native(crate::NativeValue),
    /// A struct serialized as a tagged property list.
    Properties(crate::PropertyList),
}

use crate::Error;
use crate::context::UE5_SOFT_OBJECT_PATH_TOP_LEVEL;
use crate::cursor::{ByteReader, put_binrw};
use crate::property::ReadState;
use crate::{PropertyContext, PropertyList};

/// Stored sizes of a float math struct as (32-bit, 64-bit) layouts.
fn widths(name: &str) -> Option<(usize, usize)> {
    Some(match name {
        "Vector2D" => (8, 16),
        "Vector" | "Rotator" => (12, 24),
        "Vector4" | "Quat" => (16, 32),
        "Box" => (25, 49),
        "Box2D" => (17, 33),
        _ => return None,
    })
}

/// The struct names [`StructValue`] decodes by name (the arms of its reader below); any other name
/// is a format crate's hook, a registered binary struct, or a property list.
pub const NATIVE_STRUCT_NAMES: &[&str] = &[
    "Guid",
    "DateTime",
    "Timespan",
    "IntPoint",
    "IntVector",
    "Color",
    "LinearColor",
    "Vector2D",
    "Vector",
    "Vector4",
    "Rotator",
    "Quat",
    "Box",
    "Box2D",
    "SoftObjectPath",
    "SoftClassPath",
    "AstroDatumRef",
    "GameplayTagContainer",
];

impl StructValue {
    /// How many values of a property-list struct fell back to raw bytes (0 for native structs).
    pub fn raw_fallbacks(&self) -> usize {
        match self {
            Self::Properties(list) => list.raw_fallbacks(),
            _ => 0,
        }
    }

    /// Reads a struct of type `name`.
    ///
    /// `size`, when known (a tagged property or a pre-5.4 struct array), picks float or double layouts;
    /// otherwise the context's large-world-coordinates setting does. `native` is the UE 5.4 tag flag
    /// saying whether the struct is binary (`Some(true)`) or a property list (`Some(false)`).
    pub(crate) fn parse(
        name: &str,
        size: Option<usize>,
        native: Option<bool>,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<Self, Error> {
        if native == Some(false) {
            return Self::parse_properties(r, st);
        }
        let wide = match (widths(name), size) {
            (Some((_, double)), Some(s)) if s == double => true,
            (Some((single, _)), Some(s)) if s == single => false,
            _ => st.ctx.large_world_coordinates(),
        };
        Ok(match (name, wide) {
            ("Guid", _) => Self::Guid(r.fixed(name)?),
            ("DateTime", _) => Self::DateTime(r.i64(name)?),
            ("Timespan", _) => Self::Timespan(r.i64(name)?),
            ("IntPoint", _) => Self::IntPoint(r.fixed(name)?),
            ("IntVector", _) => Self::IntVector(r.fixed(name)?),
            ("Color", _) => Self::Color(r.fixed(name)?),
            ("LinearColor", _) => Self::LinearColor(r.fixed(name)?),
            ("Vector2D", false) => Self::Vector2D(r.fixed(name)?),
            ("Vector2D", true) => Self::Vector2DD(r.fixed(name)?),
            ("Vector", false) => Self::Vector(r.fixed(name)?),
            ("Vector", true) => Self::VectorD(r.fixed(name)?),
            ("Vector4", false) => Self::Vector4(r.fixed(name)?),
            ("Vector4", true) => Self::Vector4D(Box::new(r.fixed(name)?)),
            ("Rotator", false) => Self::Rotator(r.fixed(name)?),
            ("Rotator", true) => Self::RotatorD(r.fixed(name)?),
            ("Quat", false) => Self::Quat(r.fixed(name)?),
            ("Quat", true) => Self::QuatD(Box::new(r.fixed(name)?)),
            ("Box", false) => Self::Box(Box::new(r.fixed(name)?)),
            ("Box", true) => Self::BoxD(Box::new(r.fixed(name)?)),
            ("Box2D", false) => Self::Box2D(Box::new(r.fixed(name)?)),
            ("Box2D", true) => Self::Box2DD(Box::new(r.fixed(name)?)),
            ("SoftObjectPath" | "SoftClassPath", _) => {
                Self::SoftObjectPath(Box::new(FSoftObjectPath::parse(r, st)?))
            }
            ("AstroDatumRef", _) => Self::AstroDatumRef(r.fixed(name)?),
            ("GameplayTagContainer", _) => {
                let n = r.count(4, "gameplay tag count")?;
                Self::GameplayTagContainer(crate::cursor::collect_n(n, |_| st.read_name(r))?)
            }
            _ if let Some(hook) = st.ctx.native_structs.get(name) => {
                Self::Native(hook.parse(r, st.ctx)?)
            }
            _ if let Some(&len) = st.ctx.binary_structs.get(name) => {
                Self::Binary(r.bytes(len, name)?.to_vec())
            }
            _ if native == Some(true) => {
                return Err(r.err(format!("unknown binary struct {name:?}")));
            }
            _ => return Self::parse_properties(r, st),
        })
    }

    pub(crate) fn parse_properties(
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<Self, Error> {
        PropertyList::parse(r, st).map(Self::Properties)
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        match self {
            Self::Guid(v) => put_binrw(v, out),
            Self::DateTime(t) | Self::Timespan(t) => {
                out.extend_from_slice(&t.to_le_bytes());
                Ok(())
            }
            Self::IntPoint(v) => put_binrw(v, out),
            Self::IntVector(v) => put_binrw(v, out),
            Self::Color(v) => put_binrw(v, out),
            Self::LinearColor(v) => put_binrw(v, out),
            Self::Vector2D(v) => put_binrw(v, out),
            Self::Vector2DD(v) => put_binrw(v, out),
            Self::Vector(v) => put_binrw(v, out),
            Self::VectorD(v) => put_binrw(v, out),
            Self::Vector4(v) => put_binrw(v, out),
            Self::Vector4D(v) => put_binrw(&**v, out),
            Self::Rotator(v) => put_binrw(v, out),
            Self::RotatorD(v) => put_binrw(v, out),
            Self::Quat(v) => put_binrw(v, out),
            Self::QuatD(v) => put_binrw(&**v, out),
            Self::Box(v) => put_binrw(&**v, out),
            Self::BoxD(v) => put_binrw(&**v, out),
            Self::Box2D(v) => put_binrw(&**v, out),
            Self::Box2DD(v) => put_binrw(&**v, out),
            Self::SoftObjectPath(p) => p.put(ctx, out),
            Self::GameplayTagContainer(tags) => {
                crate::ftext::put_len(tags.len(), out)?;
                tags.iter().try_for_each(|t| ctx.put_name(t, out))
            }
            Self::AstroDatumRef(v) => put_binrw(v, out),
            Self::Binary(bytes) => {
                out.extend_from_slice(bytes);
                Ok(())
            }
            Self::Native(v) => v.put(ctx, out),
            Self::Properties(list) => list.put(ctx, out),
        }
    }
}

impl FSoftObjectPath {
    pub(crate) fn parse(r: &mut ByteReader<'_>, st: &mut ReadState<'_>) -> Result<Self, Error> {
        let package = st.read_name(r)?;
        let asset = if st.ctx.package_ue5 >= UE5_SOFT_OBJECT_PATH_TOP_LEVEL {
            Some(st.read_name(r)?)
        } else {
            None
        };
        let sub_path = if st.ctx.soft_object_path_utf8 {
            crate::fstring::parse_utf8(r)?
        } else {
            FString::parse(r)?
        };
        Ok(FSoftObjectPath {
            package,
            asset,
            sub_path,
        })
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        ctx.put_name(&self.package, out)?;
        match (
            &self.asset,
            ctx.package_ue5 >= UE5_SOFT_OBJECT_PATH_TOP_LEVEL,
        ) {
            (Some(a), true) => ctx.put_name(a, out)?,
            (None, false) => {}
            (asset, _) => return Err(asset_mismatch(out.len(), asset.is_some(), ctx)),
        }
        if ctx.soft_object_path_utf8 {
            crate::fstring::put_utf8(&self.sub_path, out)
        } else {
            self.sub_path.put(out)
        }
    }
}

/// The asset name of an [`FSoftObjectPath`] where the context's version disagrees: refused, as
/// the reader would take the next name for it (or the sub-path for a missing one).
#[cold]
#[inline(never)]
fn asset_mismatch(at: usize, present: bool, ctx: &PropertyContext) -> Error {
    let should = if present { "absent" } else { "present" };
    Error::new(
        at,
        format!(
            "FSoftObjectPath.asset (FileVersionUE5 >= {UE5_SOFT_OBJECT_PATH_TOP_LEVEL}) must be \
             {should} at FileVersionUE5 {}",
            ctx.package_ue5
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use binrw::BinRead;

    fn parse(name: &str, size: usize, data: &[u8]) -> Result<StructValue, Error> {
        let ctx = PropertyContext::default();
        let mut st = ReadState::new(&ctx);
        let mut r = ByteReader::new(data, 100);
        let value = StructValue::parse(name, Some(size), None, &mut r, &mut st)?;
        assert!(r.is_empty(), "{name} {size}");
        Ok(value)
    }

    fn binrw<T: for<'a> BinRead<Args<'a> = ()>>(data: &[u8]) -> T {
        T::read_le(&mut binrw::io::Cursor::new(data)).unwrap()
    }

    /// The math structs read straight from the input are what binrw reads from the same bytes, in
    /// both widths (NaN bit patterns included), and a truncated one is an error at its offset.
    #[test]
    fn math_structs_read_as_binrw_reads_them() {
        let data: Vec<u8> = (0..32u8).map(|i| i.wrapping_mul(37) | 0x7f).collect();
        let cases: [(&str, usize, StructValue); 10] = [
            ("Vector2D", 8, StructValue::Vector2D(binrw(&data))),
            ("Vector2D", 16, StructValue::Vector2DD(binrw(&data))),
            ("Vector", 12, StructValue::Vector(binrw(&data))),
            ("Vector", 24, StructValue::VectorD(binrw(&data))),
            ("Vector4", 16, StructValue::Vector4(binrw(&data))),
            ("Vector4", 32, StructValue::Vector4D(Box::new(binrw(&data)))),
            ("Rotator", 12, StructValue::Rotator(binrw(&data))),
            ("Rotator", 24, StructValue::RotatorD(binrw(&data))),
            ("Quat", 16, StructValue::Quat(binrw(&data))),
            ("Quat", 32, StructValue::QuatD(Box::new(binrw(&data)))),
        ];
        for (name, size, want) in cases {
            assert_eq!(
                parse(name, size, &data[..size]).unwrap(),
                want,
                "{name} {size}"
            );
            let e = parse(name, size, &data[..size - 1]).unwrap_err();
            assert_eq!(e.offset, 100, "{name} {size}: {e}");
            assert!(e.message.contains(name), "{e}");
        }
    }
}
