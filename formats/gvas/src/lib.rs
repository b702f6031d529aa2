//! Unreal Engine SaveGame files ("GVAS", UE4 and UE5) and Astroneer `.savegame`, read and written
//! byte for byte.
//!
//! A file is a [`Container`] (plain, Palworld PlZ or PlM, the UE compressed chunk archive or Astroneer's
//! frame) around a [`GvasBody`]: the [`FSaveGameHeader`], from UE 5.4 (FileVersionUE5 1011) the
//! [`SerializationControl`] byte, the root property list (decoded by the `unreal` crate) and
//! whatever follows it. Compressed containers keep their original streams and
//! re-emit them when the body is unchanged, so `write(read(file)) == file` even though zlib-rs
//! compresses differently from the games' C zlib; edited bodies are compressed anew.
//!
//! Memory: a read peaks under 3x the decompressed body (plus 64 KiB) on every corpus file. An
//! Astroneer body is parsed while its zlib stream inflates ([`unreal::chunked::ZlibReader`]), so
//! its decompressed bytes are never all in memory next to the model.
//!
//! ```no_run
//! let bytes = std::fs::read("SaveSlot_03.sav").unwrap();
//! let options = gvas::ReadOptions::default().hint("PlayerAttributes.Key=Struct").unwrap();
//! let save = gvas::read_with(&bytes, &options).unwrap();
//! assert_eq!(gvas::write(&save).unwrap(), bytes);
//! ```
#![deny(missing_docs)]

mod astroneer;
mod body;
mod container;
mod control;
mod error;
mod header;
mod input;
pub mod palworld;
mod plz;

pub use astroneer::{
    AstroActor, AstroContainerHeader, AstroDatum, AstroDatums, AstroEntityContainer,
    AstroEntityLinks, AstroNativeData, AstroObject, AstroObjectData, AstroSlot, AstroneerFrame,
    AstroneerWorld, DataCounts,
};
pub use body::{Extra, GvasBody};
pub use container::Container;
pub use control::{
    OVERRIDABLE_SERIALIZATION_INFORMATION, SerializationControl,
    UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION,
};
pub use error::{Error, OffsetIn};
pub use header::{FCustomVersion, FCustomVersionContainer, FEngineVersion, FSaveGameHeader};
pub use plz::{Plm, Plz};
/// The Unreal core, for the types not re-exported here.
pub use unreal;
/// The property model and its common types, so one dependency on `gvas` is enough to edit a save.
pub use unreal::{
    ArrayValue, F32, F64, FGuid, FName, FPropertyTag, FPropertyTypeName, FString, FText, MapValue,
    Property, PropertyList, PropertyValue, SetValue, StructHints, StructValue, TagExtras,
};

use serde::{Deserialize, Serialize};

use container::Opened;

/// A SaveGame file: its container and its decoded body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// How the body is stored.
    pub container: Container,
    /// The decoded body.
    pub body: GvasBody,
    /// Palworld `RawData` blobs moved out of the body and decoded ([`SaveFile::decode_raw_data`],
    /// [`ReadOptions::decode_raw_data`]); while set, the body's `RawData` arrays are empty and
    /// writing puts these back. Absent from JSON when not set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw_data: Option<palworld::PalworldRawData>,
}

/// Options for reading.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ReadOptions {
    /// Struct types of Map keys/values and Set elements, keyed by property path
    /// (`PlayerAttributes.Key` = `Struct`); tags before UE 5.4 do not record them.
    pub hints: StructHints,
    /// Fail on property values the `unreal` crate cannot decode instead of keeping them as raw bytes.
    pub strict: bool,
    /// Decode Palworld `RawData` byte arrays into [`SaveFile::raw_data`] (when the body has any).
    pub decode_raw_data: bool,
}

impl ReadOptions {
    /// Adds a hint written as `PATH=Type` (the command line's `--hint`); `None` without a `=`.
    pub fn hint(mut self, spec: &str) -> Option<Self> {
        self.hints.insert_spec(spec)?;
        Some(self)
    }
}

/// Reads a SaveGame file in any supported container, without struct hints.
pub fn read(data: &[u8]) -> Result<SaveFile, Error> {
    read_with(data, &ReadOptions::default())
}

/// Reads a SaveGame file in any supported container.
pub fn read_with(data: &[u8], options: &ReadOptions) -> Result<SaveFile, Error> {
    let (container, body) = match Container::open(data)? {
        Opened::Plain => (Container::Plain, GvasBody::read(data, options)?),
        Opened::Inflated(container, body) => {
            let body = GvasBody::read(&body, options).map_err(|e| e.in_body(container.name()))?;
            (container, body)
        }
        Opened::Astroneer(stream) => {
            let (frame, body) = stream.read(options)?;
            (Container::Astroneer(frame), body)
        }
    };
    let mut save = SaveFile {
        container,
        body,
        raw_data: None,
    };
    if options.decode_raw_data {
        save.decode_raw_data();
    }
    Ok(save)
}

