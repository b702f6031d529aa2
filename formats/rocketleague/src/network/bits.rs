//! LSB-first bit reading and writing for the network stream.

/// Why a low-level read or write stopped; the frame loop adds the position and path.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Fail {
    /// The stream ended while reading the named item.
    Eof(&'static str),
    /// The data is well-framed but not acceptable (message says why).
    Bad(String),
}

pub(crate) type Res<T> = Result<T, Fail>;

/// Widest read [`BitReader::bits`] serves from one 8-byte load: the read may start at any of
/// the 8 bit offsets of its first byte, so 64 - 7 bits are always there.
pub(crate) const FAST_BITS: u32 = 57;

/// Bits [`BitReader::same_bits`] compares per step: a 16-byte load starts at any of the 8 bit
/// offsets of its first byte, so 128 - 7 bits are always there.
const WIDE_BITS: usize = 120;

/// Little-endian bit reader with bounds-checked primitive reads.
///
/// It is `Copy` so that the frame loop's reader never has its address taken: a decoder that is
/// not inlined gets a copy ([`BitReader::detached`]), and the slow paths work on one, so the
/// loop's reader stays in registers instead of being stored and reloaded around every read.
///
/// The only state is the bit position: a read loads the 8 bytes holding its first bit and
/// shifts, so successive reads depend on each other through one add. (`bitter`'s lookahead
/// reader, used before, chained every read through its buffer, bit count and refill branch,
/// kept in memory across the frame loop; this one made the full replay parse ~25% faster.)
#[derive(Clone, Copy)]
pub(crate) struct BitReader<'a> {
    data: &'a [u8],
    /// Bits consumed; never more than `data.len() * 8`.
    pos: usize,
}

