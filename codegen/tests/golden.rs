//! Golden files: one small schema per Kaitai feature the binrw backend supports
//! (`tests/golden/<feature>.ksy`), each with its generated module checked in beside it
//! (`tests/golden/<feature>.rs`), so a reviewer sees what each construct becomes and a change to
//! the generator shows up as a diff of these files.
//!
//! `golden_modules_are_fresh` regenerates every schema through `Builder` (the pipeline of build
//! scripts and `generate`) and fails, naming the file and the first lines that
//! differ, when the output changed; accept a reviewed change with
//! `SAVEPOINT_REGENERATE=1 cargo test -p savepoint-codegen --test golden`.
//!
//! The modules are also compiled into this test, and each feature's test reads bytes written by
//! hand from the Kaitai semantics, checks values, and writes them back byte-exact.

use std::io::Cursor;
use std::path::{Path, PathBuf};

use binrw::{BinRead, BinWrite};
use savepoint_codegen::Builder;

mod fresh;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// The files of the golden folder with extension `ext`, sorted.
fn files_with(ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("read tests/golden")
        .map(|e| e.expect("list tests/golden").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

#[test]
fn golden_modules_are_fresh() {
    let schemas = files_with("ksy");
    let generated = Builder::new()
        .schemas(&schemas)
        .import_dir(golden_dir())
        .processor("shift", "crate::Shift")
        .processor("demo.brackets", "crate::demo::Brackets")
        .opaque_type("packed_rgb", "crate::PackedRgb")
        .generate()
        .unwrap_or_else(|e| panic!("{e}"));
    // Each module is named by its meta/id, which is the schema's file name.
    for (schema, module) in schemas.iter().zip(&generated.modules) {
        assert_eq!(
            schema.file_stem().and_then(|s| s.to_str()),
            Some(module.name.as_str()),
            "meta/id of {}",
            schema.display()
        );
    }
    fresh::assert_fresh(
        &golden_dir(),
        &generated.modules,
        "SAVEPOINT_REGENERATE=1 cargo test -p savepoint-codegen --test golden",
    );
    // A golden module whose schema was removed would be compiled and tested for nothing.
    for rs in files_with("rs") {
        assert!(
            rs.with_extension("ksy").exists(),
            "{} has no schema beside it",
            rs.display()
        );
    }
}

// The golden modules, at the crate root where their `crate::<meta id>` imports look for each
// other; `rustfmt::skip` keeps `cargo fmt` from reformatting the checked-in output.
#[rustfmt::skip] #[path = "golden/bit_fields.rs"] mod bit_fields;
#[rustfmt::skip] #[path = "golden/bit_valid.rs"] mod bit_valid;
#[rustfmt::skip] #[path = "golden/bit_lists.rs"] mod bit_lists;
#[rustfmt::skip] #[path = "golden/byte_arrays.rs"] mod byte_arrays;
#[rustfmt::skip] #[path = "golden/bytes_left.rs"] mod bytes_left;
#[rustfmt::skip] #[path = "golden/calculated_endian.rs"] mod calculated_endian;
#[rustfmt::skip] #[path = "golden/calculated_endian_root.rs"] mod calculated_endian_root;
#[rustfmt::skip] #[path = "golden/child_values.rs"] mod child_values;
#[rustfmt::skip] #[path = "golden/conditional.rs"] mod conditional;
#[rustfmt::skip] #[path = "golden/contents.rs"] mod contents;
#[rustfmt::skip] #[path = "golden/contents_if.rs"] mod contents_if;
#[rustfmt::skip] #[path = "golden/custom_process.rs"] mod custom_process;
#[rustfmt::skip] #[path = "golden/endianness.rs"] mod endianness;
#[rustfmt::skip] #[path = "golden/enum_ahead.rs"] mod enum_ahead;
#[rustfmt::skip] #[path = "golden/enum_args.rs"] mod enum_args;
#[rustfmt::skip] #[path = "golden/enum_unknown.rs"] mod enum_unknown;
#[rustfmt::skip] #[path = "golden/enums.rs"] mod enums;
#[rustfmt::skip] #[path = "golden/flag_of.rs"] mod flag_of;
#[rustfmt::skip] #[path = "golden/if_computed.rs"] mod if_computed;
#[rustfmt::skip] #[path = "golden/imported_rgb.rs"] mod imported_rgb;
#[rustfmt::skip] #[path = "golden/imports.rs"] mod imports;
#[rustfmt::skip] #[path = "golden/index_args.rs"] mod index_args;
#[rustfmt::skip] #[path = "golden/instance_here.rs"] mod instance_here;
#[rustfmt::skip] #[path = "golden/instances.rs"] mod instances;
#[rustfmt::skip] #[path = "golden/instances_nav.rs"] mod instances_nav;
#[rustfmt::skip] #[path = "golden/io_attrs.rs"] mod io_attrs;
#[rustfmt::skip] #[path = "golden/io_bits.rs"] mod io_bits;
#[rustfmt::skip] #[path = "golden/io_instances.rs"] mod io_instances;
#[rustfmt::skip] #[path = "golden/io_params.rs"] mod io_params;
#[rustfmt::skip] #[path = "golden/io_user.rs"] mod io_user;
#[rustfmt::skip] #[path = "golden/integers.rs"] mod integers;
#[rustfmt::skip] #[path = "golden/lifted_if.rs"] mod lifted_if;
#[rustfmt::skip] #[path = "golden/list_params.rs"] mod list_params;
#[rustfmt::skip] #[path = "golden/list_sizes.rs"] mod list_sizes;
#[rustfmt::skip] #[path = "golden/modulo.rs"] mod modulo;
#[rustfmt::skip] #[path = "golden/named_versions.rs"] mod named_versions;
#[rustfmt::skip] #[path = "golden/nested_types.rs"] mod nested_types;
#[rustfmt::skip] #[path = "golden/one_of.rs"] mod one_of;
#[rustfmt::skip] #[path = "golden/opaque.rs"] mod opaque;
#[rustfmt::skip] #[path = "golden/params.rs"] mod params;
#[rustfmt::skip] #[path = "golden/parent_paths.rs"] mod parent_paths;
#[rustfmt::skip] #[path = "golden/parent_root.rs"] mod parent_root;
#[rustfmt::skip] #[path = "golden/pos_if_value.rs"] mod pos_if_value;
#[rustfmt::skip] #[path = "golden/pos_parent_root.rs"] mod pos_parent_root;
#[rustfmt::skip] #[path = "golden/process.rs"] mod process;
#[rustfmt::skip] #[path = "golden/repeat.rs"] mod repeat;
#[rustfmt::skip] #[path = "golden/root_constants.rs"] mod root_constants;
#[rustfmt::skip] #[path = "golden/root_param.rs"] mod root_param;
#[rustfmt::skip] #[path = "golden/rust_params.rs"] mod rust_params;
#[rustfmt::skip] #[path = "golden/savepoint_enum.rs"] mod savepoint_enum;
#[rustfmt::skip] #[path = "golden/savepoint_pattern.rs"] mod savepoint_pattern;
#[rustfmt::skip] #[path = "golden/savepoint_rust.rs"] mod savepoint_rust;
#[rustfmt::skip] #[path = "golden/savepoint_version.rs"] mod savepoint_version;
#[rustfmt::skip] #[path = "golden/sized_parent_values.rs"] mod sized_parent_values;
#[rustfmt::skip] #[path = "golden/sizeof.rs"] mod sizeof;
#[rustfmt::skip] #[path = "golden/strings.rs"] mod strings;
#[rustfmt::skip] #[path = "golden/struct_params.rs"] mod struct_params;
#[rustfmt::skip] #[path = "golden/switch.rs"] mod switch;
#[rustfmt::skip] #[path = "golden/switch_coerce.rs"] mod switch_coerce;
#[rustfmt::skip] #[path = "golden/switch_expr.rs"] mod switch_expr;
#[rustfmt::skip] #[path = "golden/switch_indexed.rs"] mod switch_indexed;
#[rustfmt::skip] #[path = "golden/switch_int_size.rs"] mod switch_int_size;
#[rustfmt::skip] #[path = "golden/switch_nav.rs"] mod switch_nav;
#[rustfmt::skip] #[path = "golden/switch_params.rs"] mod switch_params;
#[rustfmt::skip] #[path = "golden/switch_primitives.rs"] mod switch_primitives;
#[rustfmt::skip] #[path = "golden/switch_recursive.rs"] mod switch_recursive;
#[rustfmt::skip] #[path = "golden/switch_value.rs"] mod switch_value;
#[rustfmt::skip] #[path = "golden/until_enum.rs"] mod until_enum;
#[rustfmt::skip] #[path = "golden/until_instance.rs"] mod until_instance;
#[rustfmt::skip] #[path = "golden/until_stream.rs"] mod until_stream;
#[rustfmt::skip] #[path = "golden/until_value.rs"] mod until_value;
#[rustfmt::skip] #[path = "golden/valid.rs"] mod valid;
#[rustfmt::skip] #[path = "golden/valid_enum.rs"] mod valid_enum;
#[rustfmt::skip] #[path = "golden/value_parent_root.rs"] mod value_parent_root;
#[rustfmt::skip] #[path = "golden/value_seq.rs"] mod value_seq;
#[rustfmt::skip] #[path = "golden/value_seq_enum.rs"] mod value_seq_enum;
#[rustfmt::skip] #[path = "golden/value_seq_param.rs"] mod value_seq_param;
#[rustfmt::skip] #[path = "golden/value_strings.rs"] mod value_strings;
#[rustfmt::skip] #[path = "golden/vec2.rs"] mod vec2;
#[rustfmt::skip] #[path = "golden/version_param.rs"] mod version_param;
#[rustfmt::skip] #[path = "golden/writer_params.rs"] mod writer_params;

/// Reads `bytes` as a `T` (which must use every byte) and checks that writing it gives them
/// back exactly.
fn round_trip<T>(bytes: &[u8]) -> T
where
    T: BinRead + BinWrite,
    for<'a> <T as BinRead>::Args<'a>: Default,
    for<'a> <T as BinWrite>::Args<'a>: Default,
{
    let mut input = Cursor::new(bytes);
    let value = T::read_le(&mut input).unwrap_or_else(|e| panic!("read {bytes:02x?}: {e}"));
    assert_eq!(input.position(), bytes.len() as u64, "bytes left unread");
    assert_eq!(write(&value), bytes, "written back");
    value
}

/// [`round_trip`] for a type whose one argument, on both sides, is the version `v`.
fn round_trip_at<T>(bytes: &[u8], v: i32) -> T
where
    T: for<'a> BinRead<Args<'a> = (i32,)> + for<'a> BinWrite<Args<'a> = (i32,)>,
{
    let mut input = Cursor::new(bytes);
    let value = T::read_le_args(&mut input, (v,)).unwrap_or_else(|e| panic!("read at {v}: {e}"));
    assert_eq!(
        input.position(),
        bytes.len() as u64,
        "bytes left unread at {v}"
    );
    let mut out = Cursor::new(Vec::new());
    value
        .write_le_args(&mut out, (v,))
        .unwrap_or_else(|e| panic!("write at {v}: {e}"));
    assert_eq!(out.into_inner(), bytes, "written back at {v}");
    value
}

/// What `value` writes.
fn write<T>(value: &T) -> Vec<u8>
where
    T: BinWrite,
    for<'a> <T as BinWrite>::Args<'a>: Default,
{
    let mut out = Cursor::new(Vec::new());
    value
        .write_le(&mut out)
        .unwrap_or_else(|e| panic!("write: {e}"));
    out.into_inner()
}

/// The error reading `bytes` as a `T` gives, as text.
fn read_error<T>(bytes: &[u8]) -> String
where
    T: BinRead + std::fmt::Debug,
    for<'a> <T as BinRead>::Args<'a>: Default,
{
    T::read_le(&mut Cursor::new(bytes))
        .expect_err("the read must fail")
        .to_string()
}

#[test]
fn integers_and_floats() {
    let v: integers::Integers = round_trip(&[
        0xfe, // u1
        0xfe, // s1: -2
        0x34, 0x12, // u2
        0xff, 0xff, // s2: -1
        0x78, 0x56, 0x34, 0x12, // u4
        0xfe, 0xff, 0xff, 0xff, // s4: -2
        0x01, 0, 0, 0, 0, 0, 0, 0x80, // u8
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // s8: -1
        0x00, 0x00, 0x80, 0x3f, // f4: 1.0
        0, 0, 0, 0, 0, 0, 0, 0xc0, // f8: -2.0
    ]);
    assert_eq!((v.a_u1, v.a_s1, v.a_u2, v.a_s2), (0xfe, -2, 0x1234, -1));
    assert_eq!((v.a_u4, v.a_s4), (0x1234_5678, -2));
    assert_eq!((v.a_u8, v.a_s8), (0x8000_0000_0000_0001, -1));
    assert_eq!((v.a_f4, v.a_f8), (1.0, -2.0));
}

#[test]
fn endianness_of_meta_field_and_nested_type() {
    let v: endianness::Endianness = round_trip(&[0x12, 0x34, 0x34, 0x12, 1, 0, 0, 0]);
    assert_eq!((v.big, v.little, v.inner.value), (0x1234, 0x1234, 1));
}

#[test]
fn enums_keep_unknown_values() {
    use enums::Animal;
    let v: enums::Enums = round_trip(&[2, 0x10, 0, 7, 0]);
    assert_eq!(v.animal, Animal::Dog);
    assert_eq!(v.pets, [Animal::Chicken, Animal::Unknown(7)]);
    let edited = enums::Enums {
        animal: Animal::Cat,
        ..v
    };
    assert_eq!(write(&edited), [1, 0x10, 0, 7, 0]);
}

/// The bytes of `strings.ksy`'s example: "hé" (UTF-8, size 3), "ab" zero-terminated, "xyz"
/// padded with spaces to 6, "ab" terminated by a comma in a 5-byte area, "A" in UTF-16LE
/// zero-terminated, and one ISO-8859-1 byte.
const STRINGS: &[u8] = b"\x03h\xc3\xa9ab\0xyz   ab,zzA\0\0\0\x80";

#[test]
fn strings_keep_terminators_and_padding() {
    let mut v: strings::Strings = round_trip(STRINGS);
    assert_eq!(v.sized.value, "hé");
    assert_eq!(v.zero_terminated.value, "ab");
    assert_eq!(v.padded.value, "xyz");
    assert_eq!(v.comma_terminated.value, "ab");
    assert_eq!(v.utf16.value, "A");
    // Latin-1: byte 0x80 is U+0080 (windows-1252 would make it the euro sign).
    assert_eq!(v.latin.value, "\u{80}");
    // An edited value is padded again; the others are written as read.
    v.padded.value = "q".into();
    v.latin.value = "é".into();
    assert_eq!(write(&v), b"\x03h\xc3\xa9ab\0q     ab,zzA\0\0\0\xe9");
}

#[test]
fn byte_arrays_of_every_size_kind() {
    let v: byte_arrays::ByteArrays = round_trip(&[1, 2, 3, 2, 9, 8, 0xaa, 0xbb, 0, 5, 6]);
    assert_eq!(v.fixed, [1, 2, 3]);
    assert_eq!(v.sized, [9, 8]);
    assert_eq!(v.terminated.value, [0xaa, 0xbb]);
    assert_eq!(v.rest, [5, 6]);
    let empty_rest: byte_arrays::ByteArrays = round_trip(&[1, 2, 3, 0, 0]);
    assert!(empty_rest.sized.is_empty() && empty_rest.rest.is_empty());
}

#[test]
fn contents_are_checked_both_ways() {
    let mut v: contents::Contents = round_trip(b"PNG\x01\x00\x2a\x07\x08");
    assert_eq!(v.body, 42);
    // `magic._sizeof + body._sizeof - version._sizeof`: 3 + 1 - 2.
    assert_eq!(v.tail, [7, 8]);
    let err = read_error::<contents::Contents>(b"PNX\x01\x00\x2a");
    assert!(err.contains("Contents.magic"), "{err}");
    v.version = [2, 0];
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn contents_under_if() {
    use contents_if::ContentsIf;
    // An odd name is padded; version 2 has its marker.
    let mut v: ContentsIf = round_trip(b"\x03abc\x00\x02V2");
    assert_eq!(
        (v.pad, v.marker, &v.trailer),
        (Some([0]), Some(*b"V2"), &None)
    );
    // An even name is not; version 0 ends in zero bytes.
    let even: ContentsIf = round_trip(b"\x02ab\x00\x00\x00");
    assert_eq!((even.pad, even.marker), (None, None));
    assert_eq!(even.trailer, Some(vec![[0], [0]]));
    let one: ContentsIf = round_trip(b"\x00\x01");
    assert_eq!((one.pad, one.marker, one.trailer), (None, None, None));
    for (bad, field) in [
        (&b"\x03abc\x01\x02V2"[..], "ContentsIf.pad"),
        (b"\x02ab\x02V3", "ContentsIf.marker"),
        (b"\x02ab\x00\x00\x01", "ContentsIf.trailer"),
    ] {
        let err = read_error::<ContentsIf>(bad);
        assert!(err.contains(field), "{field}: {err}");
    }
    // The writer refuses other bytes, and bytes where the condition does not hold.
    v.marker = Some(*b"V3");
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
    let no_pad = ContentsIf {
        pad: None,
        ..even.clone()
    };
    assert_eq!(write(&no_pad), b"\x02ab\x00\x00\x00");
    let odd = ContentsIf {
        len_name: 3,
        name: b"abc".to_vec(),
        ..even.clone()
    };
    assert!(odd.write_le(&mut Cursor::new(Vec::new())).is_err());
    let trailer = ContentsIf { version: 1, ..even };
    assert!(trailer.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn conditions_on_strings_and_child_values() {
    use lifted_if::LiftedIf;
    // A length of 3 (odd, from the child's value instance): a padding byte.
    let odd: LiftedIf = round_trip(b"\x00\x03nameabc\x00");
    assert_eq!(
        (odd.len.value(), odd.pad, odd.end_marker),
        (Some(3), Some(0), None)
    );
    assert_eq!(odd.ks_if_pad(), Some(true));
    let end: LiftedIf = round_trip(b"\x00\x00END!\x34\x12");
    assert_eq!((end.pad, end.end_marker), (None, Some(0x1234)));
    assert_eq!(end.ks_if_end_marker(), Some(true));
    let other: LiftedIf = round_trip(b"\x00\x00END?");
    assert_eq!((other.pad, other.end_marker), (None, None));
    // 0x0100 is even: no padding after 256 bytes.
    let mut long = b"\x01\x00long".to_vec();
    long.extend([7; 256]);
    let long: LiftedIf = round_trip(&long);
    assert_eq!((long.data.len(), long.pad), (256, None));
    // The writer refuses a field whose condition no longer holds.
    let unpadded = LiftedIf { pad: None, ..odd };
    assert!(unpadded.write_le(&mut Cursor::new(Vec::new())).is_err());
    let renamed = LiftedIf {
        name: other.name.clone(),
        ..end
    };
    assert!(renamed.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn repeat_until_an_enum_field() {
    use until_enum::{Kind, UntilEnum};
    // Data 5, an unknown kind 7, then the end.
    let mut v: UntilEnum = round_trip(&[1, 5, 7, 6, 0, 9]);
    let kinds: Vec<Kind> = v.records.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, [Kind::Data, Kind::Unknown(7), Kind::End]);
    // A list that would not end at its last element is refused.
    v.records.swap(1, 2);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn sized_type_reads_its_parent() {
    let deflated: sized_parent_values::SizedParentValues = round_trip(&[8, 0x06, 0xff]);
    assert_eq!(deflated.flags.value.level(), Some(2));
    assert_eq!(deflated.flags.tail, [0xff]);
    let stored: sized_parent_values::SizedParentValues = round_trip(&[0, 0x06, 0xff]);
    assert_eq!(stored.flags.value.level(), None);
}

#[test]
fn conditional_fields() {
    let one: conditional::Conditional = round_trip(&[1, 0x34, 0x12, 0xaa]);
    assert_eq!((one.extra, one.big), (Some(0x1234), None));
    assert_eq!(
        (one.nums.clone(), one.rest.as_deref()),
        (None, Some(&[0xaa][..]))
    );
    let five: conditional::Conditional = round_trip(&[5, 1, 0, 0, 0]);
    assert_eq!((five.extra, five.big), (None, Some(1)));
    assert_eq!(five.rest, Some(vec![]));
    let two: conditional::Conditional = round_trip(&[2, 1, 0, 0, 0, 3, 0, 4, 0, 0xbb]);
    assert_eq!((two.nums, two.rest), (Some(vec![3, 4]), Some(vec![0xbb])));
    let mut three: conditional::Conditional = round_trip(&[3, 1, 0, 0, 0, 5, 6, 0, 0xcc]);
    assert_eq!(three.until_zero, Some(vec![5, 6, 0]));
    assert_eq!(
        (&three.nums, three.rest.as_deref()),
        (&None, Some(&[0xcc][..]))
    );
    // A list that would not end where it is read back is refused.
    three.until_zero = Some(vec![5, 0, 6]);
    assert!(three.write_le(&mut Cursor::new(Vec::new())).is_err());
    // An enum value and a counted list of them under `if`, unknown values kept.
    let four: conditional::Conditional = round_trip(&[4, 1, 0, 0, 0, 1, 2, 7, 1, 2, 0, 0xee]);
    use conditional::Kind;
    let kinds = [Kind::One, Kind::Two, Kind::Unknown(7), Kind::One];
    assert_eq!(four.kinds.as_deref(), Some(&kinds[..]));
    assert_eq!((four.kind, four.rest), (Some(Kind::Two), Some(vec![0xee])));
    assert_eq!((&two.kinds, two.kind), (&None, None));
    let zero: conditional::Conditional = round_trip(&[0]);
    assert_eq!((zero.extra, zero.big, zero.rest), (None, None, None));
    // The writer refuses a field whose condition no longer holds.
    let wrong = conditional::Conditional {
        flags: 0,
        ..one.clone()
    };
    assert!(wrong.write_le(&mut Cursor::new(Vec::new())).is_err());
    let wrong = conditional::Conditional { rest: None, ..one };
    assert!(wrong.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn remainders_in_conditions_and_sizes() {
    // 3 is odd: a padding byte, and 3 % 3 = 0 bytes of tail.
    let odd: modulo::Modulo = round_trip(&[3, b'a', b'b', b'c', 0]);
    assert_eq!((odd.pad, odd.tail.len()), (Some(0), 0));
    // 5 is odd too, and leaves 5 % 3 = 2 bytes of tail.
    let five: modulo::Modulo = round_trip(&[5, 1, 2, 3, 4, 5, 0, 0xe, 0xf]);
    assert_eq!((five.pad, five.tail), (Some(0), vec![0xe, 0xf]));
    // 4 is even: no padding, 4 % 3 = 1 byte of tail.
    let mut even: modulo::Modulo = round_trip(&[4, 1, 2, 3, 4, 9]);
    assert_eq!((even.pad, even.tail.as_slice()), (None, &[9][..]));
    // The writer refuses padding the length no longer asks for.
    even.pad = Some(0);
    assert!(even.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn repeat_kinds() {
    let mut v: repeat::Repeat = round_trip(&[1, 2, 2, 1, 0, 2, 0, 1, 7, 3, 0, 0xff, 0xff]);
    assert_eq!(v.constant, [1, 2]);
    assert_eq!(v.counted, [1, 2]);
    assert_eq!(v.derived, [7]);
    assert_eq!(v.until_zero, [3, 0]);
    assert_eq!(v.to_end, [0xffff]);
    // The count kept only as a length follows the list.
    v.derived.push(8);
    assert_eq!(write(&v), [1, 2, 2, 1, 0, 2, 0, 2, 7, 8, 3, 0, 0xff, 0xff]);
    // Other counts are checked, not recomputed.
    v.counted.pop();
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn switch_cases_default_and_raw() {
    use switch::{SwitchBody, SwitchSized};
    let point: switch::Switch = round_trip(&[1, 3, 4, 5, 6]);
    assert!(matches!(point.body, SwitchBody::Point(p) if (p.x, p.y) == (3, 4)));
    assert!(matches!(point.sized.value, SwitchSized::Point(p) if (p.x, p.y) == (5, 6)));
    let int: switch::Switch = round_trip(&[2, 1, 0, 0, 0, 9, 9]);
    assert_eq!(int.body, SwitchBody::U4(1));
    assert_eq!(int.sized.value, SwitchSized::Raw(vec![9, 9]));
    let other: switch::Switch = round_trip(&[7, 9, 9]);
    assert!(matches!(other.body, SwitchBody::Empty(_)));
    // A cast picks one case; another case read makes it undefined.
    assert_eq!(point.body_point().map(|p| (p.x, p.y)), Some((3, 4)));
    assert_eq!(point.body_x_plus_one(), Some(4));
    assert_eq!(int.body_point(), None);
    // The writer checks that the variant still agrees with the selector.
    let wrong = switch::Switch { kind: 2, ..point };
    assert!(wrong.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn nested_types_and_a_sized_substream() {
    let v: nested_types::NestedTypes = round_trip(&[1, 2, 0, 3, 4, 0, 0xee, 7, 8, 9, 0x55]);
    assert_eq!((v.header.version, v.header.inner.value), (1, 2));
    assert_eq!((v.framed.value.version, v.framed.value.inner.value), (3, 4));
    assert_eq!(v.framed.tail, [0xee]);
    // `repeat-expr: framed.version` and `if: framed.inner.value == 4`, through the substream.
    assert_eq!((v.items, v.flag), (vec![7, 8, 9], Some(0x55)));
    let v: nested_types::NestedTypes = round_trip(&[1, 2, 0, 1, 5, 0, 0xee, 7]);
    assert_eq!((v.items, v.flag), (vec![7], None));
}

#[test]
fn imported_types() {
    let v: imports::Imports = round_trip(&[0xff, 0xff, 2, 0, 10, 20, 30]);
    assert_eq!((v.position.x, v.position.y), (-1, 2));
    assert_eq!((v.colour.r, v.colour.g, v.colour.b), (10, 20, 30));
    // Value instances reach into and return the other file's type.
    assert_eq!(v.red_plus_green(), Some(30));
    assert_eq!(v.colour_copy(), Some(v.colour));
    // And the other file's enums.
    assert_eq!(v.green_channel(), Some(imported_rgb::Channel::Green));
    assert_eq!(v.green_index(), Some(1));
}

#[test]
fn value_and_positioned_instances() {
    let mut v: instances::Instances = round_trip(&[3, 4, 3, 0x01, 0x02]);
    assert_eq!(v.area(), Some(12));
    assert_eq!(v.is_square(), Some(false));
    assert_eq!(v.shifted(), Some(3 << 4));
    assert_eq!(v.at_ofs, 0x0201);
    assert_eq!(v.at_ofs_high(), Some(2));
    // An edited instance is written at its position.
    v.at_ofs = 0xbeef;
    assert_eq!(write(&v), [3, 4, 3, 0xef, 0xbe]);
    // `<<` is exact: 3 << 126 does not fit in an `i128`, 1 << 126 does.
    let wide: instances::Instances = round_trip(&[3, 126, 3, 0, 0]);
    assert_eq!(wide.shifted(), None);
    let wide: instances::Instances = round_trip(&[1, 126, 3, 0, 0]);
    assert_eq!(wide.shifted(), Some(1 << 126));
}

#[test]
fn positioned_instances_read_parent_and_root() {
    let bytes = [2, 1, 0xa, 0xb, 0xc, 0xd];
    let mut v: instances_nav::InstancesNav = round_trip(&bytes);
    // `first`: at `_root.unit` (2), `unit * len_block` (4) bytes.
    assert_eq!(v.first, [0xa, 0xb, 0xc, 0xd]);
    // `entry.data`: at `block + _root.len_block` (3), `_parent.len_block` (2) bytes.
    assert_eq!(v.entry.data, [0xb, 0xc]);
    assert_eq!(v.unit(), Some(2));
    // A position past the end fails the read instead of wrapping.
    let err = read_error::<instances_nav::InstancesNav>(&[2, 0xff, 0xa, 0xb, 0xc, 0xd]);
    assert!(err.contains("data"), "{err}");
    v.entry.data = vec![0xb, 0xc, 0xe];
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn bit_fields_big_endian_order() {
    // 1 | 101 | 0001 0010 0011, then a byte.
    let v: bit_fields::BitFields = round_trip(&[0xd1, 0x23, 0x7f]);
    assert!(v.flag);
    assert_eq!(v.mode, bit_fields::Mode::On);
    assert_eq!(v.level, 0x123);
    assert_eq!(v.after, 0x7f);
    // A value wider than its field is a write error, not a silent truncation.
    let wide = bit_fields::BitFields { level: 0x1000, ..v };
    assert!(wide.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn instances_without_pos_are_read_after_the_seq() {
    // Two entries of 4 bytes: flags (u2), then the byte after them, then one byte no field reads.
    let bytes = [0x06, 0x00, 0xaa, 0x01, 0x01, 0x00, 0xbb, 0x02];
    let v: instance_here::InstanceHere = round_trip(&bytes);
    let [a, b] = &v.entries;
    assert_eq!((a.value.flags, a.value.trailer), (6, 0xaa));
    assert_eq!((b.value.flags, b.value.trailer), (1, 0xbb));
    // The flags object reads nothing: its value is the param it is given.
    assert_eq!(a.value.flags_obj.value, 6);
    let flags = |e: &instance_here::Entry| (e.flags_obj.readable(), e.flags_obj.writable());
    assert_eq!(flags(&a.value), (Some(true), Some(true)));
    assert_eq!(flags(&b.value), (Some(false), Some(false)));
}

#[test]
fn bit_fields_valid() {
    use bit_valid::BitValid;
    // 22:13:20 and 2023-11-14 as zip files store them (little-endian bit order: 10 | 13 << 5 |
    // 22 << 11 and 14 | 11 << 5 | 43 << 9), then version 2 | kind 3 << 4 and nibbles 1, 5.
    let bytes = [0xaa, 0xb1, 0x6e, 0x57, 0x32, 0x51];
    let v: BitValid = round_trip(&bytes);
    assert_eq!((v.hour, v.minute, v.second_div_2), (22, 13, 10));
    assert_eq!((v.year_minus_1980, v.month, v.day), (43, 11, 14));
    assert_eq!(
        (v.version, v.kind, v.nibbles.as_slice()),
        (2, 3, &[1, 5][..])
    );
    let with = |i: usize, b: &[u8]| {
        let mut bad = bytes;
        bad[i..i + b.len()].copy_from_slice(b);
        bad
    };
    for (bad, field) in [
        // Seconds 30 * 2, minutes 61, hours 24.
        (with(0, &[0xbe]), "BitValid.second_div_2"),
        (with(1, &[0xb7]), "BitValid.minute"),
        (with(1, &[0xc1]), "BitValid.hour"),
        // Day 0, month 13, month 0 (its top bit in the next byte).
        (with(2, &[0x60]), "BitValid.day"),
        (with(2, &[0xae]), "BitValid.month"),
        (with(2, &[0x0e, 0x56]), "BitValid.month"),
        (with(4, &[0x31]), "BitValid.version"),
        (with(4, &[0x22]), "BitValid.kind"),
        (with(5, &[0xf1]), "BitValid.nibbles"),
    ] {
        let err = read_error::<BitValid>(&bad);
        assert!(err.contains(field), "{field}: {err}");
    }
    // The writer refuses what the reader would, naming the field.
    for bad in [
        BitValid {
            minute: 60,
            ..v.clone()
        },
        BitValid {
            month: 0,
            ..v.clone()
        },
        BitValid {
            kind: 2,
            ..v.clone()
        },
        BitValid {
            nibbles: vec![1, 15],
            ..v.clone()
        },
    ] {
        let err = bad.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
        assert!(err.to_string().contains("BitValid."), "{err}");
    }
}

#[test]
fn bit_lists_and_positioned_instances() {
    // n = 1 (u4) | 1 010 1011 01 (pad 000000) | big = 2 | 10001 00011, then 6 bits to the end.
    let v: bit_lists::BitLists = round_trip(&[1, 0, 0, 0, 0xab, 0x40, 2, 0, 0, 0, 0x88, 0xea]);
    assert_eq!((v.small, v.many.as_slice()), (Some(0b010), &[0b1011][..]));
    assert_eq!(v.kind, bit_lists::Animal::Cat);
    assert_eq!(
        (v.twice.as_slice(), v.maybe),
        (&[0b10001, 0b00011][..], None)
    );
    assert_eq!(v.rest, [true, false, true, false, true, false]);
    // tail_if is read only when n == 2; the others at their offsets.
    assert_eq!(
        (v.tail, v.tail_if, v.here, v.at_n, v.at_big),
        (0, None, 0, 0, 0x40)
    );
}

/// "hi" as a zlib stream with one stored deflate block: header 78 01, block header 01, length
/// 2 and its complement, the bytes, then the Adler-32 (0x013b00d2).
const ZLIB_HI: [u8; 13] = [
    0x78, 0x01, 0x01, 0x02, 0x00, 0xfd, 0xff, b'h', b'i', 0x01, 0x3b, 0x00, 0xd2,
];

#[test]
fn process_xor_rol_zlib() {
    let mut bytes = vec![0xfe, 0x00, 0x81, 13];
    bytes.extend(ZLIB_HI);
    bytes.extend([1, 0xfe, 0xfd]);
    let mut v: process::Process = round_trip(&bytes);
    assert_eq!(v.xored.value, [0x01, 0xff]);
    assert_eq!(v.rotated.value, [0x03]);
    assert_eq!(v.packed.value, b"hi");
    // A processed switch reads its case from the decoded bytes.
    assert_eq!(
        v.body.value,
        process::ProcessBody::Pair(process::Pair { a: 1, b: 2 })
    );
    // An edited value is transformed back.
    v.xored.value = vec![0x0f, 0xf0];
    v.rotated.value = vec![0x80];
    v.body.value = process::ProcessBody::Pair(process::Pair { a: 0, b: 0x0f });
    let mut expected = vec![0xf0, 0x0f, 0x40, 13];
    expected.extend(ZLIB_HI);
    expected.extend([1, 0xff, 0xf0]);
    assert_eq!(write(&v), expected);
}

#[test]
fn valid_checks() {
    let v: valid::Valid = round_trip(b"\x07\x05\x04\x06\x02OKAz");
    assert_eq!(v.colour, valid::Colour::Green);
    for (bad, field) in [
        (&b"\x08\x05\x04\x06\x02OKAz"[..], "Valid.eq"),
        (b"\x07\x0b\x04\x06\x02OKAz", "Valid.range"),
        (b"\x07\x05\x05\x06\x02OKAz", "Valid.one_of"),
        (b"\x07\x05\x04\x03\x02OKAz", "Valid.not_three"),
        (b"\x07\x05\x04\x06\x03OKAz", "Valid.colour"),
        (b"\x07\x05\x04\x06\x02NOAz", "Valid.name"),
        (b"\x07\x05\x04\x06\x02OK@z", "Valid.letters"),
        (b"\x07\x05\x04\x06\x02OK[z", "Valid.letters"),
        (b"\x07\x05\x04\x06\x02OKA`", "Valid.letters"),
    ] {
        let err = read_error::<valid::Valid>(bad);
        assert!(err.contains(field), "{field}: {err}");
    }
}

#[test]
fn params_given_by_the_field() {
    let mut v: params::Params = round_trip(&[2, 5, 6, 2, 0x34, 0x12]);
    assert_eq!(
        (v.tagged.tag, v.tagged.is_two()),
        (params::Kind::Two, Some(true))
    );
    // A switch selector is kept too (nothing else holds it), and the writer checks the case
    // against it as the reader chose it.
    assert_eq!(
        (v.shape_width(), v.shaped.width, &v.shaped.body),
        (Some(2), 2, &params::ShapedBody::U2(0x1234))
    );
    let mut wrong = v.clone();
    wrong.shaped.body = params::ShapedBody::U1(1);
    let err = wrong.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("Shaped.body"), "{err}");
    assert_eq!(v.items.items, [5, 6]);
    // A param a value instance reads is kept as the reader was given it.
    assert_eq!((v.items.num, v.items.count_matches()), (2, Some(true)));
    v.items.items.push(7);
    assert_eq!(v.items.count_matches(), Some(false));
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("Params.items.items"), "{err}");
}

#[test]
fn elements_take_their_index() {
    let bytes = b"\x02\x01\x02abcghidef";
    let mut v: index_args::IndexArgs = round_trip(bytes);
    let text = |list: &[index_args::Block]| -> Vec<(i32, String)> {
        list.iter().map(|b| (b.idx, b.buf.value.clone())).collect()
    };
    assert_eq!(text(&v.counted), [(0, "a".into()), (1, "bc".into())]);
    assert_eq!(
        text(&v.middle.value.blocks),
        [(0, "g".into()), (1, "hi".into())]
    );
    assert_eq!(text(&v.rest), [(0, "d".into()), (1, "ef".into())]);
    // A third element's size is `sizes[2]`, past the end: an error, not a panic.
    let err = read_error::<index_args::IndexArgs>(b"\x02\x01\x02abcghidefg");
    assert!(!err.is_empty());
    // `until: _io.eof` reads at least one element: an empty area is an error.
    let err = read_error::<index_args::IndexArgs>(b"\x00");
    assert!(!err.is_empty());
    // The writer frames each element by the size at its own index: two bytes fit the second
    // element's two, not the first's one.
    v.rest[1].buf.value = "xy".into();
    assert_eq!(write(&v), b"\x02\x01\x02abcghidxy");
    v.rest[0].buf.value = "xy".into();
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn list_params_from_fields_and_literals() {
    let mut v: list_params::ListParams =
        round_trip(&[1, 0, 2, 0, b'a', b'b', b'c', b'd', 9, 2, 0xaa, 0xbb]);
    assert_eq!(v.from_fields.ints, [1, 2]);
    assert_eq!(v.from_fields.strs, ["ab", "cd"]);
    assert_eq!(v.from_fields.total(), Some(3));
    // The literal instances, written out as the arguments, hold what the methods return.
    assert_eq!(v.from_literals.ints, [7, 65535]);
    assert_eq!(v.from_literals.strs, ["x", "yz"]);
    assert_eq!(v.fixed_nums(), Some(vec![7, 65535]));
    assert_eq!(
        v.fixed_names(),
        Some(vec!["x".to_string(), "yz".to_string()])
    );
    assert_eq!(v.from_literals.first_name().as_deref(), Some("x"));
    // `items[1].n` sizes the body, for the reader and the writer, which borrows `items`.
    assert_eq!(v.sized.body, [0xaa, 0xbb]);
    v.items[1].n = 1;
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("SizedBy.body"), "{err}");
    // Past the end of the list is a size no input holds: an error, not a panic.
    let short = list_params::ListParams::read_le(&mut Cursor::new(&[
        1, 0, 2, 0, b'a', b'b', b'c', b'd', 9, 200, 0xaa,
    ]));
    assert!(short.is_err());
}

#[test]
fn params_in_sizes_and_conditions_reach_the_writer() {
    let mut v: writer_params::WriterParams = round_trip(b"\x03abc\x09xydef!");
    assert_eq!(
        (v.named.name.value.as_str(), v.named.tail),
        ("abc", Some(9))
    );
    assert_eq!(
        (v.fixed.inner.name.value.as_str(), v.fixed.inner.tail),
        ("xy", None)
    );
    // The params are kept as the reader got them; the writer frames with what the caller
    // passes (the parent's `len`), not with the kept copy.
    assert_eq!(
        (v.named.name_len, v.named.has_tail, v.fixed.n),
        (3, true, 2)
    );
    v.named.name_len = 7;
    assert_eq!(write(&v), b"\x03abc\x09xydef!");
    // A sized user type gets its arguments inside its area: three bytes of name, the fourth
    // kept as the area's tail.
    assert_eq!(
        (v.boxed.value.name.value.as_str(), v.boxed.tail.as_slice()),
        ("def", &b"!"[..])
    );
    // The writer checks the `if` with the param it was given.
    v.named.tail = None;
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("NameWithTail.tail"), "{err}");
    v.named.tail = Some(9);
    v.fixed.inner.tail = Some(1);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
    // The string is framed by the param: a longer one does not fit its size.
    v.fixed.inner.tail = None;
    v.fixed.inner.name.value = "xyz".into();
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn stream_position_size_and_end() {
    let v: io_attrs::IoAttrs = round_trip(&[1, 2, 3, 4, 5, 6, 9]);
    let block = &v.block.value;
    assert_eq!(
        (block.head, block.body.as_slice(), block.last),
        (1, &[2, 3, 4, 5][..], 6)
    );
    // `_io.pos` and `_io.size` are the substream's: it ends after `last`.
    assert_eq!(block.extra, None);
    assert_eq!(v.more, Some(9));
    let end: io_attrs::IoAttrs = round_trip(&[1, 2, 3, 4, 5, 6]);
    assert_eq!(end.more, None);
    read_error::<io_attrs::IoAttrs>(&[1, 2, 3]);
}

#[test]
fn instances_at_the_stream_position() {
    let bytes = [0x10, 0x11, 0, 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 2];
    let mut v: io_instances::IoInstances = round_trip(&bytes);
    // `count` is read before `items` (at 0 + 9), `marker` after `head` (at 1 + 2 in the block).
    assert_eq!((v.count, v.items.as_slice()), (2, &[0x10, 0x11][..]));
    let block = &v.block.value;
    assert_eq!((block.head, block.marker), (0x20, 0x23));
    // `_io` of the block's substream at the end of its seq.
    assert_eq!((block.done(), block.end_pos()), (Some(false), Some(1)));
    // `io: _root._io`: the entry is read from the root's stream, position 0 is the file's.
    assert_eq!(v.entry.at_ofs, 0x10);
    // An edited instance lands at its position; the rest of the block is kept around it.
    v.block.value.marker = 0x99;
    let mut expected = bytes;
    expected[6] = 0x99;
    assert_eq!(write(&v), expected);
    // `marks` ends at the end of the stream, or at a zero before it.
    assert_eq!(v.marks, [2]);
    let mut longer = bytes.to_vec();
    longer.extend([0, 5]);
    let mut v: io_instances::IoInstances = round_trip(&longer);
    assert_eq!(
        (v.marks.as_slice(), v._unparsed.as_slice()),
        (&[2, 0][..], &[5][..])
    );
    // The writer takes the last element for the end of the stream, but an element that would
    // have ended the list earlier is refused.
    v.marks = vec![2, 0, 7];
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn instances_in_another_objects_substream() {
    // Two symbols, then a pool of 7 bytes: "ab\0", flags 0x0102 at 3, "c\0" at 5.
    let bytes = [
        2, 0, 0, 0, 0, 3, 5, 0, 0, 0, 3, 0, 7, b'a', b'b', 0, 1, 2, b'c', 0,
    ];
    let mut v: io_user::IoUser = round_trip(&bytes);
    let (a, b) = (&v.symbols[0], &v.symbols[1]);
    assert_eq!(a.name(&v).unwrap().value, "ab");
    assert_eq!(b.name(&v).unwrap().value, "c");
    // Big-endian, from the pool's position 3 (not the file's).
    assert_eq!(a.flags(&v).unwrap(), 0x0102);
    // An edit of the pool shows in the instances and is written back.
    v.pool.tail[4] = b'd';
    assert_eq!(v.symbols[1].name(&v).unwrap().value, "d");
    let mut expected = bytes;
    expected[18] = b'd';
    assert_eq!(write(&v), expected);
    // An offset past the pool is an error, not a panic.
    v.symbols[0].name_ofs = 200;
    let err = v.symbols[0].name(&v).unwrap_err();
    assert!(err.to_string().contains("Symbol"), "{err}");
}

#[test]
fn until_the_stream_position_or_a_string_instance() {
    // `records` ends at position 6 (`heads[0]`); `chunks` at "END".
    let bytes = [
        6, 0, 1, b'a', 0, 0, b'A', b'B', b'C', 1, b'E', b'N', b'D', 2,
    ];
    let mut v: until_stream::UntilStream = round_trip(&bytes);
    assert_eq!(v.records.len(), 3);
    let kinds: Vec<_> = v.chunks.iter().map(|c| c.kind()).collect();
    assert_eq!(kinds, [Some("ABC".to_string()), Some("END".to_string())]);
    // Without "END", the chunks end with the stream.
    let v2: until_stream::UntilStream = round_trip(&bytes[..10]);
    assert_eq!(v2.chunks.len(), 1);
    // A record more would end past position 6, where a reader would not stop.
    v.records.push(v.records[1].clone());
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string().contains("UntilStream.records must end"),
        "{err}"
    );
    // A chunk that ends the list before the last is refused too.
    v.records.pop();
    v.chunks.swap(0, 1);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn io_params_are_stream_sizes() {
    let v: io_params::IoParams = round_trip(&[2, 1, 9, 0xa, 0xb, 0xc, 0xd]);
    // `head._io` is `len_head` (2) bytes long both times (`flag` is 1).
    assert_eq!(
        (v.small.data.as_slice(), v.picked.data.as_slice()),
        (&[0xa, 0xb][..], &[0xc, 0xd][..])
    );
    // With `flag` 0, `picked` takes `_root._io.size` (7) bytes from offset 5: too many.
    let err = read_error::<io_params::IoParams>(&[2, 0, 9, 0xa, 0xb, 0xc, 0xd]);
    assert!(err.contains("picked"), "{err}");
}

#[test]
fn stream_position_in_a_bit_run() {
    let v: io_bits::IoBits = round_trip(&[0b1110_0001, 0xa5]);
    // `next` takes the second byte, so `last` (still in it) sees position 2.
    assert_eq!(
        (v.head, v.rest, v.next, v.last),
        (7, Some(1), Some(0xa), None)
    );
    // The stream is at its end but the cursor still holds `more`'s four bits.
    assert_eq!((v.more, v.after), (Some(5), None));
    assert_eq!(v._bit_pad0, 0);
}

#[test]
fn switch_on_an_expression() {
    use switch_expr::SwitchExprBody as Body;
    let mut v: switch_expr::SwitchExpr = round_trip(&[5, 7]);
    assert_eq!(v.body, Body::U1(7));
    let wide: switch_expr::SwitchExpr = round_trip(&[2, 0x34, 0x12]);
    assert_eq!(wide.body, Body::U2(0x1234));
    let ternary: switch_expr::SwitchExpr = round_trip(&[9]);
    assert!(matches!(ternary.body, Body::Empty(_)), "{ternary:?}");
    let unmatched: switch_expr::SwitchExpr = round_trip(&[3]);
    assert_eq!(unmatched.body, Body::Unmatched);
    // The writer checks the variant against the selector's value.
    v.code = 6;
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("SwitchExpr.body"), "{err}");
}

#[test]
fn switch_on_the_element_of_a_list_at_the_index() {
    use switch_indexed::SwitchIndexedSized as Sized;
    use switch_indexed::{Pair, SwitchIndexed, SwitchIndexedPlain as Plain};
    let mut v: SwitchIndexed = round_trip(&[1, 2, 0x34, 0x12, 5, 6, 7, 0, 8, 9]);
    let sized: Vec<&Sized> = v.sized.iter().map(|s| &s.value).collect();
    assert_eq!(
        sized,
        [&Sized::U2(0x1234), &Sized::Pair(Pair { a: 5, b: 6 })]
    );
    assert_eq!(v.plain, [Plain::U2(7), Plain::Pair(Pair { a: 8, b: 9 })]);
    // No case: the sized element keeps its bytes, the unsized one reads nothing.
    let other: SwitchIndexed = round_trip(&[3, 1, 0xaa, 0xbb, 1, 0, 2, 0]);
    assert_eq!(other.sized[0].value, Sized::Raw(vec![0xaa, 0xbb]));
    assert_eq!(other.plain, [Plain::Unmatched, Plain::U2(2)]);
    // The writer checks every element against the code at its index.
    v.codes = [2, 1];
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("SwitchIndexed.sized"), "{err}");
}

#[test]
fn integer_switch_as_a_size_and_a_condition() {
    use switch_int_size::{SwitchIntSize, SwitchIntSizeLen as Len};
    let mut v: SwitchIntSize = round_trip(&[1, 2, 7, 8, 9, 4, 5, 6]);
    assert_eq!(
        (&v.len, v.body.as_slice(), v.extra),
        (&Len::U1(2), &[7, 8][..], Some(9))
    );
    assert_eq!(
        (v.tail.as_slice(), v.len_plus_one()),
        (&[4, 5, 6][..], Some(3))
    );
    let wide: SwitchIntSize = round_trip(&[2, 1, 0, 7, 4, 5]);
    assert_eq!(
        (wide.len.ks_int(), wide.extra, wide.tail.len()),
        (1, None, 2)
    );
    // No case: Kaitai's null, whose use as a size fails; here the switch field fails.
    let err = read_error::<SwitchIntSize>(&[3, 7]);
    assert!(err.contains("no case matched"), "{err}");
    // The writer checks the body's length against the switch's value.
    v.len = Len::U1(3);
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("SwitchIntSize.body"), "{err}");
}

#[test]
fn an_enum_value_named_unknown() {
    use enum_unknown::{EnumUnknown, Oses};
    let v: EnumUnknown = round_trip(&[255, 0]);
    assert_eq!((v.os, v.checked), (Oses::Unknown, Oses::Fat));
    let other: EnumUnknown = round_trip(&[7, 255]);
    assert_eq!(other.os, Oses::UnknownValue(7));
    // `valid: {in-enum: true}` refuses the unnamed value, not the one named `unknown`.
    let err = read_error::<EnumUnknown>(&[0, 7]);
    assert!(
        err.contains("EnumUnknown.checked is not a value of Oses"),
        "{err}"
    );
}

#[test]
fn sizeof_and_bitsizeof_are_constants() {
    // `sizeof<header>` is 4: a 3-byte body; `sizeof<u2be>` 2 words; a 1-byte tail while
    // `header.count` is below `sizeof<f8>`.
    let v: sizeof::Sizeof = round_trip(&[1, 2, 3, 0, 7, 8, 9, 1, 0, 2, 0, 5]);
    assert_eq!(
        (v.body.as_slice(), v.words, v.tail),
        (&[7, 8, 9][..], [1, 2], Some([5]))
    );
    let without: sizeof::Sizeof = round_trip(&[1, 2, 8, 0, 7, 8, 9, 1, 0, 2, 0]);
    assert_eq!(without.tail, None);
    let sizes = [
        v.header_size(),
        v.header_bits(),
        v.u4_size(),
        v.b3_bits(),
        v.f8_bits(),
    ];
    assert_eq!(sizes, [Some(4), Some(32), Some(4), Some(3), Some(64)]);
}

#[test]
fn switch_cases_that_take_arguments() {
    use switch_params::{SwitchParams, SwitchParamsBody as Body, SwitchParamsSized as Sized};
    // `scaled(factor, 300)`: 5 * 4 + 300 (the sized switch keeps its 2 bytes).
    let v: SwitchParams = round_trip(&[1, 4, 5, 0, 0]);
    let Body::Scaled(scaled) = &v.body else {
        panic!("{v:?}")
    };
    assert_eq!(
        (scaled.times, scaled.offset, scaled.scaled_value()),
        (4, 300, Some(320))
    );
    // `labelled(tag == 2)` is given `true`.
    let v: SwitchParams = round_trip(&[2, 0, 7, 0, 0]);
    let Body::Labelled(labelled) = &v.body else {
        panic!("{v:?}")
    };
    assert_eq!((labelled.doubled, labelled.shown()), (true, Some(14)));
    let v: SwitchParams = round_trip(&[9, 0, 1, 2, 3, 4]);
    assert!(matches!(v.body, Body::Plain(p) if p.v == 0x0201), "{v:?}");
    // `counted(factor)` sizes its string by its param, on both sides, in both switches.
    let mut v: SwitchParams = round_trip(b"\x04\x02abcd");
    let (Body::Counted(body), Sized::Counted(sized)) = (&mut v.body, &v.sized.value) else {
        panic!("{v:?}")
    };
    assert_eq!(
        (body.name.value.as_str(), sized.name.value.as_str()),
        ("ab", "cd")
    );
    // The writer pads an edited name to the size it was given.
    body.name.value = "x".into();
    assert_eq!(write(&v), b"\x04\x02x\0cd");
}

#[test]
fn switch_cases_of_strings_and_numbers() {
    use switch_primitives::SwitchPrimitives as V;
    use switch_primitives::SwitchPrimitivesSized as Sized;
    use switch_primitives::SwitchPrimitivesTerminated as Terminated;
    use switch_primitives::SwitchPrimitivesUtf16 as Utf16;
    use switch_primitives::SwitchPrimitivesValue as Value;
    let text = |s: &savepoint_runtime::frame::KsStr| s.value.clone();
    // Tag 1: a strz, a strz in a 4-byte area (the byte after its terminator kept), a string
    // ended by a comma and a UTF-16 strz.
    let bytes = b"\x01hi\0\x04ab\0xyz,A\0\0\0";
    let mut strings: V = round_trip(bytes);
    assert!(matches!(&strings.value, Value::Strz(s) if text(s) == "hi"));
    assert!(matches!(&strings.sized.value, Sized::Strz(s) if text(s) == "ab" && s.raw == b"ab\0x"));
    assert!(matches!(&strings.terminated, Terminated::Str(s) if text(s) == "yz"));
    assert!(matches!(&strings.utf16, Utf16::Strz(s) if text(s) == "A"));
    // An edited string is written with its terminator.
    strings.value = Value::Strz(savepoint_runtime::frame::KsStr {
        value: "hello".into(),
        raw: Vec::new(),
    });
    assert_eq!(write(&strings), b"\x01hello\0\x04ab\0xyz,A\0\0\0");
    // Tag 2: a little-endian f4, a 3-byte str and an s1; tag 3: a big-endian f8 and the sized
    // area kept as bytes; another tag: the `_` case's u8.
    let floats: V = round_trip(&[2, 0, 0, 0xc0, 0x3f, 3, b'a', b'b', b'c', 0xff]);
    assert_eq!(floats.value, Value::F4(1.5));
    assert!(matches!(&floats.sized.value, Sized::Str(s) if text(s) == "abc"));
    assert_eq!(
        (&floats.terminated, &floats.utf16),
        (&Terminated::S1(-1), &Utf16::Unmatched)
    );
    let double: V = round_trip(&[3, 0x40, 0, 0, 0, 0, 0, 0, 0, 2, 9, 9]);
    assert_eq!(double.value, Value::F8be(2.0));
    assert_eq!(double.sized.value, Sized::Raw(vec![9, 9]));
    let other: V = round_trip(&[7, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(other.value, Value::U8(1));
    // A strz that never ends fails at the end of the input.
    let err = read_error::<V>(b"\x01hi");
    assert!(err.contains("value"), "{err}");
}

#[test]
fn switch_case_that_contains_itself() {
    use switch_recursive::{Leaf, SwitchRecursive, SwitchRecursiveNext as Next};
    let v: SwitchRecursive = round_trip(&[1, 1, 0, 9]);
    let Next::SwitchRecursive(inner) = &v.next else {
        panic!("{v:?}");
    };
    assert_eq!(inner.tag, 1);
    let Next::SwitchRecursive(innermost) = &inner.next else {
        panic!("{inner:?}");
    };
    assert_eq!(innermost.next, Next::Leaf(Leaf { value: 9 }));
    // The default bound counts the levels through the switch: 64 of them, not one more.
    let mut deep = vec![1u8; 63];
    deep.extend([0, 9]);
    round_trip::<SwitchRecursive>(&deep);
    deep.insert(0, 1);
    let err = read_error::<SwitchRecursive>(&deep);
    assert!(err.contains("SwitchRecursive"), "{err}");
}

#[test]
fn value_instance_of_an_integer_switch() {
    let wide: switch_value::SwitchValue = round_trip(&[2, 0x34, 0x12]);
    assert_eq!(wide.len_plus_one(), Some(0x1235));
    let narrow: switch_value::SwitchValue = round_trip(&[1, 7]);
    assert_eq!(narrow.len_plus_one(), Some(8));
    let unmatched: switch_value::SwitchValue = round_trip(&[3]);
    assert_eq!(unmatched.len_plus_one(), None);
}

#[test]
fn parent_and_root_values() {
    let v: parent_root::ParentRoot = round_trip(&[2, 1, 0xab, 1, 2]);
    assert_eq!(v.body.entry.data, [0xab]);
    assert_eq!(v.body.entry.units, [1, 2]);
}

#[test]
fn parent_paths_reach_child_values_lists_and_sizes() {
    // Version 0x0b is level 3: `extra` is there, `more` is not; the entry's tag 1 pads to
    // (2 + 1) % 4 = 3 bytes (the header's `_sizeof` is 2); table `i` holds pointer `i`'s len.
    let bytes = [0x0b, 2, 0, 1, 0, 2, 0x34, 0x12, 1, 0xa, 0xb, 0xc, 7, 8, 9];
    let mut v: parent_paths::ParentPaths = round_trip(&bytes);
    assert_eq!((v.header.level(), v.body.extra), (Some(3), Some(0x1234)));
    assert_eq!(
        (v.body.entry.more, v.body.entry.pad.as_slice()),
        (None, &[0xa, 0xb, 0xc][..])
    );
    assert_eq!(v.body.entry.padding(), Some(3));
    assert_eq!(
        (v.tables[0].slots.as_slice(), v.tables[1].slots.as_slice()),
        (&[7][..], &[8, 9][..])
    );
    // Level 4: no `extra`, `more` is there; tag 2 pads nothing; one table of 3 slots.
    let v4: parent_paths::ParentPaths = round_trip(&[4, 1, 0, 3, 0, 0, 2, 5, 1, 2, 3]);
    assert_eq!((v4.body.extra, v4.body.entry.more), (None, Some(5)));
    assert_eq!(v4.tables[0].slots, [1, 2, 3]);
    // A third table indexes past the two pointers: an error, not a panic.
    let mut three = bytes;
    three[1] = 3;
    let err = read_error::<parent_paths::ParentPaths>(&three);
    assert!(err.contains("slots"), "{err}");
    // The writer computes the level from the header it holds: level 4 wants no `extra`.
    v.header.version = 4;
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("Body.extra"), "{err}");
}

#[test]
fn switch_cases_read_parent_and_root() {
    use switch_nav::{BackgroundValue, ChunkBody, ChunkTail, Color};
    // Grey, depth 2; a background chunk (a grey level) with no tail, then a palette chunk of
    // `depth` entries whose tail is a trailer of the chunk's `len` bytes.
    let bytes = [0, 2, 1, 2, 0x34, 0x12, 2, 2, 5, 6, 7, 8];
    let mut v: switch_nav::SwitchNav = round_trip(&bytes);
    assert_eq!(v.header.color, Color::Grey);
    let ChunkBody::Background(bg) = &v.chunks[0].body.value else {
        panic!("kind 1 is a background: {:?}", v.chunks[0].body);
    };
    assert!(matches!(&bg.value, BackgroundValue::Grey(g) if g.level == 0x1234));
    assert!(matches!(v.chunks[0].tail, ChunkTail::Unmatched));
    let ChunkBody::Palette(p) = &v.chunks[1].body.value else {
        panic!("kind 2 is a palette: {:?}", v.chunks[1].body);
    };
    assert_eq!(p.entries, [5, 6]);
    assert!(matches!(&v.chunks[1].tail, ChunkTail::Trailer(t) if t.data == [7, 8]));
    // Rgb: the background is three bytes.
    let rgb: switch_nav::SwitchNav = round_trip(&[2, 0, 1, 3, 1, 2, 3]);
    let ChunkBody::Background(bg) = &rgb.chunks[0].body.value else {
        panic!("kind 1 is a background: {:?}", rgb.chunks[0].body);
    };
    assert!(matches!(&bg.value, BackgroundValue::Rgb(c) if (c.r, c.g, c.b) == (1, 2, 3)));
    // The writer checks the background's variant against the root's colour it is handed.
    v.header.color = Color::Rgb;
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("Background.value"), "{err}");
}

#[test]
fn positioned_instance_if_computes_a_byte_array_comparison() {
    // The magic is "OK": the byte at `ofs` 3 is read (and kept among the unparsed bytes too).
    let v: pos_if_value::PosIfValue = round_trip(&[3, 0x4f, 0x4b, 7]);
    assert_eq!(
        (v.is_valid(), v.extra, v._unparsed.as_slice()),
        (Some(true), Some(7), &[7][..])
    );
    // Another magic: no `extra`.
    let mut other: pos_if_value::PosIfValue = round_trip(&[3, 0, 0, 7]);
    assert_eq!((other.is_valid(), other.extra), (Some(false), None));
    // The writer computes the comparison from the magic it holds: "OK" wants `extra`.
    other.magic = *b"OK";
    let err = other.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("PosIfValue.extra"), "{err}");
}

#[test]
fn positioned_instance_types_read_parent_and_root() {
    // unit 2 and the dir at 2: one entry, whose body at 5 holds `len` (1) bytes and `unit` units.
    let bytes = [2, 2, 1, 5, 1, 0xaa, 1, 2];
    let mut v: pos_parent_root::PosParentRoot = round_trip(&bytes);
    let body = &v.dir.entries[0].body;
    assert_eq!(
        (body.head.as_slice(), body.units.as_slice()),
        (&[0xaa][..], &[1, 2][..])
    );
    // The entry's `len` 2 takes the first unit into the head, and the units run past the end.
    let err = read_error::<pos_parent_root::PosParentRoot>(&[2, 2, 1, 5, 2, 0xaa, 1, 2]);
    assert!(err.contains("units"), "{err}");
    // The writer checks the count against the root's `unit` it is handed.
    v.dir.entries[0].body.units.push(3);
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("Chunk.units"), "{err}");
}

#[test]
fn root_constants_are_literals() {
    // The head at 1: one block of `_root.block` (2) bytes; the tail is the last `block` bytes.
    let mut v: root_constants::RootConstants = round_trip(&[1, 1, 0xa, 0xb, 0xc, 0xd]);
    assert_eq!(
        (v.head.data.as_slice(), v.tail),
        (&[0xa, 0xb][..], [0xc, 0xd])
    );
    assert_eq!(v.block(), Some(2));
    v.tail = [0xe, 0xf];
    assert_eq!(write(&v), [1, 1, 0xa, 0xb, 0xe, 0xf]);
}

#[test]
fn value_instances_read_parent_and_root() {
    // "a\0", more 1, leaf code 5, kind 1 and a two-byte body (x 9), then the nested copy:
    // "b\0", more 0, leaf code 7, kind 2 and a body of case_b (which reads nothing).
    let v: value_parent_root::ValueParentRoot =
        round_trip(&[0x61, 0, 1, 5, 1, 9, 0, 0x62, 0, 0, 7, 2, 0, 0]);
    let value_parent_root::ValueParentRootBody::CaseA(a) = &v.body.value else {
        panic!("kind 1 is case_a: {:?}", v.body);
    };
    assert_eq!((a.x, a.probe.kind_seen()), (9, Some(1)));
    assert_eq!(v.leaf.parent_tag().as_deref(), Some("a"));
    // code 5 + the copy's more 1 + the outermost's more 1.
    assert_eq!(v.leaf.inner.total(), Some(7));
    assert_eq!((v.outer_more(), v.parent_more()), (Some(1), None));
    let next = v.next.as_deref().expect("more is 1");
    assert_eq!(next.leaf.parent_tag().as_deref(), Some("b"));
    let value_parent_root::ValueParentRootBody::CaseB(b) = &next.body.value else {
        panic!("kind 2 is case_b: {:?}", next.body);
    };
    assert_eq!(b.probe.kind_seen(), Some(2));
    // code 7 + the copy's more 0 + the outermost's more 1.
    assert_eq!(next.leaf.inner.total(), Some(8));
    assert_eq!((next.outer_more(), next.parent_more()), (Some(1), Some(1)));
}

#[test]
fn struct_params_take_the_type_callers_pass() {
    let v: struct_params::StructParams = round_trip(&[3, b'h', 0, 0xaa, 0xbb]);
    assert_eq!((v.body.head.len, v.body.head.name.value.as_str()), (3, "h"));
    assert_eq!(v.body.inner.head.len, 3);
    assert_eq!(v.body.inner.data, [0xaa, 0xbb]);
    assert_eq!(v.body.len_plus_one(), Some(4));
}

#[test]
fn root_given_whole_passes_the_values_read_from_it() {
    // count 3, code 0x2010; the instance at 1 reads low 0x10 (code's first byte).
    let v: root_param::RootParam = round_trip(&[3, 0x10, 0x20]);
    assert_eq!((v.count, v.code, v.check.low), (3, 0x2010, 0x10));
    // count 3 + low 16; default_kind is big (9).
    assert_eq!(v.default_kind(), Some(root_param::Kind::Big));
    assert_eq!((v.check.top_count, v.check.top_default_kind), (3, 9));
    assert_eq!(v.check.sum(), Some(19));
    assert_eq!(v.check.big(), Some(true));
}

#[test]
fn savepoint_pattern_and_version_gates() {
    let v3: savepoint_pattern::Block = round_trip(b"BLCK\x03\0\0\0\x10\0\x01\0\0\0\x09\x20\0KCLB");
    assert_eq!(
        (v3.version, v3.size, v3.extra, v3.legacy),
        (3, 0x10, Some(1), None)
    );
    assert_eq!((v3.entry.id, v3.entry.weight), (9, Some(0x20)));
    let v1: savepoint_pattern::Block = round_trip(b"BLCK\x01\0\0\0\x10\0\x05\x09KCLB");
    assert_eq!(
        (v1.extra, v1.legacy, v1.entry.weight),
        (None, Some(5), None)
    );
    read_error::<savepoint_pattern::Block>(b"BLCK\x04\0\0\0\x10\0\x01\0\0\0\x09\x20\0KCLB");
    read_error::<savepoint_pattern::Block>(b"BLCK\x01\0\0\0\x10\0\x05\x09KCLX");
}

#[test]
fn savepoint_enums_and_max_depth() {
    use savepoint_enum::{Item, Node, Shape};
    let shape: Shape = round_trip(&[2, 0x34, 0x12]);
    assert!(matches!(shape, Shape::Square(s) if s.side == 0x1234));
    // A tag of no variant is one error naming the enum, the tag and its offset.
    let err = read_error::<Shape>(&[3, 0]);
    assert_eq!(
        err,
        "Shape: kind 3 names none of its variants (1 Circle, 2 Square) at 0x0"
    );
    let big: savepoint_enum::BigTag = round_trip(&[1, 2, 9]);
    assert!(matches!(big, savepoint_enum::BigTag::Circle(c) if c.radius == 9));
    let err = read_error::<savepoint_enum::BigTag>(&[2, 1, 9]);
    assert!(err.starts_with("BigTag: code 513 names"), "{err}");
    let drawing: savepoint_enum::Drawing = round_trip(&[3, 1, 0]);
    assert!(matches!(drawing.item, Item::Square(s) if s.side == 1));
    let err = read_error::<savepoint_enum::Drawing>(&[7, 1, 0]);
    assert!(
        err.contains(
            "Drawing.item: kind 7 names none of its variants (1 Circle, 2 Square, 3 Square) at 0x1"
        ),
        "{err}"
    );
    let err = read_error::<savepoint_enum::Tree>(&[2, 0, 7, 9]);
    assert!(
        err.contains("Node: kind 9 names none of its variants (0 Leaf, 1 Tree) at 0x3"),
        "{err}"
    );
    let tree: savepoint_enum::Tree = round_trip(&[2, 0, 7, 1, 0]);
    assert!(matches!(&tree.kids[0], Node::Leaf(l) if l.value == 7));
    assert!(matches!(&tree.kids[1], Node::Tree(t) if t.kids.is_empty()));
    // Four levels are accepted, a fifth is refused.
    round_trip::<savepoint_enum::Tree>(&[1, 1, 1, 1, 1, 1, 0]);
    let err = read_error::<savepoint_enum::Tree>(&[1, 1, 1, 1, 1, 1, 1, 1, 0]);
    assert!(err.contains("Tree nested deeper than 4 levels"), "{err}");
}

/// The slice-reading trait `enum_args.ksy`'s `-savepoint-fixed-layout` names (the shape of
/// `unreal::layout::FixedLe`).
pub trait FixedLe {
    /// Bytes of one value.
    const SIZE: usize;
    /// The value stored in the first `SIZE` bytes of `b`.
    fn from_le(b: &[u8]) -> Self;
}

impl FixedLe for u16 {
    const SIZE: usize = 2;
    fn from_le(b: &[u8]) -> Self {
        u16::from_le_bytes([b[0], b[1]])
    }
}

impl FixedLe for i32 {
    const SIZE: usize = 4;
    fn from_le(b: &[u8]) -> Self {
        i32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }
}

thread_local! {
    /// Calls of [`parse_fixed`] on this thread.
    static FIXED_READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The `-savepoint-parse-with` function of `enum_args.ksy`'s `wide.point`: the value's bytes
/// read at once and decoded by its [`FixedLe`] (the shape of `unreal::layout::parse_fixed`),
/// counted in [`FIXED_READS`].
pub fn parse_fixed<T: FixedLe, R: binrw::io::Read + binrw::io::Seek>(
    reader: &mut R,
    _: binrw::Endian,
    (): (),
) -> binrw::BinResult<T> {
    FIXED_READS.with(|n| n.set(n.get() + 1));
    let mut bytes = vec![0; T::SIZE];
    reader.read_exact(&mut bytes)?;
    Ok(T::from_le(&bytes))
}

/// An enum whose variants take the version the caller gives, read and written back at two
/// versions, with its kind in JSON; a fixed layout read from a slice as binrw reads it; and a
/// field read by its `-savepoint-parse-with` function.
#[test]
fn enum_variants_take_the_callers_version() {
    use enum_args::{Entry, Point};
    let read = round_trip_at::<Entry>;
    let point = Point { x: 0x1234, y: -2 };
    let before = FIXED_READS.with(|n| n.get());
    let wide = read(b"\x01\x34\x12\xfe\xff\xff\xff\x07\0", 2);
    assert!(matches!(&wide, Entry::Wide(w) if w.point == point && w.c == Some(7)));
    assert_eq!(FIXED_READS.with(|n| n.get()), before + 1);
    let old = read(b"\x00\x09", 1);
    assert!(matches!(&old, Entry::Narrow(n) if (n.a, n.b) == (9, None)));
    let new = read(b"\x00\x09\x0a", 2);
    assert!(matches!(&new, Entry::Narrow(n) if n.b == Some(10)));
    // JSON names the variant beside its fields, and reads it back.
    let json = serde_json::to_value(&wide).expect("JSON");
    assert_eq!(json["kind"], "wide");
    assert_eq!(json["point"]["y"], -2);
    assert_eq!(
        serde_json::from_value::<Entry>(json).expect("from JSON"),
        wide
    );
    // The variant's writer gets the version the enum's writer was given.
    let err = new
        .write_le_args(&mut Cursor::new(Vec::new()), (1,))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("Narrow.b (save_version >= 2) must be absent at save_version 1"),
        "{err}"
    );
    let err = Entry::read_le_args(&mut Cursor::new(b"\x02\x09"), (2,)).expect_err("kind 2");
    assert_eq!(
        err.to_string(),
        "Entry: kind 2 names none of its variants (1 Wide, 0 Narrow) at 0x0"
    );
    let bytes = [0x34, 0x12, 0xfe, 0xff, 0xff, 0xff];
    assert_eq!(<Point as FixedLe>::SIZE, bytes.len());
    assert_eq!(<Point as FixedLe>::from_le(&bytes), point);
    assert_eq!(round_trip::<Point>(&bytes), point);
}

#[test]
fn calculated_endianness() {
    let le: calculated_endian::CalculatedEndian = round_trip(b"II\x34\x12");
    assert_eq!(le.body.value, 0x1234);
    let mut be: calculated_endian::CalculatedEndian = round_trip(b"MM\x12\x34");
    assert_eq!(be.body.value, 0x1234);
    read_error::<calculated_endian::CalculatedEndian>(b"XX\x12\x34");
    // Switching the mark switches the order the body is written in.
    be.order.value = "II".into();
    assert_eq!(write(&be), b"II\x34\x12");
    be.order.value = "XX".into();
    let err = be.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("no byte order"), "{err}");
}

#[test]
fn calculated_endianness_on_a_root_field() {
    use calculated_endian_root::CalculatedEndianRoot;
    let le: CalculatedEndianRoot = round_trip(b"II\x34\x12\x78\x56\x34\x12");
    let be: CalculatedEndianRoot = round_trip(b"MM\x12\x34\x12\x34\x56\x78");
    // The nested type, of no byte order of its own, is read in its parent's.
    for v in [&le, &be] {
        assert_eq!((v.body.value, v.body.inner.more), (0x1234, 0x1234_5678));
    }
    let err = read_error::<CalculatedEndianRoot>(b"XX\x12\x34\0\0\0\0");
    assert!(err.contains("no byte order"), "{err}");
    // The writer decides the order from the magic it holds.
    let mut flipped = le;
    flipped.magic = *b"MM";
    assert_eq!(write(&flipped), b"MM\x12\x34\x12\x34\x56\x78");
    flipped.magic = *b"XX";
    let err = flipped.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("no byte order"), "{err}");
}

/// The Rust type `savepoint_rust.ksy` names for its money field.
pub type Money = i64;

/// The hand-written type `savepoint_rust.ksy` names for `tag_list` (a count, then that many
/// bytes).
#[binrw::binrw]
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TagList {
    #[br(temp)]
    #[bw(try_calc = u8::try_from(items.len()))]
    count: u8,
    #[br(count = count)]
    pub items: Vec<u8>,
}

#[test]
fn savepoint_rust_names_and_types() {
    let v: savepoint_rust::Record = round_trip(b"\xfe\xff\xff\xff\xff\xff\xff\xff\x02\x01\x02");
    let money: Money = v.money;
    assert_eq!(money, -2);
    assert_eq!(v.tags.items, [1, 2]);
}

/// The custom routine `custom_process.ksy` names `shift(key, up, unused)`: every byte moved up
/// (or down) by `key`, wrapping.
pub struct Shift {
    key: u8,
    up: bool,
}

impl Shift {
    /// The routine of the schema's arguments (the byte list shows a list arrives as a slice).
    pub fn new(key: u8, up: bool, unused: &[u8]) -> Self {
        assert_eq!(unused, [0x01]);
        Shift { key, up }
    }

    fn moved(&self, bytes: &[u8], up: bool) -> Vec<u8> {
        let step = |b: &u8| match up {
            true => b.wrapping_add(self.key),
            false => b.wrapping_sub(self.key),
        };
        bytes.iter().map(step).collect()
    }
}

impl savepoint_runtime::custom_process::KsCustomProcess for Shift {
    fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
        Ok(self.moved(stored, self.up))
    }

    fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
        Ok(self.moved(value, !self.up))
    }
}

/// The dotted routine name `demo.brackets` of `custom_process.ksy`.
pub mod demo {
    /// Decoding puts the stored bytes between `[` and `]`; a value without them cannot be
    /// stored.
    #[derive(Default)]
    pub struct Brackets;

    impl Brackets {
        /// The routine (no arguments).
        pub fn new() -> Self {
            Brackets
        }
    }

    impl savepoint_runtime::custom_process::KsCustomProcess for Brackets {
        fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
            Ok([b"[", stored, b"]"].concat())
        }

        fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
            let inner = value.strip_prefix(b"[").and_then(|v| v.strip_suffix(b"]"));
            inner
                .map(<[u8]>::to_vec)
                .ok_or_else(|| "not in brackets".into())
        }
    }
}

/// The constant `savepoint_version.ksy` spells its `data` gate with.
pub const SAVE_VERSION_DATA: i32 = 7;

/// The hand-written newtype `savepoint_version.ksy` names for `flag32`: 32 bits, 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Flag32(pub bool);

impl BinRead for Flag32 {
    type Args<'a> = ();

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        reader: &mut R,
        endian: binrw::Endian,
        (): (),
    ) -> binrw::BinResult<Self> {
        let pos = reader.stream_position()?;
        match u32::read_options(reader, endian, ())? {
            0 => Ok(Flag32(false)),
            1 => Ok(Flag32(true)),
            v => Err(binrw::Error::AssertFail {
                pos,
                message: format!("flag {v}"),
            }),
        }
    }
}

impl BinWrite for Flag32 {
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

#[test]
fn custom_process_routines_decode_and_keep_stored_bytes() {
    let mut v: custom_process::CustomProcess = round_trip(&[2, 0x10, 0xff, 0x41, 0x42]);
    assert_eq!(v.shifted.value, [0x12, 0x01]);
    // `[AB]`: the pair reads the first two decoded bytes and keeps the rest.
    assert_eq!((v.framed.value.a, v.framed.value.b), (b'[', b'A'));
    assert_eq!(v.framed.tail, b"B]");
    v.shifted.value = vec![0x00, 0x20];
    v.framed.tail = b"C]".to_vec();
    assert_eq!(write(&v), [2, 0xfe, 0x1e, 0x41, 0x43]);
    // An edit the routine cannot store is a write error, not a panic.
    v.framed.tail = b"C".to_vec();
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string()
            .contains("process demo.brackets: not in brackets"),
        "{err}"
    );
}

/// The opaque type `opaque.ksy` uses: a 16-bit RGB 5:6:5 colour, implemented by hand.
#[binrw::binrw]
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PackedRgb {
    /// Red in the top five bits, green in the middle six, blue in the low five.
    pub rgb565: u16,
}

#[test]
fn opaque_types_are_the_users_types() {
    let v: opaque::Opaque = round_trip(&[
        0x1f, 0x00, // color
        0xe0, 0x07, 0xaa, // sized: the colour and a byte it leaves
        0xff, 0x07, // hidden, xored with 0xff
        2, 0x01, 0x00, 0x02, 0x00, // count, many
        0x03, 0x00, // either: count 2 picks the opaque case
    ]);
    assert_eq!(v.color, PackedRgb { rgb565: 0x001f });
    assert_eq!(
        (v.sized.value.rgb565, v.sized.tail.as_slice()),
        (0x07e0, &[0xaa][..])
    );
    assert_eq!(v.hidden.value.rgb565, 0xf800);
    assert_eq!(v.many, [PackedRgb { rgb565: 1 }, PackedRgb { rgb565: 2 }]);
    assert_eq!(
        v.either,
        opaque::OpaqueEither::PackedRgb(PackedRgb { rgb565: 3 })
    );
}

#[test]
fn value_strings_fstrings_and_an_unknown_encoding() {
    let v: value_strings::ValueStrings = round_trip(b"Bob\x07hi");
    assert_eq!(v.empty().as_deref(), Some(""));
    assert_eq!(v.label().as_deref(), Some("Bob is level 7!"));
    assert_eq!(v.in_unknown_encoding(), None);
}

#[test]
fn value_instances_computed_for_seq_fields() {
    use value_seq::{Kind, Note, ValueSeq, ValueSeqEvent, ValueSeqTagged};
    // kind 1; body_len = 2 + (0 << 8); n8 = 2 elements; header 0x93 switches on 0x90; "on".
    let mut v: ValueSeq = round_trip(&[1, 2, 0, 0xaa, 0xbb, 0, 2, 7, 8, 0x93, 60, b'o', b'n', 61]);
    assert_eq!(
        (v.kind, v.body.as_deref()),
        (Kind::Data, Some(&[0xaa, 0xbb][..]))
    );
    assert_eq!(v.nums.as_deref(), Some(&[7, 8][..]));
    assert_eq!(v.event, ValueSeqEvent::Note(Note { key: 60 }));
    assert_eq!(v.tagged.value, ValueSeqTagged::Note(Note { key: 61 }));
    // The size from `<< 8`: 0x0102 bytes are more than the input holds.
    let err = read_error::<ValueSeq>(&[1, 2, 1, 0xaa, 0xbb, 0]);
    assert!(
        err.contains("258 elements") && err.contains("'body'"),
        "{err}"
    );
    assert_eq!(
        (v.body_len(), v.num(), v.event_type()),
        (Some(2), Some(2), Some(0x90))
    );
    assert_eq!(v.tag().as_deref(), Some("on"));
    // kind 0: no body; n16 = 2 elements; 0x80 is a note too; "xy" matches no case.
    let stop: ValueSeq = round_trip(&[0, 1, 2, 0, 5, 6, 0x80, 1, b'x', b'y', 9]);
    assert_eq!(
        (stop.body, stop.n16, stop.nums.as_deref()),
        (None, Some(2), Some(&[5, 6][..]))
    );
    assert_eq!(stop.tagged.value, ValueSeqTagged::Raw(vec![9]));
    // wide 3: `nums` is not read, so `num` (of `n16`, absent) is not needed; wide 2 needs it.
    let none: ValueSeq = round_trip(&[0, 3, 0x70, b'o', b'n', 5]);
    assert_eq!((none.nums, none.event), (None, ValueSeqEvent::Unmatched));
    let err = read_error::<ValueSeq>(&[0, 2, 0x70, b'o', b'n', 5]);
    assert!(err.contains("ValueSeq.num is undefined"), "{err}");
    // The writer computes each value from the fields it holds: a count that no longer fits the
    // list, a header whose event type no longer fits the case, a tag that matches no case.
    v.n8 = Some(3);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
    v.n8 = Some(2);
    v.len_lo = Some(1);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
    v.len_lo = Some(2);
    v.header = 0x70;
    let err = v.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string().contains("does not match its selector"),
        "{err}"
    );
    v.header = 0x80;
    v.tag_raw = *b"of";
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
    v.tag_raw = *b"on";
    assert_eq!(write(&v)[9], 0x80);
}

#[test]
fn an_if_that_subtracts_is_computed_before_its_field() {
    use if_computed::IfComputed;
    // 5 words: no options (5 * 4 - 20 is 0), 5 - 2 is not above 6: no `low`; 320 <= 500.
    let plain: IfComputed = round_trip(&[5, 0xee]);
    assert_eq!((plain.options, plain.low, plain.wide), (None, None, None));
    assert_eq!(plain.tail, 0xee);
    // 9 words: 16 bytes of options, 9 - 2 > 6: `low` is there; 9 * 64 = 576 (past a u8) > 500.
    let mut bytes = vec![9];
    bytes.extend(1..=16);
    bytes.extend([0x77, 0x55, 0xee]);
    let mut long: IfComputed = round_trip(&bytes);
    assert_eq!(long.options.as_ref().map(Vec::len), Some(16));
    assert_eq!((long.low, long.wide), (Some(0x77), Some(0x55)));
    assert_eq!(long.base(), Some(2));
    // 4 words: the size, 4 * 4 - 20, is negative where the field is read.
    let err = read_error::<IfComputed>(&[4, 0xee]);
    assert!(err.contains("options"), "{err}");
    // The writer computes the `if` from the words it holds.
    long.words = 5;
    let err = long.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string()
            .contains("IfComputed.options must be present"),
        "{err}"
    );
}

#[test]
fn enum_value_instances_computed_for_seq_switches() {
    use value_seq_enum::{Ether, Halves, ValueSeqEnum, ValueSeqEnumBody, ValueSeqEnumTail, Word};
    // ipv4: the body is a word, the tail matches no case (reads nothing).
    let plain: ValueSeqEnum = round_trip(&[0x08, 0x00, 0x12, 0x34]);
    assert_eq!(plain.body.value, ValueSeqEnumBody::Word(Word { w: 0x1234 }));
    assert_eq!(plain.tail, ValueSeqEnumTail::Unmatched);
    assert_eq!(plain.kind(), Some(Ether::Ipv4));
    // tagged: the kind is the second field's, ipv6.
    let mut tagged: ValueSeqEnum = round_trip(&[0x81, 0x00, 0x86, 0xdd, 5, 6, 0xab, 0xcd]);
    assert_eq!(tagged.inner, Some(Ether::Ipv6));
    assert_eq!(
        tagged.body.value,
        ValueSeqEnumBody::Halves(Halves { hi: 5, lo: 6 })
    );
    assert_eq!(tagged.tail, ValueSeqEnumTail::Word(Word { w: 0xabcd }));
    // A value the enum does not name matches no case: the sized body keeps its bytes.
    let odd: ValueSeqEnum = round_trip(&[0x12, 0x34, 9, 9]);
    assert_eq!(odd.body.value, ValueSeqEnumBody::Raw(vec![9, 9]));
    assert_eq!(odd.kind(), Some(Ether::Unknown(0x1234)));
    // The writer computes the kind from the fields it holds: ipv4 no longer fits the halves.
    tagged.inner = Some(Ether::Ipv4);
    let err = tagged.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string()
            .contains("does not match its selector `kind`"),
        "{err}"
    );
}

#[test]
fn param_value_instances_computed_for_seq_fields() {
    use value_seq_param::{Proto, RoutedInner, ValueSeqParam};
    // num 1 (small: one byte), len (1 & 3) << 1 = 2, mode wide: `extra` is there.
    let mut small: ValueSeqParam = round_trip(&[1, 2, 0x7f, 0xa, 0xb, 0xc]);
    assert_eq!(small.body.inner, RoutedInner::U1(0x7f));
    assert_eq!(
        (small.body.blob.as_slice(), small.body.extra),
        (&[0xa, 0xb][..], Some(0xc))
    );
    assert_eq!(
        (small.body.proto(), small.body.len(), small.body.wide_mode()),
        (Some(Proto::Small), Some(2), Some(true))
    );
    // num 2 (wide: two bytes), len 4, mode small: no `extra`.
    let wide: ValueSeqParam = round_trip(&[2, 1, 0x34, 0x12, 1, 2, 3, 4]);
    assert_eq!(wide.body.inner, RoutedInner::U2(0x1234));
    assert_eq!((wide.body.blob.len(), wide.body.extra), (4, None));
    // num 3 names no protocol: nothing is read for `inner`; len 6.
    let none: ValueSeqParam = round_trip(&[3, 2, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(none.body.inner, RoutedInner::Unmatched);
    assert_eq!(none.body.extra, Some(7));
    // The writer computes the values from the param the type keeps.
    small.body.num = 2;
    let err = small.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string().contains("does not match its selector"),
        "{err}"
    );
    small.body.num = 1;
    small.body.mode = Proto::Small;
    let err = small.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(err.to_string().contains("extra"), "{err}");
}

#[test]
fn switches_of_one_case_type_meet_as_that_type() {
    use switch_coerce::{Pair, SwitchCoerce};
    let plain: SwitchCoerce = round_trip(&[1, 0, 5, 6]);
    assert_eq!(plain.chosen(), Some(Pair { a: 5, b: 6 }));
    let hidden: SwitchCoerce = round_trip(&[1, 1, 0xfa, 0xf9]);
    assert_eq!(hidden.chosen(), Some(Pair { a: 5, b: 6 }));
    // No case matched: the area's bytes are kept, and the value is undefined.
    let raw: SwitchCoerce = round_trip(&[2, 0, 5, 6]);
    assert_eq!(raw.chosen(), None);
    // The writer checks the present field's case against the selector.
    let edited = SwitchCoerce { kind: 2, ..plain };
    let err = edited.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string().contains("does not match its selector"),
        "{err}"
    );
}

/// A flag is read to decide and written from whether its field holds a value.
#[test]
fn a_flag_records_whether_its_field_is_there() {
    let v: flag_of::FlagOf = round_trip(&[1, 0x34, 0x12, 1, 0, 0, 0, 9]);
    assert_eq!((v.name, v.extra), (Some(0x1234), Some(9)));
    let none: flag_of::FlagOf = round_trip(&[0, 0, 0, 0, 0]);
    assert_eq!((none.name, none.extra), (None, None));
    // Any non-zero integer flag means present; the writer writes 1.
    let mut input = Cursor::new(&[7u8, 1, 0, 0, 0, 0, 0][..]);
    let v = flag_of::FlagOf::read_le(&mut input).expect("read");
    assert_eq!(v.name, Some(1));
    let edited = flag_of::FlagOf {
        name: None,
        extra: Some(5),
    };
    assert_eq!(write(&edited), [0, 1, 0, 0, 0, 5]);
    assert!(read_error::<flag_of::FlagOf>(&[0, 2, 0, 0, 0]).contains("flag 2"));
}

/// The context `rust_params.ksy` lends its types: what a stored byte is multiplied by.
pub struct Scale {
    factor: u32,
}

/// The hand-written `scaled` of `rust_params.ksy`: a stored byte times the scale's factor, so
/// neither side can do without the context.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Scaled(pub u32);

impl BinRead for Scaled {
    type Args<'a> = (&'a Scale,);

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        reader: &mut R,
        endian: binrw::Endian,
        (scale,): (&Scale,),
    ) -> binrw::BinResult<Self> {
        Ok(Scaled(
            u32::from(u8::read_options(reader, endian, ())?) * scale.factor,
        ))
    }
}

