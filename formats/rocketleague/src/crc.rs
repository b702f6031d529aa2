//! The CRC-32 variant Rocket League uses for the header and body sections.
//!
//! Polynomial 0x04C11DB7, MSB-first (not reflected), register seeded with the complement of
//! 0xEFCBF201 and complemented on output.

/// Generator polynomial, processed most significant bit first.
const POLYNOMIAL: u32 = 0x04C1_1DB7;

/// Value whose complement seeds the register.
const SEED: u32 = 0xEFCB_F201;

/// Byte-at-a-time lookup table, built at compile time from [`POLYNOMIAL`].
const TABLE: [u32; 256] = build_table();

const fn build_table() -> [u32; 256] {
    let mut table = [0u32; 256];
    let mut index = 0;
    while index < 256 {
        let mut value = (index as u32) << 24;
        let mut bit = 0;
        while bit < 8 {
            value = if value & 0x8000_0000 != 0 {
                (value << 1) ^ POLYNOMIAL
            } else {
                value << 1
            };
            bit += 1;
        }
        table[index] = value;
        index += 1;
    }
    table
}

/// Computes the section checksum stored in front of the header and the body.
pub fn checksum(data: &[u8]) -> u32 {
    !data.iter().fold(!SEED, |register, &byte| {
        (register << 8) ^ TABLE[((register >> 24) ^ u32::from(byte)) as usize]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_polynomial() {
        assert_eq!(TABLE[1], POLYNOMIAL);
        assert_eq!(TABLE[255], 0xb1f7_40b4);
    }

    #[test]
    fn single_byte() {
        assert_eq!(checksum(&[0xa0]), 0x76cc_8c81);
    }

    #[test]
    fn empty_input_is_seed() {
        assert_eq!(checksum(&[]), SEED);
    }
}
