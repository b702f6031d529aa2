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
    /// Bytes inside the declared header size after the property set (normally none).
    pub header_extra: Vec<u8>,
    /// Levels and keyframes.
    pub body: Body,
    /// The network stream.
    pub network: NetworkData,
    /// Debug strings, tick marks, packages, objects, names, classes and the class net cache.
    pub footer: Footer,
    /// Bytes inside the declared body size after the class net cache (normally none).
    pub body_extra: Vec<u8>,
    /// Bytes after the body section (normally none).
    pub trailing: Vec<u8>,
}

/// The network stream, raw or decoded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum NetworkData {
    /// The stream bytes as stored (network parsing was off).
    Raw(Vec<u8>),
    /// The decoded frames.
    Decoded(Frames),
}

impl NetworkData {
    fn to_bytes(
        &self,
        header: &Header,
        footer: &Footer,
    ) -> Result<std::borrow::Cow<'_, [u8]>, Error> {
        match self {
            NetworkData::Raw(bytes) => Ok(bytes.as_slice().into()),
            NetworkData::Decoded(frames) => StreamInputs::new(header, footer)
                .write(frames)
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

fn write_binrw<T>(value: &T, out: &mut Cursor<Vec<u8>>, section: Section) -> Result<(), Error>
where
    T: for<'a> BinWrite<Args<'a> = ()>,
{
    let start = out.position();
    value
        .write_le(out)
        .map_err(|e| Error::from_binrw(section, (0, start), &e))
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

/// Serializes a replay, computing both section sizes and CRCs.
pub(crate) fn write(replay: &Replay) -> Result<Vec<u8>, Error> {
    let mut header = Cursor::new(Vec::new());
    write_binrw(&replay.header, &mut header, Section::Header)?;
    let mut header = header.into_inner();
    header.extend_from_slice(&replay.header_extra);

    let mut body = Cursor::new(Vec::new());
    write_binrw(&replay.body, &mut body, Section::Body)?;
    let network = replay.network.to_bytes(&replay.header, &replay.footer)?;
    let network_len = length_u32(network.len(), Section::Network, "network stream")?;
    let mut body = body.into_inner();
    body.extend_from_slice(&network_len.to_le_bytes());
    body.extend_from_slice(&network);
    let mut body = Cursor::new(body);
    body.set_position(body.get_ref().len() as u64);
    write_binrw(&replay.footer, &mut body, Section::Footer)?;
    let mut body = body.into_inner();
    body.extend_from_slice(&replay.body_extra);

    let mut out = Vec::with_capacity(16 + header.len() + body.len() + replay.trailing.len());
    for section in [&header, &body] {
        out.extend_from_slice(
            &length_u32(section.len(), Section::Framing, "section size")?.to_le_bytes(),
        );
        out.extend_from_slice(&checksum(section).to_le_bytes());
        out.extend_from_slice(section);
    }
    out.extend_from_slice(&replay.trailing);
    Ok(out)
}

impl Replay {
    /// Short key/value lines: versions, match facts, goals, players and section counts.
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let h = &self.header;
        let props = &h.properties;
        let text = |name: &str| props.get(name).map(value_text).unwrap_or_default();
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
                format!("{}-{}", text("Team0Score"), text("Team1Score")),
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
                    frames
                        .frames
                        .iter()
                        .flat_map(|f| &f.actors)
                        .filter(|a| pick(a))
                        .count()
                };
                lines.push(("frames", frames.frames.len().to_string()));
                lines.push((
                    "actors_new",
                    count(|a| matches!(a, ActorEvent::New { .. })).to_string(),
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
        match self.header.properties.get("Goals") {
            Some(PropertyValue::Array(goals)) => goals.len(),
            _ => 0,
        }
    }

    /// `Name` of every `PlayerStats` entry, in order.
    pub fn player_names(&self) -> Vec<String> {
        match self.header.properties.get("PlayerStats") {
            Some(PropertyValue::Array(players)) => players
                .iter()
                .filter_map(|p| p.get("Name").and_then(PropertyValue::as_text))
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
        PropertyValue::Float(v) => v.to_string(),
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
