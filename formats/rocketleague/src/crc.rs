//! The CRC-32 variant Rocket League uses for the header and body sections.
//!
//! Polynomial 0x04C11DB7, MSB-first (not reflected), register seeded with the complement of
//! 0xEFCBF201 and complemented on output.

/// Generator polynomial, processed most significant bit first.
const POLYNOMIAL: u32 = 0x04C1_1DB7;

/// Value whose complement seeds the register.
const SEED: u32 = 0xEFCB_F201;

/// Slicing-by-8 tables: `TABLES[k][i]` is the register contribution of byte `i` followed by `k`
/// zero bytes, so eight bytes fold into the register per step instead of one.
const TABLES: [[u32; 256]; 8] = build_tables();

const fn build_tables() -> [[u32; 256]; 8] {
    let mut tables = [[0u32; 256]; 8];
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
        tables[0][index] = value;
        index += 1;
    }
    let mut k = 1;
    while k < 8 {
        let mut i = 0;
        while i < 256 {
            let previous = tables[k - 1][i];
            tables[k][i] = (previous << 8) ^ tables[0][(previous >> 24) as usize];
            i += 1;
        }
        k += 1;
    }
    tables
}

/// One byte into the register.
fn step(register: u32, byte: u8) -> u32 {
    (register << 8) ^ TABLES[0][((register >> 24) ^ u32::from(byte)) as usize]
}

/// Computes the section checksum stored in front of the header and the body.
pub fn checksum(data: &[u8]) -> u32 {
    let chunks = data.chunks_exact(8);
    let rest = chunks.remainder();
    let mut register = !SEED;
    for chunk in chunks {
        let &[b0, b1, b2, b3, b4, b5, b6, b7] = chunk else {
            continue;
        };
        let r = register ^ u32::from_be_bytes([b0, b1, b2, b3]);
        register = TABLES[7][(r >> 24) as usize]
            ^ TABLES[6][((r >> 16) & 0xFF) as usize]
            ^ TABLES[5][((r >> 8) & 0xFF) as usize]
            ^ TABLES[4][(r & 0xFF) as usize]
            ^ TABLES[3][usize::from(b4)]
            ^ TABLES[2][usize::from(b5)]
            ^ TABLES[1][usize::from(b6)]
            ^ TABLES[0][usize::from(b7)];
    }
    !rest
        .iter()
        .fold(register, |register, &byte| step(register, byte))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_matches_polynomial() {
        assert_eq!(TABLES[0][1], POLYNOMIAL);
        assert_eq!(TABLES[0][255], 0xb1f7_40b4);
    }

    #[test]
    fn single_byte() {
        assert_eq!(checksum(&[0xa0]), 0x76cc_8c81);
    }

    #[test]
    fn empty_input_is_seed() {
        assert_eq!(checksum(&[]), SEED);
    }

    /// The sliced loop agrees with feeding one byte at a time, at every length and alignment.
    #[test]
    fn sliced_matches_bytewise() {
        let data: Vec<u8> = (0u32..300)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for start in 0..8 {
            for end in start..data.len() {
                let input = &data[start..end];
                let bytewise = !input
                    .iter()
                    .fold(!SEED, |register, &byte| step(register, byte));
                assert_eq!(checksum(input), bytewise, "{start}..{end}");
            }
        }
    }
}
