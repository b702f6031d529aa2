//! [`PackedRigidBody`]: how [`Frames`](super::Frames) stores the rigid bodies, the bulk of a
//! replay's decoded values, in 44 bytes each instead of a [`RigidBody`]'s 76.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::RigidBody;
use super::bits::{BitReader, BitWriter, Fail, Res};
use super::codec::{AttrCtx, BitCodec, Quaternion, Vector3i};

/// The quaternion word holds a `Compressed` quaternion (else `SmallestThree`).
const COMPRESSED: u64 = 1 << 60;
/// The quaternion word's flag for [`RigidBody::sleeping`].
const SLEEPING: u64 = 1 << 61;
/// The quaternion word's flag for a present [`RigidBody::linear_velocity`].
const LINEAR: u64 = 1 << 62;
/// The quaternion word's flag for a present [`RigidBody::angular_velocity`].
const ANGULAR: u64 = 1 << 63;
/// Largest `SmallestThree` component: 18 bits, as the stream stores them.
const COMPONENT_MAX: u32 = (1 << 18) - 1;
/// Bits of a `SmallestThree` quaternion (net version 7 on): the index of the largest component
/// in 2, then three 18-bit components.
const SMALLEST_THREE_BITS: u32 = 56;
/// Bits of a `Compressed` quaternion (before net version 7): three 16-bit components.
const COMPRESSED_BITS: u32 = 48;

/// A [`RigidBody`] packed into 44 bytes: the stream's own widths, where the plain struct spends
/// 76 bytes on alignment, option tags and 32-bit quaternion parts. Rigid bodies are most of a
/// replay's decoded values, so this is most of the model's size.
///
/// [`PackedRigidBody::unpack`] gives the plain value to read or edit, [`PackedRigidBody::pack`]
/// stores an edited one back. Packing refuses only values the network writer would refuse
/// anyway: a vector whose x component needs more than 24 bits (no vector size the stream allows
/// reaches that; the top byte of x holds the vector's size), and a `SmallestThree` quaternion
/// whose parts exceed their 2 and 18 bits. In JSON (serde) it is the plain [`RigidBody`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedRigidBody {
    /// Location, linear velocity and angular velocity, x y z each; each x keeps its vector's
    /// size in its top byte (absent velocities are zeros).
    vectors: [[i32; 3]; 3],
    /// The quaternion as the stream lays it out (low 56 bits), then the four flags; as two
    /// halves so the struct aligns to 4 bytes and has no padding.
    rotation: [u32; 2],
}

/// A value [`PackedRigidBody::pack`] cannot hold (and the network writer would not write).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackError(String);

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rigid body: {}", self.0)
    }
}

impl std::error::Error for PackError {}

impl PackedRigidBody {
    /// Packs `body`; see the type's documentation for what it refuses. Inlined and free of
    /// branches but one, the range check: the reader packs every rigid body it decodes.
    #[inline(always)]
    pub fn pack(body: &RigidBody) -> Result<Self, PackError> {
        let (quaternion, quaternion_fits) = quaternion_word(&body.rotation);
        let optional = |v: &Option<Vector3i>, flag: u64| match v {
            Some(v) => (pack_vector(v), flag),
            None => ([0; 3], 0),
        };
        let (linear, linear_flag) = optional(&body.linear_velocity, LINEAR);
        let (angular, angular_flag) = optional(&body.angular_velocity, ANGULAR);
        let vectors = [pack_vector(&body.location), linear, angular];
        let unpacked =
            |k: usize, v: Option<&Vector3i>| v.is_none_or(|v| vectors[k][0] << 8 >> 8 == v.x);
        let fits = quaternion_fits
            && unpacked(0, Some(&body.location))
            && unpacked(1, body.linear_velocity.as_ref())
            && unpacked(2, body.angular_velocity.as_ref());
        if !fits {
            return Err(refusal(body));
        }
        let sleeping = if body.sleeping { SLEEPING } else { 0 };
        let word = quaternion | sleeping | linear_flag | angular_flag;
        Ok(PackedRigidBody {
            vectors,
            rotation: [word as u32, (word >> 32) as u32],
        })
    }

    /// The plain rigid body, to edit and [`PackedRigidBody::pack`] back.
    #[inline]
    pub fn unpack(&self) -> RigidBody {
        RigidBody {
            sleeping: self.sleeping(),
            location: self.location(),
            rotation: self.rotation(),
            linear_velocity: self.linear_velocity(),
            angular_velocity: self.angular_velocity(),
        }
    }

    /// [`RigidBody::sleeping`], without unpacking the rest.
    #[inline]
    pub fn sleeping(&self) -> bool {
        self.word() & SLEEPING != 0
    }

    /// [`RigidBody::location`], without unpacking the rest.
    #[inline]
    pub fn location(&self) -> Vector3i {
        unpack_vector(self.vectors[0])
    }

    /// [`RigidBody::rotation`], without unpacking the rest.
    #[inline]
    pub fn rotation(&self) -> Quaternion {
        let word = self.word();
        let part = |shift: u32| (word >> shift) as u32 & COMPONENT_MAX;
        if word & COMPRESSED != 0 {
            Quaternion::Compressed {
                x: word as u16,
                y: (word >> 16) as u16,
                z: (word >> 32) as u16,
            }
        } else {
            Quaternion::SmallestThree {
                largest: (word & 3) as u8,
                a: part(2),
                b: part(20),
                c: part(38),
            }
        }
    }

    /// [`RigidBody::linear_velocity`], without unpacking the rest.
    #[inline]
    pub fn linear_velocity(&self) -> Option<Vector3i> {
        (self.word() & LINEAR != 0).then(|| unpack_vector(self.vectors[1]))
    }

