//! The replay's network stream: frames of new, updated and deleted actors, decoded from the
//! little-endian bit stream and written back bit for bit.
//!
//! The caller (the container layer) builds a [`NetworkContext`] from plain header and footer data,
//! then calls [`read_frames`] / [`write_frames`]. Game knowledge lives in the `data` tables.

mod attributes;
mod bits;
mod cache;
mod codec;
mod data;
mod frames;
pub(crate) mod json;
mod large;
mod packed;
mod serde_frames;
#[cfg(test)]
mod tests;

use json::form::{json_enum, json_struct};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::body::ClassNetCacheEntry;
use crate::strings::String16;

pub use attributes::{
    ActiveActor, AppliedDamage, Attribute, AttributeKind, CamSettings, ClubColors, DamageState,
    Demolish, DemolishExtended, DemolishFx, Explosion, ExtendedExplosion, FlaggedByte, Impulse,
    LargeAttribute, LargeIndex, Loadout, LoadoutsOnline, LogoData, MusicStinger, OnlineLoadout,
    Pickup, PickupInfo, PickupNew, PrivateMatchSettings, Product, ProductValue, RemoteId,
    RepStatTitle, ReplicatedBoost, Reservation, ReservationName, RigidBody, RigidBodyIndex,
    StatEvent, TeamLoadout, TeamPaint, Title, UniqueId, Welded,
};
pub use codec::{F32Bits, NetString, Quaternion, Rotation, Vector3i};
pub use frames::{read_frames, write_frames};
pub(crate) use json::write_frames as write_frames_json;
pub use packed::{PackError, PackedRigidBody};

/// Replay version as an ordered (engine, licensee, net) triple, so gates read as comparisons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct VersionTriple {
    /// Engine version (`ENGINE_VERSION`, e.g. 868).
    pub major: u32,
    /// Licensee version (`LICENSEE_VERSION`).
    pub minor: u32,
    /// Net version (0 when the header has none).
    pub net: u32,
}

impl VersionTriple {
    /// Builds a triple.
    pub const fn new(major: u32, minor: u32, net: u32) -> Self {
        VersionTriple { major, minor, net }
    }
}

/// Everything the network stream needs from the header and footer, as plain data.
#[derive(Debug, Clone)]
pub struct NetworkContext<'a> {
    /// (engine, licensee, net) version.
    pub version: VersionTriple,
    /// `NumFrames` header property (0 when absent: no frames are read).
    pub num_frames: usize,
    /// `MaxChannels` header property (1023 when absent).
    pub max_channels: u32,
    /// `MatchType` header property equals `Lan`.
    pub is_lan: bool,
    /// `BuildVersion` header property is at least 221120.42953.406184 (see [`is_rl_223_build`]).
    pub is_rl_223: bool,
    /// Footer objects list, borrowed: copying it cost a short replay's parse a third of the
    /// file size in heap.
    pub objects: &'a [String16],
    /// Footer class net cache.
    pub net_cache: &'a [ClassNetCacheEntry],
}

/// Whether a `BuildVersion` string is 221120.42953.406184 or later (compared numerically).
pub fn is_rl_223_build(build_version: &str) -> bool {
    let parts: Vec<u64> = build_version
        .split('.')
        .map_while(|p| p.parse().ok())
        .collect();
    parts.as_slice() >= [221_120, 42_953, 406_184].as_slice()
}

