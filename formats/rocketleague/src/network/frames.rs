//! The frame loop: actor segments (new / updated / deleted), read and written in mirror image.

use super::attributes::{kind_matches, kind_of, read_attribute, write_attribute};
use std::borrow::Cow;

use super::bits::{BitReader, BitWriter, Fail, Res, max_code, push_paced};
use super::cache::{ClassInfo, Prepared, prepare};
use super::codec::{AttrCtx, BitCodec, F32Bits, ProductObjects, Rotation, Vector3i};
use super::data::Spawn;
use super::large::LargeValues;
use super::{
    ActorEvent, Error, Frame, Frames, LargeAttribute, NetworkContext, NewActor, TrailingBits,
    UpdatedAttribute, VersionTriple,
};
use crate::strings::String16;

/// Largest `MaxChannels` accepted: the active-actor table is sized by it, and actor ids, which
/// are below it, fit the 16 bits [`ActorEvent`] keeps them in.
const MAX_CHANNELS_LIMIT: u32 = 1 << 16;
const _: () = assert!(MAX_CHANNELS_LIMIT <= 1 << u16::BITS);
/// Longest objects list accepted: object ids then fit the 16 bits of a [`Channel`] and of a
/// property's object id with one value to spare for [`Channel::CLOSED`]. Replays name a few
/// hundred objects.
const MAX_OBJECTS: usize = u16::MAX as usize;
/// A frame needs at least its time, delta and end-of-actors bit.
const MIN_FRAME_BITS: usize = 65;
/// Stream bytes per actor segment and per attribute update to reserve for up front: the
/// corpus has 15 to 190 bytes per segment (median 29) and 12 to 160 per attribute (median 20).
/// Reserving for the sparser replays (40 and 32) leaves them little unused room at the peak,
/// where reserving for the dense ones (20 and 16) held up to 0.8x the file unused in short
/// replays; the denser ones grow by their pace, mostly once.
const BYTES_PER_SEGMENT: usize = 40;
/// See [`BYTES_PER_SEGMENT`].
const BYTES_PER_ATTRIBUTE: usize = 32;
/// Stream bytes per new actor to reserve for up front: the large corpus replays spawn one per
/// 400 to 500 bytes, short ones one per 100 or so; the list grows by its pace from there.
/// Reserving for the sparse end (512) grows most lists once but lowered every large replay's
/// peak (up to 200 KB), where 256 held up to 157 KB unused at the peak (gridiron); 1024 gained
/// nothing more.
const BYTES_PER_NEW_ACTOR: usize = 512;
/// Stream bytes per rigid body to reserve for up front. The corpus has 29 bytes of stream per
/// rigid body and up (median 45; float-heavy modes far more); reserving for the densest
/// replays left the others holding up to a file size of unused room, so the list starts at
/// the sparse end and grows by its pace.
const BYTES_PER_RIGID_BODY: usize = 96;

/// Stream-wide settings derived once from the context.
struct Setup<'c> {
    ctx: &'c NetworkContext<'c>,
    attr: AttrCtx,
    prepared: Prepared,
    actor_bits: u32,
    parse_name_id: bool,
}

impl<'c> Setup<'c> {
    fn new(ctx: &'c NetworkContext<'c>) -> Result<Self, Error> {
        if ctx.max_channels > MAX_CHANNELS_LIMIT {
            return Err(plain(format!(
                "MaxChannels {} exceeds {MAX_CHANNELS_LIMIT}",
                ctx.max_channels
            )));
        }
        if ctx.objects.len() > MAX_OBJECTS {
            return Err(plain(format!(
                "objects list of {} entries exceeds {MAX_OBJECTS}",
                ctx.objects.len()
            )));
        }
        let attr = AttrCtx {
            version: ctx.version,
            is_rl_223: ctx.is_rl_223,
            products: product_objects(ctx),
        };
        let v = ctx.version;
        Ok(Setup {
            ctx,
            attr,
            prepared: prepare(ctx).map_err(|m| plain(m.to_string()))?,
            actor_bits: (32 - ctx.max_channels.leading_zeros()).saturating_sub(1),
            parse_name_id: v >= VersionTriple::new(868, 20, 0)
                || (v >= VersionTriple::new(868, 14, 0) && !ctx.is_lan),
        })
    }

