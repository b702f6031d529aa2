//! A fast writer for the JSON of [`Frames`]: the same bytes `serde_json` writes through the
//! derived `Serialize` impls, without serde's calls per key and value for the types that make up
//! most of a replay (frames, actor segments, attribute updates, rigid bodies, vectors). Every other
//! value goes through `serde_json` into the same buffer.
//!
//! The text is composed in a small fixed buffer ([`Json`]) that is appended to the output when
//! full: a write is then one bounds check and a copy, where appending each piece to the output
//! `Vec` reloaded its length and capacity after every byte stored.
//!
//! The derived impls stay the definition of the form: tests check this writer against them on every
//! corpus replay and on values the corpus lacks.

use super::{
    Attribute, Frame, Frames, LargeAttribute, NewActor, PackedRigidBody, Quaternion, Rotation,
    Segment, UpdatedAttribute, Vector3i, serde_frames::check_new_actors,
};

/// JSON bytes a rigid body update takes at most, with both velocities: enough to reserve the
/// output once for the bulk of a replay.
const RIGID_BODY_BYTES: usize = 200;
/// JSON bytes an attribute update, actor segment or frame takes for its own fields (a guess for
/// reserving; the buffer grows past it when needed).
const ITEM_BYTES: usize = 64;
/// Size of the composing buffer.
const CHUNK: usize = 1024;
/// Bytes an integer takes at most here: a sign and the 10 digits of a `u32`.
const INT_BYTES: usize = 11;

/// Appends the JSON of `frames` to `out`.
pub(crate) fn write_frames(frames: &Frames, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let items = frames.frames.len() + frames.actors.len() + frames.attributes.len();
    out.reserve(frames.rigid_bodies.len() * RIGID_BODY_BYTES + items * ITEM_BYTES);
    let mut j = Json::new(out);
    j.lit(b"{\"frames\":");
    list(&mut j, &frames.frames, frame)?;
    j.lit(b",\"actors\":");
    // Pairs segments and new actors in the same pass; a model where they do not pair up gets
    // the serde impl's error.
    let unpaired = || -> serde_json::Error {
        let message = check_new_actors(frames).err().unwrap_or_default();
        serde::ser::Error::custom(message)
    };
    let mut new_actors = frames.new_actors.iter();
    list(&mut j, &frames.actors, |j, event| {
        segment(
            j,
            Segment::pair(*event, &mut new_actors).ok_or_else(unpaired)?,
        );
        Ok(())
    })?;
    if new_actors.len() > 0 {
        return Err(unpaired());
    }
    j.lit(b",\"attributes\":");
    list(&mut j, &frames.attributes, |j, update| {
        updated_attribute(j, update, frames)
    })?;
    j.lit(b",\"rigid_bodies\":");
    list(&mut j, &frames.rigid_bodies, rigid_body)?;
    j.lit(b",\"trailing\":");
    serde_json::to_writer(j.out(), &frames.trailing)?;
    j.lit(b"}");
    j.flush();
    Ok(())
}

/// JSON text composed in a fixed buffer and appended to the output a chunk at a time. The
/// buffer is local, so its fill level stays in a register; text that does not fit after a flush
/// (longer than the buffer) goes to the output directly.
struct Json<'o> {
    out: &'o mut Vec<u8>,
    buf: [u8; CHUNK],
    len: usize,
}

impl<'o> Json<'o> {
    fn new(out: &'o mut Vec<u8>) -> Self {
        Json {
            out,
            buf: [0; CHUNK],
            len: 0,
        }
    }

    /// Appends the composed text to the output.
    #[cold]
    #[inline(never)]
    fn flush(&mut self) {
        self.out
            .extend_from_slice(self.buf.get(..self.len).unwrap_or_default());
        self.len = 0;
    }

    /// The output, with everything composed so far appended (for serde).
    fn out(&mut self) -> &mut Vec<u8> {
        self.flush();
        self.out
    }

    /// Room for `n` more bytes at the end of the buffer, flushing it first when needed; `None`
    /// only when `n` exceeds the whole buffer.
    #[inline(always)]
    fn room(&mut self, n: usize) -> Option<&mut [u8]> {
        if self.len + n > CHUNK {
            self.flush();
        }
        self.buf.get_mut(self.len..self.len + n)
    }

