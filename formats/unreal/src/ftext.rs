//! `FText`: flags, a history-type byte, then the data of that history kind (`ETextHistoryType`).
//!
//! Version gates older than UE 4.14 (package 514, the oldest in the corpus) are not modelled.

use crate::cursor::ByteReader;
use crate::{Error, F32, F64, FName, FString};
use binrw::binrw;
use serde::{Deserialize, Serialize};

/// Nesting limit for texts inside texts, so hostile input cannot exhaust the stack.
const MAX_DEPTH: u32 = 32;

/// A localised text value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FText {
    /// `ETextFlag` bits.
    pub flags: u32,
    /// The history, which says how the text is produced.
    pub history: TextHistory,
}

/// `FTextHistory` per `ETextHistoryType` (-1 ..= 12).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)] // field names follow the Unreal members of each history class
pub enum TextHistory {
    /// -1: no history; optionally a culture-invariant string (the `bool` is stored as `u32`).
    None { culture_invariant: Option<FString> },
    /// 0: a localised string.
    Base {
        namespace: FString,
        key: FString,
        source: FString,
    },
    /// 1: `FText::Format` with named arguments.
    NamedFormat {
        format: Box<FText>,
        arguments: Vec<(FString, FormatArgumentValue)>,
    },
    /// 2: `FText::Format` with ordered arguments.
    OrderedFormat {
        format: Box<FText>,
        arguments: Vec<FormatArgumentValue>,
    },
    /// 3: `FText::Format` with `FFormatArgumentData`.
    ArgumentFormat {
        format: Box<FText>,
        arguments: Vec<(FString, FormatArgumentValue)>,
    },
    /// 4: a number.
    AsNumber {
        source: FormatArgumentValue,
        options: Option<NumberFormattingOptions>,
        culture: FString,
    },
    /// 5: a percentage.
    AsPercent {
        source: FormatArgumentValue,
        options: Option<NumberFormattingOptions>,
        culture: FString,
    },
    /// 6: a currency amount.
    AsCurrency {
        currency: FString,
        source: FormatArgumentValue,
        options: Option<NumberFormattingOptions>,
        culture: FString,
    },
    /// 7: a date (`FDateTime` ticks).
    AsDate {
        ticks: i64,
        date_style: i8,
        time_zone: FString,
        culture: FString,
    },
    /// 8: a time.
    AsTime {
        ticks: i64,
        time_style: i8,
        time_zone: FString,
        culture: FString,
    },
    /// 9: a date and time.
    AsDateTime {
        ticks: i64,
        date_style: i8,
        time_style: i8,
        time_zone: FString,
        culture: FString,
    },
    /// 10: upper/lower-case transform of another text.
    Transform { source: Box<FText>, transform: u8 },
    /// 11: an entry of a string table.
    StringTableEntry { table: FName, key: FString },
    /// 12: a text generator; its data is opaque unless the generator is `None`.
    TextGenerator {
        generator: FName,
        data: Option<Vec<u8>>,
    },
}

/// `FFormatArgumentValue` (also the value part of `FFormatArgumentData`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum FormatArgumentValue {
    Int(i64),
    UInt(u64),
    Float(F32),
    Double(F64),
    Text(Box<FText>),
    Gender(u8),
}

/// `FNumberFormattingOptions` (the two flags are UE `bool`s, stored as `u32`).
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct NumberFormattingOptions {
    pub always_sign: u32,
    pub use_grouping: u32,
    pub rounding_mode: i8,
    pub minimum_integral_digits: i32,
    pub maximum_integral_digits: i32,
    pub minimum_fractional_digits: i32,
    pub maximum_fractional_digits: i32,
}

impl FText {
    pub(crate) fn parse(r: &mut ByteReader<'_>) -> Result<Self, Error> {
        Self::parse_at(r, 0)
    }