    fn class(&self, object_id: u32) -> Res<(Spawn, &ClassInfo)> {
        let (spawn, class) = self
            .prepared
            .objects
            .get(object_id as usize)
            .ok_or_else(|| Fail::Bad(format!("object id {object_id} out of range")))?;
        Ok((*spawn, &self.prepared.classes[*class as usize]))
    }

    fn object_name(&self, id: u32) -> Cow<'_, str> {
        self.ctx
            .objects
            .get(id as usize)
            .map_or(Cow::Borrowed("?"), String16::as_str)
    }
}

/// The first object index of each product attribute class, in one pass over the objects
/// (a pass per class compared every name five times, a tenth of a short replay's parse).
fn product_objects(ctx: &NetworkContext<'_>) -> ProductObjects {
    let mut found = ProductObjects {
        user_color: u32::MAX,
        painted: u32::MAX,
        special_edition: u32::MAX,
        team_edition: u32::MAX,
        title: u32::MAX,
    };
    // Backwards, so the first occurrence is written last. The list fits u32 (MAX_OBJECTS).
    for (i, name) in ctx.objects.iter().enumerate().rev() {
        let slot = match &*name.as_str() {
            "TAGame.ProductAttribute_UserColor_TA" => &mut found.user_color,
            "TAGame.ProductAttribute_Painted_TA" => &mut found.painted,
            "TAGame.ProductAttribute_SpecialEdition_TA" => &mut found.special_edition,
            "TAGame.ProductAttribute_TeamEdition_TA" => &mut found.team_edition,
            "TAGame.ProductAttribute_TitleID_TA" => &mut found.title,
            _ => continue,
        };
        *slot = i as u32;
    }
    found
}

fn plain(message: String) -> Error {
    Error {
        frame: None,
        segment: None,
        bit: 0,
        message,
    }
}

fn describe(f: Fail) -> String {
    match f {
        Fail::Eof(what) => format!("unexpected end of stream reading {what}"),
        Fail::Bad(msg) => msg,
    }
}

/// Decodes `NumFrames` frames; a frame starting with zero time and delta ends the stream early
/// (it and everything after it are kept as trailing bits). Running out of data is an error.
pub fn read_frames(ctx: &NetworkContext<'_>, data: &[u8]) -> Result<Frames, Error> {
    let setup = Setup::new(ctx)?;
    let mut r = BitReader::new(data);
    let mut active: Vec<Channel> = vec![Channel::CLOSED; ctx.max_channels as usize];
    let mut out = Frames {
        frames: Vec::with_capacity(ctx.num_frames.min(data.len() * 8 / MIN_FRAME_BITS)),
        actors: Vec::with_capacity(data.len() / BYTES_PER_SEGMENT),
        new_actors: Vec::with_capacity(data.len() / BYTES_PER_NEW_ACTOR),
        attributes: Vec::with_capacity(data.len() / BYTES_PER_ATTRIBUTE),
        rigid_bodies: Vec::with_capacity(data.len() / BYTES_PER_RIGID_BODY),
        large_attributes: Vec::new(),
        trailing: TrailingBits {
            bit_len: 0,
            bytes: Vec::new(),
        },
    };
    let mut large = LargeValues::default();
    let mut trailing_start = r.pos();
    let max_channels = u64::from(ctx.max_channels);
    while out.frames.len() < ctx.num_frames {
        let start = r.pos();
        let index = out.frames.len();
        let time = F32Bits(
            r.u32("frame time")
                .map_err(|f| at(r.pos(), index, None, f))?,
        );
        let delta = F32Bits(
            r.u32("frame delta")
                .map_err(|f| at(r.pos(), index, None, f))?,
        );
        if time.0 == 0 && delta.0 == 0 {
            trailing_start = start;
            break;
        }
        let first = out.actors.len();
        loop {
            let seg = out.actors.len() - first;
            let head = r
                .segment_head(setup.actor_bits, max_channels)
                .map_err(|f| at(r.pos(), index, Some(seg), f))?;
            let Some((actor_id, state)) = head else {
                break;
            };
            // Below `max_channels`, at most MAX_CHANNELS_LIMIT: the cast keeps every bit.
            let event = read_segment(
                &setup,
                &mut r,
                actor_id as u16,
                state,
                &mut active,
                &mut out,
                &mut large,
            )
            .map_err(|f| at(r.pos(), index, Some(seg), f))?;
            push_paced(&mut out.actors, event, &r);
        }
        let actor_count = u32::try_from(out.actors.len() - first).map_err(|_| {
            at(
                r.pos(),
                index,
                None,
                Fail::Bad("too many actor segments".into()),
            )
        })?;
        out.frames.push(Frame {
            time,
            delta,
            actor_count,
        });
        trailing_start = r.pos();
    }
    out.actors.shrink_to_fit();
    out.new_actors.shrink_to_fit();
    out.attributes.shrink_to_fit();
    out.rigid_bodies.shrink_to_fit();
    out.large_attributes = large.into_vec();
    out.trailing = take_bits(data, trailing_start);
    Ok(out)
}