    #[inline(always)]
    fn lit(&mut self, text: &[u8]) {
        match self.room(text.len()) {
            Some(room) => {
                room.copy_from_slice(text);
                self.len += text.len();
            }
            None => self.out.extend_from_slice(text),
        }
    }

    /// A JSON integer (every integer of the frame model fits an `i64`).
    #[inline(always)]
    fn int(&mut self, value: impl Into<i64>) {
        let value: i64 = value.into();
        if let Some(room) = self
            .room(INT_BYTES)
            .and_then(|r| r.first_chunk_mut::<INT_BYTES>())
        {
            match put_int(room, value) {
                written @ ..=INT_BYTES => self.len += written,
                _ => self.lit(itoa::Buffer::new().format(value).as_bytes()),
            }
        }
    }

    #[inline(always)]
    fn boolean(&mut self, value: bool) {
        self.lit(if value { b"true" } else { b"false" });
    }

    /// Composes a value of at most `N` bytes through a [`Record`], which checks the room once
    /// for the whole value; `false` (nothing written) when the value turned out longer.
    #[inline(always)]
    fn record<const N: usize>(&mut self, write: impl FnOnce(&mut Record<'_, N>)) -> bool {
        let Some(room) = self.room(N).and_then(|room| room.first_chunk_mut::<N>()) else {
            return false;
        };
        let mut record = Record { buf: room, at: 0 };
        write(&mut record);
        let at = record.at;
        if at > N {
            return false;
        }
        self.len += at;
        true
    }

    /// `null`, or the value written by `some`.
    #[inline(always)]
    fn option<T>(&mut self, value: &Option<T>, some: impl FnOnce(&mut Self, &T)) {
        match value {
            Some(v) => some(self, v),
            None => self.lit(b"null"),
        }
    }
}

/// A value composed in a fixed room of `N` bytes; `at` counts every byte asked for, so a value
/// that overflows the room is detected (and written another way) rather than cut short.
struct Record<'b, const N: usize> {
    buf: &'b mut [u8; N],
    at: usize,
}

impl<const N: usize> Record<'_, N> {
    #[inline(always)]
    fn lit(&mut self, text: &[u8]) {
        if let Some(to) = self.buf.get_mut(self.at..self.at + text.len()) {
            to.copy_from_slice(text);
        }
        self.at += text.len();
    }

    #[inline(always)]
    fn int(&mut self, value: impl Into<i64>) {
        let value: i64 = value.into();
        let at = self.at;
        match self
            .buf
            .get_mut(at..at + INT_BYTES)
            .and_then(|r| r.first_chunk_mut::<INT_BYTES>())
        {
            Some(room) => self.at += put_int(room, value),
            // Past the room: counted as a whole room more, so the record is seen to overflow.
            None => self.at += N + 1,
        }
    }

    #[inline(always)]
    fn boolean(&mut self, value: bool) {
        self.lit(if value { b"true" } else { b"false" });
    }

    #[inline(always)]
    fn option<T>(&mut self, value: &Option<T>, some: impl FnOnce(&mut Self, &T)) {
        match value {
            Some(v) => some(self, v),
            None => self.lit(b"null"),
        }
    }
}

/// Writes `value` as JSON at the start of `room`; returns the bytes written. Values under 10^8
/// take the branch-free path of [`ascii_digits`]; wider ones (rare in a replay: a few ids) go
/// through `itoa`, and do not fit `room` only when beyond the `u32` range.
#[inline(always)]
fn put_int(room: &mut [u8; INT_BYTES], value: i64) -> usize {
    let sign = usize::from(value < 0);
    room[0] = b'-';
    let magnitude = value.unsigned_abs();
    match u32::try_from(magnitude) {
        Ok(small) if small < 100_000_000 => {
            let (word, count) = ascii_digits(small);
            if let Some(to) = room.get_mut(sign..sign + 8) {
                to.copy_from_slice(&word.to_le_bytes());
            }
            sign + count
        }
        _ => {
            let mut text = itoa::Buffer::new();
            let digits = text.format(magnitude).as_bytes();
            match room.get_mut(sign..sign + digits.len()) {
                Some(to) => {
                    to.copy_from_slice(digits);
                    sign + digits.len()
                }
                // More digits than a `u32` has: no frame model value; counted as overflowing.
                None => INT_BYTES + 1,
            }
        }
    }
}