    fn parse_at(r: &mut ByteReader<'_>, depth: u32) -> Result<Self, Error> {
        if depth > MAX_DEPTH {
            return Err(r.err("FText nested too deeply"));
        }
        let flags = r.u32("FText flags")?;
        let at = r.offset();
        let kind = r.i8("FText history type")?;
        let d = depth + 1;
        let history = match kind {
            -1 => TextHistory::None {
                culture_invariant: optional(r, FString::parse)?,
            },
            0 => TextHistory::Base {
                namespace: FString::parse(r)?,
                key: FString::parse(r)?,
                source: FString::parse(r)?,
            },
            1 => TextHistory::NamedFormat {
                format: Box::new(Self::parse_at(r, d)?),
                arguments: named_args(r, d)?,
            },
            2 => {
                let format = Box::new(Self::parse_at(r, d)?);
                let n = r.count(5, "ordered format arguments")?;
                let arguments = (0..n)
                    .map(|_| FormatArgumentValue::parse(r, d))
                    .collect::<Result<_, _>>()?;
                TextHistory::OrderedFormat { format, arguments }
            }
            3 => TextHistory::ArgumentFormat {
                format: Box::new(Self::parse_at(r, d)?),
                arguments: named_args(r, d)?,
            },
            4 => TextHistory::AsNumber {
                source: FormatArgumentValue::parse(r, d)?,
                options: optional(r, |r| r.binrw("FNumberFormattingOptions"))?,
                culture: FString::parse(r)?,
            },
            5 => TextHistory::AsPercent {
                source: FormatArgumentValue::parse(r, d)?,
                options: optional(r, |r| r.binrw("FNumberFormattingOptions"))?,
                culture: FString::parse(r)?,
            },
            6 => TextHistory::AsCurrency {
                currency: FString::parse(r)?,
                source: FormatArgumentValue::parse(r, d)?,
                options: optional(r, |r| r.binrw("FNumberFormattingOptions"))?,
                culture: FString::parse(r)?,
            },
            7 => TextHistory::AsDate {
                ticks: r.i64("FDateTime")?,
                date_style: r.i8("date style")?,
                time_zone: FString::parse(r)?,
                culture: FString::parse(r)?,
            },
            8 => TextHistory::AsTime {
                ticks: r.i64("FDateTime")?,
                time_style: r.i8("time style")?,
                time_zone: FString::parse(r)?,
                culture: FString::parse(r)?,
            },
            9 => TextHistory::AsDateTime {
                ticks: r.i64("FDateTime")?,
                date_style: r.i8("date style")?,
                time_style: r.i8("time style")?,
                time_zone: FString::parse(r)?,
                culture: FString::parse(r)?,
            },
            10 => TextHistory::Transform {
                source: Box::new(Self::parse_at(r, d)?),
                transform: r.u8("transform type")?,
            },
            11 => TextHistory::StringTableEntry {
                table: FName::parse(r)?,
                key: FString::parse(r)?,
            },
            12 => {
                let generator = FName::parse(r)?;
                let data = if generator.is("None") {
                    None
                } else {
                    let n = r.count(1, "text generator data")?;
                    Some(r.bytes(n, "text generator data")?.to_vec())
                };
                TextHistory::TextGenerator { generator, data }
            }
            other => {
                return Err(Error::new(
                    at,
                    format!("unknown FText history type {other}"),
                ));
            }
        };
        Ok(FText { flags, history })
    }

    pub(crate) fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        out.extend_from_slice(&self.flags.to_le_bytes());
        use TextHistory as H;
        let kind: i8 = match &self.history {
            H::None { .. } => -1,
            H::Base { .. } => 0,
            H::NamedFormat { .. } => 1,
            H::OrderedFormat { .. } => 2,
            H::ArgumentFormat { .. } => 3,
            H::AsNumber { .. } => 4,
            H::AsPercent { .. } => 5,
            H::AsCurrency { .. } => 6,
            H::AsDate { .. } => 7,
            H::AsTime { .. } => 8,
            H::AsDateTime { .. } => 9,
            H::Transform { .. } => 10,
            H::StringTableEntry { .. } => 11,
            H::TextGenerator { .. } => 12,
        };
        out.push(kind as u8);
        match &self.history {
            H::None { culture_invariant } => put_optional(culture_invariant, out, FString::put)?,
            H::Base {
                namespace,
                key,
                source,
            } => {
                namespace.put(out)?;
                key.put(out)?;
                source.put(out)?;
            }
            H::NamedFormat { format, arguments } | H::ArgumentFormat { format, arguments } => {
                format.put(out)?;
                put_len(arguments.len(), out)?;
                for (name, value) in arguments {
                    name.put(out)?;
                    value.put(out)?;
                }
            }
            H::OrderedFormat { format, arguments } => {
                format.put(out)?;
                put_len(arguments.len(), out)?;
                for value in arguments {
                    value.put(out)?;
                }
            }
            H::AsNumber {
                source,
                options,
                culture,
            }
            | H::AsPercent {
                source,
                options,
                culture,
            } => {
                source.put(out)?;
                put_optional(options, out, crate::cursor::put_binrw)?;
                culture.put(out)?;
            }
            H::AsCurrency {
                currency,
                source,
                options,
                culture,
            } => {
                currency.put(out)?;
                source.put(out)?;
                put_optional(options, out, crate::cursor::put_binrw)?;
                culture.put(out)?;
            }
            H::AsDate {
                ticks,
                date_style: style,
                time_zone,
                culture,
            }
            | H::AsTime {
                ticks,
                time_style: style,
                time_zone,
                culture,
            } => {
                out.extend_from_slice(&ticks.to_le_bytes());
                out.push(*style as u8);
                time_zone.put(out)?;
                culture.put(out)?;
            }
            H::AsDateTime {
                ticks,
                date_style,
                time_style,
                time_zone,
                culture,
            } => {
                out.extend_from_slice(&ticks.to_le_bytes());
                out.push(*date_style as u8);
                out.push(*time_style as u8);
                time_zone.put(out)?;
                culture.put(out)?;
            }
            H::Transform { source, transform } => {
                source.put(out)?;
                out.push(*transform);
            }
            H::StringTableEntry { table, key } => {
                table.put(out)?;
                key.put(out)?;
            }
            H::TextGenerator { generator, data } => {
                generator.put(out)?;
                if let Some(data) = data {
                    put_len(data.len(), out)?;
                    out.extend_from_slice(data);
                }
            }
        }
        Ok(())
    }
}