impl BinWrite for Scaled {
    type Args<'a> = (&'a Scale,);

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        writer: &mut W,
        endian: binrw::Endian,
        (scale,): (&Scale,),
    ) -> binrw::BinResult<()> {
        let pos = writer.stream_position()?;
        let raw = u8::try_from(self.0 / scale.factor)
            .ok()
            .filter(|_| self.0.is_multiple_of(scale.factor))
            .ok_or_else(|| binrw::Error::AssertFail {
                pos,
                message: format!("{} is not a byte times {}", self.0, scale.factor),
            })?;
        raw.write_options(writer, endian, ())
    }
}

/// The hand-written generic list `rust_params.ksy` names for `counted_reading`: a `u8` count,
/// then elements read with the caller's version and context.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Counted<T>(pub Vec<T>);

impl<T> BinRead for Counted<T>
where
    T: for<'a> BinRead<Args<'a> = (i32, &'a Scale)>,
{
    type Args<'a> = (i32, &'a Scale);

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        reader: &mut R,
        endian: binrw::Endian,
        args: (i32, &Scale),
    ) -> binrw::BinResult<Self> {
        let n = u8::read_options(reader, endian, ())?;
        (0..n)
            .map(|_| T::read_options(reader, endian, args))
            .collect::<Result<_, _>>()
            .map(Counted)
    }
}

