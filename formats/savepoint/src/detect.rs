//! Format detection from a file's first bytes, with the file name as a fallback.
//!
//! Magic numbers decide first: they are reliable and cheap. The extension only decides when the
//! bytes are too short or damaged to say (truncated replays, fuzz fragments), so such files still
//! reach the right reader and get that reader's precise error instead of "unknown format".

use std::fmt;

/// A file format (or container) that savepoint recognises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// FreeRCT save, magic `FCTS`.
    FreeRct,
    /// Unreal SaveGame, magic `GVAS`.
    Gvas,
    /// Palworld `PlZ` (zlib once or twice) or `PlM` (Oodle) wrapper around a GVAS file.
    Palworld,
    /// Unreal compressed chunk archive (package tag `0x9E2A83C1`) holding a GVAS file, bare or
    /// (UE 5.x archive v2 saves) after a `u32` length; the payload tells which.
    UeChunked,
    /// Astroneer `.savegame`: fixed 12-byte header, size, zlib-compressed GVAS.
    Astroneer,
    /// Rocket League replay: header size, CRC, versions, `TAGame.Replay_*` class.
    RocketLeague,
    /// Satisfactory save (`.sav`), blueprint (`.sbp`) or blueprint config (`.sbpcfg`).
    Satisfactory,
}

impl Format {
    /// Every format, in detection order.
    pub const ALL: [Format; 7] = [
        Format::FreeRct,
        Format::Gvas,
        Format::Palworld,
        Format::UeChunked,
        Format::Astroneer,
        Format::RocketLeague,
        Format::Satisfactory,
    ];