#[cold]
fn at(bit: usize, frame: usize, segment: Option<usize>, f: Fail) -> Error {
    Error {
        frame: Some(frame),
        segment,
        bit,
        message: describe(f),
    }
}

/// An actor channel: the object of the actor open on it, whose class an update looks up, or
/// [`Channel::CLOSED`]. Object ids fit 16 bits ([`MAX_OBJECTS`]), so the table takes 4 KiB at the
/// usual 2047 channels, where `Option<u32>` took 16 KiB: the fixed heap of a parse is most of the
/// peak of a short replay. (Keeping a reference to the class beside the object saved a look-up
/// but took 32 KiB.)
#[derive(Clone, Copy)]
struct Channel(u16);

impl Channel {
    /// No actor is open on the channel (an object id [`MAX_OBJECTS`] leaves free).
    const CLOSED: Channel = Channel(u16::MAX);

    /// The channel of an actor of object `object_id`, which [`Setup::class`] has found.
    fn open(object_id: u32) -> Res<Channel> {
        match u16::try_from(object_id) {
            Ok(id) if id != u16::MAX => Ok(Channel(id)),
            _ => Err(Fail::Bad(format!("object id {object_id} exceeds 16 bits"))),
        }
    }

    /// The object of the open actor; `None` when the channel is closed.
    fn object(self) -> Option<u32> {
        (self.0 != u16::MAX).then_some(u32::from(self.0))
    }
}

/// Reads the rest of a segment whose head [`BitReader::segment_head`] gave: `state` is `None`
/// for a deleted actor, else whether it is new.
#[inline(always)]
fn read_segment(
    s: &Setup<'_>,
    r: &mut BitReader<'_>,
    actor_id: u16,
    state: Option<bool>,
    active: &mut [Channel],
    out: &mut Frames,
    large: &mut LargeValues,
) -> Res<ActorEvent> {
    let slot = active
        .get_mut(actor_id as usize)
        .ok_or_else(|| Fail::Bad(format!("actor id {actor_id} exceeds MaxChannels")))?;
    let Some(new) = state else {
        *slot = Channel::CLOSED;
        return Ok(ActorEvent::Deleted(actor_id));
    };
    if new {
        let actor = read_new_actor(s, r, u32::from(actor_id))?;
        *slot = Channel::open(actor.object_id)?;
        push_paced(&mut out.new_actors, actor, r);
        return Ok(ActorEvent::New);
    }
    let object_id = slot
        .object()
        .ok_or_else(|| Fail::Bad(format!("update of actor {actor_id} that does not exist")))?;
    let (_, class) = s.class(object_id)?;
    let before = out.attributes.len();
    while r.bit("attribute flag")? {
        let stream_id = r.bits_max(class.prop_bits, class.max_prop_id, "stream id")? as u32;
        let prop = class.prop(stream_id).ok_or_else(|| {
            Fail::Bad(format!(
                "stream id {stream_id} unknown for {}",
                s.object_name(object_id)
            ))
        })?;
        let kind = prop.kind.ok_or_else(|| {
            Fail::Bad(format!(
                "no attribute decoder for {}",
                s.object_name(u32::from(prop.object_id))
            ))
        })?;
        let Ok(stream_id) = u16::try_from(stream_id) else {
            return Err(wide_stream_id(stream_id));
        };
        let value = read_attribute(kind, r, &s.attr, &mut out.rigid_bodies, large)?;
        push_paced(
            &mut out.attributes,
            UpdatedAttribute {
                stream_id,
                object_id: prop.object_id,
                value,
            },
            r,
        );
    }
    let count = (out.attributes.len() - before) as u32;
    Ok(ActorEvent::Updated { actor_id, count })
}

