//! The support items a module gets when it has strings, terminated / padded byte arrays or
//! sized substreams: binrw has no directive for Kaitai's `terminator`, `pad-right`, `include`
//! and `consume`, nor for keeping the bytes after a terminator or the unparsed rest of a sized
//! area so that writing is byte-exact. They are emitted into
//! the module that needs them (plain `BinRead`/`BinWrite` impls, no interpreter).

/// The source of the support items (appended to the module, then pretty-printed with it).
pub const SOURCE: &str = r#"
/// How a string or byte array is framed: Kaitai's `size` / `size-eos`, `terminator`,
/// `include`, `consume` and `pad-right`.
#[derive(Debug, Clone, Copy, Default)]
pub struct KsFrame {
    /// `size`, in bytes.
    pub size: Option<usize>,
    /// `size-eos: true`.
    pub eos: bool,
    /// `terminator` (0 for `strz`).
    pub terminator: Option<u8>,
    /// `include: true`: the terminator is part of the value.
    pub include: bool,
    /// `consume: false` leaves the terminator in the stream.
    pub consume: bool,
    /// `pad-right`.
    pub pad_right: Option<u8>,
    /// Bytes per terminator: 2 for a UTF-16 string, else 1.
    pub unit: usize,
    /// `eos-error` (true unless `false`): a missing terminator at the end of the input is an
    /// error; when false the value runs to the end.
    pub eos_error: bool,
    /// A string's encoding (Kaitai's name).
    pub encoding: &'static str,
}

impl KsFrame {
    /// Reads the framed bytes: the whole sized area, or up to and with a consumed terminator.
    fn read<R: binrw::io::Read + binrw::io::Seek>(&self, r: &mut R) -> binrw::BinResult<Vec<u8>> {
        use binrw::io::Read as _;
        let mut raw = Vec::new();
        if let Some(size) = self.size {
            let got = r.take(size as u64).read_to_end(&mut raw)?;
            if got < size {
                return Err(binrw::io::Error::from(binrw::io::ErrorKind::UnexpectedEof).into());
            }
        } else if self.eos {
            r.read_to_end(&mut raw)?;
        } else if let Some(term) = self.terminator {
            let unit = self.unit.clamp(1, 2);
            let mut chunk = [0u8; 2];
            loop {
                let got = r.take(unit as u64).read(&mut chunk[..unit])?;
                let got = if got == 1 && unit == 2 {
                    1 + r.read(&mut chunk[1..2])?
                } else {
                    got
                };
                if got < unit {
                    if self.eos_error {
                        return Err(
                            binrw::io::Error::from(binrw::io::ErrorKind::UnexpectedEof).into()
                        );
                    }
                    raw.extend_from_slice(&chunk[..got]);
                    return Ok(raw);
                }
                if chunk[..unit].iter().all(|b| *b == term) {
                    break;
                }
                raw.extend_from_slice(&chunk[..unit]);
            }
            if self.consume {
                raw.extend(std::iter::repeat_n(term, unit));
            } else {
                r.seek(binrw::io::SeekFrom::Current(-(unit as i64)))?;
            }
        }
        Ok(raw)
    }

    /// The value inside `raw`: cut at the terminator if there is one, else (in a sized area)
    /// with the padding stripped (Kaitai 0.11's order, which `str_pad_term_equal` pins).
    fn value_of<'a>(&self, raw: &'a [u8]) -> &'a [u8] {
        if let Some(term) = self.terminator {
            let unit = self.unit.clamp(1, 2);
            let found = raw
                .chunks_exact(unit)
                .position(|c| c.iter().all(|b| *b == term))
                .map(|i| i * unit);
            if let Some(i) = found {
                return &raw[..if self.include { i + unit } else { i }];
            }
        }
        match self.pad_right {
            Some(pad) if self.size.is_some() || self.eos => {
                &raw[..raw.iter().rposition(|b| *b != pad).map_or(0, |i| i + 1)]
            }
            _ => raw,
        }
    }

    /// The bytes of an edited value: terminated, then padded to the size.
    fn encode(&self, value: &[u8], pos: u64) -> binrw::BinResult<Vec<u8>> {
        let mut out = value.to_vec();
        let sized = self.size.is_some();
        if let Some(term) = self.terminator {
            let room = self.size.is_none_or(|s| out.len() < s);
            if !self.include && (sized || self.consume) && room {
                out.extend(std::iter::repeat_n(term, self.unit.clamp(1, 2)));
            }
        }
        if let Some(size) = self.size {
            if out.len() > size {
                return Err(binrw::Error::AssertFail {
                    pos,
                    message: format!("{} bytes do not fit in {size}", out.len()),
                });
            }
            out.resize(size, self.pad_right.or(self.terminator).unwrap_or(0));
        }
        Ok(out)
    }
}

