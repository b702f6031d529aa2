//! The replay as a whole: the three sections plus any bytes the format leaves unexplained.

use crate::body::{Body, Footer};
use crate::crc::checksum;
use crate::error::{Error, Section};
use crate::header::{Header, PropertyValue};
use crate::network::{ActorEvent, Frames};
use crate::stream::StreamInputs;
use binrw::BinWrite;
use binrw::io::Cursor;
use serde::{Deserialize, Serialize};

/// A parsed replay.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The header section.
    pub header: Header,
    /// Bytes inside the declared header size after the property set (normally none; hex in JSON).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub header_extra: Vec<u8>,
    /// Levels and keyframes.
    pub body: Body,
    /// The network stream.
    pub network: NetworkData,
    /// Debug strings, tick marks, packages, objects, names, classes and the class net cache.
    pub footer: Footer,
    /// Bytes inside the declared body size after the class net cache (normally none; hex in
    /// JSON).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub body_extra: Vec<u8>,
    /// Bytes after the body section (normally none; hex in JSON).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub trailing: Vec<u8>,
}

/// The network stream, raw or decoded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NetworkData {
    /// The stream bytes as stored (network parsing was off; hex in JSON).
    Raw(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
    /// The decoded frames.
    Decoded(Frames),
}

/// Bytes in their JSON form (hex), for [`Replay::write_json`].
struct Hex<'a>(&'a [u8]);

impl Serialize for Hex<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        unreal::chunked::hex_bytes::serialize(self.0, s)
    }
}

impl NetworkData {
    /// The stream bytes; `start` is the file offset they will be written at, for errors.
    fn to_bytes(
        &self,
        header: &Header,
        footer: &Footer,
        start: usize,
    ) -> Result<std::borrow::Cow<'_, [u8]>, Error> {
        match self {
            NetworkData::Raw(bytes) => Ok(bytes.as_slice().into()),
            NetworkData::Decoded(frames) => StreamInputs::new(header, footer)
                .write(frames, start as u64)
                .map(Into::into),
        }
    }

    /// The decoded frames, if the stream was decoded.
    pub fn frames(&self) -> Option<&Frames> {
        match self {
            NetworkData::Decoded(frames) => Some(frames),
            NetworkData::Raw(_) => None,
        }
    }
}

/// Serializes `value` into a new buffer that will land at file offset `base` (errors name the
/// file offset where the failing field would be).
fn write_binrw<T>(value: &T, section: Section, base: usize) -> Result<Vec<u8>, Error>
where
    T: for<'a> BinWrite<Args<'a> = ()>,
{
    let mut cursor = Cursor::new(Vec::new());
    value.write_le(&mut cursor).map_err(|e| {
        let base = base as u64;
        Error::from_binrw(section, (base, base + cursor.position()), &e)
    })?;
    Ok(cursor.into_inner())
}

fn length_u32(len: usize, section: Section, what: &str) -> Result<u32, Error> {
    u32::try_from(len).map_err(|_| {
        Error::new(
            section,
            what,
            0,
            format!("{len} bytes do not fit a u32 size"),
        )
    })
}

/// Appends a section's size and CRC, then its bytes.
fn push_section(out: &mut Vec<u8>, parts: &[&[u8]]) -> Result<(), Error> {
    let len: usize = parts.iter().map(|part| part.len()).sum();
    let size = length_u32(len, Section::Framing, "section size")?;
    out.extend_from_slice(&size.to_le_bytes());
    let crc_at = out.len();
    out.extend_from_slice(&[0; 4]);
    for part in parts {
        out.extend_from_slice(part);
    }
    let crc = checksum(&out[crc_at + 4..]);
    out[crc_at..crc_at + 4].copy_from_slice(&crc.to_le_bytes());
    Ok(())
}

/// Serializes a replay, computing both section sizes and CRCs.
///
/// The small parts are serialized first so that the output is allocated once at its exact size
/// and the network stream, nearly the whole file, is copied only once.
pub(crate) fn write(replay: &Replay) -> Result<Vec<u8>, Error> {
    let header = write_binrw(&replay.header, Section::Header, 8)?;
    let body_start = 16 + header.len() + replay.header_extra.len();
    let mut body = write_binrw(&replay.body, Section::Body, body_start)?;
    let network_start = body_start + body.len() + 4;
    let network = replay
        .network
        .to_bytes(&replay.header, &replay.footer, network_start)?;
    let network_len = length_u32(network.len(), Section::Network, "network stream")?;
    body.extend_from_slice(&network_len.to_le_bytes());
    let footer_start = network_start + network.len();
    let footer = write_binrw(&replay.footer, Section::Footer, footer_start)?;

    let header_parts = [header.as_slice(), &replay.header_extra];
    let body_parts = [body.as_slice(), &network, &footer, &replay.body_extra];
    let total = [&header_parts[..], &body_parts[..]]
        .iter()
        .flat_map(|parts| parts.iter())
        .map(|part| part.len())
        .sum::<usize>()
        + 16
        + replay.trailing.len();
    let mut out = Vec::with_capacity(total);
    push_section(&mut out, &header_parts)?;
    push_section(&mut out, &body_parts)?;
    out.extend_from_slice(&replay.trailing);
    Ok(out)
}