/// The error for a stream id that does not fit [`UpdatedAttribute`]'s 16 bits.
#[cold]
fn wide_stream_id(stream_id: u32) -> Fail {
    Fail::Bad(format!(
        "stream id {stream_id} exceeds the 16 bits an update keeps"
    ))
}

#[inline(always)]
fn read_new_actor(s: &Setup<'_>, r: &mut BitReader<'_>, actor_id: u32) -> Res<NewActor> {
    let name_id = if s.parse_name_id {
        Some(r.u32("actor name id")? as i32)
    } else {
        None
    };
    let unknown = r.bit("new actor flag")?;
    let object_id = r.u32("actor object id")?;
    let (spawn, _) = s.class(object_id)?;
    let location = match spawn {
        Spawn::None => None,
        Spawn::Location | Spawn::LocationAndRotation => Some(Vector3i::read(r, &s.attr)?),
    };
    let rotation = match spawn {
        Spawn::LocationAndRotation => Some(Rotation::read(r, &s.attr)?),
        _ => None,
    };
    Ok(NewActor {
        actor_id,
        name_id,
        unknown,
        object_id,
        location,
        rotation,
    })
}

/// Copies the bits from `start` to the end of `data`, repacked from bit 0.
fn take_bits(data: &[u8], start: usize) -> TrailingBits {
    let bit_len = (data.len() * 8).saturating_sub(start);
    let (first, shift) = (start / 8, start % 8);
    let bytes = (0..bit_len.div_ceil(8))
        .map(|k| {
            let lo = data.get(first + k).copied().unwrap_or(0) >> shift;
            let hi = if shift == 0 {
                0
            } else {
                data.get(first + k + 1).copied().unwrap_or(0) << (8 - shift)
            };
            lo | hi
        })
        .collect();
    TrailingBits {
        bit_len: bit_len as u64,
        bytes,
    }
}

/// Encodes frames back into a network stream; `read_frames` of the result gives `frames` again.
pub fn write_frames(ctx: &NetworkContext<'_>, frames: &Frames) -> Result<Vec<u8>, Error> {
    let setup = Setup::new(ctx)?;
    let mut w = BitWriter::with_capacity(encoded_size_bound(frames));
    let mut active: Vec<Channel> = vec![Channel::CLOSED; ctx.max_channels as usize];
    let mut actors = frames.actors.as_slice();
    let mut new_actors = frames.new_actors.iter();
    let mut pending = frames.attributes.as_slice();
    let fail = |w: &BitWriter, frame, seg, f| Error {
        frame,
        segment: seg,
        bit: w.len_bits(),
        message: describe(f),
    };
    for (index, frame) in frames.frames.iter().enumerate() {
        if frame.time.0 == 0 && frame.delta.0 == 0 {
            return Err(fail(
                &w,
                Some(index),
                None,
                Fail::Bad("a frame with zero time and delta would end the stream".into()),
            ));
        }
        let count = frame.actor_count as usize;
        if count > actors.len() {
            return Err(fail(
                &w,
                Some(index),
                None,
                Fail::Bad(format!(
                    "frame claims {count} actor segments, {} remain",
                    actors.len()
                )),
            ));
        }
        let (mine, rest) = actors.split_at(count);
        actors = rest;
        w.bits(u64::from(frame.time.0), 32);
        w.bits(u64::from(frame.delta.0), 32);
        for (seg, event) in mine.iter().enumerate() {
            write_segment(
                &setup,
                &mut w,
                &mut active,
                *event,
                &mut new_actors,
                &mut pending,
                frames,
            )
            .map_err(|f| fail(&w, Some(index), Some(seg), f))?;
        }
        w.bit(false);
    }
    for (left, what) in [
        (actors.len(), "actor segments belong to no frame"),
        (new_actors.len(), "new actors belong to no New segment"),
        (pending.len(), "attributes belong to no updated actor"),
    ] {
        if left > 0 {
            return Err(fail(&w, None, None, Fail::Bad(format!("{left} {what}"))));
        }
    }
    write_trailing(&mut w, &frames.trailing).map_err(|f| Error {
        frame: None,
        segment: None,
        bit: w.len_bits(),
        message: describe(f),
    })?;
    Ok(w.finish())
}