impl<'a> BitReader<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        BitReader { data, pos: 0 }
    }

    /// Bits not yet consumed.
    pub(crate) fn remaining(&self) -> usize {
        self.data.len() * 8 - self.pos
    }

    /// Bit offset from the start of the stream.
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The next bits from one unaligned 8-byte load, shifted to bit 0, when `n` of them
    /// (n <= [`FAST_BITS`]) can be taken that way: not within the stream's last 8 bytes.
    #[inline(always)]
    fn window(&self, n: u32) -> Option<u64> {
        let byte = self.pos / 8;
        match self.data.get(byte..byte + 8) {
            Some(&[b0, b1, b2, b3, b4, b5, b6, b7]) if n <= FAST_BITS => {
                let word = u64::from_le_bytes([b0, b1, b2, b3, b4, b5, b6, b7]);
                Some(word >> byte_offset(self.pos))
            }
            _ => None,
        }
    }

    /// Reads `n` bits (n <= 64) from one unaligned 8-byte load; reads wider than that and
    /// reads within the last 8 bytes of the stream go out of line. A failed read consumes nothing.
    #[inline(always)]
    pub(crate) fn bits(&mut self, n: u32, what: &'static str) -> Res<u64> {
        match self.window(n) {
            Some(window) => {
                self.pos += n as usize;
                // n < 64 here, so the plain shift cannot overflow (cheaper than `low_mask`).
                Ok(window & ((1u64 << n) - 1))
            }
            None => self.detached(|r| r.bits_slow(n, what)),
        }
    }

    /// Runs `read` on a copy of the reader and takes over its position: for decoders that are
    /// not inlined, so that this reader's address is not taken (see the type's docs).
    #[inline(always)]
    pub(crate) fn detached<T>(&mut self, read: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        let mut copy = *self;
        let out = read(&mut copy);
        self.pos = copy.pos;
        out
    }

    /// Bit by byte: for the stream's last bytes and reads over [`FAST_BITS`].
    #[cold]
    #[inline(never)]
    fn bits_slow(&mut self, n: u32, what: &'static str) -> Res<u64> {
        if n > 64 || n as usize > self.remaining() {
            return Err(Fail::Eof(what));
        }
        let mut value = 0u64;
        let mut done = 0;
        while done < n {
            let byte = self.data.get(self.pos / 8).copied().unwrap_or(0);
            let offset = byte_offset(self.pos);
            let take = (8 - offset).min(n - done);
            value |= ((u64::from(byte) >> offset) & low_mask(take)) << done;
            done += take;
            self.pos += take as usize;
        }
        Ok(value)
    }

    /// One bit, from its own byte: a one-byte load needs one bounds check and no slow path
    /// for the stream's end, where [`Self::bits`] checks for 8 bytes.
    #[inline(always)]
    pub(crate) fn bit(&mut self, what: &'static str) -> Res<bool> {
        match self.data.get(self.pos / 8) {
            Some(&byte) => {
                let bit = byte >> byte_offset(self.pos) & 1;
                self.pos += 1;
                Ok(bit != 0)
            }
            None => Err(Fail::Eof(what)),
        }
    }

    #[inline(always)]
    pub(crate) fn u32(&mut self, what: &'static str) -> Res<u32> {
        Ok(self.bits(32, what)? as u32)
    }

    #[inline(always)]
    pub(crate) fn u8(&mut self, what: &'static str) -> Res<u8> {
        Ok(self.bits(8, what)? as u8)
    }

    #[inline]
    pub(crate) fn u64(&mut self, what: &'static str) -> Res<u64> {
        self.bits(64, what)
    }

    /// `bmc[bits, max]`: `bits` bits, plus one more bit when the value could still be below
    /// `max`. Both come from one load (the extra bit is the next one in the window).
    #[inline(always)]
    pub(crate) fn bits_max(&mut self, bits: u32, max: u64, what: &'static str) -> Res<u64> {
        let Some(window) = self.window(bits + 1) else {
            return self.detached(|r| r.bits_max_slow(bits, max, what));
        };
        let (value, width) = max_in_window(window, bits, max);
        self.pos += width as usize;
        Ok(value)
    }

    /// The next [`FAST_BITS`] bits (and maybe more above them) without consuming them, when the
    /// stream holds 8 bytes from here: for decoders that take several fields from one load.
    #[inline(always)]
    pub(crate) fn peek(&self) -> Option<u64> {
        self.window(FAST_BITS)
    }

    /// [`Self::peek`] `skip` bits on, without consuming anything: for a decoder whose fields
    /// span more than one load.
    #[inline(always)]
    pub(crate) fn peek_at(&self, skip: u32) -> Option<u64> {
        let ahead = BitReader {
            pos: self.pos + skip as usize,
            ..*self
        };
        ahead.window(FAST_BITS)
    }

    /// Consumes `n` bits known to be there: of what [`Self::peek`] returned, or a run
    /// [`Self::same_bits`] matched, so at most the bits left. Never past the end of the stream
    /// all the same. (The sum cannot overflow for such an `n`: a saturating add, two more
    /// instructions per vector, cost the full parse ~1% more instructions.)
    #[inline(always)]
    pub(crate) fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.data.len() * 8);
    }

    /// A flag bit, then when it is set a second one: a segment's alive and new flags, from one
    /// load. `None` when the first is clear, else the second.
    #[inline(always)]
    pub(crate) fn flag_then_bit(
        &mut self,
        flag: &'static str,
        what: &'static str,
    ) -> Res<Option<bool>> {
        let Some(window) = self.window(2) else {
            return self.detached(|r| match r.bit(flag)? {
                true => r.bit(what).map(Some),
                false => Ok(None),
            });
        };
        if window & 1 == 0 {
            self.pos += 1;
            return Ok(None);
        }
        self.pos += 2;
        Ok(Some(window & 2 != 0))
    }

    /// A flag bit, then when it is set `bmc[bits, max]`: the actor and attribute loops' "one
    /// more?" flag with the id that follows, from one load. `None` when the flag is clear.
    #[inline(always)]
    pub(crate) fn flag_then_max(
        &mut self,
        bits: u32,
        max: u64,
        flag: &'static str,
        what: &'static str,
    ) -> Res<Option<u64>> {
        let Some(window) = self.window(bits + 2) else {
            return self.detached(|r| match r.bit(flag)? {
                true => r.bits_max(bits, max, what).map(Some),
                false => Ok(None),
            });
        };
        if window & 1 == 0 {
            self.pos += 1;
            return Ok(None);
        }
        let (id, width) = max_in_window(window >> 1, bits, max);
        self.pos += 1 + width as usize;
        Ok(Some(id))
    }

    /// An actor segment's head from one load: the "one more segment?" flag, then when it is set
    /// the actor id (`bmc[bits, max]`), the alive flag and, when that is set, the new flag.
    /// `None` when the first flag is clear, else the id with `None` for a deleted actor or
    /// whether it is new. As [`Self::flag_then_max`] then [`Self::flag_then_bit`], which give
    /// it within the stream's last 8 bytes, and with one load where those take two (one per
    /// segment, over a hundred thousand in a large replay).
    #[inline(always)]
    pub(crate) fn segment_head(&mut self, bits: u32, max: u64) -> Res<Option<(u64, Option<bool>)>> {
        let Some(window) = self.window(bits + 4) else {
            return self.detached(|r| {
                let Some(id) = r.flag_then_max(bits, max, "actor flag", "actor id")? else {
                    return Ok(None);
                };
                Ok(Some((
                    id,
                    r.flag_then_bit("actor alive flag", "actor new flag")?,
                )))
            });
        };
        if window & 1 == 0 {
            self.pos += 1;
            return Ok(None);
        }
        let rest = window >> 1;
        let (id, width) = max_in_window(rest, bits, max);
        let flags = rest >> width;
        if flags & 1 == 0 {
            self.pos += 2 + width as usize;
            return Ok(Some((id, None)));
        }
        self.pos += 3 + width as usize;
        Ok(Some((id, Some(flags & 2 != 0))))
    }

    /// [`Self::bits_max`] as two reads: in the stream's last 8 bytes, or for over 56 bits.
    #[cold]
    #[inline(never)]
    fn bits_max_slow(&mut self, bits: u32, max: u64, what: &'static str) -> Res<u64> {
        let data = self.bits(bits, what)?;
        let upper = data + (1u64 << bits);
        if upper >= max {
            Ok(data)
        } else if self.bit(what)? {
            Ok(upper)
        } else {
            Ok(data)
        }
    }

    /// Feeds the count of bits from `start` to the current position, then those bits, up to
    /// [`FAST_BITS`] at a time: to share equal values without hashing their decoded form.
    pub(crate) fn hash_since(&self, start: usize, h: &mut impl std::hash::Hasher) {
        let mut r = BitReader {
            data: self.data,
            pos: start.min(self.pos),
        };
        h.write_usize(self.pos - r.pos);
        while r.pos < self.pos {
            let n = (self.pos - r.pos).min(FAST_BITS as usize) as u32;
            // These bits were read before, so the read cannot fail.
            h.write_u64(r.bits(n, "hashed bits").unwrap_or(0));
        }
    }

    /// Whether the `len` bits from the current position equal the `len` bits at `start`, which
    /// were read before (`start + len` at most the position). False when fewer than `len` bits
    /// remain. Compares [`WIDE_BITS`] at a time from two 16-byte loads (a third of the steps of
    /// 57-bit reads), and by 57-bit reads within the stream's last 16 bytes.
    pub(crate) fn same_bits(&self, start: usize, len: usize) -> bool {
        if start.saturating_add(len) > self.pos || len > self.remaining() {
            return false;
        }
        let (mut earlier, mut here, mut left) = (start, self.pos, len);
        while left > 0 {
            let n = left.min(WIDE_BITS);
            let (Some(a), Some(b)) = (self.wide_window(earlier), self.wide_window(here)) else {
                return self.same_bits_by_reads(earlier, here, left);
            };
            if (a ^ b) & (u128::MAX >> (u128::BITS as usize - n)) != 0 {
                return false;
            }
            (earlier, here, left) = (earlier + n, here + n, left - n);
        }
        true
    }

    /// The 16 bytes holding bit `pos` onwards, shifted to bit 0 ([`WIDE_BITS`] of them at
    /// least), when the stream holds them.
    #[inline(always)]
    fn wide_window(&self, pos: usize) -> Option<u128> {
        let byte = pos / 8;
        let bytes: [u8; 16] = self.data.get(byte..byte + 16)?.try_into().ok()?;
        Some(u128::from_le_bytes(bytes) >> byte_offset(pos))
    }

    /// [`Self::same_bits`] by 57-bit reads, for runs in the stream's last 16 bytes; `here + len`
    /// is within the stream.
    #[cold]
    fn same_bits_by_reads(&self, earlier: usize, here: usize, len: usize) -> bool {
        let mut earlier = BitReader {
            pos: earlier,
            ..*self
        };
        let mut here = BitReader { pos: here, ..*self };
        let mut left = len;
        while left > 0 {
            let n = left.min(FAST_BITS as usize) as u32;
            match (earlier.bits(n, "earlier bits"), here.bits(n, "same bits")) {
                (Ok(a), Ok(b)) if a == b => {}
                _ => return false,
            }
            left -= n as usize;
        }
        true
    }

    /// Reads `n` whole bytes, checking the length against the remaining input first.
    pub(crate) fn bytes(&mut self, n: usize, what: &'static str) -> Res<Vec<u8>> {
        if n.checked_mul(8).is_none_or(|b| b > self.remaining()) {
            return Err(Fail::Eof(what));
        }
        let (start, shift) = (self.pos / 8, byte_offset(self.pos));
        // An unaligned read takes each byte from two neighbours, so it spans one byte more; the
        // check above ensures the stream holds it.
        let span = self
            .data
            .get(start..start + n + usize::from(shift > 0))
            .ok_or(Fail::Eof(what))?;
        let out = if shift == 0 {
            span.to_vec()
        } else {
            span.windows(2)
                .map(|pair| (pair[0] >> shift) | (pair[1] << (8 - shift)))
                .collect()
        };
        self.pos += n * 8;
        Ok(out)
    }
}

