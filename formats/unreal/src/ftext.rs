//! `FText`: flags, a history-type byte, then the data of that history kind (`ETextHistoryType`).
//!
//! Layouts follow the engine's `FTextHistory_*::Serialize`, `FFormatArgumentValue` and
//! `FFormatArgumentData` serializers. Where a custom version changes a layout, [`TextVersions`]
//! (taken from the file's custom version table) says which form the file uses. Version gates older
//! than UE 4.14 (package 514, the oldest in the corpus) are not modelled.

use crate::cursor::ByteReader;
use crate::depth::DepthGuard;
use crate::{Error, F32, F64, FGuid, FName, FString};
use binrw::binrw;
use schema_derive::version;
use serde::{Deserialize, Serialize};

/// Deepest nesting of texts inside texts accepted (a text alone is level 1), so hostile input
/// cannot exhaust the stack. The one bound of every path: the binary reader and writer and serde
/// (JSON) both ways.
pub const MAX_TEXT_DEPTH: u32 = 32;

thread_local! {
    /// Texts being written or converted by serde on this thread.
    static TEXT_DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// What [`MAX_TEXT_DEPTH`] counts, for errors.
const NESTED_TEXTS: &str = "texts";

/// `FEditorObjectVersion` (`E4B068ED-F49442E9-A231DA0B-2E46BB41`).
pub const EDITOR_OBJECT_VERSION: FGuid = FGuid {
    a: 0xE4B0_68ED,
    b: 0xF494_42E9,
    c: 0xA231_DA0B,
    d: 0x2E46_BB41,
};
/// `FUE5ReleaseStreamObjectVersion` (`D89B5E42-24BD4D46-8412ACA8-DF641779`).
pub const UE5_RELEASE_STREAM_OBJECT_VERSION: FGuid = FGuid {
    a: 0xD89B_5E42,
    b: 0x24BD_4D46,
    c: 0x8412_ACA8,
    d: 0xDF64_1779,
};
/// `FEditorObjectVersion::TextFormatArgumentDataIsVariant`.
const TEXT_FORMAT_ARGUMENT_DATA_IS_VARIANT: i32 = 5;
/// `FEditorObjectVersion::AddedAlwaysSignNumberFormattingOption`.
const ADDED_ALWAYS_SIGN_NUMBER_FORMATTING_OPTION: i32 = 21;
/// `FEditorObjectVersion::CultureInvariantTextSerializationKeyStability`.
const CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY: i32 = 32;
/// `FUE5ReleaseStreamObjectVersion::TextFormatArgumentData64bitSupport`.
const TEXT_FORMAT_ARGUMENT_DATA_64BIT_SUPPORT: i32 = 12;
/// `EDateTimeStyle::Custom`: an `AsDateTime` history then stores its pattern.
pub const DATE_TIME_STYLE_CUSTOM: i8 = 5;

/// The custom versions that change how texts are stored: the file's own numbers, so a gate
/// compares a version with the engine's named constant. The default is the newest form; a GVAS
/// reader takes them from the header's custom version table ([`TextVersions::from_custom_versions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextVersions {
    /// `FEditorObjectVersion` (-1 when the file's table lacks it: the oldest form).
    pub editor_object_version: i32,
    /// `FUE5ReleaseStreamObjectVersion` (-1 when the file's table lacks it).
    pub ue5_release_stream_object_version: i32,
}

impl Default for TextVersions {
    /// The lowest versions at which every form this crate models is the newest one.
    fn default() -> Self {
        TextVersions {
            editor_object_version: CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY,
            ue5_release_stream_object_version: TEXT_FORMAT_ARGUMENT_DATA_64BIT_SUPPORT,
        }
    }
}

impl TextVersions {
    /// The forms a file uses, given its custom versions (`version(guid)`, `None` when the table
    /// lacks the key, which the engine reads as -1: the oldest form).
    pub fn from_custom_versions(version: impl Fn(FGuid) -> Option<i32>) -> Self {
        TextVersions {
            editor_object_version: version(EDITOR_OBJECT_VERSION).unwrap_or(-1),
            ue5_release_stream_object_version: version(UE5_RELEASE_STREAM_OBJECT_VERSION)
                .unwrap_or(-1),
        }
    }

    /// `FFormatArgumentData` has a type byte (older data is always a text).
    pub fn argument_data_typed(&self) -> bool {
        self.editor_object_version >= TEXT_FORMAT_ARGUMENT_DATA_IS_VARIANT
    }

