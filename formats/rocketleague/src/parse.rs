//! Reading: framing, CRC policy, header-only fast path and the network switch.

use crate::body::{Body, Footer};
use crate::crc::checksum;
use crate::error::{Error, Section};
use crate::header::Header;
use crate::replay::{NetworkData, Replay};
use crate::stream::StreamInputs;
use binrw::BinRead;
use binrw::io::Cursor;

/// When to verify the header and body CRCs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrcCheck {
    /// Verify both sections before decoding them.
    #[default]
    Always,
    /// Never verify.
    Never,
    /// Verify only when decoding a section fails, to tell corruption from an unsupported layout.
    OnError,
}

/// Whether to decode the network stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NetworkParse {
    /// Decode it; a failure fails the parse.
    #[default]
    Always,
    /// Keep the stream as raw bytes.
    Never,
    /// Try to decode it; keep the raw bytes if that fails.
    IgnoreOnError,
}

/// Parse options; [`crate::read`] uses the defaults (CRC always, network decoded).
#[derive(Debug, Clone, Copy)]
pub struct ParserBuilder<'a> {
    data: &'a [u8],
    crc: CrcCheck,
    network: NetworkParse,
}

/// A section located in the file: its start offset, stored CRC and bytes.
struct Framed<'a> {
    start: u64,
    crc: u32,
    bytes: &'a [u8],
    end: usize,
}

fn u32_at(data: &[u8], at: usize, what: &str) -> Result<u32, Error> {
    data.get(at..)
        .and_then(|rest| rest.first_chunk::<4>())
        .map(|bytes| u32::from_le_bytes(*bytes))
        .ok_or_else(|| Error::new(Section::Framing, what, at as u64, "input ends early"))
}

fn framed<'a>(data: &'a [u8], at: usize, name: &str) -> Result<Framed<'a>, Error> {
    let size = u32_at(data, at, &format!("{name} size"))?;
    let crc = u32_at(data, at + 4, &format!("{name} crc"))?;
    let start = at + 8;
    let available = data.len() - start;
    let bytes = data
        .get(start..)
        .and_then(|rest| rest.get(..size as usize))
        .ok_or_else(|| {
            Error::new(
                Section::Framing,
                format!("{name} size"),
                at as u64,
                format!("declares {size} bytes but only {available} follow"),
            )
        })?;
    Ok(Framed {
        start: start as u64,
        crc,
        bytes,
        end: start + bytes.len(),
    })
}

impl Framed<'_> {
    /// File offsets of the section's first byte and one past its last.
    fn span(&self) -> (u64, u64) {
        (self.start, self.start + self.bytes.len() as u64)
    }
}

impl<'a> ParserBuilder<'a> {
    /// Options for `data` with the defaults.
    pub fn new(data: &'a [u8]) -> Self {
        ParserBuilder {
            data,
            crc: CrcCheck::default(),
            network: NetworkParse::default(),
        }
    }

    /// Sets the CRC policy.
    pub fn crc_check(mut self, crc: CrcCheck) -> Self {
        self.crc = crc;
        self
    }

    /// Sets whether the network stream is decoded.
    pub fn network_parse(mut self, network: NetworkParse) -> Self {
        self.network = network;
        self
    }

    fn verify(&self, framed: &Framed<'_>, section: Section) -> Result<(), Error> {
        let actual = checksum(framed.bytes);
        if actual == framed.crc {
            Ok(())
        } else {
            Err(Error::new(
                section,
                "crc",
                framed.start - 4,
                format!(
                    "stored CRC 0x{:08x} does not match computed 0x{actual:08x}",
                    framed.crc
                ),
            ))
        }
    }

