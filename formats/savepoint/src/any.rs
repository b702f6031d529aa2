//! [`AnyFile`]: one value for a file of any supported format, read, written, summarised and
//! converted to and from JSON.

use std::path::Path;
use std::str::FromStr;

use crate::{Error, Format, detect};

/// A parsed file of any supported format.
///
/// In JSON it is `{"format": "<format>", "data": <the format's model>}`; the tag tells
/// [`AnyFile::from_json`] which writer turns the model back into the original bytes.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "format", content = "data")]
pub enum AnyFile {
    /// A FreeRCT save.
    #[serde(rename = "freerct")]
    FreeRct(Box<freerct::SaveGame>),
    /// An Unreal SaveGame in any container (plain GVAS, Palworld PlZ, chunked archive, Astroneer).
    #[serde(rename = "gvas")]
    Gvas(Box<gvas::SaveFile>),
    /// A Rocket League replay.
    #[serde(rename = "rocketleague")]
    RocketLeague(Box<rocketleague::Replay>),
    /// A Satisfactory save, blueprint or blueprint config.
    #[serde(rename = "satisfactory")]
    Satisfactory(Box<satisfactory::SatisfactoryFile>),
}

/// A struct-type hint for Unreal containers whose element type the file does not record
/// (`--hint PlayerAttributes.Key=Struct`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructHint {
    /// Property path, e.g. `PlayerAttributes.Key`.
    pub path: String,
    /// Struct type name to assume at that path.
    pub type_name: String,
}

impl FromStr for StructHint {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        match s.split_once('=') {
            Some((path, type_name)) if !path.is_empty() && !type_name.is_empty() => {
                Ok(StructHint {
                    path: path.to_owned(),
                    type_name: type_name.to_owned(),
                })
            }
            _ => Err(Error::InvalidHint(s.to_owned())),
        }
    }
}

/// Options for reading.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Struct-type hints for GVAS property containers.
    pub hints: Vec<StructHint>,
    /// Fail on values a reader would otherwise keep as raw bytes (GVAS property values it cannot
    /// decode).
    pub strict: bool,
    /// Decode Palworld `RawData` byte arrays (JSON: the save's `raw_data` list; writing puts
    /// them back).
    pub decode_raw_data: bool,
}

impl ReadOptions {
    /// The same options in the gvas crate's terms.
    fn to_gvas(&self) -> gvas::ReadOptions {
        let mut options = gvas::ReadOptions {
            strict: self.strict,
            decode_raw_data: self.decode_raw_data,
            ..gvas::ReadOptions::default()
        };
        for hint in &self.hints {
            options
                .hints
                .insert(hint.path.as_str(), hint.type_name.as_str());
        }
        options
    }
}

/// How a file compares with what the model writes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundTrip {
    /// The written bytes equal the input.
    Identical,
    /// The first byte offset where the written bytes differ (or one of them ends).
    DiffersAt(usize),
}

impl RoundTrip {
    /// Compares the original bytes with the rewritten ones.
    pub fn compare(original: &[u8], written: &[u8]) -> RoundTrip {
        match original.iter().zip(written).position(|(a, b)| a != b) {
            Some(offset) => RoundTrip::DiffersAt(offset),
            None if original.len() == written.len() => RoundTrip::Identical,
            None => RoundTrip::DiffersAt(original.len().min(written.len())),
        }
    }
}

impl AnyFile {
    /// A small FreeRCT save built from Rust values, not read from any file: the CLI's built-in
    /// round-trip check, which needs no corpus.
    pub fn example() -> Self {
        AnyFile::FreeRct(Box::new(freerct::SaveGame::example()))
    }

    /// The format this value is written as.
    pub fn format(&self) -> Format {
        match self {
            AnyFile::FreeRct(_) => Format::FreeRct,
            AnyFile::Gvas(save) => match save.container {
                gvas::Container::Plain => Format::Gvas,
                gvas::Container::Plz(_) | gvas::Container::Plm(_) => Format::Palworld,
                gvas::Container::Chunked(_) | gvas::Container::ChunkedWithLength(_) => {
                    Format::UeChunked
                }
                gvas::Container::Astroneer(_) => Format::Astroneer,
            },
            AnyFile::RocketLeague(_) => Format::RocketLeague,
            AnyFile::Satisfactory(_) => Format::Satisfactory,
        }
    }

    /// Detects the format (bytes first, then `file_name`) and reads the file.
    pub fn read(
        bytes: &[u8],
        file_name: Option<&str>,
        options: &ReadOptions,
    ) -> Result<Self, Error> {
        let format = detect(bytes, file_name).ok_or_else(|| Error::undetected(bytes.len()))?;
        Self::read_as(format, bytes, options)
    }

    /// Reads the file at `path`, detecting its format from its bytes (then its name).
    ///
    /// ```no_run
    /// let mut file = savepoint::AnyFile::open("park.fct")?;
    /// if let savepoint::AnyFile::FreeRct(save) = &mut file {
    ///     save.set_cash(1_000_000);
    /// }
    /// file.save("park-rich.fct")?;
    /// # Ok::<(), savepoint::Error>(())
    /// ```
    pub fn open(path: impl AsRef<Path>) -> Result<Self, Error> {
        Self::open_with(path, &ReadOptions::default())
    }

