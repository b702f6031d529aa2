//! `FString` exactly as stored: an `i32` length whose sign picks the encoding, then the characters
//! including a terminating NUL.
//!
//! * length 0: no characters at all (`value: None`),
//! * length > 0: `length` Latin-1 bytes ("ANSI"), the last one NUL (length 1 = just NUL: `Some("")`),
//! * length < 0: `-length` UTF-16LE units, the last one NUL (`wide: true`).
//!
//! JSON: `null` for length 0, a plain string for ANSI, `{"utf16": "..."}` for UTF-16.
//!
//! The text is an `Arc<str>`: a property reader hands out one allocation per distinct name
//! (`NameCache`), so the thousands of tags naming the same property or type share their text.

use crate::Error;
use crate::cursor::ByteReader;
use binrw::io::{Read, Seek, SeekFrom, Write};
use binrw::{BinRead, BinResult, BinWrite, Endian};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

/// An Unreal `FString` with everything needed to write the same bytes back.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct FString {
    /// The text without its terminator; `None` when the stored length is 0.
    pub value: Option<Arc<str>>,
    /// Stored as UTF-16 (negative length) rather than Latin-1.
    pub wide: bool,
}

/// `FName` is written as an `FString` in save games.
pub type FName = FString;

impl FString {
    /// A Latin-1/ASCII string (what Unreal writes whenever every character fits in one byte).
    pub fn new(s: impl Into<Arc<str>>) -> Self {
        let s = s.into();
        let wide = s.chars().any(|c| c as u32 > 0xff);
        FString {
            value: Some(s),
            wide,
        }
    }

    /// The text, `""` for both the empty and the NUL-only string.
    pub fn as_str(&self) -> &str {
        self.value.as_deref().unwrap_or("")
    }

    /// True when the text equals `s` (byte comparison, no allocation).
    pub fn is(&self, s: &str) -> bool {
        self.as_str() == s
    }

    /// Reads one FString from the cursor.
    pub(crate) fn parse(r: &mut ByteReader<'_>) -> Result<Self, Error> {
        Self::decode_stored(&Stored::read(r)?)
    }

    /// The FString of stored characters read by [`Stored::read`].
    pub(crate) fn decode_stored(s: &Stored<'_>) -> Result<Self, Error> {
        match s.chars {
            None => Ok(FString::default()),
            Some((bytes, wide)) => decode(bytes, wide).map_err(|m| Error::new(s.at, m)),
        }
    }

    /// True when `s` is how this FString is stored, for the narrow ASCII strings of a reader's
    /// shared values (a wide or Latin-1 string is never reported equal, only read again).
    pub(crate) fn is_stored_as(&self, s: &Stored<'_>) -> bool {
        match (&self.value, s.chars) {
            (None, None) => true,
            (Some(text), Some((bytes, false))) if !self.wide => bytes
                .split_last()
                .is_some_and(|(&nul, chars)| nul == 0 && same_ascii_bytes(chars, text.as_bytes())),
            _ => false,
        }
    }

    /// [`FString::is_stored_as`] for an FString known to be null or narrow ASCII (checked by
    /// [`FString::is_narrow_ascii`] when it was kept): equal bytes are then ASCII, unchecked.
    #[inline]
    pub(crate) fn is_stored_as_ascii(&self, s: &Stored<'_>) -> bool {
        match (&self.value, s.chars) {
            (None, None) => true,
            (Some(text), Some((bytes, false))) => bytes
                .split_last()
                .is_some_and(|(&nul, chars)| nul == 0 && same_bytes(chars, text.as_bytes())),
            _ => false,
        }
    }

    /// True for a null FString or a narrow one of ASCII text: one whose text is its stored bytes.
    pub(crate) fn is_narrow_ascii(&self) -> bool {
        match &self.value {
            None => true,
            Some(text) => !self.wide && text.is_ascii(),
        }
    }

    /// Reads one FString from the start of `data`, whose first byte is at `base_offset` (for
    /// errors), and returns it with the number of bytes it took. For readers over a byte slice,
    /// which then skip binrw's `Read + Seek` path; ASCII texts are shared as binrw reads share
    /// them within [`FString::sharing_texts`].
    pub fn read_from(data: &[u8], base_offset: usize) -> Result<(Self, usize), Error> {
        let mut r = ByteReader::new(data, base_offset);
        let s = Self::parse(&mut r)?;
        Ok((s, r.pos()))
    }

