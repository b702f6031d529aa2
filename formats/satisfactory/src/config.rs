//! Blueprint configs: the `.sbpcfg` file (`ConfigVersion` plus `FBlueprintRecord`), generated
//! from `schema/blueprint_config.ksy` with its fixed layouts (`schema/blueprint_config_parts.ksy`).
//! Written here: reading and writing a whole file with the crate's errors, and Update 6/7's
//! description text, UTF-8 counted by an `i32` without a NUL, which Kaitai's `str` would give as
//! a struct of the count and the text rather than the text JSON shows.

use std::io::{Read, Seek, Write};

use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Serialize};

use crate::Error;
use crate::objects::custom::types::checked_count;
use crate::reader::{Reader, put};

pub use crate::generated::blueprint_config::{
    BlueprintConfig, Description, FPlayerInfoHandle, LastEditedBy,
};
pub use crate::generated::blueprint_config_parts::{
    FLocalUserNetIdBundle, FTopLevelAssetPath, PlayerInfoCurrent, PlayerInfoLegacy,
};

/// Length-prefixed UTF-8 without a NUL (`utf8_text` in the schema): an `i32` byte count, then
/// the bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Utf8Text(pub String);

impl BinRead for Utf8Text {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        let pos = reader.stream_position()?;
        // Sized only once the bytes are known to be there.
        let n = checked_count(reader, endian, 1)?;
        let mut bytes = vec![0; n];
        reader.read_exact(&mut bytes)?;
        String::from_utf8(bytes)
            .map(Utf8Text)
            .map_err(|e| refused(pos, format!("neither an FString nor UTF-8: {e}")))
    }
}

impl BinWrite for Utf8Text {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(
        &self,
        writer: &mut W,
        endian: Endian,
        (): (),
    ) -> BinResult<()> {
        let pos = writer.stream_position()?;
        let count = i32::try_from(self.0.len()).map_err(|_| {
            refused(
                pos,
                format!("{} bytes of text, more than an i32 counts", self.0.len()),
            )
        })?;
        count.write_options(writer, endian, ())?;
        writer.write_all(self.0.as_bytes())?;
        Ok(())
    }
}

fn refused(pos: u64, message: String) -> binrw::Error {
    binrw::Error::AssertFail { pos, message }
}

impl Description {
    /// The text.
    pub fn as_str(&self) -> &str {
        match self {
            Description::Text(text) => text.as_str(),
            Description::Unterminated(text) => &text.0,
        }
    }
}

impl BlueprintConfig {
    /// Reads a config file.
    pub fn read(data: &[u8]) -> Result<Self, Error> {
        Reader::new(data, 0).binrw("blueprint_config")
    }

    /// Writes the config file.
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        put(self, &mut out, "blueprint_config")?;
        Ok(out)
    }
}
