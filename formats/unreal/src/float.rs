//! Float newtypes whose JSON form survives a round trip bit for bit.
//!
//! Finite values serialize as plain JSON numbers (serde_json's `float_roundtrip` keeps them exact, `-0.0`
//! included); NaN and infinities, which JSON numbers cannot hold, serialize as `{"bits": <u32/u64>}`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! json_float {
    ($name:ident, $float:ty, $bits:ty, $doc:literal) => {
        #[doc = $doc]
        #[binrw::binrw]
        #[brw(little)]
        #[derive(Debug, Clone, Copy)]
        pub struct $name(pub $float);

        impl PartialEq for $name {
            /// Bitwise equality: the model promises byte-exact files, so `NaN == NaN` with equal bits.
            fn eq(&self, other: &Self) -> bool {
                self.0.to_bits() == other.0.to_bits()
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                if self.0.is_finite() {
                    s.serialize_newtype_struct(stringify!($name), &self.0)
                } else {
                    Bits {
                        bits: self.0.to_bits(),
                    }
                    .serialize(s)
                }
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                #[derive(Deserialize)]
                #[serde(untagged)]
                enum Repr {
                    Number($float),
                    Bits(Bits<$bits>),
                }
                Ok(match Repr::deserialize(d)? {
                    Repr::Number(v) => $name(v),
                    Repr::Bits(b) => $name(<$float>::from_bits(b.bits)),
                })
            }
        }
    };
}

#[derive(Serialize, Deserialize)]
struct Bits<T> {
    bits: T,
}

json_float!(
    F32,
    f32,
    u32,
    "A 32-bit float stored in the file (`float`)."
);
json_float!(
    F64,
    f64,
    u64,
    "A 64-bit float stored in the file (`double`)."
);

#[cfg(test)]
mod tests {
    use super::{F32, F64};

    /// Bit patterns spread over the whole range (a prime stride), plus the edges: each reads back
    /// from its JSON with the same bits, finite ones from a plain number.
    #[test]
    fn json_keeps_every_bit() {
        let edges = [
            0,
            0x8000_0000,
            1,
            0x007f_ffff,
            0x7f7f_ffff,
            0x7f80_0000,
            0x7fc0_1234,
        ];
        let spread = (0..u32::MAX).step_by(4099);
        for bits in edges.into_iter().chain(spread) {
            let value = F32(f32::from_bits(bits));
            let json = serde_json::to_string(&value).unwrap();
            assert_eq!(value.0.is_finite(), !json.starts_with('{'), "{json}");
            let back: F32 = serde_json::from_str(&json).unwrap();
            assert_eq!(back.0.to_bits(), bits, "{json}");
        }
        for bits in [
            0u64,
            1 << 63,
            1,
            0x7ff0_0000_0000_0000,
            0x7ff8_0000_0000_0001,
        ] {
            let value = F64(f64::from_bits(bits));
            let json = serde_json::to_string(&value).unwrap();
            let back: F64 = serde_json::from_str(&json).unwrap();
            assert_eq!(back.0.to_bits(), bits, "{json}");
        }
    }
}
