//! Array, Set and Map values and their untagged elements.

use crate::context::NameMode;
use crate::cursor::{ByteReader, collect_n};
use crate::fstring::{Stored, same_bytes};
use crate::ftext::put_len;
use crate::native_struct::StructValue;
use crate::property::{Kind, PropertyValue, ReadState};
use crate::property_tag::{FPropertyTag, FPropertyTypeName};
use crate::{Error, F32, F64, FString, PropertyContext};
use serde::{Deserialize, Serialize};

/// ArrayProperty data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ArrayValue {
    /// Byte, Bool and Int8 elements, one byte each (hex in JSON).
    Bytes(#[serde(with = "crate::chunked::hex_bytes")] Vec<u8>),
    /// Struct elements; before UE 5.4 an inner tag (with the struct name) precedes them.
    Structs {
        /// The inner `FPropertyTag` (pre-5.4 files).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        inner_tag: Option<Box<FPropertyTag>>,
        /// The structs.
        items: Vec<StructValue>,
    },
    /// IntProperty elements.
    Ints(Vec<i32>),
    /// Int16Property elements.
    Int16s(Vec<i16>),
    /// UInt16Property elements.
    UInt16s(Vec<u16>),
    /// UInt32Property elements.
    UInt32s(Vec<u32>),
    /// Int64Property elements.
    Int64s(#[serde(with = "crate::json::int64::vec")] Vec<i64>),
    /// UInt64Property elements.
    UInt64s(#[serde(with = "crate::json::uint64::vec")] Vec<u64>),
    /// FloatProperty elements.
    Floats(Vec<F32>),
    /// DoubleProperty elements.
    Doubles(Vec<F64>),
    /// Str, Name and Enum elements, Byte elements holding enum names, and Object paths.
    Strings(Vec<FString>),
    /// Any other element type.
    Values(Vec<PropertyValue>),
}

/// Reads `count` fixed-size numbers in one bounds check.
fn numbers<T, const N: usize>(
    r: &mut ByteReader<'_>,
    count: usize,
    from: fn([u8; N]) -> T,
) -> Result<Vec<T>, Error> {
    let len = count
        .checked_mul(N)
        .ok_or_else(|| r.err("array too large"))?;
    let bytes = r.bytes(len, "array elements")?;
    Ok(bytes
        .chunks_exact(N)
        .map(|c| {
            let mut a = [0; N];
            a.copy_from_slice(c);
            from(a)
        })
        .collect())
}

fn put_numbers<T, const N: usize>(
    vs: &[T],
    out: &mut Vec<u8>,
    to: fn(&T) -> [u8; N],
) -> Result<(), Error> {
    put_len(vs.len(), out)?;
    out.reserve(vs.len() * N);
    for v in vs {
        out.extend_from_slice(&to(v));
    }
    Ok(())
}

/// SetProperty data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetValue {
    /// Elements to remove (delta serialization; normally empty).
    pub removed: Vec<PropertyValue>,
    /// The elements.
    pub elements: Vec<PropertyValue>,
}

/// MapProperty data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapValue {
    /// Keys to remove (delta serialization; normally empty).
    pub removed: Vec<PropertyValue>,
    /// Key/value pairs in file order.
    pub entries: Vec<(PropertyValue, PropertyValue)>,
}

/// Reads `count` FStrings (checked against the input). An element stored exactly like the one
/// before it is a clone of that one, which costs no decoding, validation or allocation: string
/// arrays often repeat a value in runs (tens of thousands of equal component names in a row).
/// Equal stored bytes, length included, always decode to equal strings, whatever their encoding.
fn read_strings(r: &mut ByteReader<'_>, count: usize) -> Result<Vec<FString>, Error> {
    // Every element takes at least its 4-byte length.
    let mut out: Vec<FString> = Vec::with_capacity(count.min(r.remaining() / 4));
    // The stored bytes of the last element of `out`; empty before the first.
    let mut before: &[u8] = &[];
    for i in 0..count {
        let start = r.pos();
        let stored = Stored::read(r).map_err(indexed(i))?;
        let bytes = r.whole().get(start..r.pos()).unwrap_or_default();
        let s = match out.last() {
            Some(last) if same_bytes(before, bytes) => last.clone(),
            _ => {
                before = bytes;
                FString::decode_stored(&stored).map_err(indexed(i))?
            }
        };
        out.push(s);
    }
    Ok(out)
}

