//! The serde form of [`Frames`]: each `New` segment carries its actor (`{"New":{..}}`), as when
//! the segment boxed it, so the JSON does not depend on the model keeping new actors aside.

use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{ActorEvent, Frame, Frames, NewActor, PackedRigidBody, TrailingBits, UpdatedAttribute};

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
    attributes: &'a [UpdatedAttribute],
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

impl Serialize for Frames {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        FramesRef {
            frames: &self.frames,
            actors: SegmentsRef(self),
            attributes: &self.attributes,
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
    attributes: Vec<UpdatedAttribute>,
    rigid_bodies: Vec<PackedRigidBody>,
    trailing: TrailingBits,
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
        Ok(Frames {
            frames: owned.frames,
            actors,
            new_actors,
            attributes: owned.attributes,
            rigid_bodies: owned.rigid_bodies,
            trailing: owned.trailing,
        })
    }
}
