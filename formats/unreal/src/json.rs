//! Serde helpers for a JSON form that other tools keep intact.
//!
//! JavaScript, jq and many JSON libraries hold numbers as `f64`, which is exact only up to 2^53:
//! a Steam id or a `DateTime` tick count would silently change. [`int64`] and [`uint64`] write a
//! 64-bit integer as a JSON number when that is exact and as a decimal string beyond, and read
//! both forms back.
//!
//! ```
//! #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
//! struct Ticks(#[serde(with = "unreal::json::int64")] i64);
//! assert_eq!(serde_json::to_string(&Ticks(42)).unwrap(), "42");
//! let big = Ticks(638_413_790_134_860_000);
//! assert_eq!(serde_json::to_string(&big).unwrap(), r#""638413790134860000""#);
//! assert_eq!(serde_json::from_str::<Ticks>(r#""638413790134860000""#).unwrap(), big);
//! assert_eq!(serde_json::from_str::<Ticks>("42").unwrap(), Ticks(42));
//! ```

/// The largest magnitude every `f64` reader holds exactly: 2^53.
const EXACT: u64 = 1 << 53;

macro_rules! int_module {
    ($module:ident, $int:ty, $magnitude:expr, $doc:literal) => {
        #[doc = $doc]
        pub mod $module {
            use serde::de::{self, Visitor};
            use serde::{Deserializer, Serializer};

            /// Writes the integer as a number when a `f64` holds it exactly, else as a string.
            pub fn serialize<S: Serializer>(value: &$int, s: S) -> Result<S::Ok, S::Error> {
                let magnitude: fn(&$int) -> u64 = $magnitude;
                if magnitude(value) <= super::EXACT {
                    serde::Serialize::serialize(value, s)
                } else {
                    s.collect_str(value)
                }
            }

            /// Reads a number or a decimal string.
            pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<$int, D::Error> {
                d.deserialize_any(IntVisitor)
            }

            /// The same form for every element of a list
            /// (`#[serde(with = "unreal::json::...::vec")]`).
            pub mod vec {
                use serde::{Deserialize, Deserializer, Serialize, Serializer};

                #[derive(Serialize, Deserialize)]
                struct Item(#[serde(with = "super")] $int);

                /// Writes each element as [`super::serialize`] does.
                pub fn serialize<S: Serializer>(values: &[$int], s: S) -> Result<S::Ok, S::Error> {
                    s.collect_seq(values.iter().map(|&v| Item(v)))
                }

                /// Reads numbers or decimal strings.
                pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<$int>, D::Error> {
                    let items = Vec::<Item>::deserialize(d)?;
                    Ok(items.into_iter().map(|Item(v)| v).collect())
                }
            }

            struct IntVisitor;

            impl Visitor<'_> for IntVisitor {
                type Value = $int;

                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str(concat!(
                        "a ",
                        stringify!($int),
                        " as a number or a decimal string"
                    ))
                }

                fn visit_i64<E: de::Error>(self, v: i64) -> Result<$int, E> {
                    <$int>::try_from(v).map_err(|_| E::custom(format!("{v} out of range")))
                }

                fn visit_u64<E: de::Error>(self, v: u64) -> Result<$int, E> {
                    <$int>::try_from(v).map_err(|_| E::custom(format!("{v} out of range")))
                }

                fn visit_str<E: de::Error>(self, v: &str) -> Result<$int, E> {
                    v.parse()
                        .map_err(|_| E::custom(format!("{v:?} is not a {}", stringify!($int))))
                }
            }
        }
    };
}

int_module!(
    int64,
    i64,
    |v| v.unsigned_abs(),
    "`#[serde(with = \"unreal::json::int64\")]` for an `i64` (see the [module docs](super))."
);
int_module!(
    uint64,
    u64,
    |v| *v,
    "`#[serde(with = \"unreal::json::uint64\")]` for a `u64` (see the [module docs](super))."
);

/// `#[serde(with = "unreal::json::bytes")]` for opaque bytes: written as a lowercase hex string
/// (as [`crate::chunked::hex_bytes`]), read from hex or from the array of numbers older versions
/// wrote.
pub mod bytes {
    use serde::de::{self, SeqAccess, Visitor};
    use serde::{Deserializer, Serializer};