impl<T> BinWrite for Counted<T>
where
    T: for<'a> BinWrite<Args<'a> = (i32, &'a Scale)>,
{
    type Args<'a> = (i32, &'a Scale);

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        writer: &mut W,
        endian: binrw::Endian,
        args: (i32, &Scale),
    ) -> binrw::BinResult<()> {
        let pos = writer.stream_position()?;
        let n = u8::try_from(self.0.len()).map_err(|_| binrw::Error::AssertFail {
            pos,
            message: "more than 255 elements".into(),
        })?;
        n.write_options(writer, endian, ())?;
        self.0
            .iter()
            .try_for_each(|x| x.write_options(writer, endian, args))
    }
}

/// A lent context and the caller's version reach a generated type and hand-written ones, nested,
/// when reading and when writing.
#[test]
fn a_rust_typed_param_is_lent_to_nested_types_on_both_sides() {
    use rust_params::{Log, Reading};
    let scale = Scale { factor: 3 };
    let read = |bytes: &[u8], v: i32| {
        let mut input = Cursor::new(bytes);
        let value = Log::read_le_args(&mut input, (v, &scale))
            .unwrap_or_else(|e| panic!("read at {v}: {e}"));
        assert_eq!(input.position(), bytes.len() as u64, "left unread at {v}");
        let mut out = Cursor::new(Vec::new());
        value.write_le_args(&mut out, (v, &scale)).expect("write");
        assert_eq!(out.into_inner(), bytes, "written back at {v}");
        value
    };
    let tagged = read(&[7, 2, 1, 9, 4], 2);
    let reading = |tag, value| Reading {
        tag,
        value: Scaled(value),
    };
    assert_eq!(tagged.first, reading(Some(7), 6));
    assert_eq!(tagged.rest.0, [reading(Some(9), 12)]);
    let untagged = read(&[2, 2, 1, 5], 1);
    assert_eq!(untagged.rest.0, [reading(None, 3), reading(None, 15)]);
    // The writer divides by the factor it is lent, deep in the hand-written list too.
    let mut edited = tagged.clone();
    edited.rest.0[0].value = Scaled(30);
    let mut out = Cursor::new(Vec::new());
    edited.write_le_args(&mut out, (2, &scale)).expect("write");
    assert_eq!(out.into_inner(), [7, 2, 1, 9, 10]);
    edited.rest.0[0].value = Scaled(31);
    let err = edited
        .write_le_args(&mut Cursor::new(Vec::new()), (2, &scale))
        .unwrap_err();
    assert!(
        err.to_string().contains("31 is not a byte times 3"),
        "{err}"
    );
    // The version reaches the nested generated type's gates on the writer's side too.
    let err = tagged
        .write_le_args(&mut Cursor::new(Vec::new()), (1, &scale))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("Reading.tag (save_version >= 2) must be absent at save_version 1"),
        "{err}"
    );
}

