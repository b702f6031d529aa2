//! Class-specific data: the bytes a class writes after its UObject part.
//!
//! This is the one place that knows about individual classes. A decoder is a [`ClassDecoder`] entry in
//! [`DECODERS`], keyed by class path, with a [`CustomData`] variant for its model; adding a class
//! means adding a module here, one enum variant and one table entry, nothing in the framework. The
//! framework hands a decoder the bytes left after the property list and the versions in force
//! ([`ClassScope`]); a decoder that fails, or leaves bytes unread, makes the object keep those bytes
//! as [`CustomData::Raw`] with the reason ([`Fallback`]), so a round trip never depends on a decoder.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use super::ObjectHeader;
use crate::Error;
use crate::reader::Reader;
use crate::versions::Scope;

/// The versions in force for one object's class data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassScope {
    /// The object's SaveVersion.
    pub save_version: i32,
    /// The object's package `FileVersionUE5`.
    pub package_ue5: i32,
}

impl From<Scope> for ClassScope {
    fn from(scope: Scope) -> Self {
        ClassScope {
            save_version: scope.save_version,
            package_ue5: scope.package.file_version_ue5,
        }
    }
}

/// A class decoder: reads the class data (all of `r`) into a [`CustomData`] variant.
pub(crate) struct ClassDecoder {
    /// Short name of the layout, e.g. `AFGBuildableConveyorBase`.
    pub(crate) layout: &'static str,
    /// Reads the class data; must consume all of `r`.
    pub(crate) read: fn(&mut Reader<'_>, ClassScope) -> Result<CustomData, Error>,
}

/// Class path to decoder. Empty until class decoders are added: every class's data is kept raw.
const DECODERS: &[(&str, ClassDecoder)] = &[];

static BY_CLASS: LazyLock<HashMap<&'static str, &'static ClassDecoder>> =
    LazyLock::new(|| DECODERS.iter().map(|(class, d)| (*class, d)).collect());

/// The decoder for a class path.
pub(crate) fn decoder(class_name: &str) -> Option<&'static ClassDecoder> {
    BY_CLASS.get(class_name).copied()
}

/// Why class data was kept as raw bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fallback {
    /// No decoder knows the class (mod classes, or classes not done yet).
    NoDecoder,
    /// The class's decoder failed; the error says where.
    DecoderFailed(String),
}

/// Class data after the UObject part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CustomData {
    /// The class writes nothing after its UObject part.
    None,
    /// Bytes kept as stored.
    Raw {
        /// The bytes (hex in JSON).
        #[serde(with = "unreal::chunked::hex_bytes")]
        bytes: Vec<u8>,
        /// Why they were not decoded.
        fallback: Fallback,
    },
}

/// Reads the class data of an object (the rest of `r`); never fails, falling back to raw bytes.
pub(crate) fn read(header: &ObjectHeader, r: &mut Reader<'_>, scope: Scope) -> CustomData {
    let rest = r.rest();
    let decoder = decoder(header.class_name());
    let decoded = match decoder {
        None if rest.is_empty() => return CustomData::None,
        None => Err(Fallback::NoDecoder),
        Some(d) => {
            let mut sub = r.clone();
            match (d.read)(&mut sub, scope.into()) {
                Ok(data) if sub.is_empty() => Ok(data),
                Ok(_) => Err(Fallback::DecoderFailed(format!(
                    "{}: {} bytes left undecoded at 0x{:x}",
                    d.layout,
                    sub.remaining(),
                    sub.offset()
                ))),
                Err(e) => Err(Fallback::DecoderFailed(e.to_string())),
            }
        }
    };
    let _ = r.take(rest.len(), "custom");
    decoded.unwrap_or_else(|fallback| CustomData::Raw {
        bytes: rest.to_vec(),
        fallback,
    })
}

impl CustomData {
    /// Appends the class data.
    pub(crate) fn put(
        &self,
        _header: &ObjectHeader,
        _scope: Scope,
        out: &mut Vec<u8>,
    ) -> Result<(), Error> {
        match self {
            CustomData::None => {}
            CustomData::Raw { bytes, .. } => out.extend_from_slice(bytes),
        }
        Ok(())
    }

    /// Whether the data was kept as raw bytes, and why.
    pub fn fallback(&self) -> Option<&Fallback> {
        match self {
            CustomData::Raw { fallback, .. } => Some(fallback),
            _ => None,
        }
    }
}