/// The decoded network stream.
///
/// The actor segments and attribute updates of all frames live in two flat lists, in stream
/// order: each frame owns the next [`Frame::actor_count`] segments, each
/// [`ActorEvent::Updated`] segment the next `count` attributes. Two lists for the whole stream
/// instead of two per frame keep decoding free of per-frame allocations; [`Frames::iter`] gives
/// each frame with its own slices. The actors of [`ActorEvent::New`] segments sit in a list of
/// their own, [`Frames::new_actors`], in the same order: a segment is then 8 bytes that own
/// nothing, where boxing the 44-byte actor cost an allocation per spawn and 16 bytes a segment.
/// Rigid bodies, the bulk of all attributes, sit in a third list that [`Attribute::RigidBody`]
/// indexes, so the attribute enum stays small without an allocation per rigid body; they are
/// stored packed ([`PackedRigidBody`], 44 bytes instead of 76), and [`Frames::rigid_body`] gives
/// the plain [`RigidBody`]. The rare kinds that do not fit [`Attribute`]'s 8 bytes sit in a
/// fourth, [`Frames::large_attributes`], that [`Attribute::Large`] indexes: an update is then 12
/// bytes (it was 24), and no attribute owns heap data. That list holds each distinct value once,
/// and updates with equal values share its index: the large kinds a replay repeats (loadouts,
/// player ids, reservations) are sent again for every spawn, and stored once each the decoded
/// frames of some replays shrink by 0.4x the file size.
///
/// ```
/// # use rocketleague::network::{Attribute, Frames};
/// /// The location in every rigid body update (ball and cars), per frame.
/// fn rigid_body_locations(frames: &Frames) -> Vec<Vec<[i32; 3]>> {
///     frames
///         .iter()
///         .map(|frame| {
///             frame
///                 .attributes
///                 .iter()
///                 .filter_map(|a| match a.value {
///                     Attribute::RigidBody(i) => frames.rigid_body(i),
///                     _ => None,
///                 })
///                 .map(|body| [body.location.x, body.location.y, body.location.z])
///                 .collect()
///         })
///         .collect()
/// }
/// ```
///
/// In JSON (serde) each `New` segment carries its actor, as `{"New":{..}}` in `actors`, each large
/// attribute appears in place (`{"Demolish":{..}}`), and there are no `new_actors` and
/// `large_attributes` keys: those side lists are a layout of the model, not of the data.
#[derive(Debug, Clone, PartialEq)]
pub struct Frames {
    /// Frames in stream order.
    pub frames: Vec<Frame>,
    /// Actor segments of every frame, in stream order.
    pub actors: Vec<ActorEvent>,
    /// The actor of every [`ActorEvent::New`] segment, in stream order: the k-th `New` segment
    /// of [`Frames::actors`] spawns `new_actors[k]`.
    pub new_actors: Vec<NewActor>,
    /// Attribute updates of every [`ActorEvent::Updated`] segment, in stream order.
    pub attributes: Vec<UpdatedAttribute>,
    /// The rigid bodies that [`Attribute::RigidBody`] attributes index (in stream order as
    /// read), packed: [`Frames::rigid_body`] unpacks one.
    pub rigid_bodies: Vec<PackedRigidBody>,
    /// The values that [`Attribute::Large`] attributes index: each distinct value once, in the
    /// order first read, shared by the updates that carry it. To change one update's value
    /// alone, push the new value and point that update's index at it.
    pub large_attributes: Vec<LargeAttribute>,
    /// Bits after the last frame (padding; not derivable, so kept verbatim).
    pub trailing: TrailingBits,
}

impl Frames {
    /// The rigid body an [`Attribute::RigidBody`] refers to, unpacked. To edit it, store
    /// [`PackedRigidBody::pack`] of the edited value at the same index of [`Frames::rigid_bodies`].
    pub fn rigid_body(&self, index: RigidBodyIndex) -> Option<RigidBody> {
        self.rigid_bodies
            .get(index.0 as usize)
            .map(PackedRigidBody::unpack)
    }

    /// The value an [`Attribute::Large`] refers to.
    pub fn large_attribute(&self, index: LargeIndex) -> Option<&LargeAttribute> {
        self.large_attributes.get(index.0 as usize)
    }

    /// The frames with their own actor segments and attributes, in stream order. Counts that
    /// overrun the lists (possible only in a hand-edited model, which the writer rejects) give
    /// shortened slices.
    pub fn iter(&self) -> impl Iterator<Item = FrameView<'_>> + '_ {
        let (mut actor, mut new_actor, mut attribute) = (0usize, 0usize, 0usize);
        self.frames.iter().map(move |frame| {
            let actors = take(&self.actors, &mut actor, frame.actor_count as usize);
            let count = actors.iter().map(ActorEvent::attribute_count).sum();
            let spawned = actors.iter().filter(|e| **e == ActorEvent::New).count();
            FrameView {
                time: frame.time,
                delta: frame.delta,
                actors,
                new_actors: take(&self.new_actors, &mut new_actor, spawned),
                attributes: take(&self.attributes, &mut attribute, count),
            }
        })
    }

    /// The actor segments in stream order with each `New` segment's actor: the form the
    /// segments have in JSON.
    pub fn segments(&self) -> Segments<'_> {
        Segments {
            actors: self.actors.iter(),
            new_actors: self.new_actors.iter(),
        }
    }
}

/// The next `count` items of `list` from `*next` (fewer at its end), advancing `*next`.
fn take<'a, T>(list: &'a [T], next: &mut usize, count: usize) -> &'a [T] {
    let start = (*next).min(list.len());
    let end = start.saturating_add(count).min(list.len());
    *next = end;
    &list[start..end]
}

/// Raw bits kept verbatim, packed LSB-first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrailingBits {
    /// Number of bits.
    pub bit_len: u64,
    /// The bits, packed from bit 0 of byte 0 (hex in JSON).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub bytes: Vec<u8>,
}

json_struct! {
    /// One network frame; its segments are in [`Frames::actors`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Frame {
        /// Absolute time in seconds.
        pub time: F32Bits,
        /// Seconds since the previous frame.
        pub delta: F32Bits,
        /// Number of actor segments: the frame's share of [`Frames::actors`].
        pub actor_count: u32,
    }
}

/// A frame with its own actor segments and attribute updates (see [`Frames::iter`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameView<'a> {
    /// Absolute time in seconds.
    pub time: F32Bits,
    /// Seconds since the previous frame.
    pub delta: F32Bits,
    /// Actor segments in stream order.
    pub actors: &'a [ActorEvent],
    /// The actors of the frame's [`ActorEvent::New`] segments, in stream order.
    pub new_actors: &'a [NewActor],
    /// Attribute updates of the frame's [`ActorEvent::Updated`] segments, in stream order.
    pub attributes: &'a [UpdatedAttribute],
}