    /// [`AnyFile::open`] with read options (struct hints).
    pub fn open_with(path: impl AsRef<Path>, options: &ReadOptions) -> Result<Self, Error> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
        let name = path.file_name().and_then(|n| n.to_str());
        Self::read(&bytes, name, options)
    }

    /// Writes the file to `path` (replacing what is there); nothing is written when the model
    /// cannot be serialized.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), Error> {
        let path = path.as_ref();
        let bytes = self.write()?;
        std::fs::write(path, bytes).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })
    }

    /// Reads `bytes` as the given format.
    pub fn read_as(format: Format, bytes: &[u8], options: &ReadOptions) -> Result<Self, Error> {
        match format {
            Format::FreeRct => Ok(AnyFile::FreeRct(Box::new(freerct::read(bytes)?))),
            Format::Gvas | Format::Palworld | Format::UeChunked | Format::Astroneer => Ok(
                AnyFile::Gvas(Box::new(gvas::read_with(bytes, &options.to_gvas())?)),
            ),
            Format::RocketLeague => Ok(AnyFile::RocketLeague(Box::new(rocketleague::read(bytes)?))),
            Format::Satisfactory => Ok(AnyFile::Satisfactory(Box::new(
                satisfactory::SatisfactoryFile::read(bytes)?,
            ))),
        }
    }

    /// Writes the file back to bytes.
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        match self {
            AnyFile::FreeRct(save) => Ok(freerct::write(save)?),
            AnyFile::Gvas(save) => Ok(gvas::write(save)?),
            AnyFile::RocketLeague(replay) => Ok(rocketleague::write(replay)?),
            AnyFile::Satisfactory(file) => Ok(file.write()?),
        }
    }

    /// Short key/value lines (format versions first) for `savepoint info` and snapshots; text
    /// from the file has unprintable characters escaped and is cut short past
    /// [`unreal::escape::MAX_PRINTED_CHARS`] characters.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let lines = match self {
            AnyFile::FreeRct(save) => save.summary(),
            AnyFile::Gvas(save) => save.summary(),
            AnyFile::RocketLeague(replay) => replay.summary(),
            AnyFile::Satisfactory(file) => file.summary(),
        };
        let printable = |value: String| unreal::escape::Printable(&value).to_string();
        lines.into_iter().map(|(k, v)| (k, printable(v))).collect()
    }

    /// The model as JSON, tagged with the format.
    pub fn to_json(&self) -> Result<String, Error> {
        let mut out = Vec::new();
        self.write_json(&mut out)?;
        String::from_utf8(out).map_err(|e| Error::Json(serde::ser::Error::custom(e)))
    }

    /// Appends [`AnyFile::to_json`]'s JSON to `out`, without checking it again for UTF-8. A
    /// replay's decoded network stream takes a hand-written path that writes the same bytes as
    /// serde (see [`rocketleague::Replay::write_json`]).
    pub fn write_json(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        match self {
            AnyFile::RocketLeague(replay) => {
                out.extend_from_slice(br#"{"format":"rocketleague","data":"#);
                replay.write_json(out)?;
                out.push(b'}');
            }
            _ => serde_json::to_writer(out, self)?,
        }
        Ok(())
    }

    /// The model as indented JSON, tagged with the format.
    pub fn to_json_pretty(&self) -> Result<String, Error> {
        Ok(serde_json::to_string_pretty(self)?)
    }

    /// Parses JSON produced by [`AnyFile::to_json`].
    pub fn from_json(json: &str) -> Result<Self, Error> {
        crate::json::from_str(json)
    }

    /// [`AnyFile::from_json`] over bytes, which must be UTF-8 (as JSON text is).
    pub fn from_json_slice(json: &[u8]) -> Result<Self, Error> {
        let text =
            std::str::from_utf8(json).map_err(|e| Error::Json(serde::de::Error::custom(e)))?;
        Self::from_json(text)
    }

    /// Converts a JSON tree (as `serde_json::to_value` gives of a file, perhaps edited) back into
    /// a file, with the same nesting room as [`AnyFile::from_json`].
    pub fn from_json_value(json: serde_json::Value) -> Result<Self, Error> {
        crate::json::from_value(json)
    }

    /// Reads `bytes`, writes the model back and compares.
    pub fn round_trip(
        bytes: &[u8],
        file_name: Option<&str>,
        options: &ReadOptions,
    ) -> Result<RoundTrip, Error> {
        let written = Self::read(bytes, file_name, options)?.write()?;
        Ok(RoundTrip::compare(bytes, &written))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_finds_first_difference_or_length_change() {
        assert_eq!(RoundTrip::compare(b"abc", b"abc"), RoundTrip::Identical);
        assert_eq!(RoundTrip::compare(b"abc", b"abd"), RoundTrip::DiffersAt(2));
        assert_eq!(RoundTrip::compare(b"abc", b"ab"), RoundTrip::DiffersAt(2));
        assert_eq!(RoundTrip::compare(b"ab", b"abc"), RoundTrip::DiffersAt(2));
    }

    #[test]
    fn hints_parse_path_and_type() {
        let hint: StructHint = "PlayerAttributes.Key=Struct".parse().unwrap();
        assert_eq!(hint.path, "PlayerAttributes.Key");
        assert_eq!(hint.type_name, "Struct");
        assert!("NoEquals".parse::<StructHint>().is_err());
        assert!("=Struct".parse::<StructHint>().is_err());
        assert!("Path=".parse::<StructHint>().is_err());
    }
}