    /// A history-less text (-1) stores whether a culture-invariant string follows.
    pub fn culture_invariant_string(&self) -> bool {
        self.editor_object_version >= CULTURE_INVARIANT_TEXT_SERIALIZATION_KEY_STABILITY
    }

    /// `FFormatArgumentData` integers are `i64` (else `i32`).
    pub fn argument_data_int64(&self) -> bool {
        self.ue5_release_stream_object_version >= TEXT_FORMAT_ARGUMENT_DATA_64BIT_SUPPORT
    }
}

/// A localised text value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FText {
    /// `ETextFlag` bits.
    pub flags: u32,
    /// The history, which says how the text is produced.
    #[serde(serialize_with = "ser_nested", deserialize_with = "de_nested")]
    pub history: TextHistory,
}

/// Every text, nested or not, passes here once: one level of [`MAX_TEXT_DEPTH`].
fn ser_nested<S: serde::Serializer>(history: &TextHistory, s: S) -> Result<S::Ok, S::Error> {
    let _level = DepthGuard::enter_ser(&TEXT_DEPTH, MAX_TEXT_DEPTH, NESTED_TEXTS)?;
    history.serialize(s)
}

fn de_nested<'de, D: serde::Deserializer<'de>>(d: D) -> Result<TextHistory, D::Error> {
    let _level = DepthGuard::enter_de(&TEXT_DEPTH, MAX_TEXT_DEPTH, NESTED_TEXTS)?;
    TextHistory::deserialize(d)
}

/// `FTextHistory` per `ETextHistoryType` (-1 ..= 12).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)] // field names follow the Unreal members of each history class
pub enum TextHistory {
    /// -1: no history; optionally a culture-invariant string (the `bool` is stored as `u32`, and
    /// only from `CultureInvariantTextSerializationKeyStability` on: older files store nothing).
    None { culture_invariant: Option<FString> },
    /// 0: a localised string.
    Base {
        namespace: FString,
        key: FString,
        source: FString,
    },
    /// 1: `FText::Format` with named arguments (`FFormatNamedArguments`).
    NamedFormat {
        format: Box<FText>,
        arguments: Vec<(FString, FormatArgumentValue)>,
    },
    /// 2: `FText::Format` with ordered arguments (`FFormatOrderedArguments`).
    OrderedFormat {
        format: Box<FText>,
        arguments: Vec<FormatArgumentValue>,
    },
    /// 3: `FText::Format` with an array of `FFormatArgumentData` (Blueprint "Format Text").
    ArgumentFormat {
        format: Box<FText>,
        arguments: Vec<FormatArgumentData>,
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
    /// 9: a date and time; a custom pattern follows the styles when the date style is
    /// [`DATE_TIME_STYLE_CUSTOM`].
    AsDateTime {
        ticks: i64,
        date_style: i8,
        time_style: i8,
        custom_pattern: Option<FString>,
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
        #[serde(with = "crate::json::bytes::option")]
        data: Option<Vec<u8>>,
    },
}

/// `FFormatArgumentValue`: an `i8` type, then the value. Gender is stored as a `u64` like `UInt`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum FormatArgumentValue {
    Int(#[serde(with = "crate::json::int64")] i64),
    UInt(#[serde(with = "crate::json::uint64")] u64),
    Float(F32),
    Double(F64),
    Text(Box<FText>),
    Gender(#[serde(with = "crate::json::uint64")] u64),
    /// A type byte the engine stores no value for.
    Empty(i8),
}

/// `FFormatArgumentData`: a name, a `u8` type and the value of that type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FormatArgumentData {
    /// `ArgumentName`.
    pub name: FString,
    /// The value.
    pub value: ArgumentDataValue,
}

/// The value of an [`FormatArgumentData`]. Unlike [`FormatArgumentValue`], an integer is an `i32`
/// before `TextFormatArgumentData64bitSupport`, gender is one byte, and `UInt` stores nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum ArgumentDataValue {
    Int(#[serde(with = "crate::json::int64")] i64),
    Float(F32),
    Double(F64),
    Text(Box<FText>),
    Gender(u8),
    /// A type the engine stores no value for (`UInt` = 1, or unknown).
    Empty(u8),
}

/// `FNumberFormattingOptions` (the flags are UE `bool`s, stored as `u32`), read and written with
/// the file's `FEditorObjectVersion` (`TextVersions::editor_object_version`).
#[version(editor_object_version: i32 = import)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct NumberFormattingOptions {
    #[since(editor_object_version >= ADDED_ALWAYS_SIGN_NUMBER_FORMATTING_OPTION)]
    pub always_sign: Option<u32>,
    pub use_grouping: u32,
    pub rounding_mode: i8,
    pub minimum_integral_digits: i32,
    pub maximum_integral_digits: i32,
    pub minimum_fractional_digits: i32,
    pub maximum_fractional_digits: i32,
}

/// What a text reader needs besides the bytes.
#[derive(Clone, Copy)]
struct Reading {
    versions: TextVersions,
    depth: u32,
}

impl Reading {
    fn nested(self, r: &ByteReader<'_>) -> Result<Self, Error> {
        if self.depth >= MAX_TEXT_DEPTH {
            return Err(r.err(crate::depth::too_deep(NESTED_TEXTS, MAX_TEXT_DEPTH)));
        }
        Ok(Reading {
            depth: self.depth + 1,
            ..self
        })
    }
}

impl FText {
    pub(crate) fn parse(r: &mut ByteReader<'_>, versions: &TextVersions) -> Result<Self, Error> {
        let reading = Reading {
            versions: *versions,
            depth: 0,
        };
        Self::parse_with(r, reading.nested(r)?)
    }

