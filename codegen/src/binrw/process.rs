//! Kaitai's `process` (`xor`, `rol`/`ror`, `zlib`) in the binrw backend: binrw has no directive
//! that transforms the bytes of a field between the stream and its value, so a processed byte
//! array is a `KsProcBytes` and a processed user type a `KsProcSub<T>`, read and written through
//! `args_raw` with the field's `KsFrame` and its `KsProcess`. Both keep the bytes as stored and
//! write them back while the value is unchanged (a zlib stream is not recompressed, so the file
//! stays byte-exact); an edited value is transformed back (recompressed), terminated and padded.
//! Custom processors (any other name) are refused, as the `kaitai` backend refuses them.

use super::schema::{Field, FieldType, TypeDef};

/// A `process:` value as the reader and the writer spell its `KsProcess`.
pub(super) fn args(
    def: &TypeDef,
    field: &Field,
    process: &str,
) -> Result<(String, String), String> {
    if process == "zlib" {
        let zlib = "KsProcess::Zlib".to_string();
        return Ok((zlib.clone(), zlib));
    }
    let call = |name: &str| {
        process
            .strip_prefix(name)
            .and_then(|r| r.strip_prefix('('))
            .and_then(|r| r.strip_suffix(')'))
            .map(str::trim)
    };
    if let Some(key) = call("xor") {
        return xor_key(def, key);
    }
    for (name, right) in [("rol", false), ("ror", true)] {
        if let Some(amount) = call(name) {
            return rotate(def, amount, right);
        }
    }
    Err(format!(
        "process `{process}` on `{}` is not supported by the binrw backend (xor, rol, ror and zlib are; custom processors are refused, as by the kaitai backend)",
        field.id
    ))
}

/// An integer literal (decimal or `0x`/`0b`/`0o`).
fn literal(text: &str) -> Option<i128> {
    crate::expr::parse_int(text.trim())
}

/// The earlier field `name` of `def` (a key or an amount is one field or a literal).
fn key_field<'a>(def: &'a TypeDef, name: &str) -> Result<&'a Field, String> {
    def.seq.iter().find(|f| f.id == name).ok_or_else(|| {
        format!("a process argument is a literal or a field of the same type, not `{name}`")
    })
}

/// Whether `field` is an integer field (a byte-array key is any other stored field).
fn is_int(field: &Field) -> bool {
    matches!(&field.ty, FieldType::Named { name, .. } if super::emit::is_int(name))
        && field.enum_name.is_none()
}

fn xor_key(def: &TypeDef, key: &str) -> Result<(String, String), String> {
    if let Some(list) = key.strip_prefix('[').and_then(|k| k.strip_suffix(']')) {
        let bytes: Vec<String> = list
            .split(',')
            .map(|b| {
                literal(b)
                    .and_then(|n| u8::try_from(n).ok())
                    .map(|n| format!("{n:#04x}"))
                    .ok_or_else(|| format!("xor key byte `{}` is not a byte literal", b.trim()))
            })
            .collect::<Result<_, _>>()?;
        let key = format!("KsProcess::Xor(vec![{}])", bytes.join(", "));
        return Ok((key.clone(), key));
    }
    if let Some(n) = literal(key) {
        let byte = u8::try_from(n).map_err(|_| format!("xor key {n} is not a byte"))?;
        let key = format!("KsProcess::Xor(vec![{byte:#04x}])");
        return Ok((key.clone(), key));
    }
    let field = key_field(def, key)?;
    if is_int(field) {
        // Kaitai xors with the key's low byte.
        Ok((
            format!("KsProcess::xor_int(i128::from({key}))"),
            format!("KsProcess::xor_int(i128::from(*{key}))"),
        ))
    } else if matches!(field.ty, FieldType::None) && field.size.is_some() && !field.size_eos {
        let key = format!("KsProcess::Xor({key}.to_vec())");
        Ok((key.clone(), key))
    } else {
        Err(format!(
            "xor key `{key}` must be an integer or a sized byte array field"
        ))
    }
}

fn rotate(def: &TypeDef, amount: &str, right: bool) -> Result<(String, String), String> {
    let (read, write) = match literal(amount) {
        Some(n) => (n.to_string(), n.to_string()),
        None if is_int(key_field(def, amount)?) => (
            format!("i128::from({amount})"),
            format!("i128::from(*{amount})"),
        ),
        None => return Err(format!("rotate amount `{amount}` must be an integer")),
    };
    // `ror(n)` is `rol(8 - n)`.
    let spell = |n: String| match right {
        false => format!("KsProcess::rol({n})"),
        true => format!("KsProcess::rol(8 - {n})"),
    };
    Ok((spell(read), spell(write)))
}