    /// Writes `bytes` as a hex string.
    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        crate::chunked::hex_bytes::serialize(bytes, s)
    }

    /// Reads a hex string or an array of byte values.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_any(BytesVisitor)
    }

    /// The same forms for optional bytes (`null` when absent).
    pub mod option {
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        #[derive(Deserialize)]
        struct Bytes(#[serde(with = "super")] Vec<u8>);

        struct Borrowed<'a>(&'a [u8]);

        impl Serialize for Borrowed<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                super::serialize(self.0, s)
            }
        }

        /// Writes `null` or a hex string.
        pub fn serialize<S: Serializer>(bytes: &Option<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
            bytes.as_deref().map(Borrowed).serialize(s)
        }

        /// Reads `null`, a hex string or an array of byte values.
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
            Ok(Option::<Bytes>::deserialize(d)?.map(|Bytes(b)| b))
        }
    }

    struct BytesVisitor;

    impl<'de> Visitor<'de> for BytesVisitor {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("bytes as a hex string or an array of numbers")
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<u8>, E> {
            crate::chunked::hex_bytes::deserialize(de::value::StrDeserializer::<E>::new(v))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            // Grows as elements arrive: the length hint comes from the input.
            let mut out = Vec::new();
            while let Some(b) = seq.next_element::<u8>()? {
                out.push(b);
            }
            Ok(out)
        }
    }
}

#[cfg(test)]
mod tests {
    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct Both {
        #[serde(with = "super::int64")]
        signed: i64,
        #[serde(with = "super::uint64")]
        unsigned: u64,
    }

    #[test]
    fn exact_numbers_stay_numbers_larger_ones_become_strings() {
        let cases = [
            (0, 0, r#"{"signed":0,"unsigned":0}"#),
            (
                -(1 << 53),
                1 << 53,
                r#"{"signed":-9007199254740992,"unsigned":9007199254740992}"#,
            ),
            (
                -(1 << 53) - 1,
                (1 << 53) + 1,
                r#"{"signed":"-9007199254740993","unsigned":"9007199254740993"}"#,
            ),
            (
                i64::MIN,
                u64::MAX,
                r#"{"signed":"-9223372036854775808","unsigned":"18446744073709551615"}"#,
            ),
        ];
        for (signed, unsigned, json) in cases {
            let value = Both { signed, unsigned };
            assert_eq!(serde_json::to_string(&value).unwrap(), json);
            assert_eq!(serde_json::from_str::<Both>(json).unwrap(), value);
        }
    }

    #[test]
    fn lists_use_the_same_form() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct List(#[serde(with = "super::uint64::vec")] Vec<u64>);
        let list = List(vec![1, u64::MAX]);
        let json = serde_json::to_string(&list).unwrap();
        assert_eq!(json, r#"[1,"18446744073709551615"]"#);
        assert_eq!(serde_json::from_str::<List>(&json).unwrap(), list);
    }

    #[test]
    fn both_forms_read_and_bad_ones_fail() {
        let read = |json: &str| serde_json::from_str::<Both>(json);
        let value = read(r#"{"signed":"5","unsigned":7}"#).unwrap();
        assert_eq!((value.signed, value.unsigned), (5, 7));
        assert!(read(r#"{"signed":1,"unsigned":-1}"#).is_err());
        assert!(read(r#"{"signed":"x","unsigned":1}"#).is_err());
        assert!(read(r#"{"signed":1.5,"unsigned":1}"#).is_err());
        assert!(read(r#"{"signed":1,"unsigned":"18446744073709551616"}"#).is_err());
    }

    #[test]
    fn bytes_are_hex_and_read_from_hex_or_numbers() {
        #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
        struct Blob {
            #[serde(with = "super::bytes")]
            data: Vec<u8>,
            #[serde(with = "super::bytes::option")]
            more: Option<Vec<u8>>,
        }
        let blob = Blob {
            data: vec![0, 0xab, 0xff],
            more: Some(vec![0x10]),
        };
        let json = serde_json::to_string(&blob).unwrap();
        assert_eq!(json, r#"{"data":"00abff","more":"10"}"#);
        assert_eq!(serde_json::from_str::<Blob>(&json).unwrap(), blob);
        let old = r#"{"data":[0,171,255],"more":[16]}"#;
        assert_eq!(serde_json::from_str::<Blob>(old).unwrap(), blob);
        let none = r#"{"data":"","more":null}"#;
        let read = serde_json::from_str::<Blob>(none).unwrap();
        assert_eq!((read.data.len(), read.more), (0, None));
        for bad in [
            r#"{"data":"abc","more":null}"#,
            r#"{"data":"zz","more":null}"#,
            r#"{"data":[256],"more":null}"#,
            r#"{"data":[-1],"more":null}"#,
        ] {
            assert!(serde_json::from_str::<Blob>(bad).is_err(), "{bad}");
        }
    }
}