impl<'a> FrameView<'a> {
    /// The updated actors of this frame with their attributes, in stream order.
    pub fn updates(&self) -> impl Iterator<Item = (u16, &'a [UpdatedAttribute])> + 'a {
        let mut next = 0usize;
        let attributes = self.attributes;
        self.actors.iter().filter_map(move |e| match *e {
            ActorEvent::Updated { actor_id, count } => {
                Some((actor_id, take(attributes, &mut next, count as usize)))
            }
            _ => None,
        })
    }

    /// The frame's actor segments with each `New` segment's actor (see [`Frames::segments`]).
    pub fn segments(&self) -> Segments<'a> {
        Segments {
            actors: self.actors.iter(),
            new_actors: self.new_actors.iter(),
        }
    }
}

json_enum! {
    /// An actor segment with its new actor, as [`Frames::segments`] gives it; serializes as the
    /// segment does in the JSON of [`Frames`].
    #[derive(Debug, Clone, Copy, PartialEq, Serialize)]
    #[serde(rename = "ActorEvent")]
    pub enum Segment<'a> {
        /// An actor is created.
        New(&'a NewActor),
        /// An existing actor's attributes change.
        Updated {
            /// Actor id.
            actor_id: u16,
            /// Number of attributes in this segment.
            count: u32,
        },
        /// An actor is destroyed.
        Deleted(u16),
    }
}

/// Iterator over actor segments paired with their new actors (see [`Frames::segments`]). A
/// `New` segment past the end of the new actors (a hand-edited model, which the writer rejects)
/// ends the iteration.
#[derive(Debug, Clone)]
pub struct Segments<'a> {
    actors: std::slice::Iter<'a, ActorEvent>,
    new_actors: std::slice::Iter<'a, NewActor>,
}

impl<'a> Iterator for Segments<'a> {
    type Item = Segment<'a>;

    fn next(&mut self) -> Option<Segment<'a>> {
        Segment::pair(*self.actors.next()?, &mut self.new_actors)
    }
}

impl<'a> Segment<'a> {
    /// `event` with its actor, taken from `new_actors` when it is `New`; `None` when a `New`
    /// segment finds no actor left.
    fn pair(event: ActorEvent, new_actors: &mut std::slice::Iter<'a, NewActor>) -> Option<Self> {
        Some(match event {
            ActorEvent::New => Segment::New(new_actors.next()?),
            ActorEvent::Updated { actor_id, count } => Segment::Updated { actor_id, count },
            ActorEvent::Deleted(id) => Segment::Deleted(id),
        })
    }
}

/// One actor segment of a frame, 8 bytes: actor ids are below `MaxChannels`, which the reader
/// bounds to 65536, so they take 16 bits here (a segment was 12 bytes with 32-bit ids; segments
/// are a sixth to a quarter of a decoded replay).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActorEvent {
    /// An actor is created: the next entry of [`Frames::new_actors`].
    New,
    /// An existing actor's attributes change: the next `count` entries of [`Frames::attributes`].
    Updated {
        /// Actor id.
        actor_id: u16,
        /// Number of attributes in this segment.
        count: u32,
    },
    /// An actor is destroyed (its id may be reused).
    Deleted(u16),
}

impl ActorEvent {
    /// Number of attribute updates the segment owns (0 unless [`ActorEvent::Updated`]).
    pub fn attribute_count(&self) -> usize {
        match *self {
            ActorEvent::Updated { count, .. } => count as usize,
            _ => 0,
        }
    }
}

json_struct! {
    /// A newly spawned actor.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct NewActor {
        /// Channel / actor id.
        pub actor_id: u32,
        /// Name id (868.20+, or 868.14+ outside LAN matches).
        pub name_id: Option<i32>,
        /// Unknown 31.
        pub unknown: bool,
        /// Index of the actor's archetype/class object.
        pub object_id: u32,
        /// Initial location, when the class spawns with one.
        pub location: Option<Vector3i>,
        /// Initial rotation, when the class spawns with one.
        pub rotation: Option<Rotation>,
    }
}

/// One attribute update, 12 bytes. Its ids take 16 bits: stream ids are below a class's few
/// dozen properties and objects number a few hundred, and the reader refuses a stream whose
/// ids do not fit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UpdatedAttribute {
    /// Stream id in the actor's class net cache.
    pub stream_id: u16,
    /// Index of the property object (e.g. `TAGame.RBActor_TA:ReplicatedRBState`).
    pub object_id: u16,
    /// The value.
    pub value: Attribute,
}

/// A network stream error: names the frame, the actor segment, and the bit offset.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    /// Frame index, when inside a frame.
    pub frame: Option<usize>,
    /// Actor segment index within the frame, when inside one.
    pub segment: Option<usize>,
    /// Bit offset in the network stream.
    pub bit: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rocketleague: network")?;
        if let Some(frame) = self.frame {
            write!(f, ".frames[{frame}]")?;
        }
        if let Some(seg) = self.segment {
            write!(f, ".actors[{seg}]")?;
        }
        write!(
            f,
            ": {} at bit {} (network byte {:#x})",
            self.message,
            self.bit,
            self.bit / 8
        )
    }
}

impl std::error::Error for Error {}