fn indexed(i: usize) -> impl FnOnce(Error) -> Error {
    move |e| e.within(&format!("[{i}]"))
}

fn param<'t>(
    ty: &'t FPropertyTypeName,
    i: usize,
    r: &ByteReader<'_>,
) -> Result<&'t FPropertyTypeName, Error> {
    ty.params
        .get(i)
        .ok_or_else(|| r.err(format!("{} without element type {i}", ty.name.as_str())))
}

impl ArrayValue {
    pub(crate) fn parse(
        ty: &FPropertyTypeName,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<Self, Error> {
        let inner = param(ty, 0, r)?;
        let count = r.count(1, "array count")?;
        let inner_kind = Kind::of(inner.name.as_str());
        Ok(match inner_kind {
            Kind::Struct if st.ctx.complete_type_names() => {
                let name = inner.param_name(0);
                let items = collect_n(count, |i| {
                    StructValue::parse(name, None, None, r, st).map_err(indexed(i))
                })?;
                ArrayValue::Structs {
                    inner_tag: None,
                    items,
                }
            }
            Kind::Struct => {
                let name = st.read_name_id(r)?;
                let (tag, info) = FPropertyTag::parse_after_name(name, r, st)?;
                if !tag.type_name.name.is("StructProperty") {
                    return Err(r.err("inner tag of a struct array is not a StructProperty"));
                }
                let mut body = r.sub(info.size, "array struct data")?;
                let each = (count > 0 && info.size % count == 0).then(|| info.size / count);
                let name = tag.type_name.param_name(0);
                let mut items = Vec::with_capacity(count);
                for i in 0..count {
                    items.push(
                        StructValue::parse(name, each, None, &mut body, st).map_err(indexed(i))?,
                    );
                }
                if !body.is_empty() {
                    return Err(body.err(format!(
                        "{} bytes of the array's struct data left over",
                        body.remaining()
                    )));
                }
                ArrayValue::Structs {
                    inner_tag: Some(Box::new(tag)),
                    items,
                }
            }
            Kind::Bool | Kind::Int8 => ArrayValue::Bytes(r.bytes(count, "array bytes")?.to_vec()),
            Kind::Byte if r.remaining() == count => {
                ArrayValue::Bytes(r.bytes(count, "array bytes")?.to_vec())
            }
            Kind::Int => ArrayValue::Ints(numbers(r, count, i32::from_le_bytes)?),
            Kind::Int16 => ArrayValue::Int16s(numbers(r, count, i16::from_le_bytes)?),
            Kind::UInt16 => ArrayValue::UInt16s(numbers(r, count, u16::from_le_bytes)?),
            Kind::UInt32 => ArrayValue::UInt32s(numbers(r, count, u32::from_le_bytes)?),
            Kind::Int64 => ArrayValue::Int64s(numbers(r, count, i64::from_le_bytes)?),
            Kind::UInt64 => ArrayValue::UInt64s(numbers(r, count, u64::from_le_bytes)?),
            Kind::Float => ArrayValue::Floats(numbers(r, count, |b| F32(f32::from_le_bytes(b)))?),
            Kind::Double => ArrayValue::Doubles(numbers(r, count, |b| F64(f64::from_le_bytes(b)))?),
            // Names in a pool are indices, not strings: those arrays take the `Values` path.
            Kind::Byte | Kind::Name | Kind::Enum if st.ctx.names == NameMode::Inline => {
                ArrayValue::Strings(collect_n(count, |i| st.read_name(r).map_err(indexed(i)))?)
            }
            Kind::Byte | Kind::Name | Kind::Enum => ArrayValue::Values(collect_n(count, |i| {
                let n = st.read_name(r).map_err(indexed(i))?;
                Ok(match inner_kind {
                    Kind::Name => PropertyValue::Name(n),
                    _ => PropertyValue::Enum(n),
                })
            })?),
            Kind::Str => ArrayValue::Strings(read_strings(r, count)?),
            Kind::Object if !st.ctx.level_object_references && !st.ctx.object_indices => {
                ArrayValue::Strings(collect_n(count, |i| {
                    FString::parse_shared(r, &mut st.names).map_err(indexed(i))
                })?)
            }
            kind => ArrayValue::Values(collect_n(count, |i| {
                read_element_of(kind, inner, r, st).map_err(indexed(i))
            })?),
        })
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        match self {
            ArrayValue::Bytes(b) => {
                put_len(b.len(), out)?;
                out.extend_from_slice(b);
            }
            ArrayValue::Structs { inner_tag, items } => {
                put_len(items.len(), out)?;
                let slot = inner_tag
                    .as_ref()
                    .map(|t| t.put(ctx, false, out))
                    .transpose()?;
                let start = out.len();
                for (i, s) in items.iter().enumerate() {
                    s.put(ctx, out).map_err(indexed(i))?;
                }
                if let Some(slot) = slot {
                    slot.patch(out, start)?;
                }
            }
            ArrayValue::Ints(vs) => put_numbers(vs, out, |v| v.to_le_bytes())?,
            ArrayValue::Int16s(vs) => put_numbers(vs, out, |v| v.to_le_bytes())?,
            ArrayValue::UInt16s(vs) => put_numbers(vs, out, |v| v.to_le_bytes())?,
            ArrayValue::UInt32s(vs) => put_numbers(vs, out, |v| v.to_le_bytes())?,
            ArrayValue::Int64s(vs) => put_numbers(vs, out, |v| v.to_le_bytes())?,
            ArrayValue::UInt64s(vs) => put_numbers(vs, out, |v| v.to_le_bytes())?,
            ArrayValue::Floats(vs) => put_numbers(vs, out, |v| v.0.to_le_bytes())?,
            ArrayValue::Doubles(vs) => put_numbers(vs, out, |v| v.0.to_le_bytes())?,
            ArrayValue::Strings(vs) => {
                put_len(vs.len(), out)?;
                for (i, v) in vs.iter().enumerate() {
                    v.put(out).map_err(indexed(i))?;
                }
            }
            ArrayValue::Values(vs) => {
                put_len(vs.len(), out)?;
                for (i, v) in vs.iter().enumerate() {
                    v.put(ctx, out).map_err(indexed(i))?;
                }
            }
        }
        Ok(())
    }
}

fn read_elements(
    ty: &FPropertyTypeName,
    r: &mut ByteReader<'_>,
    st: &mut ReadState<'_>,
    what: &str,
) -> Result<Vec<PropertyValue>, Error> {
    let n = r.count(1, what)?;
    let kind = Kind::of(ty.name.as_str());
    collect_n(n, |i| read_element_of(kind, ty, r, st).map_err(indexed(i)))
}

fn put_elements(
    vs: &[PropertyValue],
    ctx: &PropertyContext,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    put_len(vs.len(), out)?;
    for (i, v) in vs.iter().enumerate() {
        v.put(ctx, out).map_err(indexed(i))?;
    }
    Ok(())
}

impl SetValue {
    /// Set elements use the set property's own path as their hint key.
    pub(crate) fn parse(
        ty: &FPropertyTypeName,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<Self, Error> {
        let inner = param(ty, 0, r)?;
        let removed = read_elements(inner, r, st, "set elements to remove")?;
        let elements = read_elements(inner, r, st, "set count")?;
        Ok(SetValue { removed, elements })
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        put_elements(&self.removed, ctx, out)?;
        put_elements(&self.elements, ctx, out)
    }
}

impl MapValue {
    pub(crate) fn parse(
        ty: &FPropertyTypeName,
        r: &mut ByteReader<'_>,
        st: &mut ReadState<'_>,
    ) -> Result<Self, Error> {
        let key_ty = param(ty, 0, r)?;
        let value_ty = param(ty, 1, r)?;
        let removed = st.in_path("Key", |st| {
            read_elements(key_ty, r, st, "map keys to remove")
        })?;
        let n = r.count(1, "map count")?;
        let key_kind = Kind::of(key_ty.name.as_str());
        let value_kind = Kind::of(value_ty.name.as_str());
        let mut entries = Vec::with_capacity(n);
        for i in 0..n {
            let key = st
                .in_path("Key", |st| read_element_of(key_kind, key_ty, r, st))
                .map_err(|e| e.within("Key"));
            let key = key.map_err(indexed(i))?;
            let value = st
                .in_path("Value", |st| read_element_of(value_kind, value_ty, r, st))
                .map_err(|e| e.within("Value"));
            entries.push((key, value.map_err(indexed(i))?));
        }
        Ok(MapValue { removed, entries })
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        put_elements(&self.removed, ctx, out)?;
        put_len(self.entries.len(), out)?;
        for (i, (k, v)) in self.entries.iter().enumerate() {
            k.put(ctx, out)
                .map_err(|e| e.within("Key"))
                .map_err(indexed(i))?;
            v.put(ctx, out)
                .map_err(|e| e.within("Value"))
                .map_err(indexed(i))?;
        }
        Ok(())
    }
}

/// Reads one untagged value of type `ty` (an element, or a tagged value with no tag-specific layout).
pub(crate) fn read_element(
    ty: &FPropertyTypeName,
    r: &mut ByteReader<'_>,
    st: &mut ReadState<'_>,
) -> Result<PropertyValue, Error> {
    read_element_of(Kind::of(ty.name.as_str()), ty, r, st)
}

/// `read_element` with the kind of `ty` already known (hoisted out of element loops).
pub(crate) fn read_element_of(
    kind: Kind,
    ty: &FPropertyTypeName,
    r: &mut ByteReader<'_>,
    st: &mut ReadState<'_>,
) -> Result<PropertyValue, Error> {
    Ok(match kind {
        Kind::Bool => {
            let at = r.offset();
            match r.u8("Bool")? {
                0 => PropertyValue::Bool(false),
                1 => PropertyValue::Bool(true),
                b => return Err(Error::new(at, format!("Bool: 0 or 1 expected, found {b}"))),
            }
        }
        Kind::Struct => PropertyValue::Struct(read_element_struct(ty, r, st)?),
        Kind::Optional => {
            let at = r.offset();
            let inner = param(ty, 0, r)?;
            match r.u32("Optional is-set")? {
                0 => PropertyValue::Optional(None),
                1 => PropertyValue::Optional(Some(Box::new(read_element(inner, r, st)?))),
                b => {
                    return Err(Error::new(
                        at,
                        format!("Optional: bool expected, found {b}"),
                    ));
                }
            }
        }
        Kind::Array | Kind::Set | Kind::Map | Kind::Unknown => {
            return Err(r.err(format!(
                "{} is not supported as an element",
                ty.name.as_str()
            )));
        }
        _ => PropertyValue::parse_simple(kind, r, st)?,
    })
}

/// A struct element: its type comes from the UE 5.4 type tree, else a hint, else a sniff of the bytes.
fn read_element_struct(
    ty: &FPropertyTypeName,
    r: &mut ByteReader<'_>,
    st: &mut ReadState<'_>,
) -> Result<StructValue, Error> {
    let from_tree = ty.param_name(0);
    if !from_tree.is_empty() {
        return StructValue::parse(from_tree, None, None, r, st);
    }
    let ctx = st.ctx;
    match st.hint() {
        Some("Struct") => StructValue::parse_properties(r, st),
        Some(name) => StructValue::parse(name, None, None, r, st),
        None if looks_like_property_list(r, ctx) => StructValue::parse_properties(r, st),
        None => StructValue::parse("Guid", None, None, r, st),
    }
}

/// True when the bytes start like a property list: "None", or a name followed by a `*Property` type.
fn looks_like_property_list(r: &ByteReader<'_>, ctx: &PropertyContext) -> bool {
    let mut p = r.clone();
    if let NameMode::Pool(pool) = &ctx.names {
        let mut name = || p.i32("name index").ok().and_then(|i| pool.get(i));
        return match name() {
            Some(n) if n.is("None") => true,
            Some(_) => name().is_some_and(|t| t.as_str().ends_with("Property")),
            None => false,
        };
    }
    match ansi_bytes(&mut p) {
        Some(b"None\0") => true,
        Some(name) if name.len() > 1 => {
            ansi_bytes(&mut p).is_some_and(|t| t.ends_with(b"Property\0"))
        }
        _ => false,
    }
}

/// The stored bytes of an ANSI FString (terminator included), without decoding or allocating.
fn ansi_bytes<'a>(r: &mut ByteReader<'a>) -> Option<&'a [u8]> {
    let len = usize::try_from(r.i32("FString length").ok()?).ok()?;
    r.bytes(len, "FString characters").ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fstring::tests::narrow;
    use std::sync::Arc;

