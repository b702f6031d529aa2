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