/// The decimal digits of `value` (< 10^8) as ASCII in the low bytes of a little-endian word,
/// most significant first, and their count. All eight digits are computed at once in the lanes
/// of one `u64` (two 4-digit halves, split into 2-digit pairs, then into digits: each step a
/// multiply by a scaled reciprocal, exact for the lane's range, whose overflow into the next
/// lane the mask removes); the leading zeros are then shifted out.
#[inline(always)]
fn ascii_digits(value: u32) -> (u64, usize) {
    let value = u64::from(value);
    // Lanes of 32 bits: the first four digits, then the last four (each < 10^4).
    let halves = (value / 10_000) | ((value % 10_000) << 32);
    // x / 100 = x * 10486 >> 20 for x < 10^4 (the product stays under 2^27 within its lane).
    let high_pairs = ((halves * 10_486) >> 20) & 0x0000_007f_0000_007f;
    // Lanes of 16 bits: the four 2-digit pairs in order.
    let pairs = high_pairs | (halves - high_pairs * 100) << 16;
    // x / 10 = x * 103 >> 10 for x < 100 (the product stays under 2^14 within its lane).
    let tens = ((pairs * 103) >> 10) & 0x000f_000f_000f_000f;
    // Bytes: the eight digits, most significant first.
    let digits = tens | (pairs - tens * 10) << 8;
    // Leading zero digits are the zero low bytes; 0 keeps one digit.
    let leading = (digits.trailing_zeros() / 8).min(7);
    let word = (digits | 0x3030_3030_3030_3030) >> (8 * leading);
    (word, 8 - leading as usize)
}

/// A JSON array of `items`, each written by `each`.
fn list<'o, T>(
    j: &mut Json<'o>,
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(&mut Json<'o>, T) -> serde_json::Result<()>,
) -> serde_json::Result<()> {
    j.lit(b"[");
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            j.lit(b",");
        }
        each(j, item)?;
    }
    j.lit(b"]");
    Ok(())
}

fn frame(j: &mut Json<'_>, frame: &Frame) -> serde_json::Result<()> {
    j.lit(b"{\"time\":");
    serde_json::to_writer(j.out(), &frame.time)?;
    j.lit(b",\"delta\":");
    serde_json::to_writer(j.out(), &frame.delta)?;
    j.lit(b",\"actor_count\":");
    j.int(frame.actor_count);
    j.lit(b"}");
    Ok(())
}

fn segment(j: &mut Json<'_>, event: Segment<'_>) {
    match event {
        Segment::New(actor) => {
            j.lit(b"{\"New\":");
            new_actor(j, actor);
        }
        Segment::Updated { actor_id, count } => {
            j.lit(b"{\"Updated\":{\"actor_id\":");
            j.int(actor_id);
            j.lit(b",\"count\":");
            j.int(count);
            j.lit(b"}");
        }
        Segment::Deleted(actor_id) => {
            j.lit(b"{\"Deleted\":");
            j.int(actor_id);
        }
    }
    j.lit(b"}");
}

fn new_actor(j: &mut Json<'_>, actor: &NewActor) {
    j.lit(b"{\"actor_id\":");
    j.int(actor.actor_id);
    j.lit(b",\"name_id\":");
    j.option(&actor.name_id, |j, &id| j.int(id));
    j.lit(b",\"unknown\":");
    j.boolean(actor.unknown);
    j.lit(b",\"object_id\":");
    j.int(actor.object_id);
    j.lit(b",\"location\":");
    j.option(&actor.location, json_vector);
    j.lit(b",\"rotation\":");
    j.option(&actor.rotation, json_rotation);
    j.lit(b"}");
}