    /// Reads one FString like [`FString::read_from`], first comparing the stored bytes with
    /// `like` (e.g. the previous record's text in the same place): when they are its narrow ASCII
    /// form, `like` is cloned, sharing its text without a look-up in the shared-text table.
    pub fn read_like(
        data: &[u8],
        base_offset: usize,
        like: &FString,
    ) -> Result<(Self, usize), Error> {
        let mut r = ByteReader::new(data, base_offset);
        let stored = Stored::read(&mut r)?;
        let s = if like.is_stored_as(&stored) {
            like.clone()
        } else {
            Self::decode_stored(&stored)?
        };
        Ok((s, r.pos()))
    }

    /// Reads one FString like [`FString::read_from`], but an ASCII text gets an allocation of its
    /// own instead of going through the shared-text table: for texts that never repeat (an
    /// object's own path), which would only push out texts that do.
    pub fn read_unshared(data: &[u8], base_offset: usize) -> Result<(Self, usize), Error> {
        let mut r = ByteReader::new(data, base_offset);
        let s = Self::decode_unshared(&Stored::read(&mut r)?)?;
        Ok((s, r.pos()))
    }

    /// [`FString::decode_stored`], but an ASCII text gets an allocation of its own instead of
    /// going through the shared-text table, like [`FString::read_unshared`].
    pub(crate) fn decode_unshared(stored: &Stored<'_>) -> Result<Self, Error> {
        match stored.chars {
            Some((bytes, false)) => {
                decode_latin1_unshared(bytes).map_err(|m| Error::new(stored.at, m))
            }
            _ => Self::decode_stored(stored),
        }
    }

    /// Reads one FString, sharing its text with equal ones read through `names` before.
    pub(crate) fn parse_shared(
        r: &mut ByteReader<'_>,
        names: &mut NameCache,
    ) -> Result<Self, Error> {
        let id = names.read_id(r)?;
        Ok(names.get(id).clone())
    }

    /// Number of bytes `put` will write.
    pub fn encoded_len(&self) -> usize {
        match &self.value {
            None => 4,
            Some(s) if self.wide => 4 + 2 * (s.encode_utf16().count() + 1),
            Some(s) if s.is_ascii() => 4 + s.len() + 1,
            Some(s) => 4 + s.chars().count() + 1,
        }
    }

    /// Appends the stored form to `out`.
    pub fn put(&self, out: &mut Vec<u8>) -> Result<(), Error> {
        let Some(s) = &self.value else {
            out.extend_from_slice(&0i32.to_le_bytes());
            return Ok(());
        };
        let len_at = out.len();
        if !self.wide && s.is_ascii() {
            // The common case: the length is known up front, so no patching.
            let n =
                i32::try_from(s.len() + 1).map_err(|_| Error::new(len_at, "FString too long"))?;
            out.reserve(s.len() + 5);
            out.extend_from_slice(&n.to_le_bytes());
            out.extend_from_slice(s.as_bytes());
            out.push(0);
            return Ok(());
        }
        out.extend_from_slice(&[0; 4]);
        let units = if self.wide {
            let mut n = 0usize;
            for u in s.encode_utf16().chain([0]) {
                out.extend_from_slice(&u.to_le_bytes());
                n += 1;
            }
            -(i32::try_from(n).map_err(|_| Error::new(len_at, "FString too long"))?)
        } else {
            let mut n = 1usize;
            for c in s.chars() {
                let b = u8::try_from(c as u32).map_err(|_| {
                    Error::new(
                        len_at,
                        format!("character {c:?} needs a UTF-16 FString (wide)"),
                    )
                })?;
                out.push(b);
                n += 1;
            }
            out.push(0);
            i32::try_from(n).map_err(|_| Error::new(len_at, "FString too long"))?
        };
        out[len_at..len_at + 4].copy_from_slice(&units.to_le_bytes());
        Ok(())
    }
}

impl From<&str> for FString {
    fn from(s: &str) -> Self {
        FString::new(s)
    }
}

/// The stored characters of an FString (terminator included) and whether they are UTF-16 (`None`
/// for length 0), with the offset of the string for errors: an FString read but not decoded.
pub(crate) struct Stored<'a> {
    at: usize,
    chars: Option<(&'a [u8], bool)>,
}

impl<'a> Stored<'a> {
    /// Reads one FString's length and characters.
    #[inline]
    pub(crate) fn read(r: &mut ByteReader<'a>) -> Result<Self, Error> {
        let at = r.offset();
        Ok(Stored {
            at,
            chars: stored(r)?,
        })
    }
}

/// The stored characters of an FString (terminator included) and whether they are UTF-16;
/// `None` for length 0. Always inlined: out of line, returning its result through memory cost a
/// third of a name read.
#[inline(always)]
fn stored<'a>(r: &mut ByteReader<'a>) -> Result<Option<(&'a [u8], bool)>, Error> {
    let len = r.i32("FString length")?;
    Ok(match len {
        0 => None,
        1.. => Some((r.bytes(len as usize, "FString characters")?, false)),
        _ => {
            let units = (len as i64).unsigned_abs() as usize;
            Some((r.bytes(units * 2, "FString UTF-16 characters")?, true))
        }
    })
}