    /// [`RigidBody::angular_velocity`], without unpacking the rest.
    #[inline]
    pub fn angular_velocity(&self) -> Option<Vector3i> {
        (self.word() & ANGULAR != 0).then(|| unpack_vector(self.vectors[2]))
    }

    fn word(&self) -> u64 {
        u64::from(self.rotation[0]) | u64::from(self.rotation[1]) << 32
    }
}

/// The bit layout of `RigidBodyAttr`: a sleeping flag, the location, the quaternion, and unless
/// sleeping the linear and angular velocities. Read straight into the packed form: the
/// quaternion word is the stream's bits as they are.
impl BitCodec for PackedRigidBody {
    #[inline(always)]
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let max = c.vector_max();
        // Sizes are below `max` (at most 22), so components take at most 23 bits and the
        // vectors pack (tests.rs: packed_rigid_bodies_hold_the_largest_vectors).
        let (sleeping, location) = sleeping_and_location(r, max)?;
        let location = pack_vector(&location);
        let quaternion = if c.version.net >= 7 {
            r.bits(SMALLEST_THREE_BITS, "quaternion")?
        } else {
            r.bits(COMPRESSED_BITS, "quaternion")? | COMPRESSED
        };
        let (linear, angular, flags) = if sleeping {
            ([0; 3], [0; 3], SLEEPING)
        } else {
            let linear = pack_vector(&Vector3i::read_max(r, max)?);
            let angular = pack_vector(&Vector3i::read_max(r, max)?);
            (linear, angular, LINEAR | ANGULAR)
        };
        let word = quaternion | flags;
        Ok(PackedRigidBody {
            vectors: [location, linear, angular],
            rotation: [word as u32, (word >> 32) as u32],
        })
    }

    /// Inlined into the frame loop, unpacking each vector where it is written: 0.4-0.6% fewer
    /// writer instructions than a call that unpacked all three first.
    #[inline(always)]
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        let word = self.word();
        let sleeping = word & SLEEPING != 0;
        w.bit(sleeping);
        self.location().write(w, c)?;
        match (word & COMPRESSED != 0, c.version.net >= 7) {
            (false, true) => w.bits(word, SMALLEST_THREE_BITS),
            (true, false) => w.bits(word, COMPRESSED_BITS),
            _ => {
                return Err(Fail::Bad(
                    "quaternion encoding does not match the net version".into(),
                ));
            }
        }
        match (sleeping, word & (LINEAR | ANGULAR)) {
            (false, flags) if flags == LINEAR | ANGULAR => {
                unpack_vector(self.vectors[1]).write(w, c)?;
                unpack_vector(self.vectors[2]).write(w, c)
            }
            (true, 0) => Ok(()),
            _ => Err(Fail::Bad(
                "rigid body velocities must be present exactly when not sleeping".into(),
            )),
        }
    }
}

/// The sleeping flag and the location after it, from one load unless the stream is about to
/// end.
#[inline(always)]
fn sleeping_and_location(r: &mut BitReader<'_>, max: u64) -> Res<(bool, Vector3i)> {
    if let Some(window) = r.peek()
        && let Some(location) = Vector3i::read_from_window(r, max, window, 1)
    {
        return Ok((window & 1 != 0, location));
    }
    let sleeping = r.bit("rigid body sleeping")?;
    Ok((sleeping, Vector3i::read_max(r, max)?))
}

/// The quaternion in its stream layout with the `Compressed` flag, and whether its parts fit
/// that layout.
#[inline(always)]
fn quaternion_word(q: &Quaternion) -> (u64, bool) {
    match *q {
        Quaternion::Compressed { x, y, z } => (
            u64::from(x) | u64::from(y) << 16 | u64::from(z) << 32 | COMPRESSED,
            true,
        ),
        Quaternion::SmallestThree { largest, a, b, c } => {
            let part = |v: u32, shift: u32| u64::from(v) << shift;
            let fits = largest <= 3 && a.max(b).max(c) <= COMPONENT_MAX;
            (
                u64::from(largest) | part(a, 2) | part(b, 20) | part(c, 38),
                fits,
            )
        }
    }
}

/// x (its low 24 bits) with the size in its top byte, y, z.
#[inline(always)]
fn pack_vector(v: &Vector3i) -> [i32; 3] {
    let x = (v.x as u32 & 0x00ff_ffff) | u32::from(v.size) << 24;
    [x as i32, v.y, v.z]
}

/// Why `body` does not pack.
#[cold]
#[inline(never)]
fn refusal(body: &RigidBody) -> PackError {
    let wide = [
        ("location", Some(&body.location)),
        ("linear velocity", body.linear_velocity.as_ref()),
        ("angular velocity", body.angular_velocity.as_ref()),
    ]
    .into_iter()
    .find_map(|(what, v)| v.filter(|v| v.x << 8 >> 8 != v.x).map(|v| (what, v.x)));
    PackError(match (wide, body.rotation) {
        (Some((what, x)), _) => format!("{what} x component {x} needs more than 24 bits"),
        (None, Quaternion::SmallestThree { largest, a, b, c }) => format!(
            "quaternion largest {largest} (0 to 3) or parts {a}, {b}, {c} (below 2^18) out of range"
        ),
        (None, q) => format!("{q:?} does not pack"),
    })
}

#[inline]
fn unpack_vector([x, y, z]: [i32; 3]) -> Vector3i {
    Vector3i {
        size: (x as u32 >> 24) as u8,
        x: (x << 8) >> 8,
        y,
        z,
    }
}

impl Serialize for PackedRigidBody {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.unpack().serialize(s)
    }
}

impl<'de> Deserialize<'de> for PackedRigidBody {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let body = RigidBody::deserialize(d)?;
        PackedRigidBody::pack(&body).map_err(serde::de::Error::custom)
    }
}