    fn parse_with(r: &mut ByteReader<'_>, rd: Reading) -> Result<Self, Error> {
        let flags = r.u32("FText flags")?;
        let at = r.offset();
        let kind = r.i8("FText history type")?;
        let history = match kind {
            -1 => TextHistory::None {
                culture_invariant: if rd.versions.culture_invariant_string() {
                    optional(r, FString::parse)?
                } else {
                    None
                },
            },
            0 => TextHistory::Base {
                namespace: FString::parse(r)?,
                key: FString::parse(r)?,
                source: FString::parse(r)?,
            },
            1 => TextHistory::NamedFormat {
                format: Self::parse_nested(r, rd)?,
                arguments: {
                    let n = r.count(9, "named format arguments")?;
                    crate::cursor::collect_n(n, |_| {
                        Ok((FString::parse(r)?, FormatArgumentValue::parse(r, rd)?))
                    })?
                },
            },
            2 => TextHistory::OrderedFormat {
                format: Self::parse_nested(r, rd)?,
                arguments: {
                    let n = r.count(5, "ordered format arguments")?;
                    crate::cursor::collect_n(n, |_| FormatArgumentValue::parse(r, rd))?
                },
            },
            3 => TextHistory::ArgumentFormat {
                format: Self::parse_nested(r, rd)?,
                arguments: {
                    let n = r.count(5, "format argument data")?;
                    crate::cursor::collect_n(n, |_| FormatArgumentData::parse(r, rd))?
                },
            },
            4 => TextHistory::AsNumber {
                source: FormatArgumentValue::parse(r, rd)?,
                options: number_options(r, rd)?,
                culture: FString::parse(r)?,
            },
            5 => TextHistory::AsPercent {
                source: FormatArgumentValue::parse(r, rd)?,
                options: number_options(r, rd)?,
                culture: FString::parse(r)?,
            },
            6 => TextHistory::AsCurrency {
                currency: FString::parse(r)?,
                source: FormatArgumentValue::parse(r, rd)?,
                options: number_options(r, rd)?,
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
            9 => {
                let ticks = r.i64("FDateTime")?;
                let date_style = r.i8("date style")?;
                let time_style = r.i8("time style")?;
                let custom_pattern = if date_style == DATE_TIME_STYLE_CUSTOM {
                    Some(FString::parse(r)?)
                } else {
                    None
                };
                TextHistory::AsDateTime {
                    ticks,
                    date_style,
                    time_style,
                    custom_pattern,
                    time_zone: FString::parse(r)?,
                    culture: FString::parse(r)?,
                }
            }
            10 => TextHistory::Transform {
                source: Self::parse_nested(r, rd)?,
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

    fn parse_nested(r: &mut ByteReader<'_>, rd: Reading) -> Result<Box<Self>, Error> {
        Ok(Box::new(Self::parse_with(r, rd.nested(r)?)?))
    }

    /// The history type byte (`ETextHistoryType`).
    pub fn history_type(&self) -> i8 {
        use TextHistory as H;
        match &self.history {
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
        }
    }

    pub(crate) fn put(&self, out: &mut Vec<u8>, v: &TextVersions) -> Result<(), Error> {
        let _level = DepthGuard::enter(&TEXT_DEPTH, MAX_TEXT_DEPTH).ok_or_else(|| {
            Error::new(
                out.len(),
                crate::depth::too_deep(NESTED_TEXTS, MAX_TEXT_DEPTH),
            )
        })?;
        out.extend_from_slice(&self.flags.to_le_bytes());
        out.push(self.history_type() as u8);
        use TextHistory as H;
        match &self.history {
            H::None { culture_invariant } => {
                if v.culture_invariant_string() {
                    put_optional(culture_invariant, out, FString::put)?;
                } else if culture_invariant.is_some() {
                    return Err(Error::new(
                        out.len(),
                        "this file's texts cannot store a culture-invariant string \
                         (FEditorObjectVersion < CultureInvariantTextSerializationKeyStability)",
                    ));
                }
            }
            H::Base {
                namespace,
                key,
                source,
            } => {
                namespace.put(out)?;
                key.put(out)?;
                source.put(out)?;
            }
            H::NamedFormat { format, arguments } => {
                format.put(out, v)?;
                put_len(arguments.len(), out)?;
                for (name, value) in arguments {
                    name.put(out)?;
                    value.put(out, v)?;
                }
            }
            H::OrderedFormat { format, arguments } => {
                format.put(out, v)?;
                put_len(arguments.len(), out)?;
                for value in arguments {
                    value.put(out, v)?;
                }
            }
            H::ArgumentFormat { format, arguments } => {
                format.put(out, v)?;
                put_len(arguments.len(), out)?;
                for argument in arguments {
                    argument.put(out, v)?;
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
                source.put(out, v)?;
                put_number_options(options, out, v)?;
                culture.put(out)?;
            }
            H::AsCurrency {
                currency,
                source,
                options,
                culture,
            } => {
                currency.put(out)?;
                source.put(out, v)?;
                put_number_options(options, out, v)?;
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
                custom_pattern,
                time_zone,
                culture,
            } => {
                out.extend_from_slice(&ticks.to_le_bytes());
                out.push(*date_style as u8);
                out.push(*time_style as u8);
                match (custom_pattern, *date_style == DATE_TIME_STYLE_CUSTOM) {
                    (Some(pattern), true) => pattern.put(out)?,
                    (None, false) => {}
                    _ => {
                        return Err(Error::new(
                            out.len(),
                            "AsDateTime: a custom pattern goes with date style 5 (Custom) and only there",
                        ));
                    }
                }
                time_zone.put(out)?;
                culture.put(out)?;
            }
            H::Transform { source, transform } => {
                source.put(out, v)?;
                out.push(*transform);
            }
            H::StringTableEntry { table, key } => {
                table.put(out)?;
                key.put(out)?;
            }
            H::TextGenerator { generator, data } => {
                generator.put(out)?;
                match (data, generator.is("None")) {
                    (Some(data), false) => {
                        put_len(data.len(), out)?;
                        out.extend_from_slice(data);
                    }
                    (None, true) => {}
                    _ => {
                        return Err(Error::new(
                            out.len(),
                            "TextGenerator: data goes with a generator other than None, and only there",
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

impl FormatArgumentValue {
    fn parse(r: &mut ByteReader<'_>, rd: Reading) -> Result<Self, Error> {
        Ok(match r.i8("format argument type")? {
            0 => Self::Int(r.i64("Int argument")?),
            1 => Self::UInt(r.u64("UInt argument")?),
            2 => Self::Float(F32(f32::from_bits(r.u32("Float argument")?))),
            3 => Self::Double(F64(f64::from_bits(r.u64("Double argument")?))),
            4 => Self::Text(FText::parse_nested(r, rd)?),
            5 => Self::Gender(r.u64("Gender argument")?),
            t => Self::Empty(t),
        })
    }

    fn put(&self, out: &mut Vec<u8>, v: &TextVersions) -> Result<(), Error> {
        match self {
            Self::Int(x) => put_tagged(out, 0, &x.to_le_bytes()),
            Self::UInt(x) => put_tagged(out, 1, &x.to_le_bytes()),
            Self::Float(x) => put_tagged(out, 2, &x.0.to_bits().to_le_bytes()),
            Self::Double(x) => put_tagged(out, 3, &x.0.to_bits().to_le_bytes()),
            Self::Text(t) => {
                out.push(4);
                return t.put(out, v);
            }
            Self::Gender(g) => put_tagged(out, 5, &g.to_le_bytes()),
            Self::Empty(t @ (..=-1 | 6..)) => out.push(*t as u8),
            Self::Empty(t) => return Err(empty_type_error(out, i16::from(*t))),
        }
        Ok(())
    }
}

impl FormatArgumentData {
    fn parse(r: &mut ByteReader<'_>, rd: Reading) -> Result<Self, Error> {
        let name = FString::parse(r)?;
        let kind = if rd.versions.argument_data_typed() {
            r.u8("format argument data type")?
        } else {
            4
        };
        let value = match kind {
            0 if rd.versions.argument_data_int64() => {
                ArgumentDataValue::Int(r.i64("Int argument")?)
            }
            0 => ArgumentDataValue::Int(r.i32("Int argument")?.into()),
            2 => ArgumentDataValue::Float(F32(f32::from_bits(r.u32("Float argument")?))),
            3 => ArgumentDataValue::Double(F64(f64::from_bits(r.u64("Double argument")?))),
            4 => ArgumentDataValue::Text(FText::parse_nested(r, rd)?),
            5 => ArgumentDataValue::Gender(r.u8("Gender argument")?),
            t => ArgumentDataValue::Empty(t),
        };
        Ok(FormatArgumentData { name, value })
    }

    fn put(&self, out: &mut Vec<u8>, v: &TextVersions) -> Result<(), Error> {
        self.name.put(out)?;
        let kind = match &self.value {
            ArgumentDataValue::Int(_) => 0,
            ArgumentDataValue::Float(_) => 2,
            ArgumentDataValue::Double(_) => 3,
            ArgumentDataValue::Text(_) => 4,
            ArgumentDataValue::Gender(_) => 5,
            ArgumentDataValue::Empty(t @ (1 | 6..)) => *t,
            ArgumentDataValue::Empty(t) => return Err(empty_type_error(out, i16::from(*t))),
        };
        if v.argument_data_typed() {
            out.push(kind);
        } else if kind != 4 {
            return Err(Error::new(
                out.len(),
                "this file's format argument data can only hold texts \
                 (FEditorObjectVersion < TextFormatArgumentDataIsVariant)",
            ));
        }
        match &self.value {
            ArgumentDataValue::Int(x) if v.argument_data_int64() => {
                out.extend_from_slice(&x.to_le_bytes())
            }
            ArgumentDataValue::Int(x) => {
                let x = i32::try_from(*x).map_err(|_| {
                    Error::new(
                        out.len(),
                        format!("Int argument {x} does not fit the i32 this file stores"),
                    )
                })?;
                out.extend_from_slice(&x.to_le_bytes());
            }
            ArgumentDataValue::Float(x) => out.extend_from_slice(&x.0.to_bits().to_le_bytes()),
            ArgumentDataValue::Double(x) => out.extend_from_slice(&x.0.to_bits().to_le_bytes()),
            ArgumentDataValue::Text(t) => t.put(out, v)?,
            ArgumentDataValue::Gender(g) => out.push(*g),
            ArgumentDataValue::Empty(_) => {}
        }
        Ok(())
    }
}

fn empty_type_error(out: &[u8], t: i16) -> Error {
    Error::new(
        out.len(),
        format!("format argument type {t} has a value; Empty is for types without one"),
    )
}

fn put_tagged(out: &mut Vec<u8>, tag: u8, bytes: &[u8]) {
    out.push(tag);
    out.extend_from_slice(bytes);
}

/// A UE `bool` (`u32` 0 or 1) followed by the number formatting options when true.
fn number_options(
    r: &mut ByteReader<'_>,
    rd: Reading,
) -> Result<Option<NumberFormattingOptions>, Error> {
    optional(r, |r| {
        let at = r.offset();
        let mut c = binrw::io::Cursor::new(&r.whole()[r.pos()..]);
        let options = <NumberFormattingOptions as binrw::BinRead>::read_le_args(
            &mut c,
            (rd.versions.editor_object_version,),
        )
        .map_err(|e| Error::new(at, format!("FNumberFormattingOptions: {e}")))?;
        r.bytes(c.position() as usize, "FNumberFormattingOptions")?;
        Ok(options)
    })
}

fn put_number_options(
    options: &Option<NumberFormattingOptions>,
    out: &mut Vec<u8>,
    v: &TextVersions,
) -> Result<(), Error> {
    put_optional(options, out, |o, out| {
        crate::cursor::put_binrw_args(o, (v.editor_object_version,), out)
    })
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