fn updated_attribute(
    j: &mut Json<'_>,
    update: &UpdatedAttribute,
    frames: &Frames,
) -> serde_json::Result<()> {
    j.lit(b"{\"stream_id\":");
    j.int(update.stream_id);
    j.lit(b",\"object_id\":");
    j.int(update.object_id);
    j.lit(b",\"value\":");
    match &update.value {
        Attribute::Large(index) => match frames.large_attribute(*index) {
            Some(value) => large_attribute(j, value)?,
            None => {
                return Err(serde::ser::Error::custom(format!(
                    "large attribute index {} out of range",
                    index.0
                )));
            }
        },
        small => attribute(j, small)?,
    }
    j.lit(b"}");
    Ok(())
}

/// The common attributes by hand, the others through serde.
fn attribute(j: &mut Json<'_>, value: &Attribute) -> serde_json::Result<()> {
    match value {
        Attribute::RigidBody(index) => {
            j.lit(b"{\"RigidBody\":");
            j.int(index.0);
        }
        Attribute::Rotation(r) => {
            j.lit(b"{\"Rotation\":");
            json_rotation(j, r);
        }
        Attribute::Boolean(b) => {
            j.lit(b"{\"Boolean\":");
            j.boolean(*b);
        }
        Attribute::Byte(b) => {
            j.lit(b"{\"Byte\":");
            j.int(*b);
        }
        Attribute::Int(i) => {
            j.lit(b"{\"Int\":");
            j.int(*i);
        }
        Attribute::Float(f) => {
            j.lit(b"{\"Float\":");
            serde_json::to_writer(j.out(), f)?;
        }
        Attribute::ActiveActor { active, actor } => {
            j.lit(b"{\"ActiveActor\":{\"active\":");
            j.boolean(*active);
            j.lit(b",\"actor\":");
            j.int(*actor);
            j.lit(b"}");
        }
        Attribute::Enum(v) => {
            j.lit(b"{\"Enum\":");
            j.int(*v);
        }
        Attribute::GameMode(v) => {
            j.lit(b"{\"GameMode\":");
            j.int(*v);
        }
        Attribute::PlayerHistoryKey(v) => {
            j.lit(b"{\"PlayerHistoryKey\":");
            j.int(*v);
        }
        Attribute::ReplicatedBoost(b) => {
            j.lit(b"{\"ReplicatedBoost\":{\"grant_count\":");
            j.int(b.grant_count);
            j.lit(b",\"boost_amount\":");
            j.int(b.boost_amount);
            j.lit(b",\"unused1\":");
            j.int(b.unused1);
            j.lit(b",\"unused2\":");
            j.int(b.unused2);
            j.lit(b"}");
        }
        Attribute::FlaggedByte(f) => {
            j.lit(b"{\"FlaggedByte\":{\"flag\":");
            j.boolean(f.flag);
            j.lit(b",\"byte\":");
            j.int(f.byte);
            j.lit(b"}");
        }
        other => return serde_json::to_writer(j.out(), other),
    }
    j.lit(b"}");
    Ok(())
}

/// The common large attributes by hand, the others through serde.
fn large_attribute(j: &mut Json<'_>, value: &LargeAttribute) -> serde_json::Result<()> {
    match value {
        LargeAttribute::Location(v) => {
            j.lit(b"{\"Location\":");
            json_vector(j, v);
        }
        LargeAttribute::PickupNew(p) => {
            j.lit(b"{\"PickupNew\":{\"instigator\":");
            j.option(&p.instigator, |j, &id| j.int(id));
            j.lit(b",\"picked_up\":");
            j.int(p.picked_up);
            j.lit(b"}");
        }
        LargeAttribute::Pickup(p) => {
            j.lit(b"{\"Pickup\":{\"instigator\":");
            j.option(&p.instigator, |j, &id| j.int(id));
            j.lit(b",\"picked_up\":");
            j.boolean(p.picked_up);
            j.lit(b"}");
        }
        LargeAttribute::StatEvent(e) => {
            j.lit(b"{\"StatEvent\":{\"unknown\":");
            j.boolean(e.unknown);
            j.lit(b",\"object_id\":");
            j.int(e.object_id);
            j.lit(b"}");
        }
        other => return serde_json::to_writer(j.out(), other),
    }
    j.lit(b"}");
    Ok(())
}