impl FormatArgumentValue {
    fn parse(r: &mut ByteReader<'_>, depth: u32) -> Result<Self, Error> {
        let at = r.offset();
        Ok(match r.u8("format argument type")? {
            0 => Self::Int(r.i64("Int argument")?),
            1 => Self::UInt(r.u64("UInt argument")?),
            2 => Self::Float(F32(f32::from_bits(r.u32("Float argument")?))),
            3 => Self::Double(F64(f64::from_bits(r.u64("Double argument")?))),
            4 => Self::Text(Box::new(FText::parse_at(r, depth)?)),
            5 => Self::Gender(r.u8("Gender argument")?),
            t => return Err(Error::new(at, format!("unknown format argument type {t}"))),
        })
    }

    fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        match self {
            Self::Int(v) => put_tagged(out, 0, &v.to_le_bytes()),
            Self::UInt(v) => put_tagged(out, 1, &v.to_le_bytes()),
            Self::Float(v) => put_tagged(out, 2, &v.0.to_bits().to_le_bytes()),
            Self::Double(v) => put_tagged(out, 3, &v.0.to_bits().to_le_bytes()),
            Self::Text(t) => {
                out.push(4);
                return t.put(out);
            }
            Self::Gender(g) => put_tagged(out, 5, &[*g]),
        }
        Ok(())
    }
}

fn put_tagged(out: &mut Vec<u8>, tag: u8, bytes: &[u8]) {
    out.push(tag);
    out.extend_from_slice(bytes);
}

fn named_args(
    r: &mut ByteReader<'_>,
    depth: u32,
) -> Result<Vec<(FString, FormatArgumentValue)>, Error> {
    let n = r.count(9, "format arguments")?;
    (0..n)
        .map(|_| Ok((FString::parse(r)?, FormatArgumentValue::parse(r, depth)?)))
        .collect()
}

/// A UE `bool` (`u32` 0 or 1) followed by the value when true.
fn optional<'a, T>(
    r: &mut ByteReader<'a>,
    f: impl FnOnce(&mut ByteReader<'a>) -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    let at = r.offset();
    match r.u32("bool")? {
        0 => Ok(None),
        1 => f(r).map(Some),
        b => Err(Error::new(at, format!("bool expected, found {b}"))),
    }
}

fn put_optional<T>(
    v: &Option<T>,
    out: &mut Vec<u8>,
    f: impl FnOnce(&T, &mut Vec<u8>) -> Result<(), Error>,
) -> Result<(), Error> {
    match v {
        None => {
            out.extend_from_slice(&0u32.to_le_bytes());
            Ok(())
        }
        Some(v) => {
            out.extend_from_slice(&1u32.to_le_bytes());
            f(v, out)
        }
    }
}

/// Writes an `i32` element count.
pub(crate) fn put_len(n: usize, out: &mut Vec<u8>) -> Result<(), Error> {
    let n = i32::try_from(n)
        .map_err(|_| Error::new(out.len(), format!("{n} elements do not fit an i32 count")))?;
    out.extend_from_slice(&n.to_le_bytes());
    Ok(())
}
