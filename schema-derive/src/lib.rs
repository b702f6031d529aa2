//! Attribute macros layered on [`binrw`](https://docs.rs/binrw) for tagged, versioned
//! binary layouts such as FreeRCT's save-game patterns.
//!
//! One struct definition gives both the reader and the writer: the macros run *before*
//! `#[binrw]` and rewrite the struct into plain binrw directives, so everything binrw
//! offers (`count`, `map`, `assert`, ...) still works on the other fields.
//!
//! - [`macro@pattern`]: a 4-byte tag, a `u32` version, the fields, the reversed tag.
//! - [`macro@versioned`]: a record gated on a version it is given (by the enclosing
//!   pattern) or reads from one of its own earlier fields.
//! - [`macro@version`]: any versioned format: one or more named versions of any integer
//!   type (imports or computed from earlier fields), gates comparing them with literals
//!   or constants: `#[since(save_version >= SAVE_VERSION_OBJECT_FLAGS)]`.
//!
//! Inside `#[pattern]` and `#[versioned]`, three field attributes are understood:
//!
//! | attribute | meaning | generated |
//! | --- | --- | --- |
//! | `#[since(N)]` | field exists when version >= N (spec "N-") | `br(if(..))` + a write-side check |
//! | `#[until(N)]` | field exists when version <= N (spec "-N"); combine with `since` for "M-N" | same |
//! | `#[only(N)]` | field exists at version N only | same |
//! | `#[with_version]` | pass the version to a `#[versioned]` field type (also `Vec` with `count`, and `Option` of either) | `br(args(..))`, `bw(args(..))` |
//!
//! Inside `#[version]` structs, `#[since(v >= B)]` / `#[until(v < B)]` / `#[only(v == B)]`
//! name the version `v` they compare, several joined by `&&` (see [`macro@version`]);
//! `#[pattern]` and `#[versioned]` accept that form too, with `v` being `version`.
//!
//! Gated fields must be spelled `Option<T>`: `None` when the version lacks the field
//! (or, marked `#[absent(default)]`, be plain fields holding their default there).
//! Writing a value whose gated fields disagree with its version is an error, never a
//! silently dropped or invented field.
//!
//! # Errors
//!
//! All errors are [`binrw::Error::AssertFail`](https://docs.rs/binrw/latest/binrw/enum.Error.html)
//! (reached through binrw's backtrace wrapper with `root_cause()`), which binrw displays
//! as `"{message} at 0x{pos:x}"`:
//!
//! | case | `pos` | `message` |
//! | --- | --- | --- |
//! | wrong tag | offset of the 4 tag bytes | `closing tag of WRLD expected, found "WRLX"` (or `opening tag ...`) |
//! | bad version (0, 0xFFFFFFFF, > newest) | offset of the version | `WRLD version 7 is not supported (known: 1 to 2)` |
//! | gate mismatch or bad version when writing | where the struct starts in the output | `WRLD.rules (versions 2-) must be present at version 2` |
//! | named gate mismatch when writing | where the struct starts in the output | `Header.flags (save_version >= 49) must be absent at save_version 46` |
//!
//! Bytes found in place of a tag are shown with [`<[u8]>::escape_ascii`](slice::escape_ascii),
//! e.g. `"\xf0\xc3\x00\x00"`.
//!
//! # Misuse
//!
//! Gating a non-`Option` field, a missing or non-4-byte tag, `newest = 0`, `since` above
//! `until` or above `newest`, `since(0)`, an unknown option, `with_version` together with
//! your own `args`, `since`/`until` together with your own `br(if)`, and the macro placed
//! below `#[binrw]` are compile errors pointing at the offending attribute. So are, for
//! named versions: a `#[version]` without a type or origin, or declared twice, or
//! combined with `#[pattern]`/`#[versioned]` or with `import_raw`; a gate naming an
//! undeclared version, a bare number in a `#[version]` struct, `since` with `<`/`<=`/`==`,
//! `until` with `>`/`>=`/`==` or `only` with anything but `==` (or the version on the
//! right), comparisons joined by anything but `&&`, one version bounded twice from one side
//! or besides its `only`, a bound that is neither a literal nor a path, an empty range, a
//! gate on a version computed from a later field, `#[with_version]` in a `#[version]`
//! struct, and `#[absent(..)]` other than `#[absent(default)]`, without a gate, or on an
//! `Option`.

mod directives;
mod expand;
mod marks;
mod options;

use proc_macro::TokenStream;
use syn::{ItemStruct, parse_macro_input};