/// Bit offset of bit position `pos` within its byte.
#[inline(always)]
fn byte_offset(pos: usize) -> u32 {
    (pos % 8) as u32
}

/// The low `n` bits set (n <= 64).
#[inline(always)]
fn low_mask(n: u32) -> u64 {
    u64::MAX.checked_shr(64 - n).unwrap_or(0)
}

/// Pushes onto one of the stream-wide lists, growing it by the pace of the stream so far rather
/// than by doubling: the final list stays close to its exact size without a second copy.
#[inline(always)]
pub(crate) fn push_paced<T>(list: &mut Vec<T>, item: T, r: &BitReader<'_>) {
    if list.len() == list.capacity() {
        reserve_paced(list, r.pos(), r.remaining());
    }
    list.push(item);
}

/// Reserves room for the items the bits left would hold at the rate seen so far, plus 1/32 of
/// them and 1/64 of the list (at least 16); at most 1.25x the list more, so a hostile stream
/// gets no more than 2.25x the items it has produced.
///
/// Every growth copies the whole list (mimalloc's realloc moves large blocks), and these copies
/// were ~45% of the full parse's D1 misses (callgrind, sonic_spin). Doubling at most made the
/// lists of replays denser than the start estimate grow twice, the second time by a few
/// percent; lists filling near the stream's end grew by a few items at a time, each a copy of
/// the whole list. The cap is the peak's bound: a replay whose start is denser than the rest
/// overshoots its final size (51235.replay peaks at 2.93x its size with this cap, 3.04x with
/// 1.5x, 3.3x uncapped, against the 3x the memory test allows).
#[cold]
#[inline(never)]
fn reserve_paced<T>(list: &mut Vec<T>, used_bits: usize, left_bits: usize) {
    list.reserve_exact(paced_growth(list.len(), used_bits, left_bits));
}

