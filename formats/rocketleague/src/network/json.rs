//! A fast writer for the JSON of [`Frames`]: the same bytes `serde_json` writes through the
//! derived `Serialize` impls, without serde's calls per key and value: frames, actor segments,
//! attribute updates, rigid bodies and vectors here, the large attributes in [`large`]. Only the
//! trailing bits (one value a replay) go through `serde_json`, into the same buffer. The text is
//! composed by [`text::Json`].
//!
//! The derived impls stay the definition of the form: tests check this writer against them on every
//! corpus replay and on values the corpus lacks.

mod events;
mod floats;
mod large;
mod players;
mod text;

use super::{
    Attribute, Frame, Frames, NewActor, PackedRigidBody, Quaternion, Rotation, Segment,
    UpdatedAttribute, Vector3i, serde_frames::check_new_actors,
};
use large::large_attribute;
use text::{Json, Record};

/// JSON bytes an attribute update, actor segment or frame takes for its own fields (a guess for
/// reserving: the corpus averages 43 to 67; the output grows past it when needed). Rigid bodies
/// are reserved at their most, [`RIGID_BODY_JSON_MAX`]: memory reserved and never written is
/// never touched, where growing the output copies all of it (the largest replays outgrew an
/// estimate of 200 bytes a rigid body, 3.5% of their JSON instructions spent in the copy).
const ITEM_BYTES: usize = 64;

/// Bytes a rigid body's JSON takes at most: each vector at most 60, the quaternion 78, the keys
/// and punctuation 81, a comma 1.
const RIGID_BODY_JSON_MAX: usize = 340;