/// A generous guess at the encoded size, so the writer's buffer is allocated once: the corpus
/// averages about 40 bytes per rigid body and a few per other attribute, actor segment and frame.
/// The zeroed pages past the end are never touched.
fn encoded_size_bound(frames: &Frames) -> usize {
    let items = frames.frames.len() + frames.actors.len() + frames.attributes.len();
    frames
        .rigid_bodies
        .len()
        .saturating_mul(48)
        .saturating_add(items.saturating_mul(8))
        .saturating_add(frames.trailing.bytes.len())
}

fn write_trailing(w: &mut BitWriter, t: &TrailingBits) -> Res<()> {
    if t.bit_len.div_ceil(8) != t.bytes.len() as u64 {
        return Err(Fail::Bad(
            "trailing bit count does not match its bytes".into(),
        ));
    }
    let full = (t.bit_len / 8) as usize;
    w.bytes(&t.bytes[..full]);
    let rest = (t.bit_len % 8) as u32;
    if rest > 0 {
        w.bits(u64::from(t.bytes[full]), rest);
    }
    Ok(())
}

/// Writes one segment, taking its data from the side lists and advancing them past it. It
/// matches the event itself, taking a new actor only for `New`, rather than pairing every event
/// into a `Segment` first (1% fewer instructions). Inlined into the frame loop: as a call it
/// cost the writer 9% more instructions.
#[inline(always)]
fn write_segment(
    s: &Setup<'_>,
    w: &mut BitWriter,
    active: &mut [Channel],
    event: ActorEvent,
    new_actors: &mut std::slice::Iter<'_, NewActor>,
    pending: &mut &[UpdatedAttribute],
    frames: &Frames,
) -> Res<()> {
    match event {
        ActorEvent::Deleted(actor_id) => {
            *open_segment(s, w, active, u32::from(actor_id), 0, 1)? = Channel::CLOSED;
        }
        ActorEvent::New => {
            let a = new_actors
                .next()
                .ok_or_else(|| Fail::Bad("New actor segment without a new actor".into()))?;
            let slot = open_segment(s, w, active, a.actor_id, 0b11, 2)?;
            write_new_actor(s, w, a)?;
            *slot = Channel::open(a.object_id)?;
        }
        ActorEvent::Updated { actor_id, count } => {
            let count = count as usize;
            if count > pending.len() {
                return Err(Fail::Bad(format!(
                    "segment claims {count} attributes, {} remain",
                    pending.len()
                )));
            }
            let (mine, rest) = pending.split_at(count);
            *pending = rest;
            // Alive, then not new.
            let slot = open_segment(s, w, active, u32::from(actor_id), 0b01, 2)?;
            let object_id = slot.object().ok_or_else(|| {
                Fail::Bad(format!("update of actor {actor_id} that does not exist"))
            })?;
            write_updates(s, w, u32::from(actor_id), object_id, mine, frames)?;
        }
    }
    Ok(())
}