/// A name's number within one property read: equal names have equal ids, 0 is the null name
/// (stored length 0). Inline names are numbered by [`NameCache`], pool names by their pool index.
pub(crate) type NameId = u32;

/// The names read so far in one property read, by their stored bytes: each is decoded and
/// allocated once, and equal names share one text, so within a read two names are equal exactly
/// when their texts are the same allocation (which [`crate::property_tag`]'s type cache relies on
/// for speed, never for correctness).
///
/// Names are handed out as ids ([`NameCache::read_id`]) so that a reader that only needs to
/// recognise a name (a tag's type) pays for no reference count.
///
/// Before the hash map, a small direct-mapped table indexed by a cheap hash of the first and last
/// bytes is tried: the few hundred names a file repeats (property, type and struct names) mostly
/// stay in it, and one comparison finds them.
///
/// It holds at most one entry per distinct name in the input, so its size is bounded by the input.
#[derive(Debug)]
pub(crate) struct NameCache {
    narrow: HashMap<Box<[u8]>, NameId, BuildHasherDefault<NameHasher>>,
    wide: HashMap<Box<[u8]>, NameId, BuildHasherDefault<NameHasher>>,
    /// The names by id, the null name first.
    names: Vec<FString>,
    /// Ids of ASCII names by [`quick_slot`] of their stored bytes; 0 for an empty slot.
    recent: [NameId; RECENT_SLOTS],
}

/// Slots of [`NameCache::recent`]; a power of two. 1024 rather than 256 took 1.4M of 418M
/// instructions off a read of a large Satisfactory save (fewer hashed look-ups); a larger
/// [`RECENT_TEXT_SLOTS`] took none, as texts missing it are mostly read for the first time.
const RECENT_SLOTS: usize = 1024;

/// Slots of [`SharedTexts::recent`]; a power of two.
const RECENT_TEXT_SLOTS: usize = 256;

impl Default for NameCache {
    fn default() -> Self {
        NameCache {
            narrow: HashMap::default(),
            wide: HashMap::default(),
            names: vec![FString::default()],
            recent: [0; RECENT_SLOTS],
        }
    }
}

impl NameCache {
    /// Reads one FString and returns the id of its text.
    #[inline]
    pub(crate) fn read_id(&mut self, r: &mut ByteReader<'_>) -> Result<NameId, Error> {
        let at = r.offset();
        match stored(r)? {
            None => Ok(0),
            Some((bytes, wide)) => self.id(bytes, wide).map_err(|m| Error::new(at, m)),
        }
    }

    /// The name with this id; ids come from [`NameCache::read_id`] of this cache.
    #[inline]
    pub(crate) fn get(&self, id: NameId) -> &FString {
        &self.names[id as usize]
    }

    /// The id of the name stored as `bytes` (terminator included; UTF-16 when `wide`).
    #[inline]
    fn id(&mut self, bytes: &[u8], wide: bool) -> Result<NameId, String> {
        if wide {
            return self.look_up(bytes, true);
        }
        let slot = quick_slot::<RECENT_SLOTS>(bytes);
        let recent = self.recent[slot];
        // Only ASCII names, whose text is their stored bytes, are in the table: equal bytes mean
        // the same name (a Latin-1 name's text is not its stored bytes).
        if recent != 0
            && let Some((&0, text)) = bytes.split_last()
            && same_bytes(text, self.get(recent).as_str().as_bytes())
        {
            return Ok(recent);
        }
        let id = self.look_up(bytes, false)?;
        if bytes.is_ascii() {
            self.recent[slot] = id;
        }
        Ok(id)
    }

    /// [`NameCache::id`] by hashing, adding names not seen before.
    #[inline(never)]
    fn look_up(&mut self, bytes: &[u8], wide: bool) -> Result<NameId, String> {
        let map = if wide {
            &mut self.wide
        } else {
            &mut self.narrow
        };
        if let Some(&id) = map.get(bytes) {
            return Ok(id);
        }
        let id = NameId::try_from(self.names.len()).map_err(|_| "too many distinct names")?;
        self.names.push(decode(bytes, wide)?);
        map.insert(bytes.into(), id);
        Ok(id)
    }
}

/// `a == b` for the short texts of names and paths, without a call to `memcmp`: the lengths,
/// then whole words (the last one overlapping the one before).
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    same_words::<false>(a, b)
}