/// Bytes a rigid body's JSON takes at most: each vector at most 60, the quaternion 78, the keys
/// and punctuation 81 (339 in all).
const RIGID_BODY_MAX: usize = 384;
/// Bytes a vector's or a rotation's JSON takes at most (60 and 41).
const VECTOR_MAX: usize = 64;

fn rigid_body(j: &mut Json<'_>, body: &PackedRigidBody) -> serde_json::Result<()> {
    if !j.record::<RIGID_BODY_MAX>(|r| rigid_body_fields(r, body)) {
        serde_json::to_writer(j.out(), body)?;
    }
    Ok(())
}

/// Read field by field from the packed form: unpacking the whole body first stored a 76-byte
/// struct per rigid body (1.2% of the writer's instructions).
#[inline(always)]
fn rigid_body_fields<const N: usize>(r: &mut Record<'_, N>, body: &PackedRigidBody) {
    r.lit(b"{\"sleeping\":");
    r.boolean(body.sleeping());
    r.lit(b",\"location\":");
    vector(r, &body.location());
    r.lit(b",\"rotation\":");
    quaternion(r, &body.rotation());
    r.lit(b",\"linear_velocity\":");
    r.option(&body.linear_velocity(), vector);
    r.lit(b",\"angular_velocity\":");
    r.option(&body.angular_velocity(), vector);
    r.lit(b"}");
}

/// A vector on its own (in a new actor or a location attribute).
fn json_vector(j: &mut Json<'_>, v: &Vector3i) {
    if !j.record::<VECTOR_MAX>(|r| vector(r, v)) {
        j.lit(serde_json::to_string(v).unwrap_or_default().as_bytes());
    }
}

/// A rotation on its own.
fn json_rotation(j: &mut Json<'_>, rot: &Rotation) {
    if !j.record::<VECTOR_MAX>(|r| rotation(r, rot)) {
        j.lit(serde_json::to_string(rot).unwrap_or_default().as_bytes());
    }
}

#[inline(always)]
fn vector<const N: usize>(r: &mut Record<'_, N>, v: &Vector3i) {
    r.lit(b"{\"size\":");
    r.int(v.size);
    r.lit(b",\"x\":");
    r.int(v.x);
    r.lit(b",\"y\":");
    r.int(v.y);
    r.lit(b",\"z\":");
    r.int(v.z);
    r.lit(b"}");
}

#[inline(always)]
fn quaternion<const N: usize>(r: &mut Record<'_, N>, q: &Quaternion) {
    match *q {
        Quaternion::SmallestThree { largest, a, b, c } => {
            r.lit(b"{\"SmallestThree\":{\"largest\":");
            r.int(largest);
            r.lit(b",\"a\":");
            r.int(a);
            r.lit(b",\"b\":");
            r.int(b);
            r.lit(b",\"c\":");
            r.int(c);
        }
        Quaternion::Compressed { x, y, z } => {
            r.lit(b"{\"Compressed\":{\"x\":");
            r.int(x);
            r.lit(b",\"y\":");
            r.int(y);
            r.lit(b",\"z\":");
            r.int(z);
        }
    }
    r.lit(b"}}");
}

#[inline(always)]
fn rotation<const N: usize>(r: &mut Record<'_, N>, rot: &Rotation) {
    let part = |r: &mut Record<'_, N>, v: &Option<i8>| r.option(v, |r, &v| r.int(v));
    r.lit(b"{\"yaw\":");
    part(r, &rot.yaw);
    r.lit(b",\"pitch\":");
    part(r, &rot.pitch);
    r.lit(b",\"roll\":");
    part(r, &rot.roll);
    r.lit(b"}");
}

#[cfg(test)]
mod tests {
    use super::super::{
        ActorEvent, F32Bits, FlaggedByte, LargeIndex, NetString, Pickup, PickupNew,
        ReplicatedBoost, RigidBody, RigidBodyIndex, StatEvent, TrailingBits,
    };
    use super::*;