/// The source of the support items (appended after [`super::frames::SOURCE`], whose `KsFrame`
/// they use).
pub const SOURCE: &str = r#"
/// Largest output a `process: zlib` field inflates to, so a small hostile stream cannot claim
/// unbounded memory.
pub const KS_ZLIB_LIMIT: u64 = 256 << 20;

/// Kaitai's `process`: how stored bytes become a field's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KsProcess {
    /// `xor(key)`: every byte xored with the key, repeated.
    Xor(Vec<u8>),
    /// `rol(n)` (and `ror(n)` as `rol(8 - n)`): every byte rotated left by `n` bits.
    Rol(u32),
    /// `zlib`: a zlib stream.
    Zlib,
}

impl KsProcess {
    /// `xor(key)` with an integer key: its low byte.
    pub fn xor_int(key: i128) -> Self {
        KsProcess::Xor(vec![key.to_le_bytes()[0]])
    }

    /// `rol(n)`, with `n` taken modulo 8.
    pub fn rol(n: i128) -> Self {
        KsProcess::Rol(u32::try_from(n.rem_euclid(8)).unwrap_or(0))
    }

    /// The field's bytes from the stored ones.
    fn decode(&self, stored: &[u8], pos: u64) -> binrw::BinResult<Vec<u8>> {
        match self {
            KsProcess::Xor(key) if key.is_empty() => Ok(stored.to_vec()),
            KsProcess::Xor(key) => Ok(stored.iter().zip(key.iter().cycle()).map(|(b, k)| b ^ k).collect()),
            KsProcess::Rol(n) => Ok(stored.iter().map(|b| b.rotate_left(*n)).collect()),
            KsProcess::Zlib => {
                use binrw::io::Read as _;
                let mut out = Vec::new();
                flate2::read::ZlibDecoder::new(stored)
                    .take(KS_ZLIB_LIMIT)
                    .read_to_end(&mut out)
                    .map_err(|e| binrw::Error::Custom { pos, err: Box::new(format!("zlib: {e}")) })?;
                Ok(out)
            }
        }
    }

    /// The stored bytes of edited field bytes (the inverse of `decode`).
    fn encode(&self, value: &[u8], pos: u64) -> binrw::BinResult<Vec<u8>> {
        match self {
            KsProcess::Xor(_) => self.decode(value, pos),
            KsProcess::Rol(n) => Ok(value.iter().map(|b| b.rotate_right(*n)).collect()),
            KsProcess::Zlib => {
                use binrw::io::Write as _;
                let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(value)
                    .and_then(|()| e.finish())
                    .map_err(|e| binrw::Error::Custom { pos, err: Box::new(format!("zlib: {e}")) })
            }
        }
    }

    /// Reads the framed stored bytes and decodes what the frame delimits: (stored, decoded).
    fn read<R: binrw::io::Read + binrw::io::Seek>(&self, r: &mut R, frame: &KsFrame) -> binrw::BinResult<(Vec<u8>, Vec<u8>)> {
        let pos = r.stream_position()?;
        let raw = frame.read(r)?;
        let value = self.decode(frame.value_of(&raw), pos)?;
        Ok((raw, value))
    }

    /// Writes `raw` while it still decodes to `value`, else `value` encoded and framed.
    fn write<W: binrw::io::Write + binrw::io::Seek>(&self, w: &mut W, frame: &KsFrame, value: &[u8], raw: &[u8]) -> binrw::BinResult<()> {
        let pos = w.stream_position()?;
        if self.decode(frame.value_of(raw), pos).is_ok_and(|v| v == value) {
            w.write_all(raw)?;
        } else {
            w.write_all(&frame.encode(&self.encode(value, pos)?, pos)?)?;
        }
        Ok(())
    }
}

/// A processed byte array: `value` is the field's bytes, `raw` the bytes as stored (with any
/// terminator and padding), written back while `value` is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsProcBytes {
    /// The bytes after `process`.
    pub value: Vec<u8>,
    /// The bytes as stored.
    pub raw: Vec<u8>,
}