/// `a == b && a.is_ascii()` in one pass over the bytes, like [`same_bytes`].
#[inline]
fn same_ascii_bytes(a: &[u8], b: &[u8]) -> bool {
    same_words::<true>(a, b)
}

/// [`same_bytes`], and with `ASCII` also that `a` is ASCII, from the high bits of the words
/// compared (the check compiles away without it).
#[inline]
fn same_words<const ASCII: bool>(a: &[u8], b: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return same_short_bytes(a, b) && (!ASCII || a.is_ascii());
    }
    let mut seen = 0;
    let mut i = 0;
    while i + 8 < n {
        let word = le_u64(&a[i..]);
        if word != le_u64(&b[i..]) {
            return false;
        }
        seen |= word;
        i += 8;
    }
    let last = le_u64(&a[n - 8..]);
    last == le_u64(&b[n - 8..]) && (!ASCII || (seen | last) & HIGH == 0)
}

/// `a == b` for two slices of the same length below 8, without a call to `memcmp` (which `==`
/// on slices makes, costing more than the comparison): two overlapping words from 4 bytes on.
#[inline]
fn same_short_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n >= 4 {
        le_u32(a) == le_u32(b) && le_u32(&a[n - 4..]) == le_u32(&b[n - 4..])
    } else {
        a.iter().zip(b).all(|(x, y)| x == y)
    }
}

/// The [`NameCache::recent`] slot of a name: its length and up to 8 bytes from each end, mixed by
/// one multiplication.
#[inline]
pub(crate) fn quick_slot<const SLOTS: usize>(bytes: &[u8]) -> usize {
    let n = bytes.len();
    let ends = if n >= 8 {
        le_u64(bytes) ^ le_u64(&bytes[n - 8..]).rotate_left(32)
    } else if n >= 4 {
        u64::from(le_u32(bytes)) << 32 | u64::from(le_u32(&bytes[n - 4..]))
    } else {
        u64::from(bytes[0]) << 16 | u64::from(bytes[n / 2]) << 8 | u64::from(bytes[n - 1])
    };
    let mixed = (ends ^ n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed >> (64 - SLOTS.trailing_zeros())) as usize
}

/// FxHash-style multiply-rotate hashing for the per-read caches: their keys are short names, and a
/// cache lives for one read only.
#[derive(Default)]
pub(crate) struct NameHasher(u64);

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(le_u64(chunk));
        }
        let rest = chunks.remainder();
        if rest.is_empty() {
            return;
        }
        // The last bytes are read as whole (overlapping) words rather than copied into a zeroed
        // one: that copy cost a store-forwarding stall on nearly every name. Equal inputs still
        // hash alike, and the length is hashed before the bytes.
        let n = rest.len();
        let tail = if bytes.len() >= 8 {
            le_u64(&bytes[bytes.len() - 8..])
        } else if n >= 4 {
            u64::from(le_u32(&rest[..4])) << 32 | u64::from(le_u32(&rest[n - 4..]))
        } else {
            u64::from(rest[0]) << 16 | u64::from(rest[n / 2]) << 8 | u64::from(rest[n - 1])
        };
        self.add(tail);
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn finish(&self) -> u64 {
        // The multiplications mix well into the high bits only, and hash tables pick their
        // buckets by the low bits: bring the high bits down.
        self.0.rotate_left(26)
    }
}

/// The [`NameHasher`] hash of `bytes` as a whole.
#[inline]
pub(crate) fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h = NameHasher::default();
    h.write(bytes);
    h.finish()
}

/// Hashes a `u64` that is already a hash (of a table keyed by [`hash_bytes`]) as itself.
#[derive(Default)]
pub(crate) struct HashedKey(u64);

impl Hasher for HashedKey {
    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed here; any other input still hashes consistently.
        *self = HashedKey(hash_bytes(bytes) ^ self.0);
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = i;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl NameHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The first 8 bytes of `b` (which has at least 8) as a little-endian number.
#[inline]
fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.first_chunk().copied().unwrap_or_default())
}

/// The first 4 bytes of `b` (which has at least 4) as a little-endian number.
#[inline]
fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes(b.first_chunk().copied().unwrap_or_default())
}

/// Decodes the stored characters (terminator included) of a non-empty FString.
fn decode(bytes: &[u8], wide: bool) -> Result<FString, String> {
    if wide {
        decode_utf16(bytes)
    } else {
        decode_latin1(bytes)
    }
}

fn decode_latin1(bytes: &[u8]) -> Result<FString, String> {
    decode_latin1_with(bytes, shared_ascii)
}

/// [`decode_latin1`], an ASCII text getting an allocation of its own.
fn decode_latin1_unshared(bytes: &[u8]) -> Result<FString, String> {
    decode_latin1_with(bytes, |text| ascii(text).map(Arc::from))
}

