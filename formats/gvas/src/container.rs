//! Detection and (un)wrapping of the containers a GVAS body can come in.

use serde::{Deserialize, Serialize};
use unreal::chunked::{ChunkedArchive, DeflateParams};

use crate::Error;
use crate::astroneer::{AstroneerFrame, AstroneerStream};
use crate::plz::Plz;

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
    /// The Unreal compressed chunk archive (tag `0x9E2A83C1`).
    Chunked(ChunkedArchive),
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
            Container::Chunked(_) => "UE compressed chunks",
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
        } else if ChunkedArchive::detect(data) {
            let (archive, body) =
                ChunkedArchive::read(data, 0).map_err(|e| Error::zlib("chunked archive", e))?;
            Ok(Opened::Inflated(Container::Chunked(archive), body))
        } else if AstroneerFrame::detect(data) {
            Ok(Opened::Astroneer(AstroneerFrame::open(data)?))
        } else {
            let head: Vec<String> = data.iter().take(12).map(|b| format!("{b:02x}")).collect();
            Err(Error::new(
                "SaveFile",
                0,
                format!(
                    "not a GVAS save: expected \"GVAS\", a PlZ, chunked or Astroneer header, found [{}]",
                    head.join(" ")
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
            Container::Chunked(archive) => archive
                .write(&body, DeflateParams::default(), &mut out)
                .map_err(|e| Error::zlib("chunked archive", e))?,
            Container::Astroneer(frame) => frame.write(&body, &mut out)?,
        }
        Ok(out)
    }
}
