//! Detection and (un)wrapping of the containers a GVAS body can come in.

use serde::{Deserialize, Serialize};
use unreal::chunked::{ChunkedArchive, DeflateParams};

use crate::Error;
use crate::astroneer::{AstroneerFrame, AstroneerStream};
use crate::plz::{Plm, Plz};

/// A file whose container is known, with its body as the container hands it out.
pub(crate) enum Opened<'a> {
    /// The file is the body.
    Plain,
    /// A container and its body, inflated whole.
    Inflated(Container, Vec<u8>),
    /// An Astroneer save, whose body is inflated while it is read.
    Astroneer(AstroneerStream<'a>),
}

/// How the body is stored in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Container {
    /// The file is the body ("GVAS" first).
    Plain,
    /// Palworld's PlZ zlib wrapper.
    Plz(Plz),
    /// Palworld's PlM Oodle wrapper (Palworld 0.6 on); written as PlZ once the body changes.
    Plm(Plm),
    /// The Unreal compressed chunk archive (tag `0x9E2A83C1`) around the bare GVAS bytes.
    Chunked(ChunkedArchive),
    /// The Unreal compressed chunk archive around a `u32` length and then the GVAS bytes: UE 5.x
    /// games that compress the SaveGame's byte array (`TArray<uint8>`) rather than the bytes.
    ChunkedWithLength(ChunkedArchive),
    /// Astroneer's `.savegame` frame.
    Astroneer(AstroneerFrame),
}

impl Container {
    /// Short name for summaries and error paths.
    pub fn name(&self) -> &'static str {
        match self {
            Container::Plain => "plain",
            Container::Plz(Plz::Once { .. }) => "PlZ (zlib once)",
            Container::Plz(Plz::Twice { .. }) => "PlZ (zlib twice)",
            Container::Plm(_) => "PlM (Oodle)",
            Container::Chunked(_) => "UE compressed chunks",
            Container::ChunkedWithLength(_) => "UE compressed chunks (length-prefixed GVAS)",
            Container::Astroneer(_) => "Astroneer",
        }
    }

    /// Detects the container of `data` and opens it.
    pub(crate) fn open(data: &[u8]) -> Result<Opened<'_>, Error> {
        if data.starts_with(b"GVAS") {
            Ok(Opened::Plain)
        } else if Plz::detect(data) {
            let (plz, body) = Plz::read(data)?;
            Ok(Opened::Inflated(Container::Plz(plz), body))
        } else if Plm::detect(data) {
            let (plm, body) = Plm::read(data)?;
            Ok(Opened::Inflated(Container::Plm(plm), body))
        } else if ChunkedArchive::detect(data) {
            let (archive, body) =
                ChunkedArchive::read(data, 0).map_err(|e| Error::zlib("chunked archive", e))?;
            let (container, body) = chunked_payload(archive, body)?;
            Ok(Opened::Inflated(container, body))
        } else if AstroneerFrame::detect(data) {
            Ok(Opened::Astroneer(AstroneerFrame::open(data)?))
        } else {
            Err(Error::new(
                "SaveFile",
                0,
                format!(
                    "not a GVAS save: expected \"GVAS\", a PlZ, PlM, chunked or Astroneer header, found {}",
                    crate::error::magic(data, 12)
                ),
            ))
        }
    }

    /// Wraps `body` in this container.
    pub(crate) fn seal(&self, body: Vec<u8>) -> Result<Vec<u8>, Error> {
        let mut out = Vec::new();
        match self {
            Container::Plain => return Ok(body),
            Container::Plz(plz) => plz.write(&body, &mut out)?,
            Container::Plm(plm) => plm.write(&body, &mut out)?,
            Container::Chunked(archive) => archive
                .write(&body, DeflateParams::default(), &mut out)
                .map_err(|e| Error::zlib("chunked archive", e))?,
            Container::ChunkedWithLength(archive) => {
                let len = u32::try_from(body.len()).map_err(|_| {
                    Error::new(
                        LENGTH_PATH,
                        0,
                        format!("a {}-byte body does not fit the u32 length", body.len()),
                    )
                })?;
                let mut payload = Vec::with_capacity(body.len() + 4);
                payload.extend_from_slice(&len.to_le_bytes());
                payload.extend_from_slice(&body);
                drop(body);
                archive
                    .write(&payload, DeflateParams::default(), &mut out)
                    .map_err(|e| Error::zlib("chunked archive", e))?
            }
            Container::Astroneer(frame) => frame.write(&body, &mut out)?,
        }
        Ok(out)
    }
}

/// Error path of the length in front of a length-prefixed body.
const LENGTH_PATH: &str = "UE compressed chunks (length-prefixed GVAS) payload.length";

/// Which chunked container a decompressed payload says it is: the bare GVAS bytes, or a `u32`
/// length that matches the rest and then the GVAS bytes. Anything else is refused here, naming
/// the container, with offsets in the decompressed payload.
fn chunked_payload(
    archive: ChunkedArchive,
    payload: Vec<u8>,
) -> Result<(Container, Vec<u8>), Error> {
    if payload.starts_with(b"GVAS") {
        return Ok((Container::Chunked(archive), payload));
    }
    if payload.get(4..8) == Some(b"GVAS") {
        let field = u32::from_le_bytes([payload[0], payload[1], payload[2], payload[3]]);
        let follows = payload.len() - 4;
        if u64::from(field) != follows as u64 {
            let mut e = Error::new(
                LENGTH_PATH,
                0,
                format!("says {field} bytes, {follows} bytes of GVAS data follow it"),
            );
            e.offset_in = crate::error::OffsetIn::Body;
            return Err(e);
        }
        let mut body = payload;
        body.drain(..4);
        return Ok((Container::ChunkedWithLength(archive), body));
    }
    let mut e = Error::new(
        "UE compressed chunks payload",
        0,
        format!(
            "expected \"GVAS\" or a u32 length then \"GVAS\", found {}",
            crate::error::magic(&payload, 8)
        ),
    );
    e.offset_in = crate::error::OffsetIn::Body;
    Err(e)
}