/// Decodes the stored bytes of a narrow FString, its text taken from `ascii_text` when that
/// gives one (an ASCII text), else mapped from Latin-1.
#[inline(always)]
fn decode_latin1_with(
    bytes: &[u8],
    ascii_text: impl FnOnce(&[u8]) -> Option<Arc<str>>,
) -> Result<FString, String> {
    let Some((&0, text)) = bytes.split_last() else {
        return Err("FString is not NUL-terminated".into());
    };
    let value = match ascii_text(text) {
        Some(s) => s,
        None => text.iter().map(|&b| b as char).collect::<String>().into(),
    };
    Ok(FString {
        value: Some(value),
        wide: false,
    })
}

thread_local! {
    /// The texts shared by [`FString::sharing_texts`] on this thread, when one is running.
    static SHARED_TEXTS: RefCell<Option<Box<SharedTexts>>> = const { RefCell::new(None) };
}

/// The ASCII texts read so far within one [`FString::sharing_texts`]: all of them by value, and
/// the ones read lately by [`quick_slot`] of their bytes (a new text takes its slot over), which
/// find a text repeated nearby with one comparison instead of a hash.
///
/// It holds at most one entry per distinct text of the input, each one a text the model keeps
/// anyway, so its size is bounded by the input.
struct SharedTexts {
    recent: [Option<Arc<str>>; RECENT_TEXT_SLOTS],
    /// The texts by the hash of their bytes (computed once per look-up). Of two texts with the
    /// same hash only the first is shared; the other is allocated on each read, as it would be
    /// without sharing.
    all: HashMap<u64, Arc<str>, BuildHasherDefault<HashedKey>>,
}

impl SharedTexts {
    /// `text` as a shared allocation when it is ASCII (`None` otherwise). A text found in the
    /// recent slots is not validated again: they hold ASCII texts only.
    #[inline]
    fn share(&mut self, text: &[u8]) -> Option<Arc<str>> {
        let index = if text.is_empty() {
            0
        } else {
            quick_slot::<RECENT_TEXT_SLOTS>(text)
        };
        if let Some(recent) = &self.recent[index]
            && same_bytes(recent.as_bytes(), text)
        {
            return Some(Arc::clone(recent));
        }
        let shared = self.intern(text)?;
        self.recent[index] = Some(Arc::clone(&shared));
        Some(shared)
    }

    /// [`SharedTexts::share`] by hashing, adding texts not seen before.
    #[inline(never)]
    fn intern(&mut self, bytes: &[u8]) -> Option<Arc<str>> {
        // A text found here is ASCII like every text in the table, so only new ones are checked.
        match self.all.entry(hash_bytes(bytes)) {
            Entry::Occupied(found) if same_bytes(found.get().as_bytes(), bytes) => {
                Some(Arc::clone(found.get()))
            }
            Entry::Occupied(_) => ascii(bytes).map(Arc::from),
            Entry::Vacant(slot) => Some(Arc::clone(slot.insert(Arc::from(ascii(bytes)?)))),
        }
    }
}

impl FString {
    /// Runs `f` with the ASCII texts of the FStrings read on this thread (through binrw or a
    /// property reader) shared: a text equal to one read before within `f` is that one's
    /// allocation. Saves repeat class paths, level names and object paths in every object header
    /// and reference; sharing them saves an allocation each, both time and heap. The table holds
    /// one entry per distinct text and is dropped when `f` returns.
    ///
    /// Within another `sharing_texts` on the same thread, `f` shares the outer table.
    pub fn sharing_texts<T>(f: impl FnOnce() -> T) -> T {
        if SHARED_TEXTS.with(|t| t.borrow().is_some()) {
            return f();
        }
        struct Restore(Option<Box<SharedTexts>>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let outer = self.0.take();
                SHARED_TEXTS.with(|t| *t.borrow_mut() = outer);
            }
        }
        let table = Box::new(SharedTexts {
            recent: std::array::from_fn(|_| None),
            all: HashMap::default(),
        });
        let _restore = Restore(SHARED_TEXTS.with(|t| t.borrow_mut().replace(table)));
        f()
    }
}

/// `text` as a `str` when it is ASCII.
#[inline]
fn ascii(text: &[u8]) -> Option<&str> {
    std::str::from_utf8(text).ok().filter(|s| s.is_ascii())
}

/// The text of `text` when it is ASCII (`None` otherwise), shared with an equal one read before
/// when [`FString::sharing_texts`] is running on this thread.
fn shared_ascii(text: &[u8]) -> Option<Arc<str>> {
    SHARED_TEXTS.with(|t| match t.borrow_mut().as_deref_mut() {
        Some(texts) => texts.share(text),
        None => ascii(text).map(Arc::from),
    })
}

