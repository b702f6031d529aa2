//! Kaitai's string encodings (the names a schema's `encoding` gives) to and from Rust strings.
//!
//! UTF-16LE/BE, IBM437 and ISO-8859-1 are decoded here: `encoding_rs` has no IBM437, and it
//! takes the label ISO-8859-1 for windows-1252, while Kaitai means Latin-1 (byte = code point).
//! Every other name goes to `encoding_rs` (SJIS, windows-1251, ...); an unknown one is read as
//! UTF-8.

/// Decodes a string's bytes in Kaitai encoding `encoding`; invalid sequences become U+FFFD.
pub fn decode(bytes: &[u8], encoding: &str) -> String {
    match encoding {
        "UTF-16LE" | "UTF-16BE" => {
            let big = encoding == "UTF-16BE";
            let units = bytes.chunks(2).map(|c| match c {
                [a, b] if big => u16::from_be_bytes([*a, *b]),
                [a, b] => u16::from_le_bytes([*a, *b]),
                _ => 0xfffd,
            });
            char::decode_utf16(units)
                .map(|c| c.unwrap_or('\u{fffd}'))
                .collect()
        }
        "IBM437" => bytes.iter().map(|b| cp437(*b)).collect(),
        "ISO-8859-1" => bytes.iter().map(|b| char::from(*b)).collect(),
        "ASCII" | "UTF-8" => String::from_utf8_lossy(bytes).into_owned(),
        other => match encoding_rs::Encoding::for_label(other.as_bytes()) {
            Some(e) => e.decode_without_bom_handling(bytes).0.into_owned(),
            None => String::from_utf8_lossy(bytes).into_owned(),
        },
    }
}

/// Decodes as [`decode`] does, or `None` when `encoding` names no encoding this crate knows
/// (Kaitai's `UnknownEncodingError`): a value instance's `.to_s("...")` whose name the
/// generator did not know is undefined rather than silently read as UTF-8.
pub fn decode_known(bytes: &[u8], encoding: &str) -> Option<String> {
    let ours = matches!(
        encoding,
        "ASCII" | "UTF-8" | "UTF-16LE" | "UTF-16BE" | "IBM437" | "ISO-8859-1"
    );
    let known = ours || encoding_rs::Encoding::for_label(encoding.as_bytes()).is_some();
    known.then(|| decode(bytes, encoding))
}

/// Encodes `text` in Kaitai encoding `encoding`; `None` when the encoding cannot hold it.
pub fn encode(text: &str, encoding: &str) -> Option<Vec<u8>> {
    match encoding {
        "UTF-16LE" => Some(text.encode_utf16().flat_map(u16::to_le_bytes).collect()),
        "UTF-16BE" => Some(text.encode_utf16().flat_map(u16::to_be_bytes).collect()),
        "IBM437" => text
            .chars()
            .map(|c| (0..=255u8).find(|b| cp437(*b) == c))
            .collect(),
        "ISO-8859-1" => text.chars().map(|c| u8::try_from(c).ok()).collect(),
        "ASCII" | "UTF-8" => Some(text.as_bytes().to_vec()),
        other => match encoding_rs::Encoding::for_label(other.as_bytes()) {
            Some(e) => {
                let (bytes, _, unmappable) = e.encode(text);
                (!unmappable).then(|| bytes.into_owned())
            }
            None => Some(text.as_bytes().to_vec()),
        },
    }
}

/// Code page 437 as Kaitai reads it: the control range as the PC's glyphs, the upper half as
/// accented letters, box drawing and Greek.
fn cp437(b: u8) -> char {
    const LOW: &str = "\u{0}☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼";
    const HIGH: &str = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{a0}";
    match b {
        0..=31 => LOW.chars().nth(usize::from(b)).unwrap_or('?'),
        127 => '⌂',
        32..=126 => char::from(b),
        _ => HIGH.chars().nth(usize::from(b - 128)).unwrap_or('?'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_both_orders_and_a_lone_byte() {
        assert_eq!(decode(&[0x41, 0], "UTF-16LE"), "A");
        assert_eq!(decode(&[0x03, 0xa9], "UTF-16BE"), "Ω");
        assert_eq!(decode(&[0x41, 0, 0x42], "UTF-16LE"), "A\u{fffd}");
        assert_eq!(encode("Ω", "UTF-16LE").unwrap(), [0xa9, 0x03]);
        assert_eq!(encode("Ω", "UTF-16BE").unwrap(), [0x03, 0xa9]);
    }

    #[test]
    fn ibm437_is_a_bijection_on_bytes() {
        let all: Vec<u8> = (0..=255).collect();
        let text = decode(&all, "IBM437");
        assert_eq!(text.chars().count(), 256);
        assert_eq!(text.chars().nth(0x01), Some('☺'));
        assert_eq!(text.chars().nth(0xb0), Some('░'));
        assert_eq!(encode(&text, "IBM437").unwrap(), all);
        assert_eq!(encode("€", "IBM437"), None);
    }

    #[test]
    fn an_unknown_encoding_is_none_not_utf8() {
        assert_eq!(decode_known(b"ab", r"ASCII\\x"), None);
        assert_eq!(decode_known(b"ab", "IBM437\nx"), None);
        assert_eq!(
            decode_known(b"\x82\xa0", "SJIS").as_deref(),
            Some("\u{3042}")
        );
        assert_eq!(decode_known(&[0x41, 0], "UTF-16LE").as_deref(), Some("A"));
    }

    #[test]
    fn latin1_is_not_windows_1252() {
        assert_eq!(decode(&[0x80, 0xe9], "ISO-8859-1"), "\u{80}é");
        assert_eq!(encode("\u{80}é", "ISO-8859-1").unwrap(), [0x80, 0xe9]);
        assert_eq!(encode("€", "ISO-8859-1"), None);
    }

    #[test]
    fn other_encodings_through_encoding_rs() {
        let sjis = [0x83, 0x65, 0x83, 0x58, 0x83, 0x67];
        assert_eq!(decode(&sjis, "SJIS"), "テスト");
        assert_eq!(encode("テスト", "SJIS").unwrap(), sjis);
        assert_eq!(encode("é", "SJIS"), None);
        assert_eq!(decode(&[0xff, b'a'], "UTF-8"), "\u{fffd}a");
    }
}