/// A tag / version / body / reversed-tag pattern.
///
/// `#[pattern(tag = b"ABCD", newest = N)]` must be placed above `#[binrw]`. It adds:
///
/// - a temporary `opening_tag` field that reads and checks the 4 tag bytes, and writes them;
/// - `pub version: u32` as the first field, kept in the value so that writing reproduces
///   the version and layout that was read; versions outside `1..=N` are refused both ways;
/// - a temporary `closing_tag` field at the end for the reversed tag.
///
/// The names `opening_tag`, `version` and `closing_tag` are therefore reserved; binrw's
/// backtraces name them when a tag does not match. A nested pattern keeps and writes its
/// own version; use `#[with_version]` to hand this pattern's version to a
/// [`macro@versioned`] record instead.
///
/// ```
/// use binrw::{BinRead, BinWrite, binrw, io::Cursor};
/// use schema_derive::pattern;
///
/// /// "WRLD" pattern, versions 1 and 2.
/// #[pattern(tag = b"WRLD", newest = 2)]
/// #[binrw]
/// #[brw(little)]
/// #[derive(Debug, PartialEq)]
/// pub struct World {
///     pub x_size: u16,
///     #[since(2)] // spec "2-"
///     pub y_size: Option<u16>,
/// }
///
/// let v1 = b"WRLD\x01\0\0\0\x40\0DLRW";
/// let world = World::read(&mut Cursor::new(v1))?;
/// assert_eq!(world, World { version: 1, x_size: 64, y_size: None });
///
/// let mut out = Cursor::new(Vec::new());
/// world.write(&mut out)?;
/// assert_eq!(out.into_inner(), v1);
///
/// let wrong = b"WRLD\x01\0\0\0\x40\0DLRX";
/// let err = World::read(&mut Cursor::new(wrong)).unwrap_err();
/// assert_eq!(
///     err.root_cause().to_string(),
///     "closing tag of WRLD expected, found \"DLRX\" at 0xa"
/// );
///
/// // A version-2 value must have `y_size`.
/// let bad = World { version: 2, x_size: 64, y_size: None };
/// assert!(bad.write(&mut Cursor::new(Vec::new())).is_err());
/// # Ok::<(), binrw::Error>(())
/// ```
#[proc_macro_attribute]
pub fn pattern(args: TokenStream, item: TokenStream) -> TokenStream {
    let item = parse_macro_input!(item as ItemStruct);
    options::parse_pattern(args.into())
        .and_then(|opts| expand::pattern(opts, item.clone()))
        .unwrap_or_else(|err| expand::failed(err, item))
        .into()
}

/// A record whose fields are gated on a version it is given or reads itself.
///
/// - `#[versioned]` imports `version: u32` as a binrw argument (`#[brw(import(version: u32))]`);
///   the enclosing struct passes it with `#[with_version]` on the field, which also works on
///   `Vec<T>` fields with `count` (the version goes to each element) and inside `Option`.
///   The struct cannot have other imports.
/// - `#[versioned(version = file_version)]` or `#[versioned(version = header.version)]`
///   takes the version from an earlier field (or a path into one) of type `u8`, `u16` or
///   `u32`; only fields after that one may be gated. No argument is imported.
///
/// ```
/// use binrw::{BinRead, BinWrite, binrw, io::Cursor};
/// use schema_derive::{pattern, versioned};
///
/// /// A coaster station: plain record, laid out by the enclosing pattern's version.
/// #[versioned]
/// #[binrw]
/// #[brw(little)]
/// #[derive(Debug, PartialEq)]
/// pub struct Station {
///     pub entrance: u16,
///     #[since(2)]
///     pub length: Option<u32>,
/// }
///
/// #[pattern(tag = b"csti", newest = 2)]
/// #[binrw]
/// #[brw(little)]
/// #[derive(Debug, PartialEq)]
/// pub struct Coaster {
///     pub station_count: u8,
///     #[br(count = station_count)]
///     #[with_version]
///     pub stations: Vec<Station>,
/// }
///
/// /// A file whose header field decides which blocks follow.
/// #[versioned(version = format)]
/// #[binrw]
/// #[brw(little)]
/// #[derive(Debug, PartialEq)]
/// pub struct File {
///     pub format: u8,
///     #[since(3)]
///     pub coaster: Option<Coaster>,
/// }
///
/// let bytes = b"\x03csti\x02\0\0\0\x01\x05\0\x10\0\0\0itsc";
/// let file = File::read(&mut Cursor::new(bytes))?;
/// let station = Station { entrance: 5, length: Some(16) };
/// assert_eq!(file.coaster.as_ref().map(|c| &c.stations[..]), Some(&[station][..]));
///
/// let mut out = Cursor::new(Vec::new());
/// file.write(&mut out)?;
/// assert_eq!(out.into_inner(), bytes);
/// # Ok::<(), binrw::Error>(())
/// ```
#[proc_macro_attribute]
pub fn versioned(args: TokenStream, item: TokenStream) -> TokenStream {
    let item = parse_macro_input!(item as ItemStruct);
    options::parse_versioned(args.into())
        .and_then(|opts| expand::versioned(opts, item.clone()))
        .unwrap_or_else(|err| expand::failed(err, item))
        .into()
}