    /// Decodes one section under the CRC policy.
    fn checked<T>(
        &self,
        framed: &Framed<'_>,
        section: Section,
        decode: impl FnOnce() -> Result<T, Error>,
    ) -> Result<T, Error> {
        match self.crc {
            CrcCheck::Always => {
                self.verify(framed, section)?;
                decode()
            }
            CrcCheck::Never => decode(),
            CrcCheck::OnError => {
                decode().map_err(|e| self.verify(framed, section).err().unwrap_or(e))
            }
        }
    }

    /// The network stream lies inside the body section: under [`CrcCheck::OnError`] a stream that
    /// fails to decode is reported as a CRC mismatch when the body does not match its CRC.
    fn explain_network_error(&self, body: &Framed<'_>, error: Error) -> Error {
        match self.crc {
            CrcCheck::OnError => self.verify(body, Section::Body).err().unwrap_or(error),
            CrcCheck::Always | CrcCheck::Never => error,
        }
    }

    /// Fast path: reads only the header section.
    pub fn parse_header(&self) -> Result<Header, Error> {
        let framed = framed(self.data, 0, "header")?;
        self.checked(&framed, Section::Header, || {
            read_header(&framed).map(|(header, _)| header)
        })
    }

    /// Reads the whole replay.
    pub fn parse(&self) -> Result<Replay, Error> {
        let head = framed(self.data, 0, "header")?;
        let (header, header_extra) = self.checked(&head, Section::Header, || read_header(&head))?;
        let content = framed(self.data, head.end, "body")?;
        let (body, network, footer, body_extra) =
            self.checked(&content, Section::Body, || read_content(&content))?;
        let network_start =
            content.start + (network.as_ptr() as usize - content.bytes.as_ptr() as usize) as u64;
        let network = match self.network {
            NetworkParse::Never => NetworkData::Raw(network.to_vec()),
            NetworkParse::Always => NetworkData::Decoded(
                StreamInputs::new(&header, &footer)
                    .read(network, network_start)
                    .map_err(|e| self.explain_network_error(&content, e))?,
            ),
            NetworkParse::IgnoreOnError => {
                match StreamInputs::new(&header, &footer).read(network, network_start) {
                    Ok(frames) => NetworkData::Decoded(frames),
                    Err(_) => NetworkData::Raw(network.to_vec()),
                }
            }
        };
        Ok(Replay {
            header,
            header_extra,
            body,
            network,
            footer,
            body_extra,
            trailing: self.data[content.end..].to_vec(),
        })
    }
}

fn read_header(framed: &Framed<'_>) -> Result<(Header, Vec<u8>), Error> {
    let mut cursor = Cursor::new(framed.bytes);
    let header = Header::read(&mut cursor)
        .map_err(|e| Error::from_binrw(Section::Header, framed.span(), &e))?;
    let extra = framed.bytes[cursor.position() as usize..].to_vec();
    Ok((header, extra))
}

type Content<'a> = (Body, &'a [u8], Footer, Vec<u8>);

fn read_content<'a>(framed: &Framed<'a>) -> Result<Content<'a>, Error> {
    let mut cursor = Cursor::new(framed.bytes);
    let body =
        Body::read(&mut cursor).map_err(|e| Error::from_binrw(Section::Body, framed.span(), &e))?;
    let at = cursor.position() as usize;
    let size = u32_at(framed.bytes, at, "network size").map_err(|_| {
        Error::new(
            Section::Body,
            "network size",
            framed.start + at as u64,
            "input ends early",
        )
    })? as usize;
    let network = framed.bytes[at + 4..].get(..size).ok_or_else(|| {
        Error::new(
            Section::Body,
            "network size",
            framed.start + at as u64,
            format!(
                "declares {size} bytes but only {} follow",
                framed.bytes.len() - at - 4
            ),
        )
    })?;
    cursor.set_position((at + 4 + size) as u64);
    let footer = Footer::read(&mut cursor)
        .map_err(|e| Error::from_binrw(Section::Footer, framed.span(), &e))?;
    let extra = framed.bytes[cursor.position() as usize..].to_vec();
    Ok((body, network, footer, extra))
}