impl Replay {
    /// Appends the replay's JSON to `out`: the bytes `serde_json::to_writer` writes for it, in
    /// a fraction of the time when the network stream is decoded (the frames are written by hand;
    /// see `network::json`).
    pub fn write_json(&self, out: &mut Vec<u8>) -> serde_json::Result<()> {
        out.extend_from_slice(b"{\"header\":");
        serde_json::to_writer(&mut *out, &self.header)?;
        out.extend_from_slice(b",\"header_extra\":");
        serde_json::to_writer(&mut *out, &Hex(&self.header_extra))?;
        out.extend_from_slice(b",\"body\":");
        serde_json::to_writer(&mut *out, &self.body)?;
        out.extend_from_slice(b",\"network\":");
        match &self.network {
            NetworkData::Decoded(frames) => {
                out.extend_from_slice(b"{\"Decoded\":");
                crate::network::write_frames_json(frames, out)?;
                out.push(b'}');
            }
            raw @ NetworkData::Raw(_) => serde_json::to_writer(&mut *out, raw)?,
        }
        out.extend_from_slice(b",\"footer\":");
        serde_json::to_writer(&mut *out, &self.footer)?;
        out.extend_from_slice(b",\"body_extra\":");
        serde_json::to_writer(&mut *out, &Hex(&self.body_extra))?;
        out.extend_from_slice(b",\"trailing\":");
        serde_json::to_writer(&mut *out, &Hex(&self.trailing))?;
        out.push(b'}');
        Ok(())
    }

    /// Short key/value lines: versions, match facts, goals, players and section counts.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let h = &self.header;
        let props = &h.properties;
        let text = |name: &str| props.get(name).map(|p| value_text(&p.value));
        let text = |name: &str| text(name).unwrap_or_default();
        let score = |name: &str| {
            props
                .get(name)
                .map_or_else(|| "0".to_owned(), |p| value_text(&p.value))
        };
        let version = match h.net_version {
            Some(net) => format!("{}.{}.{}", h.engine_version, h.licensee_version, net),
            None => format!("{}.{}", h.engine_version, h.licensee_version),
        };
        let mut lines = vec![
            ("version", version),
            ("game_type", h.game_type.as_str().into_owned()),
            ("header_properties", props.properties.len().to_string()),
            ("match_type", text("MatchType")),
            ("map", text("MapName")),
            ("date", text("Date")),
            ("team_size", text("TeamSize")),
            (
                "score",
                // The game leaves out the score of a team that scored nothing.
                format!("{}-{}", score("Team0Score"), score("Team1Score")),
            ),
            ("num_frames", text("NumFrames")),
            ("goals", self.goals().to_string()),
            ("players", self.player_names().join(", ")),
            ("keyframes", self.body.keyframes.len().to_string()),
            ("tick_marks", self.footer.tick_marks.len().to_string()),
            ("objects", self.footer.objects.len().to_string()),
            ("names", self.footer.names.len().to_string()),
            ("class_net_cache", self.footer.net_cache.len().to_string()),
        ];
        match &self.network {
            NetworkData::Raw(bytes) => lines.push(("network_bytes", bytes.len().to_string())),
            NetworkData::Decoded(frames) => {
                let count = |pick: fn(&ActorEvent) -> bool| {
                    frames.actors.iter().filter(|a| pick(a)).count()
                };
                lines.push(("frames", frames.frames.len().to_string()));
                lines.push((
                    "actors_new",
                    count(|a| matches!(a, ActorEvent::New)).to_string(),
                ));
                lines.push((
                    "actors_updated",
                    count(|a| matches!(a, ActorEvent::Updated { .. })).to_string(),
                ));
                lines.push((
                    "actors_deleted",
                    count(|a| matches!(a, ActorEvent::Deleted { .. })).to_string(),
                ));
            }
        }
        lines
    }

    /// Number of entries in the `Goals` header array.
    pub fn goals(&self) -> usize {
        match self.header.properties.get("Goals").map(|p| &p.value) {
            Some(PropertyValue::Array(goals)) => goals.len(),
            _ => 0,
        }
    }

    /// `Name` of every `PlayerStats` entry, in order.
    pub fn player_names(&self) -> Vec<String> {
        match self.header.properties.get("PlayerStats").map(|p| &p.value) {
            Some(PropertyValue::Array(players)) => players
                .iter()
                .filter_map(|p| p.get("Name").and_then(|name| name.value.as_text()))
                .map(|name| name.into_owned())
                .collect(),
            _ => Vec::new(),
        }
    }
}

fn value_text(value: &PropertyValue) -> String {
    match value {
        PropertyValue::Int(v) => v.to_string(),
        PropertyValue::Str(s) | PropertyValue::Name(s) => s.as_str().into_owned(),
        PropertyValue::Float(v) => v.0.to_string(),
        PropertyValue::QWord(v) => v.to_string(),
        PropertyValue::Bool(v) => (*v != 0).to_string(),
        PropertyValue::Bool32(v) => (*v != 0).to_string(),
        PropertyValue::Byte { kind, byte, value } => match (byte, value) {
            (_, Some(value)) => format!("{}::{}", kind.as_str(), value.as_str()),
            (Some(byte), None) => byte.to_string(),
            (None, None) => kind.as_str().into_owned(),
        },
        PropertyValue::Array(sets) => format!("[{} entries]", sets.len()),
        PropertyValue::Struct { name, fields } => {
            format!("{} {{{} fields}}", name.as_str(), fields.properties.len())
        }
    }
}