/// Writes the segment flag, the actor id and the segment's `flags` in one write, and returns
/// the actor's channel slot; nothing is written when the id does not fit. Inlined into its three
/// callers: as a call it cost the writer 7-9% more instructions.
#[inline(always)]
fn open_segment<'a>(
    s: &Setup<'_>,
    w: &mut BitWriter,
    active: &'a mut [Channel],
    actor_id: u32,
    flags: u64,
    flag_bits: u32,
) -> Res<&'a mut Channel> {
    let slot = active
        .get_mut(actor_id as usize)
        .ok_or_else(|| Fail::Bad(format!("actor id {actor_id} exceeds MaxChannels")))?;
    let (id, id_bits) = max_code(
        u64::from(actor_id),
        s.actor_bits,
        u64::from(s.ctx.max_channels),
    )?;
    w.bits(
        1 | id << 1 | flags << (id_bits + 1),
        id_bits + 1 + flag_bits,
    );
    Ok(slot)
}

/// Writes the attribute updates of an existing actor whose class object is `object_id`.
fn write_updates(
    s: &Setup<'_>,
    w: &mut BitWriter,
    actor_id: u32,
    object_id: u32,
    updates: &[UpdatedAttribute],
    frames: &Frames,
) -> Res<()> {
    let (_, class) = s.class(object_id)?;
    let large = frames.large_attributes.as_slice();
    for a in updates {
        check_attribute(s, actor_id, object_id, class, a, large)?;
        // The attribute flag and the stream id in one write.
        let (id, id_bits) = max_code(u64::from(a.stream_id), class.prop_bits, class.max_prop_id)?;
        w.bits(1 | id << 1, id_bits + 1);
        write_attribute(&a.value, w, &s.attr, &frames.rigid_bodies, large)?;
    }
    w.bit(false);
    Ok(())
}

/// The writer's check that an attribute fits its actor: the stream id names a property of the
/// actor's class, that property's object, and a kind whose reader gives this variant.
fn check_attribute(
    s: &Setup<'_>,
    actor_id: u32,
    object_id: u32,
    class: &ClassInfo,
    a: &UpdatedAttribute,
    large: &[LargeAttribute],
) -> Res<()> {
    let Some(prop) = class.prop(u32::from(a.stream_id)) else {
        return Err(Fail::Bad(format!(
            "actor {actor_id}: stream id {} unknown for {}",
            a.stream_id,
            s.object_name(object_id)
        )));
    };
    if prop.object_id != a.object_id {
        return Err(Fail::Bad(format!(
            "actor {actor_id}: stream id {} is {}, not object {}",
            a.stream_id,
            s.object_name(u32::from(prop.object_id)),
            a.object_id
        )));
    }
    match prop.kind {
        Some(kind) if kind_matches(kind, &a.value, large, &s.attr) => Ok(()),
        Some(kind) => Err(Fail::Bad(format!(
            "actor {actor_id}: stream id {} ({}) holds {kind:?} attributes, not {}",
            a.stream_id,
            s.object_name(u32::from(prop.object_id)),
            kind_of(&a.value, large).map_or_else(
                || "a large attribute index out of range".to_owned(),
                |k| format!("{k:?}")
            )
        ))),
        None => Err(Fail::Bad(format!(
            "actor {actor_id}: no attribute decoder for stream id {} ({})",
            a.stream_id,
            s.object_name(u32::from(prop.object_id))
        ))),
    }
}

fn write_new_actor(s: &Setup<'_>, w: &mut BitWriter, a: &NewActor) -> Res<()> {
    match (a.name_id, s.parse_name_id) {
        (Some(id), true) => w.bits(u64::from(id as u32), 32),
        (None, false) => {}
        _ => {
            return Err(Fail::Bad(
                "actor name id presence does not match the replay version".into(),
            ));
        }
    }
    w.bit(a.unknown);
    w.bits(u64::from(a.object_id), 32);
    let (spawn, _) = s.class(a.object_id)?;
    match (spawn, &a.location, &a.rotation) {
        (Spawn::None, None, None) => Ok(()),
        (Spawn::Location, Some(l), None) => l.write(w, &s.attr),
        (Spawn::LocationAndRotation, Some(l), Some(rot)) => {
            l.write(w, &s.attr)?;
            rot.write(w, &s.attr)
        }
        _ => Err(Fail::Bad(format!(
            "spawn location/rotation do not match {}",
            s.object_name(a.object_id)
        ))),
    }
}