/// How many items [`reserve_paced`] adds to a full list of `len`.
pub(crate) fn paced_growth(len: usize, used_bits: usize, left_bits: usize) -> usize {
    let projected = len as u128 * left_bits as u128 / used_bits.max(1) as u128;
    let projected = usize::try_from(projected).unwrap_or(usize::MAX);
    let extra = projected
        .saturating_add(projected / 32)
        .saturating_add((len / 64).max(16));
    extra.min(len.max(16) / 4 * 5)
}

/// Little-endian bit writer: the mirror of [`BitReader`].
///
/// Like the reader, its only state is the bit position: a write ORs the value into the 8 bytes
/// holding its first bit, which the buffer keeps zeroed ahead of the position. (An accumulator
/// of pending bits, used before, spent most of a write on its 128-bit shift and flush.)
#[derive(Default)]
pub(crate) struct BitWriter {
    /// Written bytes, then zeros: at least 8 bytes past the byte holding `pos` once anything
    /// was written.
    buf: Vec<u8>,
    /// Bits written.
    pos: usize,
}

impl BitWriter {
    pub(crate) fn with_capacity(bytes: usize) -> Self {
        BitWriter {
            buf: vec![0; bytes.saturating_add(8)],
            pos: 0,
        }
    }

    /// Writes the low `n` bits of `value` (n <= 64). Up to [`FAST_BITS`] bits take one
    /// unaligned 8-byte load, OR and store; wider writes are split in two.
    #[inline(always)]
    pub(crate) fn bits(&mut self, value: u64, n: u32) {
        if n > FAST_BITS {
            return self.bits_wide(value, n);
        }
        let masked = value & ((1u64 << n) - 1);
        let byte = self.pos / 8;
        if byte + 8 > self.buf.len() {
            self.grow(byte + 8);
        }
        if let Some(slot) = self.buf.get_mut(byte..byte + 8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(slot);
            let merged = u64::from_le_bytes(word) | masked << byte_offset(self.pos);
            slot.copy_from_slice(&merged.to_le_bytes());
        }
        self.pos += n as usize;
    }