fn decode_utf16(bytes: &[u8]) -> Result<FString, String> {
    let units = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]));
    let n = bytes.len() / 2;
    if bytes[bytes.len() - 2..] != [0, 0] {
        return Err("UTF-16 FString is not NUL-terminated".into());
    }
    let value = char::decode_utf16(units.take(n - 1))
        .collect::<Result<String, _>>()
        .map_err(|e| format!("UTF-16 FString: {e}"))?;
    Ok(FString {
        value: Some(value.into()),
        wide: true,
    })
}

/// Stored FStrings up to this many bytes are read through a buffer on the stack: names and paths
/// nearly all fit, and the text then costs its one allocation only.
const STACK_STRING: usize = 256;

/// Stored FStrings up to this many bytes (most names and paths) are read through a smaller stack
/// buffer, which costs less to zero.
const SMALL_STACK_STRING: usize = 96;

impl BinRead for FString {
    type Args<'a> = ();

    fn read_options<R: Read + Seek>(reader: &mut R, endian: Endian, (): ()) -> BinResult<Self> {
        read_binrw(reader, endian, Texts::Shared)
    }
}

impl FString {
    /// A binrw `parse_with` reader of an FString whose text does not repeat (an object's own
    /// path name): like its `BinRead`, but an ASCII text gets an allocation of its own, as
    /// [`FString::read_unshared`] gives it, instead of filling the shared-text table.
    pub fn parse_unshared<R: Read + Seek>(
        reader: &mut R,
        endian: Endian,
        (): (),
    ) -> BinResult<Self> {
        read_binrw(reader, endian, Texts::Unshared)
    }
}

/// Whether a binrw read shares an ASCII text through [`FString::sharing_texts`].
#[derive(Clone, Copy)]
enum Texts {
    Shared,
    Unshared,
}

/// Reads one FString through binrw, sharing its text as `texts` says.
#[inline(always)]
fn read_binrw<R: Read + Seek>(reader: &mut R, endian: Endian, texts: Texts) -> BinResult<FString> {
    let pos = reader.stream_position()?;
    let len = i32::read_options(reader, endian, ())?;
    let byte_len = if len >= 0 {
        len as u64
    } else {
        (len as i64).unsigned_abs() * 2
    };
    match usize::try_from(byte_len) {
        Ok(n) if n <= SMALL_STACK_STRING => {
            read_chars(reader, &mut [0; SMALL_STACK_STRING][..n], len, pos, texts)
        }
        Ok(n) if n <= STACK_STRING => {
            read_chars(reader, &mut [0; STACK_STRING][..n], len, pos, texts)
        }
        _ => {
            // Sized only after checking that the bytes are there.
            let here = reader.stream_position()?;
            let end = reader.seek(SeekFrom::End(0))?;
            reader.seek(SeekFrom::Start(here))?;
            let n = usize::try_from(byte_len)
                .ok()
                .filter(|_| end.saturating_sub(here) >= byte_len)
                .ok_or_else(|| past_end(pos))?;
            read_chars(reader, &mut vec![0; n], len, pos, texts)
        }
    }
}

/// The error of an FString at `pos` whose characters run past the end of the data.
fn past_end(pos: u64) -> binrw::Error {
    binrw::Error::Custom {
        pos,
        err: Box::new("FString runs past the end of the data"),
    }
}

/// Reads the characters of the FString at `pos` of stored length `len` into `bytes` (exactly their
/// size) and decodes them, sharing the text as `texts` says.
#[inline(always)]
fn read_chars<R: Read>(
    reader: &mut R,
    bytes: &mut [u8],
    len: i32,
    pos: u64,
    texts: Texts,
) -> BinResult<FString> {
    reader.read_exact(bytes).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => past_end(pos),
        _ => binrw::Error::Io(e),
    })?;
    let decoded = match len {
        0 => Ok(FString::default()),
        1.. => match texts {
            Texts::Shared => decode_latin1(bytes),
            Texts::Unshared => decode_latin1_unshared(bytes),
        },
        _ => decode_utf16(bytes),
    };
    decoded.map_err(|m| binrw::Error::Custom {
        pos,
        err: Box::new(m),
    })
}

impl BinWrite for FString {
    type Args<'a> = ();

    fn write_options<W: Write + Seek>(&self, writer: &mut W, _: Endian, (): ()) -> BinResult<()> {
        let pos = writer.stream_position()?;
        let mut out = Vec::with_capacity(self.encoded_len());
        self.put(&mut out).map_err(|e| binrw::Error::Custom {
            pos,
            err: Box::new(e.message),
        })?;
        writer.write_all(&out)?;
        Ok(())
    }
}

