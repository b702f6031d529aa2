//! Glue between the container and the network stream: the context the network layer needs,
//! built from header and footer, and its errors mapped onto the crate error.

use crate::body::Footer;
use crate::error::{Error, Section};
use crate::header::Header;
use crate::network::{self, Frames, NetworkContext, VersionTriple};

/// The inputs of a [`NetworkContext`]: header values, and the footer's lists borrowed.
pub(crate) struct StreamInputs<'a> {
    footer: &'a Footer,
    version: VersionTriple,
    num_frames: usize,
    max_channels: u32,
    is_lan: bool,
    is_rl_223: bool,
}

/// Fallback for `MaxChannels` when the header lacks it.
const DEFAULT_MAX_CHANNELS: u32 = 1023;

impl<'a> StreamInputs<'a> {
    pub(crate) fn new(header: &Header, footer: &'a Footer) -> Self {
        StreamInputs {
            footer,
            version: VersionTriple::new(
                header.engine_version,
                header.licensee_version,
                header.net_version.unwrap_or(0),
            ),
            num_frames: header
                .num_frames()
                .and_then(|n| usize::try_from(n).ok())
                .unwrap_or(0),
            max_channels: header
                .max_channels()
                .and_then(|n| u32::try_from(n).ok())
                .unwrap_or(DEFAULT_MAX_CHANNELS),
            is_lan: header.match_type().is_some_and(|t| t == "Lan"),
            is_rl_223: header
                .build_version()
                .is_some_and(|v| network::is_rl_223_build(&v)),
        }
    }

    fn context(&self) -> NetworkContext<'a> {
        NetworkContext {
            version: self.version,
            num_frames: self.num_frames,
            max_channels: self.max_channels,
            is_lan: self.is_lan,
            is_rl_223: self.is_rl_223,
            objects: &self.footer.objects,
            net_cache: &self.footer.net_cache,
        }
    }

    /// Decodes the stream that starts at file offset `start`.
    pub(crate) fn read(&self, data: &[u8], start: u64) -> Result<Frames, Error> {
        network::read_frames(&self.context(), data).map_err(|e| convert(&e, start))
    }

    /// Encodes decoded frames back to stream bytes that will start at file offset `start`.
    pub(crate) fn write(&self, frames: &Frames, start: u64) -> Result<Vec<u8>, Error> {
        network::write_frames(&self.context(), frames).map_err(|e| convert(&e, start))
    }
}

fn convert(error: &network::Error, start: u64) -> Error {
    let mut path = String::from("frames");
    if let Some(frame) = error.frame {
        path = format!("frames[{frame}]");
        if let Some(segment) = error.segment {
            path.push_str(&format!(".actors[{segment}]"));
        }
    }
    let message = format!("{} (network bit {})", error.message, error.bit);
    Error::new(
        Section::Network,
        path,
        start + (error.bit / 8) as u64,
        message,
    )
}