    /// A write over [`FAST_BITS`] bits, as two.
    #[cold]
    #[inline(never)]
    fn bits_wide(&mut self, value: u64, n: u32) {
        self.bits(value & 0xffff_ffff, 32);
        self.bits(value >> 32, n - 32);
    }

    /// Zero-extends the buffer to at least `len` bytes, at least doubling it.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, len: usize) {
        let target = len.max(self.buf.len().saturating_mul(2)).max(64);
        self.buf.resize(target, 0);
    }

    #[inline(always)]
    pub(crate) fn bit(&mut self, value: bool) {
        self.bits(u64::from(value), 1);
    }

    /// Mirror of [`BitReader::bits_max`]; fails when `value` has no encoding.
    #[inline(always)]
    pub(crate) fn bits_max(&mut self, value: u64, bits: u32, max: u64) -> Res<()> {
        let (code, width) = max_code(value, bits, max)?;
        self.bits(code, width);
        Ok(())
    }

    #[inline]
    pub(crate) fn bytes(&mut self, data: &[u8]) {
        for &b in data {
            self.bits(u64::from(b), 8);
        }
    }

    /// Number of bits written so far.
    pub(crate) fn len_bits(&self) -> usize {
        self.pos
    }

    /// The bytes written, a partial last byte zero-padded.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        self.buf.truncate(self.pos.div_ceil(8));
        self.buf
    }
}

/// The `bmc[bits, max]` encoding of `value` as (bits to write, their count): `bits` bits, plus
/// the extra high bit when the value could still be below `max`. Fails when `value` has none.
#[inline(always)]
pub(crate) fn max_code(value: u64, bits: u32, max: u64) -> Res<(u64, u32)> {
    let low = 1u64 << bits;
    let (data, extra) = if value >= low {
        (value - low, true)
    } else {
        (value, false)
    };
    if data >= low || (extra && value >= max) {
        return Err(unencodable(value, bits, max));
    }
    if data + low < max {
        Ok((data | u64::from(extra) << bits, bits + 1))
    } else {
        Ok((data, bits))
    }
}

#[cold]
fn unencodable(value: u64, bits: u32, max: u64) -> Fail {
    Fail::Bad(format!(
        "value {value} does not fit {bits} bits with maximum {max}"
    ))
}

/// `bmc[bits, max]` from the low bits of `window`: `bits` bits, then one more (the value's top
/// bit) only when the value with that bit set could still be below `max`. The value and the
/// number of bits it took.
#[inline(always)]
fn max_in_window(window: u64, bits: u32, max: u64) -> (u64, u32) {
    let data = window & ((1u64 << bits) - 1);
    let upper = data + (1u64 << bits);
    if upper >= max {
        (data, bits)
    } else if window >> bits & 1 != 0 {
        (upper, bits + 1)
    } else {
        (data, bits + 1)
    }
}