/// Writes a SaveGame file: the body (with [`SaveFile::raw_data`] put back into a copy of it, if
/// set), wrapped in its container.
pub fn write(save: &SaveFile) -> Result<Vec<u8>, Error> {
    let body = match &save.raw_data {
        None => save.body.write()?,
        Some(raw) => {
            let mut body = save.body.clone();
            raw.apply(&mut body)?;
            body.write()?
        }
    };
    save.container.seal(body)
}

impl SaveFile {
    /// The root property list.
    ///
    /// ```no_run
    /// let mut save = gvas::read(&std::fs::read("SaveSlot_03.sav")?)?;
    /// let level = save.properties().get("Level").and_then(|p| p.value.as_i32());
    /// if let Some(p) = save.properties_mut().get_path_mut("Player.Gold") {
    ///     p.value = gvas::PropertyValue::Int(9999);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn properties(&self) -> &PropertyList {
        &self.body.properties
    }

    /// The root property list, mutably.
    pub fn properties_mut(&mut self) -> &mut PropertyList {
        &mut self.body.properties
    }

    /// Moves the body's Palworld `RawData` blobs into [`SaveFile::raw_data`], decoded; true when
    /// there were any (a body without `RawData` properties is left as it is).
    pub fn decode_raw_data(&mut self) -> bool {
        if self.raw_data.is_none() {
            let raw = palworld::PalworldRawData::take(&mut self.body);
            if !raw.blobs.is_empty() {
                self.raw_data = Some(raw);
            }
        }
        self.raw_data.is_some()
    }

    /// Puts [`SaveFile::raw_data`] back into the body's `RawData` arrays and clears it.
    pub fn restore_raw_data(&mut self) -> Result<(), Error> {
        if let Some(raw) = &self.raw_data {
            raw.apply(&mut self.body)?;
            self.raw_data = None;
        }
        Ok(())
    }

    /// Short key/value lines describing the file (for `savepoint info` and snapshots).
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let header = &self.body.header;
        let engine = &header.engine_version;
        let mut lines = vec![
            ("container", self.container.name().to_owned()),
            ("save_game_version", header.save_game_version.to_string()),
            ("package_ue4", header.package_file_version_ue4.to_string()),
            ("package_ue5", header.package_ue5().to_string()),
            (
                "engine",
                format!(
                    "{}.{}.{} cl {} {}",
                    engine.major,
                    engine.minor,
                    engine.patch,
                    engine.changelist,
                    engine.branch.as_str()
                ),
            ),
            (
                "custom_versions",
                header
                    .custom_versions
                    .as_ref()
                    .map_or(0, |c| c.versions.len())
                    .to_string(),
            ),
            (
                "save_class",
                header.save_game_class_name.as_str().to_owned(),
            ),
            (
                "root_properties",
                self.body.properties.properties.len().to_string(),
            ),
        ];
        if let Some(control) = &self.body.serialization_control {
            lines.push((
                "serialization_control",
                format!("{:#04x}", control.extensions),
            ));
        }
        lines.push(("raw_fallbacks", self.body.raw_fallbacks().to_string()));
        self.raw_data_summary(&mut lines);
        match &self.body.extra {
            Extra::Bytes(bytes) => lines.push(("trailing_bytes", bytes.len().to_string())),
            Extra::Astroneer(world) => {
                lines.push(("astroneer_level", world.level_name.as_str().to_owned()));
                lines.push(("astroneer_strings", world.string_pool.len().to_string()));
                lines.push(("astroneer_objects", world.objects.len().to_string()));
                let count = world.data_counts();
                lines.push((
                    "astroneer_property_objects",
                    count.property_objects.to_string(),
                ));
                lines.push(("astroneer_entity_datums", count.datums.to_string()));
                lines.push((
                    "astroneer_undecoded_bytes",
                    count.undecoded_bytes.to_string(),
                ));
                lines.push(("astroneer_actors", world.actors.len().to_string()));
            }
        }
        lines
    }
}

impl SaveFile {
    /// Palworld `RawData` counts: blobs, decoded, still raw (only when the body has any; decoded
    /// from a copy of the body unless [`SaveFile::raw_data`] is set).
    fn raw_data_summary(&self, lines: &mut Vec<(&'static str, String)>) {
        let taken;
        let raw = match &self.raw_data {
            Some(raw) => raw,
            None => {
                taken = palworld::PalworldRawData::take(&mut self.body.clone());
                &taken
            }
        };
        if raw.blobs.is_empty() {
            return;
        }
        let still_raw: usize = raw.still_raw_by_path().values().sum();
        lines.push(("raw_data_blobs", raw.blobs.len().to_string()));
        lines.push((
            "raw_data_decoded",
            (raw.blobs.len() - still_raw).to_string(),
        ));
        lines.push(("raw_data_still_raw", still_raw.to_string()));
    }
}

/// Appends a binrw value to `out` (binrw writers need a seekable stream; this one starts at the end).
pub(crate) fn put_binrw<T>(value: &T, out: &mut Vec<u8>) -> binrw::BinResult<()>
where
    T: binrw::BinWrite,
    for<'a> T::Args<'a>: Default,
{
    let start = out.len() as u64;
    let mut cursor = binrw::io::Cursor::new(out);
    cursor.set_position(start);
    value.write_options(&mut cursor, binrw::Endian::Little, Default::default())
}
