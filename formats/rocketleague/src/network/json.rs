//! A fast writer for the JSON of [`Frames`]: the same bytes `serde_json` writes through the
//! derived `Serialize` impls, without serde's calls per key and value. Each model type's JSON
//! comes from its declaration ([`form`]: the same field list gives serde's derive and this
//! writer's [`WriteJson`] impl); written here is only the frame model's own layout: the
//! lists, each `New` segment with its actor, each large attribute in place of its index, and
//! each rigid body from its packed form. Only the trailing bits (one value a replay) go through `serde_json`, into the
//! same buffer. The text is composed by [`text::Json`].
//!
//! The derived impls stay the definition of the form: tests check this writer against them on every
//! corpus replay and on values the corpus lacks.

mod floats;
pub(crate) mod form;
mod text;

use super::{
    Attribute, DemolishExtended, Frames, Loadout, PackedRigidBody, RigidBody, Segment,
    UpdatedAttribute, serde_frames::check_new_actors,
};
use form::WriteJson;
pub(crate) use text::Sink;
use text::{Json, RECORD, Record};

/// JSON bytes an attribute update, actor segment or frame takes for its own fields (a guess for
/// reserving: the corpus averages 43 to 67; the output grows past it when needed). Rigid bodies
/// are reserved at their most, [`RIGID_BODY_JSON_MAX`]: memory reserved and never written is
/// never touched, where growing the output copies all of it (the largest replays outgrew an
/// estimate of 200 bytes a rigid body, 3.5% of their JSON instructions spent in the copy).
const ITEM_BYTES: usize = 64;

/// Bytes a rigid body's JSON takes at most, with its comma.
const RIGID_BODY_JSON_MAX: usize = RigidBody::MAX + 1;

/// A rigid body fits its record, and so do the longest fixed-width attributes, which
/// [`Json::value`](text::Sink::value) therefore composes in one record each, as the smaller
/// ones (a `DemolishExtended` takes at most 438 bytes, a loadout 346).
const _: () = assert!(
    RIGID_BODY_JSON_MAX <= RECORD && DemolishExtended::MAX <= RECORD && Loadout::MAX <= RECORD
);

/// Appends the JSON of `frames` to `out`. Each frame, actor segment, attribute update and rigid
/// body is composed in one [`Record`] (one room check for the item, none per piece); only the
/// large attributes and the rare kinds serde writes go piece by piece.
pub(crate) fn write_frames(frames: &Frames, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let items = frames.frames.len() + frames.actors.len() + frames.attributes.len();
    out.reserve(frames.rigid_bodies.len() * RIGID_BODY_JSON_MAX + items * ITEM_BYTES);
    let mut j = Json::new(out);
    j.lit(b"{\"frames\":");
    records(&mut j, &frames.frames, |r, frame| r.value(frame));
    j.lit(b",\"actors\":");
    segments(&mut j, frames)?;
    j.lit(b",\"attributes\":[");
    for (i, update) in frames.attributes.iter().enumerate() {
        updated_attribute(&mut j, i == 0, update, frames)?;
    }
    j.lit(b"],\"rigid_bodies\":");
    records(&mut j, &frames.rigid_bodies, rigid_body);
    j.lit(b",\"trailing\":");
    serde_json::to_writer(j.out(), &frames.trailing)?;
    j.lit(b"}");
    j.finish()
}

/// A JSON array of `items`, each composed with its comma in one record by `each`.
fn records<T>(j: &mut Json<'_>, items: &[T], mut each: impl FnMut(&mut Record<'_>, &T)) {
    j.lit(b"[");
    for (i, item) in items.iter().enumerate() {
        j.record(|r| {
            r.comma(i == 0);
            each(r, item);
        });
    }
    j.lit(b"]");
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
            r.value(&event);
        });
    }
    j.lit(b"]");
    if new_actors.len() > 0 {
        return Err(unpaired());
    }
    Ok(())
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
    // `Attribute`'s JSON leaves out `Large`, whose value is written in its place, after the
    // record. (One closure for both: a head closure shared by two records was called out of
    // line, 12.0M instructions of gridiron's 83.6M in callgrind.)
    let mut large = None;
    j.record(|r| {
        r.comma(first);
        r.lit(b"{\"stream_id\":");
        r.int(update.stream_id);
        r.lit(b",\"object_id\":");
        r.int(update.object_id);
        r.lit(b",\"value\":");
        match update.value {
            Attribute::Large(index) => large = Some(index),
            ref small => {
                r.value(small);
                r.lit(b"}");
            }
        }
    });
    let Some(index) = large else {
        return Ok(());
    };
    let Some(value) = frames.large_attribute(index) else {
        return Err(serde::ser::Error::custom(format!(
            "large attribute index {} out of range",
            index.0
        )));
    };
    j.value(value);
    j.lit(b"}");
    Ok(())
}

/// [`RigidBody`]'s JSON read field by field from the packed form: unpacking the whole body
/// first stored a 76-byte struct per rigid body (1.2% of the writer's instructions).
#[inline(always)]
fn rigid_body(r: &mut Record<'_>, body: &PackedRigidBody) {
    r.lit(b"{\"sleeping\":");
    r.boolean(body.sleeping());
    r.lit(b",\"location\":");
    r.value(&body.location());
    r.lit(b",\"rotation\":");
    r.value(&body.rotation());
    r.lit(b",\"linear_velocity\":");
    r.value(&body.linear_velocity());
    r.lit(b",\"angular_velocity\":");
    r.value(&body.angular_velocity());
    r.lit(b"}");
}

#[cfg(test)]
mod tests;