#[derive(Serialize)]
struct WideRef<'a> {
    utf16: &'a str,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Repr {
    Plain(Option<String>),
    Wide { utf16: String },
}

impl Serialize for FString {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match (&self.value, self.wide) {
            (Some(v), true) => WideRef { utf16: v }.serialize(s),
            (v, _) => v.as_deref().serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for FString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match Repr::deserialize(d)? {
            Repr::Plain(value) => FString {
                value: value.map(Arc::from),
                wide: false,
            },
            Repr::Wide { utf16 } => FString {
                value: Some(Arc::from(utf16)),
                wide: true,
            },
        })
    }
}

/// Reads an `FUtf8String`: an `i32` byte count, then that many bytes of UTF-8 (no terminator).
/// Length 0 is the empty (null) string.
pub(crate) fn parse_utf8(r: &mut ByteReader<'_>) -> Result<FString, Error> {
    let at = r.offset();
    let n = r.i32("UTF-8 string length")?;
    let n = usize::try_from(n)
        .map_err(|_| Error::new(at, format!("UTF-8 string length {n} is negative")))?;
    let bytes = r.bytes(n, "UTF-8 string")?;
    if n == 0 {
        return Ok(FString::default());
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::new(at + 4, format!("UTF-8 string is not valid UTF-8: {e}")))?;
    Ok(FString::new(text))
}

