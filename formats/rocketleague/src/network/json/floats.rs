//! Floats formatted once per value: a replay repeats its float values (the largest corpus
//! replay writes 35,523 float attributes with 12,974 distinct values, and repeats frame deltas),
//! and `zmij` takes about 160 instructions a float where a hit is a look-up and a 16-byte copy.

/// Slots of the cache (a power of two, indexed by a hash of the bits).
const SLOTS: usize = 1024;
/// Bytes kept of a float's text: the longest finite `f32` takes 15 (`-1.2345678e-38`: a sign,
/// nine digits, a point and a four-byte exponent).
pub(super) const FLOAT_TEXT: usize = 16;

/// A formatted float: its bits and its text (`len` bytes of `text`).
#[derive(Clone, Copy)]
pub(super) struct Slot {
    bits: u32,
    len: u8,
    text: [u8; FLOAT_TEXT],
}

impl Slot {
    /// The text of the finite float `bits`, as serde_json writes it (zmij's shortest form);
    /// `None` if longer than [`FLOAT_TEXT`] (no finite `f32` is).
    fn format(bits: u32) -> Option<Slot> {
        let mut zmij = zmij::Buffer::new();
        let formatted = zmij.format_finite(f32::from_bits(bits)).as_bytes();
        let mut text = [0; FLOAT_TEXT];
        text.get_mut(..formatted.len())?.copy_from_slice(formatted);
        Some(Slot {
            bits,
            len: formatted.len() as u8,
            text,
        })
    }

    /// The whole text block: the float's text, then padding.
    pub(super) fn block(&self) -> &[u8; FLOAT_TEXT] {
        &self.text
    }

    /// The length of the float's text.
    pub(super) fn len(&self) -> usize {
        usize::from(self.len)
    }
}

/// 0.0 as serde_json writes it (a test checks it is what [`Slot::format`] gives).
const ZERO: Slot = Slot {
    bits: 0,
    len: 3,
    text: *b"0.0\0\0\0\0\0\0\0\0\0\0\0\0\0",
};

/// Direct-mapped cache of formatted floats; a float that maps to a taken slot replaces it.
pub(super) struct Floats {
    slots: [Slot; SLOTS],
}

impl Floats {
    /// A cache whose every slot holds 0.0, so none is empty.
    pub(super) fn new() -> Self {
        Floats {
            slots: [ZERO; SLOTS],
        }
    }

    /// The text of the finite float `bits`, formatted now unless the cache holds it; `None` if
    /// it does not fit a slot.
    #[inline(always)]
    pub(super) fn get(&mut self, bits: u32) -> Option<&Slot> {
        // Fibonacci hashing: the top bits of the product mix every bit of the float.
        let index = (bits.wrapping_mul(0x9e37_79b9) >> 22) as usize % SLOTS;
        let slot = self.slots.get_mut(index)?;
        if slot.bits != bits {
            *slot = Slot::format(bits)?;
        }
        Some(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(slot: &Slot) -> &[u8] {
        slot.block().get(..slot.len()).unwrap()
    }

    /// The slots start as 0.0 in serde_json's text.
    #[test]
    fn zero_is_serde_text() {
        let zero = serde_json::to_string(&unreal::F32(0.0)).unwrap();
        assert_eq!(text(&ZERO), zero.as_bytes());
        assert_eq!(text(&Slot::format(0).unwrap()), zero.as_bytes());
    }

    /// Floats that share a slot replace each other and each reads back as its own text; the
    /// longest texts fit.
    #[test]
    fn colliding_floats_give_their_own_text() {
        let mut floats = Floats::new();
        let values = [1.5f32, -1.234_567_8e-38, 0.1, -3.402_823_5e38, 7.0];
        for _ in 0..3 {
            for bits in (0..4096u32)
                .map(|i| i << 20)
                .chain(values.map(f32::to_bits))
            {
                if !f32::from_bits(bits).is_finite() {
                    continue;
                }
                let serde = serde_json::to_string(&unreal::F32(f32::from_bits(bits))).unwrap();
                let slot = floats.get(bits).unwrap();
                assert_eq!(text(slot), serde.as_bytes(), "bits {bits:#x}");
            }
        }
    }
}
