//! A fast writer for the JSON of [`Frames`]: the same bytes `serde_json` writes through the
//! derived `Serialize` impls, without serde's calls per key and value for the types that make up
//! most of a replay (frames, actor segments, attribute updates, rigid bodies, vectors, and the
//! common large attributes in [`large`]). Every other value goes through `serde_json` into the
//! same buffer. The text is composed by [`text::Json`].
//!
//! The derived impls stay the definition of the form: tests check this writer against them on every
//! corpus replay and on values the corpus lacks.

mod large;
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

/// Appends the JSON of `frames` to `out`.
pub(crate) fn write_frames(frames: &Frames, out: &mut Vec<u8>) -> serde_json::Result<()> {
    let items = frames.frames.len() + frames.actors.len() + frames.attributes.len();
    out.reserve(frames.rigid_bodies.len() * RIGID_BODY_JSON_MAX + items * ITEM_BYTES);
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
    j.float(frame.time);
    j.lit(b",\"delta\":");
    j.float(frame.delta);
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
            j.float(*f);
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

/// Bytes a rigid body's JSON takes at most: each vector at most 60, the quaternion 78, the keys
/// and punctuation 81.
const RIGID_BODY_JSON_MAX: usize = 339;
/// The room a rigid body is composed in: its most, rounded up.
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
    velocity(r, body.linear_velocity());
    r.lit(b",\"angular_velocity\":");
    velocity(r, body.angular_velocity());
    r.lit(b"}");
}

/// `null` or the vector, matched here: through `Record::option` the call of `vector` stayed out
/// of line (4% of the writer's instructions).
#[inline(always)]
fn velocity<const N: usize>(r: &mut Record<'_, N>, v: Option<Vector3i>) {
    match v {
        Some(v) => vector(r, &v),
        None => r.lit(b"null"),
    }
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
        ActorEvent, CamSettings, F32Bits, FlaggedByte, LargeAttribute, LargeIndex, Loadout,
        LoadoutsOnline, NetString, OnlineLoadout, Pickup, PickupNew, Product, ProductValue,
        ReplicatedBoost, RigidBody, RigidBodyIndex, StatEvent, TeamLoadout, TeamPaint,
        TrailingBits,
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

    fn cam_settings(transition: Option<F32Bits>) -> CamSettings {
        CamSettings {
            fov: F32Bits::from(110.0),
            height: F32Bits::from(-0.0),
            angle: F32Bits::from(-5.5),
            distance: F32Bits::from(1e-30),
            stiffness: F32Bits::from(0.45),
            swivel: F32Bits(0x7fc0_0000),
            transition,
        }
    }

    /// A loadout of `version`: every optional field set from version 22, none below 11.
    fn loadout(version: u8) -> Loadout {
        let from = |v: u8, value: u32| (version >= v).then_some(value);
        Loadout {
            version,
            body: 23,
            decal: 0,
            wheels: 11_668,
            rocket_trail: u32::MAX,
            antenna: 1,
            topper: 99,
            unknown1: 100,
            unknown2: from(11, 5),
            engine_audio: from(16, 8935),
            trail: from(16, 0),
            goal_explosion: from(16, 2482),
            banner: from(17, 3572),
            product_id: from(19, 11_386),
            unknown3: (version >= 22).then_some([0, 4234, u32::MAX]),
        }
    }

    /// Lists with every kind of product value, empty lists among them.
    fn online_loadout() -> OnlineLoadout {
        let values = [
            ProductValue::Absent,
            ProductValue::NoColor,
            ProductValue::OldColor(1),
            ProductValue::NewColor(u32::MAX),
            ProductValue::OldPaint(13),
            ProductValue::NewPaint(12),
            ProductValue::SpecialEdition(3),
            ProductValue::OldTeamEdition(4),
            ProductValue::NewTeamEdition(5),
            ProductValue::Title(NetString::new("SE_\"Knuckles\"")),
        ];
        let product = |(i, value): (usize, ProductValue)| Product {
            unknown: i % 2 == 0,
            object_id: 385 + i as u32,
            value,
        };
        let products: Vec<Product> = values.into_iter().enumerate().map(product).collect();
        let (first, rest) = products.split_at(3);
        OnlineLoadout::from_lists(vec![first.to_vec(), Vec::new(), rest.to_vec(), Vec::new()])
            .unwrap()
    }

    fn update(value: Attribute) -> UpdatedAttribute {
        UpdatedAttribute {
            stream_id: 7,
            object_id: u16::MAX,
            value,
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
            update(aside(LargeAttribute::CamSettings(Box::new(cam_settings(
                None,
            ))))),
            update(aside(LargeAttribute::CamSettings(Box::new(cam_settings(
                Some(F32Bits(0xff80_0000)),
            ))))),
            update(aside(LargeAttribute::TeamPaint(TeamPaint {
                team: 1,
                primary_color: 0,
                accent_color: 255,
                primary_finish: u32::MAX,
                accent_finish: 270,
            }))),
            update(aside(LargeAttribute::TeamLoadout(Box::new(TeamLoadout {
                blue: loadout(28),
                orange: loadout(10),
            })))),
            update(aside(LargeAttribute::LoadoutsOnline(Box::new(
                LoadoutsOnline {
                    blue: online_loadout(),
                    orange: OnlineLoadout::default(),
                    unknown1: true,
                    unknown2: false,
                },
            )))),
            update(aside(LargeAttribute::LoadoutOnline(Box::new(
                online_loadout(),
            )))),
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