    /// A human-readable name, as `savepoint info` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Format::FreeRct => "FreeRCT save",
            Format::Gvas => "Unreal GVAS SaveGame",
            Format::Palworld => "Palworld PlZ (GVAS)",
            Format::UeChunked => "Unreal chunked archive (GVAS)",
            Format::Astroneer => "Astroneer savegame (GVAS)",
            Format::RocketLeague => "Rocket League replay",
            Format::Satisfactory => "Satisfactory save/blueprint",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Astroneer's fixed 12-byte prefix (unreal-notes.md).
const ASTRONEER_MAGIC: [u8; 12] = [
    0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3, 0x01, 0x00, 0x00, 0x00,
];
/// Unreal `PACKAGE_FILE_TAG`, little-endian, at the start of every compressed chunk.
const PACKAGE_FILE_TAG: [u8; 4] = 0x9E2A_83C1u32.to_le_bytes();
/// Prefix of every replay class name (`TAGame.Replay_Soccar_TA`, `..._Basketball_TA`, ...).
const REPLAY_CLASS_PREFIX: &[u8] = b"TAGame.Replay_";
/// Length of the shortest magic number (`FCTS`, `GVAS`, the package tag): shorter input cannot be
/// recognised by its bytes.
pub(crate) const SHORTEST_MAGIC: usize = 4;
/// Longest first FString accepted as plausible when sniffing a Satisfactory `.sav` header.
const MAX_FSTRING: usize = 1024;

/// Detects the format of `bytes`; `file_name` (a name or path) is used when the bytes don't decide.
pub fn detect(bytes: &[u8], file_name: Option<&str>) -> Option<Format> {
    detect_bytes(bytes).or_else(|| file_name.and_then(detect_name))
}

/// Detects the format from the content alone.
pub fn detect_bytes(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(b"FCTS") {
        Some(Format::FreeRct)
    } else if bytes.starts_with(b"GVAS") {
        Some(Format::Gvas)
    } else if matches!(bytes.get(8..11), Some(b"PlZ" | b"PlM")) {
        Some(Format::Palworld)
    } else if bytes.starts_with(&PACKAGE_FILE_TAG) {
        Some(Format::UeChunked)
    } else if bytes.starts_with(&ASTRONEER_MAGIC) {
        Some(Format::Astroneer)
    } else if is_replay(bytes) {
        Some(Format::RocketLeague)
    } else if is_satisfactory_save(bytes) || satisfactory::detect(bytes).is_some() {
        Some(Format::Satisfactory)
    } else {
        None
    }
}

/// Detects the format from a file name's extension.
pub fn detect_name(file_name: &str) -> Option<Format> {
    let (_, ext) = file_name.rsplit_once('.')?;
    match ext.to_ascii_lowercase().as_str() {
        "fct" => Some(Format::FreeRct),
        "replay" => Some(Format::RocketLeague),
        "savegame" => Some(Format::Astroneer),
        "sbp" | "sbpcfg" => Some(Format::Satisfactory),
        _ => None,
    }
}

fn u32_at(bytes: &[u8], offset: usize) -> Option<u32> {
    let raw = bytes.get(offset..offset.checked_add(4)?)?;
    Some(u32::from_le_bytes(raw.try_into().ok()?))
}

/// Replay layout: u32 header size, u32 CRC, u32 major, u32 minor, [u32 net version], then the
/// class name as a length-prefixed string. The net version exists from major 866 / minor 18 on.
fn is_replay(bytes: &[u8]) -> bool {
    let (Some(major), Some(minor)) = (u32_at(bytes, 8), u32_at(bytes, 12)) else {
        return false;
    };
    let class_at = if major >= 866 && minor >= 18 { 20 } else { 16 };
    bytes
        .get(class_at + 4..)
        .is_some_and(|rest| rest.starts_with(REPLAY_CLASS_PREFIX))
}

/// Satisfactory `.sav` header: i32 header version, i32 save version, i32 build version, then an
/// FString (the map name, or from header version 14 on the session name). GVAS, the other `.sav`
/// format, was ruled out first.
fn is_satisfactory_save(bytes: &[u8]) -> bool {
    let (Some(header_version), Some(len)) = (u32_at(bytes, 0), u32_at(bytes, 12)) else {
        return false;
    };
    (1..=64).contains(&header_version) && is_plausible_fstring(&bytes[16..], len as i32)
}

/// An FString body of `len` (negative: UTF-16 code units) that is short, NUL-terminated and free
/// of control characters.
fn is_plausible_fstring(rest: &[u8], len: i32) -> bool {
    let (unit, count) = if len < 0 {
        (2, len.unsigned_abs() as usize)
    } else {
        (1, len as usize)
    };
    if !(2..=MAX_FSTRING).contains(&count) {
        return false;
    }
    let Some(body) = rest.get(..count * unit) else {
        return false;
    };
    let (text, nul) = body.split_at(body.len() - unit);
    let units: Vec<u16> = match unit {
        1 => text.iter().map(|&b| u16::from(b)).collect(),
        _ => text
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect(),
    };
    nul.iter().all(|&b| b == 0) && units.iter().all(|&u| u >= 0x20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_wins_over_extension() {
        assert_eq!(
            detect(b"GVAS\x02\0\0\0", Some("x.replay")),
            Some(Format::Gvas)
        );
        assert_eq!(
            detect(b"FCTS\x0c\0\0\0", Some("x.sav")),
            Some(Format::FreeRct)
        );
    }

    #[test]
    fn extension_decides_for_fragments() {
        assert_eq!(
            detect(b"\x18\0\0\0TAG", Some("dir/t.REPLAY")),
            Some(Format::RocketLeague)
        );
        assert_eq!(detect(b"", Some("a.savegame")), Some(Format::Astroneer));
        assert_eq!(detect(b"", Some("bp.sbpcfg")), Some(Format::Satisfactory));
        assert_eq!(detect(b"", Some("noext")), None);
        assert_eq!(detect(b"", None), None);
    }

    #[test]
    fn containers_by_magic() {
        assert_eq!(
            detect_bytes(b"\x01\0\0\0\x02\0\0\0PlZ1x"),
            Some(Format::Palworld)
        );
        assert_eq!(
            detect_bytes(b"\x01\0\0\0\x02\0\0\0PlM1x"),
            Some(Format::Palworld)
        );
        assert_eq!(
            detect_bytes(&[0xC1, 0x83, 0x2A, 0x9E, 0x22]),
            Some(Format::UeChunked)
        );
        assert_eq!(detect_bytes(&ASTRONEER_MAGIC), Some(Format::Astroneer));
    }

    fn replay_prefix(major: u32, minor: u32, net: Option<u32>) -> Vec<u8> {
        let mut b = Vec::new();
        for v in [100, 0xDEAD_BEEF, major, minor].into_iter().chain(net) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&24u32.to_le_bytes());
        b.extend_from_slice(b"TAGame.Replay_Soccar_TA\0");
        b
    }

    #[test]
    fn replay_with_and_without_net_version() {
        assert_eq!(
            detect_bytes(&replay_prefix(868, 12, None)),
            Some(Format::RocketLeague)
        );
        assert_eq!(
            detect_bytes(&replay_prefix(868, 18, Some(7))),
            Some(Format::RocketLeague)
        );
        // A net version slot where none belongs shifts the class string: not a replay.
        assert_eq!(detect_bytes(&replay_prefix(868, 12, Some(7))), None);
    }

    #[test]
    fn satisfactory_save_header() {
        let mut b = Vec::new();
        for v in [13u32, 46, 372_858, 17] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(b"Persistent_Level\0");
        assert_eq!(detect_bytes(&b), Some(Format::Satisfactory));
        b[16] = b'\n';
        assert_eq!(detect_bytes(&b), None);
        // Header version 14 starts with the session name, which may be UTF-16.
        let mut b = Vec::new();
        for v in [14u32, 52, 460_533, (-3i32) as u32] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&[b'D', 0, 0xE9, 0, 0, 0]);
        assert_eq!(detect_bytes(&b), Some(Format::Satisfactory));
    }
}
