//! A fast writer for the JSON of [`Frames`]: the same bytes `serde_json` writes through the
//! derived `Serialize` impls, without serde's calls per key and value for the types that make up
//! most of a replay (frames, actor segments, attribute updates, rigid bodies, vectors). Every other
//! value goes through `serde_json` into the same buffer.
//!
//! The derived impls stay the definition of the form: tests check this writer against them on every
//! corpus replay and on values the corpus lacks.

use super::{
    ActorEvent, Attribute, Frame, Frames, NewActor, Quaternion, RigidBody, Rotation,
    UpdatedAttribute, Vector3i,
};

/// JSON bytes a rigid body update takes at most, with both velocities: enough to reserve the
/// output once for the bulk of a replay.
const RIGID_BODY_BYTES: usize = 200;
/// JSON bytes an attribute update, actor segment or frame takes for its own fields (a guess for
/// reserving; the buffer grows past it when needed).
const ITEM_BYTES: usize = 64;

/// Appends the JSON of `frames` to `out`.
pub(crate) fn write_frames(frames: &Frames, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let items = frames.frames.len() + frames.actors.len() + frames.attributes.len();
    out.reserve(frames.rigid_bodies.len() * RIGID_BODY_BYTES + items * ITEM_BYTES);
    out.extend_from_slice(b"{\"frames\":");
    list(out, &frames.frames, frame)?;
    out.extend_from_slice(b",\"actors\":");
    list(out, &frames.actors, actor_event)?;
    out.extend_from_slice(b",\"attributes\":");
    list(out, &frames.attributes, updated_attribute)?;
    out.extend_from_slice(b",\"rigid_bodies\":");
    list(out, &frames.rigid_bodies, |out, body| {
        rigid_body(out, body);
        Ok(())
    })?;
    out.extend_from_slice(b",\"trailing\":");
    serde_json::to_writer(&mut *out, &frames.trailing)?;
    out.push(b'}');
    Ok(())
}

/// A JSON array of `items`, each written by `each`.
fn list<T>(
    out: &mut Vec<u8>,
    items: &[T],
    mut each: impl FnMut(&mut Vec<u8>, &T) -> serde_json::Result<()>,
) -> serde_json::Result<()> {
    out.push(b'[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        each(out, item)?;
    }
    out.push(b']');
    Ok(())
}