    fn vector(size: u8, x: i32) -> Vector3i {
        Vector3i {
            size,
            x,
            y: -x,
            z: i32::MIN,
        }
    }

    fn update(value: Attribute) -> UpdatedAttribute {
        UpdatedAttribute {
            stream_id: 7,
            object_id: u16::MAX,
            value,
        }
    }

    /// Integers at every digit-count boundary, both signs and the extremes of each width give
    /// the text `format!` gives.
    #[test]
    fn integers_match_the_standard_formatting() {
        let mut values: Vec<i64> = vec![
            0,
            i64::from(i32::MIN),
            i64::from(u32::MAX),
            i64::MIN,
            i64::MAX,
        ];
        // Every value up to 10^5, then a stride through the rest of the word-at-once range.
        values.extend(0..100_000);
        values.extend((0..100_000_000).step_by(9_973));
        for power in 0..19 {
            let p = 10i64.pow(power);
            values.extend([p - 1, p, p + 1, -(p - 1), -p, -(p + 1), p * 7 + 3]);
        }
        for v in values {
            let mut out = b"x".to_vec();
            let mut j = Json::new(&mut out);
            j.int(v);
            j.flush();
            assert_eq!(String::from_utf8(out).unwrap(), format!("x{v}"));
        }
    }

    /// Every branch of the hand-written writer (and values the corpus lacks: old quaternions,
    /// NaN and infinite times, missing rotation parts) gives serde's bytes.
    #[test]
    fn writes_what_serde_writes() {
        let mut large = Vec::new();
        let mut aside = |value: LargeAttribute| {
            large.push(value);
            Attribute::Large(LargeIndex(large.len() as u32 - 1))
        };
        let attributes = vec![
            update(Attribute::RigidBody(RigidBodyIndex(1))),
            update(aside(LargeAttribute::Location(Box::new(vector(20, -5))))),
            update(Attribute::Rotation(Rotation {
                yaw: None,
                pitch: Some(0),
                roll: None,
            })),
            update(Attribute::Boolean(false)),
            update(Attribute::Byte(255)),
            update(Attribute::Int(i32::MIN)),
            update(Attribute::Float(F32Bits::from(-0.1))),
            update(Attribute::Float(F32Bits(0x7f80_0000))),
            update(Attribute::ActiveActor {
                active: true,
                actor: -1,
            }),
            update(Attribute::ReplicatedBoost(ReplicatedBoost {
                grant_count: 1,
                boost_amount: 2,
                unused1: 3,
                unused2: 4,
            })),
            update(Attribute::Enum(2047)),
            update(Attribute::GameMode(255)),
            update(Attribute::PlayerHistoryKey(16383)),
            update(aside(LargeAttribute::PickupNew(PickupNew {
                instigator: Some(-7),
                picked_up: 255,
            }))),
            update(aside(LargeAttribute::PickupNew(PickupNew {
                instigator: None,
                picked_up: 0,
            }))),
            update(aside(LargeAttribute::Pickup(Pickup {
                instigator: Some(i32::MAX),
                picked_up: true,
            }))),
            update(aside(LargeAttribute::Pickup(Pickup {
                instigator: None,
                picked_up: false,
            }))),
            update(Attribute::FlaggedByte(FlaggedByte {
                flag: true,
                byte: 9,
            })),
            update(aside(LargeAttribute::StatEvent(StatEvent {
                unknown: false,
                object_id: i32::MIN,
            }))),
            update(aside(LargeAttribute::String(Box::new(NetString::new(
                "Ünïcode \"q\"",
            ))))),
        ];
        let frames = Frames {
            frames: vec![
                Frame {
                    time: F32Bits::from(1.5),
                    delta: F32Bits(0x7fc0_1234),
                    actor_count: 3,
                },
                Frame {
                    time: F32Bits::from(f32::NEG_INFINITY),
                    delta: F32Bits::from(-0.0),
                    actor_count: 0,
                },
            ],
            actors: vec![
                ActorEvent::New,
                ActorEvent::New,
                ActorEvent::Updated {
                    actor_id: 1,
                    count: 20,
                },
                ActorEvent::Deleted(u16::MAX),
            ],
            new_actors: vec![
                NewActor {
                    actor_id: 1,
                    name_id: Some(-4),
                    unknown: true,
                    object_id: 12,
                    location: Some(vector(3, 99)),
                    rotation: Some(Rotation {
                        yaw: Some(-128),
                        pitch: None,
                        roll: Some(127),
                    }),
                },
                NewActor {
                    actor_id: 2,
                    name_id: None,
                    unknown: false,
                    object_id: 0,
                    location: None,
                    rotation: None,
                },
            ],
            attributes,
            rigid_bodies: [
                RigidBody {
                    sleeping: false,
                    location: vector(18, 123_456),
                    rotation: Quaternion::SmallestThree {
                        largest: 3,
                        a: 0,
                        b: 0x3_ffff,
                        c: 17,
                    },
                    linear_velocity: Some(vector(0, 1)),
                    angular_velocity: Some(vector(1, 2)),
                },
                RigidBody {
                    sleeping: true,
                    location: vector(2, 0),
                    rotation: Quaternion::Compressed {
                        x: 0,
                        y: u16::MAX,
                        z: 32768,
                    },
                    linear_velocity: None,
                    angular_velocity: None,
                },
            ]
            .iter()
            .map(|body| PackedRigidBody::pack(body).unwrap())
            .collect(),
            large_attributes: large,
            trailing: TrailingBits {
                bit_len: 5,
                bytes: vec![0x1f],
            },
        };
        let mut fast = Vec::new();
        write_frames(&frames, &mut fast).unwrap();
        let serde = serde_json::to_string(&frames).unwrap();
        assert_eq!(String::from_utf8(fast).unwrap(), serde);
        // Each New segment carries its actor, and the text reads back to the same model.
        assert!(
            serde.contains(r#""actors":[{"New":{"actor_id":1,"name_id":-4,"#),
            "{serde}"
        );
        assert!(serde.contains(r#"{"New":{"actor_id":2,"#), "{serde}");
        assert!(!serde.contains("new_actors"), "{serde}");
        // Each large attribute is in place, as in the enum that held them all.
        assert!(
            serde.contains(r#"{"stream_id":7,"object_id":65535,"value":{"Location":{"size":20,"#),
            "{serde}"
        );
        assert!(!serde.contains("large_attributes"), "{serde}");
        assert!(!serde.contains("Large"), "{serde}");
        let back: Frames = serde_json::from_str(&serde).unwrap();
        assert_eq!(back, frames);
        // The index into the side list is no value of the data: JSON cannot name it.
        let forged = serde.replacen(r#"{"Byte":255}"#, r#"{"Large":0}"#, 1);
        assert_ne!(forged, serde);
        assert!(serde_json::from_str::<Frames>(&forged).is_err());
    }

    /// A hand-edited model whose New segments and new actors do not pair up is refused by both
    /// writers rather than written with actors missing.
    #[test]
    fn unpaired_new_actors_are_refused() {
        let mut frames = Frames {
            frames: vec![Frame {
                time: F32Bits::from(1.0),
                delta: F32Bits::from(1.0),
                actor_count: 1,
            }],
            actors: vec![ActorEvent::New],
            new_actors: Vec::new(),
            attributes: Vec::new(),
            rigid_bodies: Vec::new(),
            large_attributes: Vec::new(),
            trailing: TrailingBits {
                bit_len: 0,
                bytes: Vec::new(),
            },
        };
        for _ in 0..2 {
            let err = serde_json::to_string(&frames).unwrap_err().to_string();
            assert!(err.contains("New actor segments but"), "{err}");
            let err = write_frames(&frames, &mut Vec::new())
                .unwrap_err()
                .to_string();
            assert!(err.contains("New actor segments but"), "{err}");
            // Then one actor too many.
            frames.actors.clear();
            frames.frames[0].actor_count = 0;
            frames.new_actors.push(NewActor {
                actor_id: 0,
                name_id: None,
                unknown: false,
                object_id: 0,
                location: None,
                rotation: None,
            });
        }
    }
}
