//! FreeRCT save games (.fct, FCTS 10-12): read, edit and write them byte-exactly.
//!
//! Every pattern of `freerct-savegame.rst` (as corrected by `freerct-notes.md`) is one Rust type with the
//! spec's name; one `#[binrw]` definition gives both the reader and the writer. Each pattern keeps its
//! version, and version-gated fields are `Option`s, so old files are written back as they were.
#![deny(missing_docs)]

mod error;
/// The `#[binrw]` types generated from `schema/*.ksy` by savepoint-codegen's binrw backend, one
/// module per schema; each public module of this crate re-exports its schema's types. Checked in
/// and kept fresh by `codegen/tests/freerct_fresh.rs`; never edited by hand.
#[rustfmt::skip]
mod generated {
    pub mod coaster;
    pub mod date;
    pub mod finances;
    pub mod fixed_ride;
    pub mod guests;
    pub mod header;
    pub mod inbox;
    pub mod objectives;
    pub mod observer;
    pub mod person;
    pub mod random;
    pub mod recolouring;
    pub mod ride_instance;
    pub mod rides;
    pub mod savegame;
    pub mod scenario;
    pub mod scenery;
    pub mod staff;
    pub mod weather;
    pub mod world;
}
pub mod lists;

pub mod coaster;
pub mod date;
mod example;
pub mod finances;
pub mod fixed_ride;
pub mod guests;
pub mod header;
pub mod inbox;
pub mod objectives;
pub mod observer;
pub mod person;
pub mod primitives;
pub mod random;
pub mod recolouring;
pub mod ride_instance;
pub mod rides;
pub mod savegame;
pub mod scenario;
pub mod scenery;
pub mod staff;
pub mod weather;
pub mod world;

pub use error::Error;
pub use primitives::{Bool, Money, PatternDate, Text};
pub use savegame::SaveGame;

use binrw::{BinRead, BinWrite};
use std::io::Cursor;

/// Reads a complete save game. The whole input must be consumed.
pub fn read(data: &[u8]) -> Result<SaveGame, Error> {
    let mut cursor = Cursor::new(data);
    let save =
        SaveGame::read_le(&mut cursor).map_err(|e| Error::from_binrw(e, cursor.position()))?;
    let end = cursor.position();
    if end != data.len() as u64 {
        return Err(Error::trailing(end, data.len() as u64 - end));
    }
    Ok(save)
}

/// Writes a save game to bytes.
pub fn write(save: &SaveGame) -> Result<Vec<u8>, Error> {
    let mut cursor = Cursor::new(Vec::new());
    save.write_le(&mut cursor)
        .map_err(|e| Error::from_binrw(e, cursor.position()))?;
    Ok(cursor.into_inner())
}
