//! `FGuid`: four little-endian `u32`s.

use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

crate::fixed_layout! {
    /// A 16-byte GUID as Unreal stores it (`A`, `B`, `C`, `D`).
    ///
    /// In JSON it is Unreal's hyphenated form (`EGuidFormats::DigitsWithHyphens`, the words in
    /// hex: `AAAAAAAA-BBBB-BBBB-CCCC-CCCCDDDDDDDD`); reading also takes the 32 digits without hyphens
    /// and the object form `{"a", "b", "c", "d"}`.
    ///
    /// ```
    /// let guid = unreal::FGuid { a: 0x12345678, b: 0x9abcdef0, c: 0x0fedcba9, d: 0x87654321 };
    /// let json = serde_json::to_string(&guid).unwrap();
    /// assert_eq!(json, r#""12345678-9ABC-DEF0-0FED-CBA987654321""#);
    /// assert_eq!(serde_json::from_str::<unreal::FGuid>(&json).unwrap(), guid);
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct FGuid {
        /// First word.
        pub a: u32,
        /// Second word.
        pub b: u32,
        /// Third word.
        pub c: u32,
        /// Fourth word.
        pub d: u32,
    }
}

impl FGuid {
    pub(crate) fn put(&self, out: &mut Vec<u8>) -> Result<(), crate::Error> {
        crate::cursor::put_binrw(self, out)
    }
}

impl std::fmt::Display for FGuid {
    /// The hyphenated form, `AAAAAAAA-BBBB-BBBB-CCCC-CCCCDDDDDDDD`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:08X}-{:04X}-{:04X}-{:04X}-{:04X}{:08X}",
            self.a,
            self.b >> 16,
            self.b & 0xFFFF,
            self.c >> 16,
            self.c & 0xFFFF,
            self.d
        )
    }
}

impl std::str::FromStr for FGuid {
    type Err = String;

    /// 32 hex digits, hyphens anywhere ignored.
    fn from_str(text: &str) -> Result<Self, String> {
        let digits: String = text.chars().filter(|&c| c != '-').collect();
        if digits.len() != 32 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!("{text:?} is not a GUID of 32 hex digits"));
        }
        let word = |i: usize| u32::from_str_radix(&digits[i * 8..i * 8 + 8], 16);
        let word = |i| word(i).map_err(|e| e.to_string());
        Ok(FGuid {
            a: word(0)?,
            b: word(1)?,
            c: word(2)?,
            d: word(3)?,
        })
    }
}

impl Serialize for FGuid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FGuid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Words {
            a: u32,
            b: u32,
            c: u32,
            d: u32,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Text(String),
            Words(Words),
        }
        match Repr::deserialize(d)? {
            Repr::Text(text) => text.parse().map_err(D::Error::custom),
            Repr::Words(Words { a, b, c, d }) => Ok(FGuid { a, b, c, d }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FGuid;

    #[test]
    fn guid_text_forms() {
        let guid: FGuid = "0123456789abcdef0123456789ABCDEF".parse().unwrap();
        assert_eq!(
            (guid.a, guid.b, guid.c, guid.d),
            (0x01234567, 0x89abcdef, 0x01234567, 0x89abcdef)
        );
        assert_eq!(guid.to_string(), "01234567-89AB-CDEF-0123-456789ABCDEF");
        let old: FGuid = serde_json::from_str(r#"{"a":1,"b":2,"c":3,"d":4}"#).unwrap();
        assert_eq!(old.to_string(), "00000001-0000-0002-0000-000300000004");
        assert!("0123".parse::<FGuid>().is_err());
        assert!("0123456789abcdef0123456789ABCDEG".parse::<FGuid>().is_err());
    }
}