/// The same bytes are two layouts at two SaveVersions the caller gives, read and written back.
#[test]
fn a_named_version_from_a_param_is_given_by_the_caller() {
    use version_param::VersionParam;
    let read = round_trip_at::<VersionParam>;
    let old = read(b"\x01\0\x02\0\x07", 40);
    assert_eq!((old.ends, old.legacy, old.state), ([1, 2], Some(7), None));
    let new = read(b"\x01\0\x02\0\x44\x33\x22\x11", 43);
    assert_eq!((new.legacy, new.state), (None, Some(0x1122_3344)));
    let between = read(b"\x01\0\x02\0", 41);
    assert_eq!((between.legacy, between.state), (None, None));
    assert!(
        serde_json::to_value(&new)
            .expect("JSON")
            .get("legacy")
            .is_none()
    );
    // The writer checks the gates against the version it is given.
    let err = old
        .write_le_args(&mut Cursor::new(Vec::new()), (43,))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("VersionParam.legacy (save_version < 41) must be absent at save_version 43"),
        "{err}"
    );
}

/// Bytes at three SaveVersions: the level (1 where the SaveVersion has none) and the
/// SaveVersion each gate a field of the instance, read and written back.
#[test]
fn two_named_versions_gate_one_instance() {
    use named_versions::Subsystem;
    let read = round_trip_at::<Subsystem>;
    // SaveVersion 2: no level, so level 1: the base alone.
    let old = read(b"\x07", 2);
    assert_eq!(
        (old.level, old.instance.base, old.instance.extra),
        (None, 7, None)
    );
    // SaveVersion 3, level 2: the extra byte, no stamp yet.
    let mid = read(b"\x02\x07\x08", 3);
    assert_eq!(
        (mid.level, mid.instance.extra, mid.instance.stamp),
        (Some(2), Some(8), None)
    );
    // SaveVersion 4, level 1: the stamp, no extra.
    let new = read(b"\x01\x07\x34\x12", 4);
    assert_eq!(
        (new.instance.extra, new.instance.stamp),
        (None, Some(0x1234))
    );
    // The writer checks the instance against the level the subsystem holds.
    let mut edited = new.clone();
    edited.level = Some(2);
    let err = edited
        .write_le_args(&mut Cursor::new(Vec::new()), (4,))
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("Instance.extra (level >= 2) must be present at level 2"),
        "{err}"
    );
    assert!(
        serde_json::to_value(&old)
            .expect("JSON")
            .get("level")
            .is_none()
    );
}