    fn wide(text: &str) -> Vec<u8> {
        let units: Vec<u16> = text.encode_utf16().chain([0]).collect();
        let mut out = (-(units.len() as i32)).to_le_bytes().to_vec();
        out.extend(units.iter().flat_map(|u| u.to_le_bytes()));
        out
    }

    /// Runs of equal strings, strings differing only in encoding, the null and the empty string:
    /// each element reads back as stored, and a repeat is the previous element's allocation.
    #[test]
    fn string_arrays_read_back_with_runs_shared() {
        let elements = [
            narrow(b"Component_0"),
            narrow(b"Component_0"),
            narrow(b"Component_0"),
            wide("Component_0"),
            wide("Component_0"),
            narrow(&[0xe9]),
            narrow(&[0xe9]),
            narrow("é".as_bytes()),
            0i32.to_le_bytes().to_vec(),
            0i32.to_le_bytes().to_vec(),
            narrow(b""),
            narrow(b"Component_0"),
        ];
        let data = elements.concat();
        let mut r = ByteReader::new(&data, 0);
        let read = read_strings(&mut r, elements.len()).unwrap();
        assert!(r.is_empty());
        let want: Vec<(Option<&str>, bool)> = vec![
            (Some("Component_0"), false),
            (Some("Component_0"), false),
            (Some("Component_0"), false),
            (Some("Component_0"), true),
            (Some("Component_0"), true),
            (Some("é"), false),
            (Some("é"), false),
            (Some("Ã©"), false),
            (None, false),
            (None, false),
            (Some(""), false),
            (Some("Component_0"), false),
        ];
        let got: Vec<(Option<&str>, bool)> =
            read.iter().map(|s| (s.value.as_deref(), s.wide)).collect();
        assert_eq!(got, want);
        let same = |a: &FString, b: &FString| match (&a.value, &b.value) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        assert!(same(&read[0], &read[2]) && same(&read[3], &read[4]) && same(&read[5], &read[6]));
        assert!(!same(&read[2], &read[3]) && !same(&read[0], &read[11]));
        // Written back, the elements are the input bytes.
        let mut out = Vec::new();
        for s in &read {
            s.put(&mut out).unwrap();
        }
        assert_eq!(out, data);
    }

    /// A bad element is an error naming its index and offset, after a run as well.
    #[test]
    fn string_array_errors_name_the_element() {
        let mut data = [narrow(b"A"), narrow(b"A")].concat();
        data.extend_from_slice(&2i32.to_le_bytes());
        data.extend_from_slice(b"AB");
        let e = read_strings(&mut ByteReader::new(&data, 100), 3).unwrap_err();
        assert_eq!((e.path.as_str(), e.offset), ("[2]", 100 + 12), "{e}");
        assert!(e.message.contains("NUL"), "{e}");
        let e = read_strings(&mut ByteReader::new(&data[..17], 100), 3).unwrap_err();
        assert_eq!((e.path.as_str(), e.offset), ("[2]", 100 + 16), "{e}");
    }
}