/// Appends `s` as an `FUtf8String` (its text; the narrow/wide choice of an `FString` does not apply).
pub(crate) fn put_utf8(s: &FString, out: &mut Vec<u8>) -> Result<(), Error> {
    let text = s.as_str().as_bytes();
    let n = i32::try_from(text.len())
        .map_err(|_| Error::new(out.len(), "UTF-8 string longer than i32"))?;
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(text);
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The stored form of a narrow FString with these characters (terminator added).
    pub(crate) fn narrow(chars: &[u8]) -> Vec<u8> {
        let mut out = i32::try_from(chars.len() + 1)
            .unwrap()
            .to_le_bytes()
            .to_vec();
        out.extend_from_slice(chars);
        out.push(0);
        out
    }

    fn read_all(cache: &mut NameCache, data: &[u8]) -> Vec<FString> {
        let mut r = ByteReader::new(data, 0);
        let mut out = Vec::new();
        while !r.is_empty() {
            let id = cache.read_id(&mut r).unwrap();
            out.push(cache.get(id).clone());
        }
        out
    }

    /// Many names (so that slots of the quick table are shared), each read twice: every read gives
    /// the name's own text, and the second read the same allocation as the first.
    #[test]
    fn names_read_back_as_stored_and_shared() {
        let texts: Vec<String> = (0..2000).map(|i| format!("N{i}")).collect();
        let data: Vec<u8> = texts.iter().flat_map(|t| narrow(t.as_bytes())).collect();
        let mut cache = NameCache::default();
        let first = read_all(&mut cache, &data);
        let second = read_all(&mut cache, &data);
        for ((a, b), text) in first.iter().zip(&second).zip(&texts) {
            assert_eq!(a.as_str(), text);
            assert!(Arc::ptr_eq(
                a.value.as_ref().unwrap(),
                b.value.as_ref().unwrap()
            ));
        }
    }

    /// A Latin-1 name whose decoded text (as UTF-8) equals the stored bytes of another name must not
    /// be taken for it, in either order.
    #[test]
    fn latin1_text_is_not_mistaken_for_stored_bytes() {
        let e_acute = narrow(&[0xe9]);
        let utf8_lookalike = narrow("é".as_bytes());
        for data in [
            [e_acute.clone(), utf8_lookalike.clone()].concat(),
            [utf8_lookalike, e_acute].concat(),
        ] {
            let mut texts: Vec<String> = read_all(&mut NameCache::default(), &data)
                .iter()
                .map(|n| n.as_str().to_owned())
                .collect();
            texts.sort();
            assert_eq!(texts, ["Ã©", "é"]);
        }
    }

    fn read_binrw(data: &[u8]) -> binrw::BinResult<Vec<FString>> {
        let mut c = binrw::io::Cursor::new(data);
        let mut out = Vec::new();
        while (c.position() as usize) < data.len() {
            out.push(FString::read_le(&mut c)?);
        }
        Ok(out)
    }

    fn same_text(a: &FString, b: &FString) -> bool {
        Arc::ptr_eq(a.value.as_ref().unwrap(), b.value.as_ref().unwrap())
    }

    /// Far more distinct texts than the recent slots hold, each read twice within one
    /// `sharing_texts`: the second read of each is the first one's allocation, and a non-ASCII
    /// text is read as itself.
    #[test]
    fn every_repeated_text_is_shared() {
        let texts: Vec<String> = (0..3000)
            .map(|i| format!("Persistent_Level:PersistentLevel.Build_{i}"))
            .collect();
        let mut data: Vec<u8> = texts.iter().flat_map(|t| narrow(t.as_bytes())).collect();
        data.extend(narrow(&[0xe9]));
        let (first, second) = FString::sharing_texts(|| (read_binrw(&data), read_binrw(&data)));
        let (first, second) = (first.unwrap(), second.unwrap());
        for ((a, b), text) in first.iter().zip(&second).zip(&texts) {
            assert_eq!(a.as_str(), text);
            assert!(same_text(a, b), "{text}");
        }
        assert_eq!(first[3000].as_str(), "é");
        assert_eq!(second[3000].as_str(), "é");
    }

    /// Within `sharing_texts` equal ASCII texts are one allocation; outside it, and after it, each
    /// string has its own.
    #[test]
    fn texts_are_shared_only_while_sharing() {
        let data = [narrow(b"Persistent_Level"), narrow(b"Persistent_Level")].concat();
        let shared = FString::sharing_texts(|| read_binrw(&data)).unwrap();
        assert!(same_text(&shared[0], &shared[1]));
        assert_eq!(shared[0].as_str(), "Persistent_Level");
        let alone = read_binrw(&data).unwrap();
        assert!(!same_text(&alone[0], &alone[1]));
        assert!(!same_text(&alone[0], &shared[0]));
        // A nested call shares the outer table.
        let (outer, inner) = FString::sharing_texts(|| {
            let outer = read_binrw(&data).unwrap();
            (outer, FString::sharing_texts(|| read_binrw(&data)).unwrap())
        });
        assert!(same_text(&outer[0], &inner[1]));
    }

    /// Strings longer than the stack buffer read whole; a length past the end is an error naming
    /// the string's offset, and allocates nothing of that size.
    #[test]
    fn binrw_reads_long_strings_and_rejects_lengths_past_the_end() {
        let long = vec![b'x'; 1000];
        let data = [narrow(b"a"), narrow(&long)].concat();
        let read = read_binrw(&data).unwrap();
        assert_eq!(read[1].as_str().as_bytes(), long.as_slice());
        for len in [300i32, 20, -2_000_000_000] {
            let mut data = narrow(b"a");
            data.extend_from_slice(&len.to_le_bytes());
            data.extend_from_slice(b"abc");
            match read_binrw(&data) {
                Err(binrw::Error::Custom { pos, err }) => {
                    assert_eq!(pos, 6);
                    assert!(format!("{err:?}").contains("past the end"), "{err:?}");
                }
                other => panic!("length {len}: {other:?}"),
            }
        }
    }

    /// `same_bytes` is `a == b` for every length around the word sizes, with a difference at each
    /// position.
    #[test]
    fn same_bytes_is_equality() {
        for n in 0..40 {
            let a: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(same_bytes(&a, &a.clone()));
            assert!(!same_bytes(&a, &[a.as_slice(), b"x"].concat()));
            for i in 0..n {
                let mut b = a.clone();
                b[i] ^= 0x80;
                assert!(!same_bytes(&a, &b), "{n} {i}");
            }
        }
    }

    /// `same_ascii_bytes` is `a == b && a.is_ascii()` for every length around the word size, with a
    /// difference or a high bit at each position.
    #[test]
    fn same_ascii_bytes_is_equality_of_ascii() {
        for n in 0..40 {
            let a: Vec<u8> = (0..n).map(|i| b'a' + (i % 26) as u8).collect();
            assert!(same_ascii_bytes(&a, &a.clone()));
            assert!(!same_ascii_bytes(&a, &[a.as_slice(), b"x"].concat()));
            for i in 0..n {
                let mut b = a.clone();
                b[i] = b'_';
                assert!(!same_ascii_bytes(&a, &b), "{n} {i}");
                b[i] = 0xe9;
                assert!(!same_ascii_bytes(&b, &b.clone()), "{n} {i}");
            }
        }
    }

    /// Narrow and wide names with the same text are different names (they write back differently).
    #[test]
    fn wide_and_narrow_names_differ() {
        let mut data = narrow(b"A");
        data.extend_from_slice(&(-2i32).to_le_bytes());
        data.extend_from_slice(&[b'A', 0, 0, 0]);
        let names = read_all(&mut NameCache::default(), &data);
        assert_eq!(names[0].as_str(), names[1].as_str());
        assert!(!names[0].wide && names[1].wide);
    }
}
