//! Deriving a reader and a writer for a format of your own with `#[binrw]` and schema-derive.
//!
//! `cargo run -p savepoint-examples --example derive_versioned_block`
//!
//! A made-up allotment file: a header with a file version, plots laid out by that version (a
//! struct gated on an imported version), and a FreeRCT-style tagged block (`GRDN`, its own
//! version, the fields, the tag reversed). One definition per struct gives both directions; the
//! program builds a file in memory, reads it, edits it, writes it and reads it back, then shows
//! the writer refusing a value its version cannot hold. `cargo test` runs it too.

use binrw::io::Cursor;
use binrw::{BinRead, BinWrite, binrw};
use schema_derive::{pattern, version, versioned};

/// File version that added a plot's owner.
const PLOT_OWNER: u16 = 2;
/// File version that dropped the plot tax.
const NO_PLOT_TAX: u16 = 3;

/// The whole file: magic, version, plots, garden.
#[version(file_version: u16 = file_version)]
#[binrw]
#[brw(little, magic = b"ALOT")]
#[derive(Debug, Clone, PartialEq)]
struct Allotment {
    file_version: u16,
    #[br(temp)]
    #[bw(try_calc = u8::try_from(plots.len()))]
    plot_count: u8,
    // The plots need the version to know their layout: pass it on (named versions are passed
    // by hand, as any binrw argument).
    #[br(count = plot_count, args { inner: (file_version,) })]
    #[bw(args(*file_version))]
    plots: Vec<Plot>,
    garden: Garden,
}

/// A plot, laid out by the file version it is given.
#[version(file_version: u16 = import)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct Plot {
    id: u32,
    #[since(file_version >= PLOT_OWNER)]
    owner: Option<u8>,
    #[until(file_version < NO_PLOT_TAX)]
    tax: Option<u16>,
}

/// A tagged block with a version of its own: `GRDN`, `u32` version, fields, `NDRG`.
#[pattern(tag = b"GRDN", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct Garden {
    flower_count: u16,
    // Version 2 added a fountain, whose own layout follows the garden's version.
    #[since(2)]
    #[with_version]
    fountain: Option<Fountain>,
}

/// A record inside the garden, given the garden's version.
#[versioned]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
struct Fountain {
    height: u8,
    #[since(2)]
    lit: Option<u8>,
}

fn to_bytes(file: &Allotment) -> binrw::BinResult<Vec<u8>> {
    let mut out = Cursor::new(Vec::new());
    file.write(&mut out)?;
    Ok(out.into_inner())
}

fn from_bytes(bytes: &[u8]) -> binrw::BinResult<Allotment> {
    Allotment::read(&mut Cursor::new(bytes))
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // A version-3 file built from Rust values: plots have owners and no tax.
    let file = Allotment {
        file_version: 3,
        plots: vec![Plot {
            id: 7,
            owner: Some(1),
            tax: None,
        }],
        garden: Garden {
            version: 2,
            flower_count: 12,
            fountain: Some(Fountain {
                height: 3,
                lit: Some(1),
            }),
        },
    };
    let bytes = to_bytes(&file)?;
    println!("built {} bytes: {}", bytes.len(), bytes.escape_ascii());
    let read = from_bytes(&bytes)?;
    assert_eq!(read, file, "what is read is what was written");

    // Edit: a second plot, more flowers; write and read back.
    let mut edited = read;
    edited.plots.push(Plot {
        id: 8,
        owner: Some(2),
        tax: None,
    });
    edited.garden.flower_count += 5;
    let written = to_bytes(&edited)?;
    let back = from_bytes(&written)?;
    assert_eq!(back, edited);
    println!(
        "edited: {} plots, {} flowers",
        back.plots.len(),
        back.garden.flower_count
    );

    // An old file (version 1, garden version 1) reads into the same types: no owner, a tax, no
    // fountain; and writes back byte for byte.
    let old = b"ALOT\x01\x00\x01\x05\x00\x00\x00\x0a\x00GRDN\x01\x00\x00\x00\x04\x00NDRG";
    let old_file = from_bytes(old)?;
    assert_eq!(old_file.plots[0].tax, Some(10));
    assert_eq!(old_file.plots[0].owner, None);
    assert_eq!(old_file.garden.fountain, None);
    assert_eq!(to_bytes(&old_file)?, old);

    // The writer refuses a field its version lacks, naming the field, the rule and the version.
    let mut taxed = back;
    taxed.plots[0].tax = Some(10);
    let err = to_bytes(&taxed).expect_err("version 3 has no plot tax");
    println!("refused: {}", err.root_cause());
    assert!(
        err.root_cause()
            .to_string()
            .starts_with("Plot.tax (file_version < 3) must be absent at file_version 3"),
        "{err}"
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    run()
}

#[test]
fn the_example_runs() {
    run().unwrap();
}
