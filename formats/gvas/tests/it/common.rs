//! Byte surgery on real GVAS files for the UE 5.4+ tests: the files are taken from the corpus and
//! changed here with a walker of their own (not the crate's reader or writer), so the tests can fail.
#![allow(dead_code)] // each test file uses part of this

/// A plain corpus/gvas file, or `None` when the corpus is absent.
pub fn corpus(name: &str) -> Option<Vec<u8>> {
    let dir = snapshots::corpus_subdir("gvas")?;
    Some(std::fs::read(dir.join(name)).expect("corpus file is readable"))
}

/// Where `FileVersionUE5` sits in a save game version 3 header.
pub const UE5_VERSION_AT: usize = 12;

/// The file with its `FileVersionUE5` replaced.
pub fn with_ue5(data: &[u8], version: u32) -> Vec<u8> {
    let mut out = data.to_vec();
    assert_eq!(
        u32_at(data, 4),
        3,
        "save game version 3 carries FileVersionUE5"
    );
    out[UE5_VERSION_AT..UE5_VERSION_AT + 4].copy_from_slice(&version.to_le_bytes());
    out
}

pub fn u32_at(data: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(data[at..at + 4].try_into().unwrap())
}

fn i32_at(data: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(data[at..at + 4].try_into().unwrap())
}

/// Bytes an `FString` at `at` takes, length field included.
fn fstring_len(data: &[u8], at: usize) -> usize {
    let n = i32_at(data, at);
    4 + if n < 0 {
        n.unsigned_abs() as usize * 2
    } else {
        n as usize
    }
}

/// The text of an 8-bit `FString` at `at` (without its NUL).
fn fstring(data: &[u8], at: usize) -> &str {
    let len = fstring_len(data, at);
    if len <= 4 {
        return "";
    }
    std::str::from_utf8(&data[at + 4..at + len - 1]).expect("ASCII name")
}

/// Offset of the root property list: after the header's save class name.
pub fn header_end(data: &[u8]) -> usize {
    let version = u32_at(data, 4);
    let mut at = 12 + if version >= 3 { 4 } else { 0 };
    at += 10; // engine major, minor, patch (u16 each), changelist (u32)
    at += fstring_len(data, at); // branch
    if version >= 2 {
        let count = u32_at(data, at + 4) as usize;
        at += 8 + count * 20;
    }
    at + fstring_len(data, at)
}

/// Structs whose values are stored natively (no tags inside) in the files used here.
const NATIVE: &[&str] = &[
    "Vector",
    "Vector2D",
    "Vector4",
    "Rotator",
    "Quat",
    "Guid",
    "DateTime",
    "Timespan",
    "LinearColor",
    "Color",
    "IntPoint",
    "IntVector",
    "Box",
    "Box2D",
    "SoftObjectPath",
    "SoftClassPath",
    "GameplayTagContainer",
    "UniqueNetIdRepl",
];

/// The pre-UE 5.4 property list at `at` (UE4 package >= 509, property GUID flags, no tag
/// extension) rewritten with `extension` after every tag, nested ones included, and every size
/// that contains a tag grown to match; returns the new list and where the old one ended.
pub fn add_tag_extensions(data: &[u8], mut at: usize, extension: &[u8]) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    loop {
        let name_len = fstring_len(data, at);
        let name = fstring(data, at);
        out.extend_from_slice(&data[at..at + name_len]);
        at += name_len;
        if name == "None" {
            return (out, at);
        }
        at = add_to_tag(data, at, extension, &mut out);
    }
}

/// A pre-UE 5.4 tag after its name, as stored.
struct TagHeader {
    /// Type and first parameter (struct, enum or inner type).
    ty: String,
    params: Vec<String>,
    /// Offset of the size field from the start of the type.
    size_at: usize,
    size: usize,
    /// Where the value starts.
    end: usize,
}

fn tag_header(data: &[u8], mut at: usize) -> TagHeader {
    let start = at;
    let ty = fstring(data, at).to_owned();
    at += fstring_len(data, at);
    let size_at = at - start;
    let size = i32_at(data, at) as usize;
    at += 8;
    let mut params = Vec::new();
    let names = match ty.as_str() {
        "StructProperty" | "ByteProperty" | "EnumProperty" | "ArrayProperty" | "SetProperty" => 1,
        "MapProperty" => 2,
        _ => 0,
    };
    for _ in 0..names {
        params.push(fstring(data, at).to_owned());
        at += fstring_len(data, at);
    }
    match ty.as_str() {
        "StructProperty" => at += 16,
        "BoolProperty" => at += 1,
        _ => {}
    }
    at += 1 + if data[at] == 1 { 16 } else { 0 };
    TagHeader {
        ty,
        params,
        size_at,
        size,
        end: at,
    }
}

/// Copies the tag whose type starts at `at` with `extension` added; returns the header read and
/// where in `out` its size field is.
fn copy_header(data: &[u8], at: usize, extension: &[u8], out: &mut Vec<u8>) -> (TagHeader, usize) {
    let header = tag_header(data, at);
    let size_field = out.len() + header.size_at;
    out.extend_from_slice(&data[at..header.end]);
    out.extend_from_slice(extension);
    (header, size_field)
}

/// Writes into the size field at `field` how many bytes `out` gained since `start`.
fn set_size(out: &mut [u8], field: usize, start: usize) {
    let size = (out.len() - start) as i32;
    out[field..field + 4].copy_from_slice(&size.to_le_bytes());
}

/// One tag after its name, and its value; returns the end of the value.
fn add_to_tag(data: &[u8], at: usize, extension: &[u8], out: &mut Vec<u8>) -> usize {
    let (header, size_field) = copy_header(data, at, extension, out);
    let (from, to) = (header.end, header.end + header.size);
    let value_start = out.len();
    match (
        header.ty.as_str(),
        header.params.first().map(String::as_str),
    ) {
        ("StructProperty", Some(s)) if !NATIVE.contains(&s) => {
            let (list, end) = add_tag_extensions(data, from, extension);
            assert_eq!(end, to, "struct {s} is a property list");
            out.extend_from_slice(&list);
        }
        ("ArrayProperty", Some("StructProperty")) => {
            add_to_struct_array(data, from, to, extension, out)
        }
        ("SetProperty" | "MapProperty", _) => {
            assert!(
                !header.params.iter().any(|p| p == "StructProperty"),
                "struct elements of sets and maps are not handled here"
            );
            out.extend_from_slice(&data[from..to]);
        }
        _ => out.extend_from_slice(&data[from..to]),
    }
    set_size(out, size_field, value_start);
    to
}

/// An array of structs from `at` to `end`: count, the inner tag (which gets the extension too),
/// the elements (property lists unless the struct is native).
fn add_to_struct_array(data: &[u8], at: usize, end: usize, extension: &[u8], out: &mut Vec<u8>) {
    let count = i32_at(data, at) as usize;
    let name_end = at + 4 + fstring_len(data, at + 4);
    out.extend_from_slice(&data[at..name_end]);
    let (inner, size_field) = copy_header(data, name_end, extension, out);
    assert_eq!(
        inner.end + inner.size,
        end,
        "the inner tag's size covers the elements"
    );
    let elements_start = out.len();
    if NATIVE.contains(&inner.params[0].as_str()) {
        out.extend_from_slice(&data[inner.end..end]);
    } else {
        let mut from = inner.end;
        for _ in 0..count {
            let (list, next) = add_tag_extensions(data, from, extension);
            out.extend_from_slice(&list);
            from = next;
        }
        assert_eq!(from, end, "{count} elements fill the array");
    }
    set_size(out, size_field, elements_start);
}