/// A struct laid out by one or more named versions, of any integer type, each an import
/// or computed from earlier fields; gates compare a version with a literal or a constant.
///
/// - `#[version(save_version: i32 = import)]` declares `save_version` as a binrw argument.
///   Imported versions come first, in the order of the `#[version]` attributes, ahead of
///   the struct's own `import(...)` (which the macro extends); `import_raw` is refused.
/// - `#[version(header_version: i32 = save_header_version)]`, or any expression of earlier
///   fields (`header.version`, `current_version.unwrap_or(1)`), computes the version from
///   the value; only fields after the one it starts from may be gated on it.
///
/// Put every `#[version(...)]` above `#[binrw]`; repeat the attribute for several versions.
/// A gate names the version it compares, with the version on the left:
///
/// | attribute | field exists when |
/// | --- | --- |
/// | `#[since(v >= B)]`, `#[since(v > B)]` | the version `v` reaches the bound |
/// | `#[until(v < B)]`, `#[until(v <= B)]` | `v` is below (or at) the bound |
/// | `#[only(v == B)]` | `v` is exactly `B` (a header version that is a tag, not a count) |
/// | `#[since(a >= B && b >= C)]` | every comparison holds (any attribute may join several) |
///
/// `B` is an integer literal or a path to a constant (`SAVE_VERSION_OBJECT_FLAGS`,
/// `versions::UE5_LARGE_WORLD`); the gate attributes of a field must all hold, and may
/// name different versions (one version is bounded at most once from each side). Gated fields are `Option<T>`, or plain fields marked
/// `#[absent(default)]`: read as `Default::default()` where the version lacks them, not
/// written there, and refused by the writer unless still the default (a save's name in a
/// header version without one stays empty rather than being silently dropped). The read side is binrw's
/// `if(..)` with the comparison as written; the write side refuses a value whose gated
/// fields disagree with its versions, naming the field, the rule and the versions:
/// `Header.object_flags (save_version >= 49) must be absent at save_version 46`.
///
/// ```
/// use binrw::{BinRead, BinWrite, binrw, io::Cursor};
/// use schema_derive::version;
///
/// const SAVE_VERSION_FLAGS: i32 = 49;
///
/// #[version(save_version: i32 = import)]
/// #[binrw]
/// #[brw(little)]
/// #[derive(Debug, PartialEq)]
/// pub struct Header {
///     pub class_id: u16,
///     #[since(save_version >= SAVE_VERSION_FLAGS)]
///     pub flags: Option<u32>,
/// }
///
/// /// A blueprint-like file: the version is its own first field.
/// #[version(save_version: i32 = save_version)]
/// #[binrw]
/// #[brw(little)]
/// #[derive(Debug, PartialEq)]
/// pub struct File {
///     pub save_version: i32,
///     #[until(save_version < 41)]
///     pub legacy_name: Option<u8>,
///     #[br(args(save_version))]
///     #[bw(args(*save_version))]
///     pub header: Header,
/// }
///
/// let bytes = b"\x31\0\0\0\x07\0\x08\0\0\0";
/// let file = File::read(&mut Cursor::new(bytes))?;
/// assert_eq!(file.header, Header { class_id: 7, flags: Some(8) });
/// assert_eq!(file.legacy_name, None);
///
/// let mut out = Cursor::new(Vec::new());
/// file.write(&mut out)?;
/// assert_eq!(out.into_inner(), bytes);
///
/// // SaveVersion 46 has no flags: the writer refuses to invent them.
/// let old = Header { class_id: 7, flags: Some(0) };
/// let err = old.write_args(&mut Cursor::new(Vec::new()), (46,)).unwrap_err();
/// assert_eq!(
///     err.root_cause().to_string(),
///     "Header.flags (save_version >= 49) must be absent at save_version 46 at 0x0"
/// );
/// # Ok::<(), binrw::Error>(())
/// ```
#[proc_macro_attribute]
pub fn version(args: TokenStream, item: TokenStream) -> TokenStream {
    let item = parse_macro_input!(item as ItemStruct);
    options::parse_version(args.into())
        .and_then(|source| expand::version(source, item.clone()))
        .unwrap_or_else(|err| expand::failed(err, item))
        .into()
}