/// A JSON integer.
#[inline]
fn int(out: &mut Vec<u8>, value: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

#[inline]
fn boolean(out: &mut Vec<u8>, value: bool) {
    out.extend_from_slice(if value { b"true" } else { b"false" });
}

/// `null`, or the value written by `some`.
#[inline]
fn option<T>(out: &mut Vec<u8>, value: &Option<T>, some: impl FnOnce(&mut Vec<u8>, &T)) {
    match value {
        Some(v) => some(out, v),
        None => out.extend_from_slice(b"null"),
    }
}

fn frame(out: &mut Vec<u8>, frame: &Frame) -> serde_json::Result<()> {
    out.extend_from_slice(b"{\"time\":");
    serde_json::to_writer(&mut *out, &frame.time)?;
    out.extend_from_slice(b",\"delta\":");
    serde_json::to_writer(&mut *out, &frame.delta)?;
    out.extend_from_slice(b",\"actor_count\":");
    int(out, frame.actor_count);
    out.push(b'}');
    Ok(())
}

fn actor_event(out: &mut Vec<u8>, event: &ActorEvent) -> serde_json::Result<()> {
    match event {
        ActorEvent::New(actor) => {
            out.extend_from_slice(b"{\"New\":");
            new_actor(out, actor);
        }
        ActorEvent::Updated { actor_id, count } => {
            out.extend_from_slice(b"{\"Updated\":{\"actor_id\":");
            int(out, *actor_id);
            out.extend_from_slice(b",\"count\":");
            int(out, *count);
            out.push(b'}');
        }
        ActorEvent::Deleted(actor_id) => {
            out.extend_from_slice(b"{\"Deleted\":");
            int(out, *actor_id);
        }
    }
    out.push(b'}');
    Ok(())
}

fn new_actor(out: &mut Vec<u8>, actor: &NewActor) {
    out.extend_from_slice(b"{\"actor_id\":");
    int(out, actor.actor_id);
    out.extend_from_slice(b",\"name_id\":");
    option(out, &actor.name_id, |out, &id| int(out, id));
    out.extend_from_slice(b",\"unknown\":");
    boolean(out, actor.unknown);
    out.extend_from_slice(b",\"object_id\":");
    int(out, actor.object_id);
    out.extend_from_slice(b",\"location\":");
    option(out, &actor.location, vector);
    out.extend_from_slice(b",\"rotation\":");
    option(out, &actor.rotation, rotation);
    out.push(b'}');
}

fn updated_attribute(out: &mut Vec<u8>, update: &UpdatedAttribute) -> serde_json::Result<()> {
    out.extend_from_slice(b"{\"stream_id\":");
    int(out, update.stream_id);
    out.extend_from_slice(b",\"object_id\":");
    int(out, update.object_id);
    out.extend_from_slice(b",\"value\":");
    attribute(out, &update.value)?;
    out.push(b'}');
    Ok(())
}

/// The common attributes by hand, the others through serde.
fn attribute(out: &mut Vec<u8>, value: &Attribute) -> serde_json::Result<()> {
    match value {
        Attribute::RigidBody(index) => {
            out.extend_from_slice(b"{\"RigidBody\":");
            int(out, index.0);
        }
        Attribute::Location(v) => {
            out.extend_from_slice(b"{\"Location\":");
            vector(out, v);
        }
        Attribute::Rotation(r) => {
            out.extend_from_slice(b"{\"Rotation\":");
            rotation(out, r);
        }
        Attribute::Boolean(b) => {
            out.extend_from_slice(b"{\"Boolean\":");
            boolean(out, *b);
        }
        Attribute::Byte(b) => {
            out.extend_from_slice(b"{\"Byte\":");
            int(out, *b);
        }
        Attribute::Int(i) => {
            out.extend_from_slice(b"{\"Int\":");
            int(out, *i);
        }
        Attribute::ActiveActor(a) => {
            out.extend_from_slice(b"{\"ActiveActor\":{\"active\":");
            boolean(out, a.active);
            out.extend_from_slice(b",\"actor\":");
            int(out, a.actor);
            out.push(b'}');
        }
        other => return serde_json::to_writer(&mut *out, other),
    }
    out.push(b'}');
    Ok(())
}

fn rigid_body(out: &mut Vec<u8>, body: &RigidBody) {
    out.extend_from_slice(b"{\"sleeping\":");
    boolean(out, body.sleeping);
    out.extend_from_slice(b",\"location\":");
    vector(out, &body.location);
    out.extend_from_slice(b",\"rotation\":");
    quaternion(out, &body.rotation);
    out.extend_from_slice(b",\"linear_velocity\":");
    option(out, &body.linear_velocity, vector);
    out.extend_from_slice(b",\"angular_velocity\":");
    option(out, &body.angular_velocity, vector);
    out.push(b'}');
}

fn vector(out: &mut Vec<u8>, v: &Vector3i) {
    out.extend_from_slice(b"{\"size\":");
    int(out, v.size);
    out.extend_from_slice(b",\"x\":");
    int(out, v.x);
    out.extend_from_slice(b",\"y\":");
    int(out, v.y);
    out.extend_from_slice(b",\"z\":");
    int(out, v.z);
    out.push(b'}');
}

fn quaternion(out: &mut Vec<u8>, q: &Quaternion) {
    match *q {
        Quaternion::SmallestThree { largest, a, b, c } => {
            out.extend_from_slice(b"{\"SmallestThree\":{\"largest\":");
            int(out, largest);
            out.extend_from_slice(b",\"a\":");
            int(out, a);
            out.extend_from_slice(b",\"b\":");
            int(out, b);
            out.extend_from_slice(b",\"c\":");
            int(out, c);
        }
        Quaternion::Compressed { x, y, z } => {
            out.extend_from_slice(b"{\"Compressed\":{\"x\":");
            int(out, x);
            out.extend_from_slice(b",\"y\":");
            int(out, y);
            out.extend_from_slice(b",\"z\":");
            int(out, z);
        }
    }
    out.extend_from_slice(b"}}");
}

fn rotation(out: &mut Vec<u8>, r: &Rotation) {
    let part = |out: &mut Vec<u8>, v: &Option<i8>| option(out, v, |out, &v| int(out, v));
    out.extend_from_slice(b"{\"yaw\":");
    part(out, &r.yaw);
    out.extend_from_slice(b",\"pitch\":");
    part(out, &r.pitch);
    out.extend_from_slice(b",\"roll\":");
    part(out, &r.roll);
    out.push(b'}');
}

#[cfg(test)]
mod tests {
    use super::super::{
        ActiveActor, F32Bits, NetString, ReplicatedBoost, RigidBodyIndex, TrailingBits,
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
            object_id: u32::MAX,
            value,
        }
    }

    /// Every branch of the hand-written writer (and values the corpus lacks: old quaternions,
    /// NaN and infinite times, missing rotation parts) gives serde's bytes.
    #[test]
    fn writes_what_serde_writes() {
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
                ActorEvent::New(Box::new(NewActor {
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
                })),
                ActorEvent::New(Box::new(NewActor {
                    actor_id: 2,
                    name_id: None,
                    unknown: false,
                    object_id: 0,
                    location: None,
                    rotation: None,
                })),
                ActorEvent::Updated {
                    actor_id: 1,
                    count: 9,
                },
                ActorEvent::Deleted(u32::MAX),
            ],
            attributes: vec![
                update(Attribute::RigidBody(RigidBodyIndex(1))),
                update(Attribute::Location(vector(20, -5))),
                update(Attribute::Rotation(Rotation {
                    yaw: None,
                    pitch: Some(0),
                    roll: None,
                })),
                update(Attribute::Boolean(false)),
                update(Attribute::Byte(255)),
                update(Attribute::Int(i32::MIN)),
                update(Attribute::ActiveActor(ActiveActor {
                    active: true,
                    actor: -1,
                })),
                update(Attribute::ReplicatedBoost(ReplicatedBoost {
                    grant_count: 1,
                    boost_amount: 2,
                    unused1: 3,
                    unused2: 4,
                })),
                update(Attribute::String(Box::new(NetString::new("Ünïcode \"q\"")))),
            ],
            rigid_bodies: vec![
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
            ],
            trailing: TrailingBits {
                bit_len: 5,
                bytes: vec![0x1f],
            },
        };
        let mut fast = Vec::new();
        write_frames(&frames, &mut fast).unwrap();
        let serde = serde_json::to_string(&frames).unwrap();
        assert_eq!(String::from_utf8(fast).unwrap(), serde);
    }
}
