//! The decompressed GVAS body: header, root property list, and what follows the list.

use binrw::BinRead;
use binrw::io::SeekFrom;
use serde::{Deserialize, Serialize};
use unreal::{PropertyContext, PropertyList};

use crate::astroneer::{self, AstroneerWorld};
use crate::control::SerializationControl;
use crate::header::FSaveGameHeader;
use crate::input::BodyInput;
use crate::{Error, ReadOptions};

/// Save class whose bodies carry Astroneer world data after the root property list.
const ASTRONEER_SAVE_CLASS: &str = "AstroSave";
/// How much of a streamed body the root property list is first tried in.
const ROOT_LIST_WINDOW: usize = 64 * 1024;

/// A decompressed SaveGame body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GvasBody {
    /// The header.
    pub header: FSaveGameHeader,
    /// The serialization-control byte(s) before the root list: present exactly when the header's
    /// `FileVersionUE5` is at least 1011 (UE 5.4+); absent from JSON otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub serialization_control: Option<SerializationControl>,
    /// The root property list (the `USaveGame` object's properties).
    pub properties: PropertyList,
    /// Everything after the root list's "None".
    pub extra: Extra,
}

/// What follows the root property list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Extra {
    /// Bytes kept as stored (UE writes an `i32` 0 here; some games append more); hex in JSON.
    Bytes(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
    /// Astroneer's world data (save class `AstroSave`).
    Astroneer(Box<AstroneerWorld>),
}

impl GvasBody {
    /// Reads a decompressed body (a plain GVAS file).
    pub fn read(data: &[u8], options: &ReadOptions) -> Result<GvasBody, Error> {
        GvasBody::read_from(&mut binrw::io::Cursor::new(data), options)
    }

    /// Reads a body from `input`, positioned at its start.
    pub(crate) fn read_from(
        input: &mut impl BodyInput,
        options: &ReadOptions,
    ) -> Result<GvasBody, Error> {
        let len = usize::try_from(input.body_len()).unwrap_or(usize::MAX);
        let header = FSaveGameHeader::read(input)
            .map_err(|e| Error::binrw_read("SaveFile.header", 0, len, e))?;
        let serialization_control = read_control(input, &header, len)?;
        let ctx = context(&header, Some(options));
        let properties = read_root_list(input, &ctx)?;
        let extra = if header.save_game_class_name.is(ASTRONEER_SAVE_CLASS) {
            Extra::Astroneer(Box::new(astroneer::read_world(input, &ctx)?))
        } else {
            let mut rest = Vec::new();
            input
                .read_to_end(&mut rest)
                .map_err(|e| Error::new("SaveFile", len, e.to_string()))?;
            Extra::Bytes(rest)
        };
        Ok(GvasBody {
            header,
            serialization_control,
            properties,
            extra,
        })
    }

    /// How many property values fell back to raw bytes in a lenient read (the root list and, in
    /// Astroneer saves, every object's property list); 0 after a strict read.
    pub fn raw_fallbacks(&self) -> usize {
        let world = match &self.extra {
            Extra::Astroneer(world) => world
                .objects
                .iter()
                .map(|o| match &o.data {
                    astroneer::AstroObjectData::Properties { properties, .. } => {
                        properties.raw_fallbacks()
                    }
                    _ => 0,
                })
                .sum(),
            Extra::Bytes(_) => 0,
        };
        self.properties.raw_fallbacks() + world
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
        self.put_control(out)?;
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

impl GvasBody {
    /// Writes the serialization control, which must be present exactly when the header's version
    /// asks for it (as the reader reads it).
    fn put_control(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        const PATH: &str = "SaveFile.serialization_control";
        let package_ue5 = self.header.package_ue5();
        if self.serialization_control.is_some() != SerializationControl::expected(package_ue5) {
            return Err(Error::new(
                PATH,
                out.len(),
                format!(
                    "must be present exactly when FileVersionUE5 >= {} (this header has {package_ue5})",
                    crate::control::UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION
                ),
            ));
        }
        match &self.serialization_control {
            Some(control) => crate::put_binrw(control, out).map_err(|e| Error::binrw(PATH, 0, e)),
            None => Ok(()),
        }
    }
}

/// Reads the serialization control after the header when its version has one.
fn read_control(
    input: &mut impl BodyInput,
    header: &FSaveGameHeader,
    len: usize,
) -> Result<Option<SerializationControl>, Error> {
    if !SerializationControl::expected(header.package_ue5()) {
        return Ok(None);
    }
    SerializationControl::read(input)
        .map(Some)
        .map_err(|e| Error::binrw_read("SaveFile.serialization_control", 0, len, e))
}

/// Reads the root property list at the input's position and moves past it. A streamed body lends
/// its first [`ROOT_LIST_WINDOW`] bytes, which hold the whole list in the saves that stream
/// (Astroneer's is empty); a longer list is read again from everything that is left.
fn read_root_list(
    input: &mut impl BodyInput,
    ctx: &PropertyContext,
) -> Result<PropertyList, Error> {
    let io_error =
        |at: u64, e: std::io::Error| Error::new("SaveFile.properties", at as usize, e.to_string());
    let start = input.stream_position().map_err(|e| io_error(0, e))?;
    let at = usize::try_from(start).unwrap_or(usize::MAX);
    let len = input.body_len();
    let mut want = ROOT_LIST_WINDOW;
    let (properties, used) = loop {
        let data = input.peek(want).map_err(|e| io_error(start, e))?;
        let complete = data.len() < want || start + data.len() as u64 >= len;
        match PropertyList::read(data, at, ctx) {
            Err(_) if !complete => want = usize::MAX,
            read => break read.map_err(|e| Error::property("SaveFile.properties", e))?,
        }
    };
    input
        .seek(SeekFrom::Start(start + used as u64))
        .map_err(|e| io_error(start, e))?;
    Ok(properties)
}

/// The property context the header's versions imply.
fn context(header: &FSaveGameHeader, options: Option<&ReadOptions>) -> PropertyContext {
    let mut ctx = PropertyContext::new(header.package_file_version_ue4, header.package_ue5());
    if let Some(table) = &header.custom_versions {
        ctx.set_custom_versions(|key| {
            table
                .versions
                .iter()
                .find(|v| v.key == key)
                .map(|v| v.version)
        });
    }
    if let Some(options) = options {
        ctx.hints = options.hints.clone();
        ctx.strict = options.strict;
    }
    ctx
}