/// A framed byte array: `value` is what the schema means, `raw` every byte read (terminator,
/// padding, bytes after the terminator), written back while `value` is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsBytes {
    /// The bytes without terminator and padding.
    pub value: Vec<u8>,
    /// The bytes as read.
    pub raw: Vec<u8>,
}

impl binrw::BinRead for KsBytes {
    type Args<'a> = KsFrame;

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        r: &mut R,
        _: binrw::Endian,
        frame: KsFrame,
    ) -> binrw::BinResult<Self> {
        let raw = frame.read(r)?;
        Ok(KsBytes { value: frame.value_of(&raw).to_vec(), raw })
    }
}

impl binrw::BinWrite for KsBytes {
    type Args<'a> = KsFrame;

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        w: &mut W,
        _: binrw::Endian,
        frame: KsFrame,
    ) -> binrw::BinResult<()> {
        if frame.value_of(&self.raw) == self.value.as_slice() {
            w.write_all(&self.raw)?;
        } else {
            let pos = w.stream_position()?;
            w.write_all(&frame.encode(&self.value, pos)?)?;
        }
        Ok(())
    }
}

/// A framed string: `value` is the text, `raw` every byte read, written back
/// while `value` is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsStr {
    /// The text, without terminator and padding (invalid UTF-8 replaced).
    pub value: String,
    /// The bytes as read.
    pub raw: Vec<u8>,
}

impl binrw::BinRead for KsStr {
    type Args<'a> = KsFrame;

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        r: &mut R,
        _: binrw::Endian,
        frame: KsFrame,
    ) -> binrw::BinResult<Self> {
        let raw = frame.read(r)?;
        let value = ks_decode(frame.value_of(&raw), frame.encoding);
        Ok(KsStr { value, raw })
    }
}

impl binrw::BinWrite for KsStr {
    type Args<'a> = KsFrame;

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        w: &mut W,
        _: binrw::Endian,
        frame: KsFrame,
    ) -> binrw::BinResult<()> {
        if ks_decode(frame.value_of(&self.raw), frame.encoding) == self.value {
            w.write_all(&self.raw)?;
        } else {
            let pos = w.stream_position()?;
            let bytes = ks_encode(&self.value, frame.encoding).ok_or_else(|| {
                binrw::Error::AssertFail {
                    pos,
                    message: format!("{:?} cannot be written in {}", self.value, frame.encoding),
                }
            })?;
            w.write_all(&frame.encode(&bytes, pos)?)?;
        }
        Ok(())
    }
}

/// A user type read from an area of its own (`size`, `size-eos`, or up to a `terminator`): the
/// value and the bytes of the area it left unparsed, written back after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsSub<T> {
    /// The parsed value.
    pub value: T,
    /// The rest of the area.
    pub tail: Vec<u8>,
}

impl<T> binrw::BinRead for KsSub<T>
where
    T: binrw::BinRead,
{
    type Args<'a> = (KsFrame, T::Args<'a>);

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        r: &mut R,
        endian: binrw::Endian,
        (frame, inner): Self::Args<'_>,
    ) -> binrw::BinResult<Self> {
        let raw = frame.read(r)?;
        // Kaitai parses the area without its terminator (unless included) and padding; they
        // stay in `tail`.
        let bytes = frame.value_of(&raw);
        let mut area = binrw::io::Cursor::new(bytes);
        let value = T::read_options(&mut area, endian, inner)?;
        let used = usize::try_from(area.position()).unwrap_or(bytes.len()).min(bytes.len());
        Ok(KsSub { value, tail: raw[used..].to_vec() })
    }
}