impl binrw::BinRead for KsProcBytes {
    type Args<'a> = (KsFrame, KsProcess);

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        r: &mut R,
        _: binrw::Endian,
        (frame, process): Self::Args<'_>,
    ) -> binrw::BinResult<Self> {
        let (raw, value) = process.read(r, &frame)?;
        Ok(KsProcBytes { value, raw })
    }
}

impl binrw::BinWrite for KsProcBytes {
    type Args<'a> = (KsFrame, KsProcess);

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        w: &mut W,
        _: binrw::Endian,
        (frame, process): Self::Args<'_>,
    ) -> binrw::BinResult<()> {
        process.write(w, &frame, &self.value, &self.raw)
    }
}

/// A user type read from processed bytes: the value, the decoded bytes it left unparsed, and
/// the bytes as stored (written back while value and tail decode from them unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KsProcSub<T> {
    /// The parsed value.
    pub value: T,
    /// The rest of the decoded bytes.
    pub tail: Vec<u8>,
    /// The bytes as stored.
    pub raw: Vec<u8>,
}

impl<T> binrw::BinRead for KsProcSub<T>
where
    T: binrw::BinRead,
{
    type Args<'a> = (KsFrame, KsProcess, T::Args<'a>);

    fn read_options<R: binrw::io::Read + binrw::io::Seek>(
        r: &mut R,
        endian: binrw::Endian,
        (frame, process, inner): Self::Args<'_>,
    ) -> binrw::BinResult<Self> {
        let (raw, plain) = process.read(r, &frame)?;
        let mut area = binrw::io::Cursor::new(&plain[..]);
        let value = T::read_options(&mut area, endian, inner)?;
        let used = usize::try_from(area.position()).unwrap_or(plain.len()).min(plain.len());
        Ok(KsProcSub { value, tail: plain[used..].to_vec(), raw })
    }
}

impl<T> binrw::BinWrite for KsProcSub<T>
where
    T: binrw::BinWrite,
{
    type Args<'a> = (KsFrame, KsProcess, T::Args<'a>);

    fn write_options<W: binrw::io::Write + binrw::io::Seek>(
        &self,
        w: &mut W,
        endian: binrw::Endian,
        (frame, process, inner): Self::Args<'_>,
    ) -> binrw::BinResult<()> {
        let mut area = binrw::io::Cursor::new(Vec::new());
        self.value.write_options(&mut area, endian, inner)?;
        let mut plain = area.into_inner();
        plain.extend_from_slice(&self.tail);
        process.write(w, &frame, &plain, &self.raw)
    }
}
"#;

#[cfg(test)]
mod tests {

    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::ksy::SchemaError> {
        let tag = format!("proc-{tag}");
        crate::binrw::generate_from(&tag, &[("p.ksy", ksy)], "p").map(|m| m.source)
    }

    const SCHEMA: &str = "meta: {id: p, endian: le}\nseq:\n  - {id: key, type: u1}\n  - {id: a, size: 4, process: xor(key)}\n  - {id: b, size: 2, process: 'ror(3)', type: two}\n  - {id: c, size-eos: true, process: zlib}\ntypes:\n  two:\n    seq:\n      - {id: x, type: u2}\n";

    #[test]
    fn processed_fields_keep_stored_bytes() {
        let src = generate_one("ok", SCHEMA).unwrap();
        for expected in [
            "pub a: KsProcBytes,",
            "KsProcess::xor_int(i128::from(key))",
            "KsProcess::xor_int(i128::from(*key))",
            "pub b: KsProcSub<Two>,",
            "KsProcess::rol(8 - 3)",
            "pub c: KsProcBytes,",
            "KsProcess::Zlib",
            "flate2::read::ZlibDecoder",
        ] {
            assert!(src.contains(expected), "{expected}:\n{src}");
        }
    }

    #[test]
    fn refuses_custom_processors_and_unknown_keys() {
        let custom = SCHEMA.replace("process: zlib", "process: my_fx(1)");
        let err = generate_one("custom", &custom).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/3");
        assert!(err.message.contains("my_fx(1)"), "{err}");
        let unknown = SCHEMA.replace("xor(key)", "xor(nope)");
        let err = generate_one("unknown", &unknown).unwrap_err();
        assert!(err.message.contains("nope"), "{err}");
        let string = SCHEMA.replace(
            "size-eos: true, process",
            "type: strz, encoding: ASCII, process",
        );
        let err = generate_one("string", &string).unwrap_err();
        assert_eq!(err.yaml_path, "/seq/3");
    }
}