#[test]
fn savepoint_named_version_gates() {
    use savepoint_version::SavepointVersion;
    let v3: SavepointVersion = round_trip(b"\x03\0\0\0\x34\x12\x01\0\0\0\x09\0");
    assert_eq!(
        (v3.flags, v3.level, v3.data, v3.is_valid, v3.hash),
        (Some(0x1234), 0, None, Flag32(true), Some(9))
    );
    let v7: SavepointVersion = round_trip(b"\x07\0\0\0\x05\x44\x33\x22\x11\0\0\0\0");
    assert_eq!(
        (v7.flags, v7.level, v7.data, v7.hash),
        (None, 5, Some(0x1122_3344), None)
    );
    read_error::<SavepointVersion>(b"\x07\0\0\0\x05\x44\x33\x22\x11\x02\0\0\0");
    // JSON leaves an absent `data` out (-savepoint-serde-omit-absent), and shows a present one.
    let json = |v: &SavepointVersion| serde_json::to_value(v).expect("serialise");
    assert!(json(&v3).get("data").is_none());
    assert_eq!(json(&v7)["data"], 0x1122_3344);
    assert_eq!(json(&v3)["flags"], 0x1234);
    // A level where the version has none (absent: default) is refused, not dropped.
    let mut edited = v3.clone();
    edited.level = 1;
    let err = edited.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        err.to_string().contains(
            "SavepointVersion.level (save_version >= 5) must be absent at save_version 3"
        ),
        "{err}"
    );
    // The hash follows the newtype's flag on writing too.
    edited.level = 0;
    edited.is_valid = Flag32(false);
    assert!(edited.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn list_sizes_in_seq_expressions() {
    // `n` = 2 items, so `tail` is 2 bytes; `marks` starts after them (1 + 2 + 2 = 5) and runs to
    // the end: 2 elements, so `flag` (at 5 too) is read.
    let bytes = [2, 0x0a, 0x0b, 0x0c, 0x0d, 7, 8];
    let mut v: list_sizes::ListSizes = round_trip(&bytes);
    assert_eq!(
        (v.items.as_slice(), v.tail.as_slice()),
        (&[0x0a, 0x0b][..], &[0x0c, 0x0d][..])
    );
    assert_eq!((v.marks.as_slice(), v.flag), (&[7, 8][..], Some(7)));
    assert_eq!(v._unparsed, [8]);
    // Three marks: no `flag`, the seq ends after `tail`.
    let longer = [2, 0x0a, 0x0b, 0x0c, 0x0d, 7, 8, 9];
    let w: list_sizes::ListSizes = round_trip(&longer);
    assert_eq!((w.marks.as_slice(), w.flag), (&[7, 8, 9][..], None));
    assert_eq!(w._unparsed, [7, 8, 9]);
    // The writer checks `flag` against the count of `marks` it is given.
    v.marks.push(9);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn child_value_instances_in_sizes_and_counts() {
    // `len` is 2 (one byte), so `body` is 2 bytes; `header.counts.total` is 1 + 2, so `items`
    // holds 2; `framed` (3 bytes) is 0x82 then 5, so `tail` is `units * 2` + 5 % 4 = 3 bytes.
    let bytes = [
        2, 0xaa, 0xbb, 1, 2, 1, 0x34, 0x12, 0x78, 0x56, 0x82, 5, 0, 7, 8, 9,
    ];
    let mut v: child_values::ChildValues = round_trip(&bytes);
    assert_eq!(
        (v.len.result(), v.body.as_slice()),
        (Some(2), &[0xaa, 0xbb][..])
    );
    assert_eq!(v.items, [0x1234, 0x5678]);
    assert_eq!(
        (v.framed.value.result(), v.tail.as_slice()),
        (Some(5), &[7, 8, 9][..])
    );
    // The three-byte form of the length.
    // `total` 1: no items; `framed` is 4 and two bytes its type leaves, `tail` 0 + 4 % 4 bytes.
    let long = [0x82, 3, 0, 1, 2, 3, 1, 0, 0, 4, 0xee, 0xee];
    let w: child_values::ChildValues = round_trip(&long);
    assert_eq!(
        (w.len.result(), w.body.as_slice()),
        (Some(3), &[1, 2, 3][..])
    );
    assert_eq!((w.items.len(), w.tail.len()), (0, 0));
    // A length past the input is a read error, not an allocation of it.
    let err = read_error::<child_values::ChildValues>(&[0x82, 0xff, 0xff, 1]);
    assert!(err.contains("body"), "{err}");
    // The writer sizes `items` by the child it holds: a count that no longer holds is an error.
    v.header.counts.b = 3;
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn valid_on_enum_fields() {
    use valid_enum::{Types, ValidEnum};
    let bytes = [0x60, 0x70, 0, 0x60, 0x12];
    let mut v: ValidEnum = round_trip(&bytes);
    assert_eq!((v.kind, v.form), (Types::Function, Types::Element));
    assert_eq!(v.codes, [Types::Function, Types::Unknown(0x12)]);
    // Each check fails on a value the enum names and on one it does not.
    for bad in [
        [0x70, 0x70, 0, 1, 2],
        [0x60, 0x7f, 0, 1, 2],
        [0x60, 0x60, 0, 2, 0x7f],
    ] {
        let err = read_error::<ValidEnum>(&bad);
        assert!(err.contains("is not valid"), "{err}");
    }
    assert!(read_error::<ValidEnum>(&[0x61, 0x60, 0, 1, 2]).contains("kind"));
    // The writer checks them again.
    v.kind = Types::Unknown(0x61);
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn instances_in_repeat_until() {
    // `words` starts at 1; Kaitai reads `stop` after its first element, at 1 + 2 + 3 = 6, where
    // bytes 6 and 7 (the high byte of 0x1234, the low byte of 0x1212) hold 0x1212: the fourth
    // word ends the list. Read at 1 + 3 instead, `stop` would be 0x3400, which no word meets.
    // `fixed` is `head` (5), which ends `tail` at its second byte.
    let bytes = [5, 1, 0, 2, 0, 0x34, 0x12, 0x12, 0x12, 7, 5, 0xee];
    let mut v: until_instance::UntilInstance = round_trip(&bytes);
    assert_eq!((v.stop, v.fixed), (0x1212, 5));
    assert_eq!(v.words, [1, 2, 0x1234, 0x1212]);
    assert_eq!(
        (v.tail.as_slice(), v._unparsed.as_slice()),
        (&[7, 5][..], &[0xee][..])
    );
    // The writer checks each list against the instance it is given.
    v.words[3] = 0x1213;
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn value_instances_in_repeat_until() {
    // `groups` ends at 0x02, the first without bit 7; `words` at shift 1, where `scaled` is 0.
    let mut v: until_value::UntilValue = round_trip(&[0x81, 0xff, 0x02, 2, 3, 1]);
    let groups: Vec<u8> = v.groups.iter().map(|g| g.b).collect();
    let shifts: Vec<u8> = v.words.iter().map(|w| w.shift).collect();
    assert_eq!((groups, shifts), (vec![0x81, 0xff, 0x02], vec![2, 3, 1]));
    assert_eq!(v.words[1].scaled(), Some(1 << 126));
    // Shift 5 gives 4 << 125, past `i128`: undefined, which Kaitai fails on, so both sides do.
    let err = read_error::<until_value::UntilValue>(&[0x02, 5, 1]);
    assert!(
        err.contains("a value its repeat-until reads is undefined"),
        "{err}"
    );
    v.words[0].shift = 5;
    assert!(v.write_le(&mut Cursor::new(Vec::new())).is_err());
}

#[test]
fn an_enum_chosen_by_the_bytes_left() {
    use bytes_left::{BytesLeft, Handle};
    let wide: BytesLeft = round_trip(&[1, 7, 0x10, 0x20, 0, 0]);
    assert!(
        matches!(wide.handle, Some(Handle::WideIndex(w)) if w.provider == 7 && w.index == 0x2010)
    );
    let narrow: BytesLeft = round_trip(&[1, 7, 9]);
    assert!(matches!(narrow.handle, Some(Handle::NarrowIndex(n)) if n.index == 9));
    let none: BytesLeft = round_trip(&[0]);
    assert_eq!(none.handle, None);
    // Neither form's size is left: the error names the field and the counts it takes.
    let e = BytesLeft::read_le(&mut Cursor::new([1u8, 7, 9, 9])).unwrap_err();
    let e = e.to_string();
    assert!(
        e.contains(
            "BytesLeft.handle: 3 bytes left, the forms take 5 (wide_index) or 2 (narrow_index)"
        ),
        "{e}"
    );
    // JSON names the variant in snake_case.
    let json = serde_json::to_string(&narrow.handle).unwrap();
    assert_eq!(json, r#"{"narrow_index":{"provider":7,"index":9}}"#);
}

#[test]
fn gated_fields_of_which_one_is_stored_are_one_enum() {
    use one_of::{EditedBy, Handle, OneOf, Pair};
    let names: OneOf = round_trip(&[4, 0, 0, 0, 1, 2]);
    assert_eq!(names.edited_by, EditedBy::Names(Pair { a: 1, b: 2 }));
    let wide: OneOf = round_trip(&[6, 0, 0, 0, 3, 1, 0, 0, 0]);
    assert!(
        matches!(wide.edited_by, EditedBy::Handle(Handle::Wide(w)) if w.provider == 3 && w.index == 1)
    );
    let narrow: OneOf = round_trip(&[7, 0, 0, 0, 3, 1]);
    assert!(matches!(narrow.edited_by, EditedBy::Handle(Handle::Narrow(n)) if n.index == 1));
    let nobody: OneOf = round_trip(&[3, 0, 0, 0]);
    assert_eq!(nobody.edited_by, EditedBy::Nobody);
    // A handle of neither size is refused, naming the counts it takes.
    let e = OneOf::read_le(&mut Cursor::new([6u8, 0, 0, 0, 1, 2, 3])).unwrap_err();
    assert!(
        e.to_string()
            .contains("3 bytes left, the forms take 5 (wide) or 2 (narrow)"),
        "{e}"
    );
    // The writer refuses a variant the version does not store, and the unit one where it stores one.
    for (version, edited_by) in [
        (3, names.edited_by.clone()),
        (4, EditedBy::Nobody),
        (4, wide.edited_by.clone()),
    ] {
        let value = OneOf { version, edited_by };
        let e = value.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
        assert!(
            e.to_string().contains("the variant is not the one version"),
            "{version}: {e}"
        );
    }
    assert_eq!(
        serde_json::to_string(&nobody.edited_by).unwrap(),
        r#""nobody""#
    );
    assert_eq!(
        serde_json::to_string(&names.edited_by).unwrap(),
        r#"{"names":{"a":1,"b":2}}"#
    );
}

#[test]
fn an_enum_chosen_by_an_instance_of_bytes_read_ahead() {
    use enum_ahead::{Bare, Counted, EnumAhead};
    let terminated: EnumAhead = round_trip(&[3, b'a', b'b', 0]);
    assert!(matches!(&terminated.text, Counted::Terminated(t) if t.chars == b"ab"));
    let bare: EnumAhead = round_trip(&[2, b'a', b'b']);
    assert!(matches!(&bare.text, Counted::Bare(b) if b.chars == b"ab"));
    let empty: EnumAhead = round_trip(&[0]);
    assert!(matches!(&empty.text, Counted::Bare(b) if b.chars.is_empty()));
    // Too short to read ahead: the error of the bytes, not a panic.
    assert!(EnumAhead::read_le(&mut Cursor::new([5u8, b'a'])).is_err());
    // A bare text ending in NUL would read back terminated: the writer refuses it.
    let value = EnumAhead {
        text: Counted::Bare(Bare {
            length: 2,
            chars: vec![b'a', 0],
        }),
    };
    let e = value.write_le(&mut Cursor::new(Vec::new())).unwrap_err();
    assert!(
        e.to_string()
            .contains("read back as `is_terminated` Some(true), which chooses the other variant"),
        "{e}"
    );
    assert_eq!(
        serde_json::to_string(&bare.text).unwrap(),
        r#"{"bare":{"length":2,"chars":[97,98]}}"#
    );
}

/// Where `read` leaves a reader that starts at byte 2 of `bytes` when it fails (binrw's derived
/// readers rewind to where they started).
fn position_after_error<T>(
    bytes: &[u8],
    read: impl FnOnce(&mut Cursor<&[u8]>) -> binrw::BinResult<T>,
) -> u64 {
    let mut input = Cursor::new(bytes);
    input.set_position(2);
    assert!(read(&mut input).is_err(), "the read must fail");
    input.position()
}

/// The enums whose readers the backend writes itself leave the reader where it was when they
/// fail, as binrw's own enums do: after an unknown tag, a variant cut short after its tag, a
/// variant or a read ahead cut short, and a size that fits no form. (A tag enum used to stop
/// after its tag; the others' variants are binrw structs, which rewind themselves.)
#[test]
fn hand_written_enum_readers_rewind_after_an_error() {
    // `Shape`'s tag 3 names no variant; `Entry`'s tag 1 names `Wide`, cut short.
    let shape = position_after_error(&[0, 0, 3, 0], |r| savepoint_enum::Shape::read_le(r));
    let entry = position_after_error(&[0, 0, 1, 0x34, 0x12], |r| {
        enum_args::Entry::read_le_args(r, (2,))
    });
    // At version 4 `EditedBy` is a pair of two bytes, of which one is left.
    let edited_by = position_after_error(&[0, 0, 1], |r| one_of::EditedBy::read_le_args(r, (4,)));
    // `Counted` reads 5 characters ahead, of which one is there.
    let counted = position_after_error(&[0, 0, 5, b'a'], |r| enum_ahead::Counted::read_le(r));
    // Three bytes left fit neither of `Handle`'s forms (5 or 2).
    let handle = position_after_error(&[0, 0, 7, 9, 9], |r| bytes_left::Handle::read_le(r));
    assert_eq!([shape, entry, edited_by, counted, handle], [2; 5]);
}
