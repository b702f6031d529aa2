//! The decompressed GVAS body: header, root property list, and what follows the list.

use binrw::BinRead;
use serde::{Deserialize, Serialize};
use unreal::{PropertyContext, PropertyList};

use crate::astroneer::{self, AstroneerWorld};
use crate::header::FSaveGameHeader;
use crate::{Error, ReadOptions};

/// Save class whose bodies carry Astroneer world data after the root property list.
const ASTRONEER_SAVE_CLASS: &str = "AstroSave";

/// A decompressed SaveGame body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GvasBody {
    /// The header.
    pub header: FSaveGameHeader,
    /// The root property list (the `USaveGame` object's properties).
    pub properties: PropertyList,
    /// Everything after the root list's "None".
    pub extra: Extra,
}

/// What follows the root property list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Extra {
    /// Bytes kept as stored (UE writes an `i32` 0 here; some games append more).
    Bytes(Vec<u8>),
    /// Astroneer's world data (save class `AstroSave`).
    Astroneer(Box<AstroneerWorld>),
}

impl GvasBody {
    /// Reads a decompressed body (a plain GVAS file).
    pub fn read(data: &[u8], options: &ReadOptions) -> Result<GvasBody, Error> {
        let mut cursor = binrw::io::Cursor::new(data);
        let header = FSaveGameHeader::read(&mut cursor)
            .map_err(|e| Error::binrw_read("SaveFile.header", 0, data.len(), e))?;
        let start = usize::try_from(cursor.position()).unwrap_or(data.len());
        let ctx = context(&header, Some(options));
        let (properties, used) = PropertyList::read(&data[start..], start, &ctx)
            .map_err(|e| Error::property("SaveFile.properties", e))?;
        let end = start + used;
        let rest = &data[end..];
        let extra = if header.save_game_class_name.is(ASTRONEER_SAVE_CLASS) {
            Extra::Astroneer(Box::new(astroneer::read_world(rest, end, &ctx)?))
        } else {
            Extra::Bytes(rest.to_vec())
        };
        Ok(GvasBody {
            header,
            properties,
            extra,
        })
    }

    /// Writes the body.
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        self.write_into(&mut out)?;
        Ok(out)
    }

    /// Appends the body to `out`.
    pub fn write_into(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        crate::put_binrw(&self.header, out).map_err(|e| Error::binrw("SaveFile.header", 0, e))?;
        let ctx = context(&self.header, None);
        self.properties
            .write(&ctx, out)
            .map_err(|e| Error::property("SaveFile.properties", e))?;
        match &self.extra {
            Extra::Bytes(bytes) => out.extend_from_slice(bytes),
            Extra::Astroneer(world) => astroneer::write_world(world, &ctx, out)?,
        }
        Ok(())
    }
}

/// The property context the header's versions imply.
fn context(header: &FSaveGameHeader, options: Option<&ReadOptions>) -> PropertyContext {
    let mut ctx = PropertyContext::new(header.package_file_version_ue4, header.package_ue5());
    if let Some(options) = options {
        ctx.hints = options.hints.clone();
        ctx.strict = options.strict;
    }
    ctx
}
