//! The serde form of [`Frames`]: each `New` segment carries its actor (`{"New":{..}}`), as when
//! the segment boxed it, and each large attribute its value (`{"Demolish":{..}}`), as when the
//! attribute enum held it, so the JSON does not depend on the model keeping these aside.

use serde::de::Error as _;
use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::large::LargeValues;
use super::{
    ActorEvent, Attribute, Frame, Frames, LargeAttribute, LargeIndex, NewActor, PackedRigidBody,
    TrailingBits,
};

/// Checks that the `New` segments and the new actors pair up one to one: a mismatch (possible
/// only in a hand-edited model) would drop actors from the JSON or leave segments without one.
pub(crate) fn check_new_actors(frames: &Frames) -> Result<(), String> {
    let spawns = frames
        .actors
        .iter()
        .filter(|e| **e == ActorEvent::New)
        .count();
    if spawns == frames.new_actors.len() {
        Ok(())
    } else {
        Err(format!(
            "{spawns} New actor segments but {} new actors",
            frames.new_actors.len()
        ))
    }
}

#[derive(Serialize)]
#[serde(rename = "Frames")]
struct FramesRef<'a> {
    frames: &'a [Frame],
    actors: SegmentsRef<'a>,
    attributes: AttributesRef<'a>,
    rigid_bodies: &'a [PackedRigidBody],
    trailing: &'a TrailingBits,
}

struct SegmentsRef<'a>(&'a Frames);

impl Serialize for SegmentsRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        check_new_actors(self.0).map_err(S::Error::custom)?;
        s.collect_seq(self.0.segments())
    }
}

struct AttributesRef<'a>(&'a Frames);

impl Serialize for AttributesRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let frames = self.0;
        s.collect_seq(frames.attributes.iter().map(|a| UpdateRef {
            stream_id: a.stream_id,
            object_id: a.object_id,
            value: match a.value {
                Attribute::Large(index) => ValueRef::Large(index, frames.large_attribute(index)),
                _ => ValueRef::Small(&a.value),
            },
        }))
    }
}

/// An update as it serializes: its large value in place.
#[derive(Serialize)]
#[serde(rename = "UpdatedAttribute")]
struct UpdateRef<'a> {
    stream_id: u16,
    object_id: u16,
    value: ValueRef<'a>,
}

/// An attribute value as it serializes; a large one that its index does not find (possible only
/// in a hand-edited model) fails.
enum ValueRef<'a> {
    Small(&'a Attribute),
    Large(LargeIndex, Option<&'a LargeAttribute>),
}

impl Serialize for ValueRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ValueRef::Small(value) => value.serialize(s),
            ValueRef::Large(_, Some(value)) => value.serialize(s),
            ValueRef::Large(LargeIndex(i), None) => Err(S::Error::custom(format!(
                "large attribute index {i} out of range"
            ))),
        }
    }
}

impl Serialize for Frames {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FramesRef {
            frames: &self.frames,
            actors: SegmentsRef(self),
            attributes: AttributesRef(self),
            rigid_bodies: &self.rigid_bodies,
            trailing: &self.trailing,
        }
        .serialize(s)
    }
}

#[derive(Deserialize)]
#[serde(rename = "Frames")]
struct FramesOwned {
    frames: Vec<Frame>,
    actors: Vec<SegmentOwned>,
    attributes: Vec<UpdateOwned>,
    rigid_bodies: Vec<PackedRigidBody>,
    trailing: TrailingBits,
}

#[derive(Deserialize)]
#[serde(rename = "UpdatedAttribute")]
struct UpdateOwned {
    stream_id: u16,
    object_id: u16,
    value: ValueOwned,
}

/// A value is one kind of either enum: their variant names differ.
#[derive(Deserialize)]
#[serde(untagged)]
enum ValueOwned {
    Small(Attribute),
    Large(LargeAttribute),
}

#[derive(Deserialize)]
#[serde(rename = "ActorEvent")]
enum SegmentOwned {
    New(NewActor),
    Updated { actor_id: u16, count: u32 },
    Deleted(u16),
}

impl<'de> Deserialize<'de> for Frames {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let owned = FramesOwned::deserialize(d)?;
        let mut new_actors = Vec::new();
        let actors = owned
            .actors
            .into_iter()
            .map(|segment| match segment {
                SegmentOwned::New(actor) => {
                    new_actors.push(actor);
                    ActorEvent::New
                }
                SegmentOwned::Updated { actor_id, count } => {
                    ActorEvent::Updated { actor_id, count }
                }
                SegmentOwned::Deleted(id) => ActorEvent::Deleted(id),
            })
            .collect();
        let mut large = LargeValues::default();
        let mut attributes = Vec::with_capacity(owned.attributes.len());
        for update in owned.attributes {
            let value = match update.value {
                ValueOwned::Small(value) => value,
                ValueOwned::Large(value) => Attribute::Large(
                    large
                        .add(value)
                        .ok_or_else(|| D::Error::custom("too many large attributes"))?,
                ),
            };
            attributes.push(super::UpdatedAttribute {
                stream_id: update.stream_id,
                object_id: update.object_id,
                value,
            });
        }
        Ok(Frames {
            frames: owned.frames,
            actors,
            new_actors,
            attributes,
            rigid_bodies: owned.rigid_bodies,
            large_attributes: large.into_vec(),
            trailing: owned.trailing,
        })
    }
}