/// Appends the JSON of `frames` to `out`. Each frame, actor segment, attribute update and rigid
/// body is composed in one [`Record`] (one room check for the item, none per piece); only the
/// large attributes and the rare kinds serde writes go piece by piece.
pub(crate) fn write_frames(frames: &Frames, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let items = frames.frames.len() + frames.actors.len() + frames.attributes.len();
    out.reserve(frames.rigid_bodies.len() * RIGID_BODY_JSON_MAX + items * ITEM_BYTES);
    let mut j = Json::new(out);
    j.lit(b"{\"frames\":");
    records(&mut j, &frames.frames, frame)?;
    j.lit(b",\"actors\":");
    segments(&mut j, frames)?;
    j.lit(b",\"attributes\":[");
    for (i, update) in frames.attributes.iter().enumerate() {
        updated_attribute(&mut j, i == 0, update, frames)?;
    }
    j.lit(b"],\"rigid_bodies\":");
    records(&mut j, &frames.rigid_bodies, rigid_body)?;
    j.lit(b",\"trailing\":");
    serde_json::to_writer(j.out(), &frames.trailing)?;
    j.lit(b"}");
    j.flush();
    Ok(())
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

/// A JSON array of `items`, each composed with its comma in one record by `each`.
fn records<T>(
    j: &mut Json<'_>,
    items: &[T],
    mut each: impl FnMut(&mut Record<'_>, &T),
) -> serde_json::Result<()> {
    j.lit(b"[");
    for (i, item) in items.iter().enumerate() {
        j.record(|r| {
            r.comma(i == 0);
            each(r, item);
        })?;
    }
    j.lit(b"]");
    Ok(())
}

#[inline(always)]
fn frame(r: &mut Record<'_>, frame: &Frame) {
    r.lit(b"{\"time\":");
    r.float(frame.time);
    r.lit(b",\"delta\":");
    r.float(frame.delta);
    r.lit(b",\"actor_count\":");
    r.int(frame.actor_count);
    r.lit(b"}");
}

/// The actor segments, each with its new actor when `New`. A model where segments and new
/// actors do not pair up gets the serde impl's error.
fn segments(j: &mut Json<'_>, frames: &Frames) -> serde_json::Result<()> {
    let unpaired = || -> serde_json::Error {
        let message = check_new_actors(frames).err().unwrap_or_default();
        serde::ser::Error::custom(message)
    };
    let mut new_actors = frames.new_actors.iter();
    j.lit(b"[");
    for (i, event) in frames.actors.iter().enumerate() {
        let event = Segment::pair(*event, &mut new_actors).ok_or_else(unpaired)?;
        j.record(|r| {
            r.comma(i == 0);
            segment(r, event);
        })?;
    }
    j.lit(b"]");
    if new_actors.len() > 0 {
        return Err(unpaired());
    }
    Ok(())
}

#[inline(always)]
fn segment(r: &mut Record<'_>, event: Segment<'_>) {
    match event {
        Segment::New(actor) => {
            r.lit(b"{\"New\":");
            new_actor(r, actor);
        }
        Segment::Updated { actor_id, count } => {
            r.lit(b"{\"Updated\":{\"actor_id\":");
            r.int(actor_id);
            r.lit(b",\"count\":");
            r.int(count);
            r.lit(b"}");
        }
        Segment::Deleted(actor_id) => {
            r.lit(b"{\"Deleted\":");
            r.int(actor_id);
        }
    }
    r.lit(b"}");
}

fn new_actor(r: &mut Record<'_>, actor: &NewActor) {
    r.lit(b"{\"actor_id\":");
    r.int(actor.actor_id);
    r.lit(b",\"name_id\":");
    r.option(&actor.name_id, |r, &id| r.int(id));
    r.lit(b",\"unknown\":");
    r.boolean(actor.unknown);
    r.lit(b",\"object_id\":");
    r.int(actor.object_id);
    r.lit(b",\"location\":");
    r.option(&actor.location, vector);
    r.lit(b",\"rotation\":");
    r.option(&actor.rotation, rotation);
    r.lit(b"}");
}

/// An attribute update: its fields and, for the small kinds, its value in one record; a large
/// value after it.
#[inline(always)]
fn updated_attribute(
    j: &mut Json<'_>,
    first: bool,
    update: &UpdatedAttribute,
    frames: &Frames,
) -> serde_json::Result<()> {
    let mut whole = false;
    j.record(|r| {
        r.comma(first);
        r.lit(b"{\"stream_id\":");
        r.int(update.stream_id);
        r.lit(b",\"object_id\":");
        r.int(update.object_id);
        r.lit(b",\"value\":");
        whole = small_attribute(r, &update.value);
    })?;
    if whole {
        return Ok(());
    }
    // Every kind but `Large` was written whole by `small_attribute`.
    if let Attribute::Large(index) = update.value {
        let Some(value) = frames.large_attribute(index) else {
            return Err(serde::ser::Error::custom(format!(
                "large attribute index {} out of range",
                index.0
            )));
        };
        large_attribute(j, value)?;
    }
    j.lit(b"}");
    Ok(())
}

/// The small attributes and the update's closing brace; `false` (nothing written) for a large
/// one.
#[inline(always)]
fn small_attribute(r: &mut Record<'_>, value: &Attribute) -> bool {
    match value {
        Attribute::RigidBody(index) => {
            r.lit(b"{\"RigidBody\":");
            r.int(index.0);
        }
        Attribute::Rotation(rot) => {
            r.lit(b"{\"Rotation\":");
            rotation(r, rot);
        }
        Attribute::Boolean(b) => {
            r.lit(b"{\"Boolean\":");
            r.boolean(*b);
        }
        Attribute::Byte(b) => {
            r.lit(b"{\"Byte\":");
            r.int(*b);
        }
        Attribute::Int(i) => {
            r.lit(b"{\"Int\":");
            r.int(*i);
        }
        Attribute::Float(f) => {
            r.lit(b"{\"Float\":");
            r.float(*f);
        }
        Attribute::ActiveActor { active, actor } => {
            r.lit(b"{\"ActiveActor\":{\"active\":");
            r.boolean(*active);
            r.lit(b",\"actor\":");
            r.int(*actor);
            r.lit(b"}");
        }
        Attribute::Enum(v) => {
            r.lit(b"{\"Enum\":");
            r.int(*v);
        }
        Attribute::GameMode(v) => {
            r.lit(b"{\"GameMode\":");
            r.int(*v);
        }
        Attribute::PlayerHistoryKey(v) => {
            r.lit(b"{\"PlayerHistoryKey\":");
            r.int(*v);
        }
        Attribute::ReplicatedBoost(b) => {
            r.lit(b"{\"ReplicatedBoost\":{\"grant_count\":");
            r.int(b.grant_count);
            r.lit(b",\"boost_amount\":");
            r.int(b.boost_amount);
            r.lit(b",\"unused1\":");
            r.int(b.unused1);
            r.lit(b",\"unused2\":");
            r.int(b.unused2);
            r.lit(b"}");
        }
        Attribute::FlaggedByte(f) => {
            r.lit(b"{\"FlaggedByte\":{\"flag\":");
            r.boolean(f.flag);
            r.lit(b",\"byte\":");
            r.int(f.byte);
            r.lit(b"}");
        }
        Attribute::ClubColors(c) => {
            r.lit(b"{\"ClubColors\":{\"blue_flag\":");
            r.boolean(c.blue_flag);
            r.lit(b",\"blue_color\":");
            r.int(c.blue_color);
            r.lit(b",\"orange_flag\":");
            r.boolean(c.orange_flag);
            r.lit(b",\"orange_color\":");
            r.int(c.orange_color);
            r.lit(b"}");
        }
        Attribute::Large(_) => return false,
    }
    r.lit(b"}}");
    true
}

/// Read field by field from the packed form: unpacking the whole body first stored a 76-byte
/// struct per rigid body (1.2% of the writer's instructions).
#[inline(always)]
fn rigid_body(r: &mut Record<'_>, body: &PackedRigidBody) {
    r.lit(b"{\"sleeping\":");
    r.boolean(body.sleeping());
    r.lit(b",\"location\":");
    vector(r, &body.location());
    r.lit(b",\"rotation\":");
    quaternion(r, &body.rotation());
    r.lit(b",\"linear_velocity\":");
    velocity(r, body.linear_velocity());
    r.lit(b",\"angular_velocity\":");
    velocity(r, body.angular_velocity());
    r.lit(b"}");
}

/// `null` or the vector, matched here: through `Record::option` the call of `vector` stayed out
/// of line (4% of the writer's instructions).
#[inline(always)]
fn velocity(r: &mut Record<'_>, v: Option<Vector3i>) {
    match v {
        Some(v) => vector(r, &v),
        None => r.lit(b"null"),
    }
}

/// A vector on its own (in a location attribute).
fn json_vector(j: &mut Json<'_>, v: &Vector3i) -> serde_json::Result<()> {
    j.record(|r| vector(r, v))
}

#[inline(always)]
fn vector(r: &mut Record<'_>, v: &Vector3i) {
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
fn quaternion(r: &mut Record<'_>, q: &Quaternion) {
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
fn rotation(r: &mut Record<'_>, rot: &Rotation) {
    let part = |r: &mut Record<'_>, v: &Option<i8>| r.option(v, |r, &v| r.int(v));
    r.lit(b"{\"yaw\":");
    part(r, &rot.yaw);
    r.lit(b",\"pitch\":");
    part(r, &rot.pitch);
    r.lit(b",\"roll\":");
    part(r, &rot.roll);
    r.lit(b"}");
}

#[cfg(test)]
mod tests;