impl<T> binrw::BinWrite for KsSub<T>
where
    T: binrw::BinWrite,
{
    type Args<'a> = (KsFrame, T::Args<'a>);

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        w: &mut W,
        endian: binrw::Endian,
        (frame, inner): Self::Args<'_>,
    ) -> binrw::BinResult<()> {
        let mut area = binrw::io::Cursor::new(Vec::new());
        self.value.write_options(&mut area, endian, inner)?;
        let mut area = area.into_inner();
        area.extend_from_slice(&self.tail);
        if let Some(size) = frame.size.filter(|s| *s != area.len()) {
            return Err(binrw::Error::AssertFail {
                pos: w.stream_position()?,
                message: format!("a sized area of {size} bytes holds {} bytes", area.len()),
            });
        }
        w.write_all(&area)?;
        Ok(())
    }
}
"#;

/// The support functions of a module whose strings are all ASCII or UTF-8 (no `encoding_rs`).
pub const UTF8: &str = r#"
/// Decodes a string's bytes (invalid UTF-8 replaced).
fn ks_decode(bytes: &[u8], _encoding: &str) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Encodes a string.
fn ks_encode(text: &str, _encoding: &str) -> Option<Vec<u8>> {
    Some(text.as_bytes().to_vec())
}
"#;

/// The support functions of a module with other encodings: UTF-16LE/BE, IBM437 and every
/// encoding `encoding_rs` knows (SJIS, ...); the crate needs `encoding_rs`.
pub const ENCODINGS: &str = r#"
/// Decodes a string's bytes in Kaitai encoding `encoding` (invalid sequences replaced).
fn ks_decode(bytes: &[u8], encoding: &str) -> String {
    match encoding {
        "UTF-16LE" | "UTF-16BE" => {
            let units = bytes.chunks(2).map(|c| match (c, encoding) {
                ([a, b], "UTF-16LE") => u16::from_le_bytes([*a, *b]),
                ([a, b], _) => u16::from_be_bytes([*a, *b]),
                _ => 0xfffd,
            });
            char::decode_utf16(units).map(|c| c.unwrap_or('\u{fffd}')).collect()
        }
        "IBM437" => bytes.iter().map(|b| ks_cp437(*b)).collect(),
        "ISO-8859-1" => bytes.iter().map(|b| char::from(*b)).collect(),
        "ASCII" | "UTF-8" => String::from_utf8_lossy(bytes).into_owned(),
        other => match encoding_rs::Encoding::for_label(other.as_bytes()) {
            Some(e) => e.decode_without_bom_handling(bytes).0.into_owned(),
            None => String::from_utf8_lossy(bytes).into_owned(),
        },
    }
}

/// Encodes a string in Kaitai encoding `encoding`; `None` when it cannot hold the text.
fn ks_encode(text: &str, encoding: &str) -> Option<Vec<u8>> {
    match encoding {
        "UTF-16LE" => Some(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        "UTF-16BE" => Some(text.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        "IBM437" => text
            .chars()
            .map(|c| (0..=255u8).find(|b| ks_cp437(*b) == c))
            .collect(),
        "ISO-8859-1" => text.chars().map(|c| u8::try_from(c).ok()).collect(),
        "ASCII" | "UTF-8" => Some(text.as_bytes().to_vec()),
        other => {
            let (bytes, _, bad) = encoding_rs::Encoding::for_label(other.as_bytes())?.encode(text);
            (!bad).then(|| bytes.into_owned())
        }
    }
}

/// Code page 437: the control range as the PC's glyphs, the upper half as box drawing etc.
fn ks_cp437(b: u8) -> char {
    const LOW: &str = "\u{0}☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼";
    const HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";
    match b {
        0..=31 => LOW.chars().nth(usize::from(b)).unwrap_or('?'),
        127 => '⌂',
        32..=126 => char::from(b),
        _ => HIGH.chars().nth(usize::from(b - 128)).unwrap_or('?'),
    }
}
"#;
