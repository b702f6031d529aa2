//! Every replicated attribute: its model type and its bit layout.

use super::json::form::{json_enum, json_struct};
use serde::{Deserialize, Serialize};

use super::PackedRigidBody;
use super::bits::{BitReader, BitWriter, Fail, Res, push_paced};
use super::codec::{
    AttrCtx, BitCodec, F32Bits, NetString, Quaternion, Rotation, Vector3i, bit_struct,
};
use super::large::{LargeValues, hash_read};

/// How an attribute is encoded; the data tables map property object names to these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttributeKind {
    /// `ActiveActorAttr`: a flag bit and an actor id.
    ActiveActor,
    /// `AppliedDamageAttr` (Dropshot ball damage).
    AppliedDamage,
    /// `BooleanAttr`: one bit.
    Boolean,
    /// `ByteAttr`: eight bits.
    Byte,
    /// `CameraSettingsAttr`.
    CamSettings,
    /// `ClubColorsAttr`.
    ClubColors,
    /// `DamageStateAttr` (Dropshot tiles).
    DamageState,
    /// `DemolishAttr`.
    Demolish,
    /// `ReplicatedDemolishExtended` (2025 and later).
    DemolishExtended,
    /// `DemolishFXAttr`: a custom demolish effect and a `DemolishAttr`.
    DemolishFx,
    /// `EnumAttr`: eleven bits.
    Enum,
    /// `ExplosionAttr`.
    Explosion,
    /// `ExtendedExplosionAttr`.
    ExtendedExplosion,
    /// `FlaggedByteAttr`: a flag bit and a byte.
    FlaggedByte,
    /// `FloatAttr`: a 32-bit float.
    Float,
    /// `GameModeAttr`: eight bits from 868.12, two before.
    GameMode,
    /// Knockout `ReplicatedImpulse`.
    Impulse,
    /// `IntAttr`: a 32-bit signed integer.
    Int,
    /// `Int64Attr`: a 64-bit signed integer.
    Int64,
    /// `LoadoutAttr`.
    Loadout,
    /// `LoadoutOnlineAttr`: lists of online products.
    LoadoutOnline,
    /// `LoadoutsOnlineAttr`: blue and orange online loadouts.
    LoadoutsOnline,
    /// `LocationAttr`: a `Vector3f` (read as [`Vector3i`]).
    Location,
    /// `TAGame.Team_TA:LogoData`.
    LogoData,
    /// `MusicStingerAttr`.
    MusicStinger,
    /// `PartyLeaderAttr`: a system id byte, then a `UniqueIDAttr` unless it is 0.
    PartyLeader,
    /// `PickupAttr`.
    Pickup,
    /// `PickupInfoAttr` (Rumble item slots).
    PickupInfo,
    /// `PickupNewAttr`.
    PickupNew,
    /// `PlayerHistoryKey`: fourteen bits.
    PlayerHistoryKey,
    /// `PrivateMatchSettingsAttr`.
    PrivateMatchSettings,
    /// `QWordStringAttr`: a `String16` from 2.23 on (`IS_RL_223`), a `u64` before.
    QWordString,
    /// `RepStatTitleAttr`.
    RepStatTitle,
    /// `CarComponent_Boost_TA:ReplicatedBoost`.
    ReplicatedBoost,
    /// `ReservationAttr`.
    Reservation,
    /// `RigidBodyAttr`.
    RigidBody,
    /// `RotationTagAttr`: a [`Rotation`].
    RotationTag,
    /// `StatEventAttr`.
    StatEvent,
    /// `StringAttr`: a `String16`.
    String,
    /// `TeamLoadoutAttr`: blue and orange `LoadoutAttr`s.
    TeamLoadout,
    /// `TeamPaintAttr`.
    TeamPaint,
    /// `TitleAttr`.
    Title,
    /// `UniqueIDAttr`.
    UniqueId,
    /// `WeldedAttr`.
    Welded,
}

json_enum! {
    /// A decoded attribute value in 8 bytes: the common kinds inline, the others in
    /// [`Frames::large_attributes`](super::Frames::large_attributes), which [`Attribute::Large`]
    /// indexes. Inline, the boxed and 8-byte kinds made every attribute 16 bytes, and an update 24:
    /// most of a decoded replay. The JSON does not show the split: a large attribute appears in
    /// place as its [`LargeAttribute`] variant, e.g. `{"Demolish":{..}}`.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub enum Attribute {
        /// An actor reference (`ActiveActorAttr`: a flag and an actor id); its fields inline, which
        /// keeps the enum at 8 bytes where the [`ActiveActor`] struct would make it 12.
        ActiveActor {
            /// Whether the reference is set.
            active: bool,
            /// Actor id.
            actor: i32,
        },
        /// A flag.
        Boolean(bool),
        /// A byte.
        Byte(u8),
        /// Club colors.
        ClubColors(ClubColors),
        /// 11-bit enum value.
        Enum(u16),
        /// A flag and a byte.
        FlaggedByte(FlaggedByte),
        /// A float, as its bit pattern.
        Float(F32Bits),
        /// Game mode in 8 bits (868.12 and later) or 2 bits.
        GameMode(u8),
        /// A signed 32-bit integer.
        Int(i32),
        /// 14-bit key.
        PlayerHistoryKey(u16),
        /// Boost state.
        ReplicatedBoost(ReplicatedBoost),
        /// Physics state (location, rotation and velocities), kept in [`Frames::rigid_bodies`]: the
        /// most common attribute by far, stored inline there instead of one allocation each.
        ///
        /// [`Frames::rigid_bodies`]: super::Frames::rigid_bodies
        RigidBody(RigidBodyIndex),
        /// A `RotationTag` rotation.
        Rotation(Rotation),
        /// Any other kind: an index into
        /// [`Frames::large_attributes`](super::Frames::large_attributes). Not serialized on its own:
        /// the frames' JSON shows the value it indexes.
        #[serde(skip)]
        Large(LargeIndex),
    }
}

/// Index of a [`LargeAttribute`] in
/// [`Frames::large_attributes`](super::Frames::large_attributes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LargeIndex(pub u32);

json_enum! {
    /// The attribute kinds that do not fit [`Attribute`]'s 8 bytes (boxed when bigger than 16), kept
    /// aside in [`Frames::large_attributes`](super::Frames::large_attributes).
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename = "Attribute")]
    pub enum LargeAttribute {
        /// Dropshot ball damage.
        AppliedDamage(Box<AppliedDamage>),
        /// Camera settings.
        CamSettings(Box<CamSettings>),
        /// Dropshot tile damage.
        DamageState(Box<DamageState>),
        /// A demolition.
        Demolish(Box<Demolish>),
        /// A demolition with its actors and effects (2025 and later).
        DemolishExtended(Box<DemolishExtended>),
        /// A demolition with a custom effect.
        DemolishFx(Box<DemolishFx>),
        /// A goal explosion.
        Explosion(Box<Explosion>),
        /// A goal explosion with a secondary actor.
        ExtendedExplosion(Box<ExtendedExplosion>),
        /// A Knockout impulse.
        Impulse(Impulse),
        /// A signed 64-bit integer.
        Int64(#[serde(with = "unreal::json::int64")] i64),
        /// A car loadout.
        Loadout(Box<Loadout>),
        /// Online products of one loadout.
        LoadoutOnline(Box<OnlineLoadout>),
        /// Online products of both teams' loadouts.
        LoadoutsOnline(Box<LoadoutsOnline>),
        /// A location (`Vector3f` bits), boxed: inline, its 16 bytes would make every large
        /// attribute 24 bytes instead of 16.
        Location(Box<Vector3i>),
        /// A team logo.
        LogoData(LogoData),
        /// A music stinger cue.
        MusicStinger(MusicStinger),
        /// Party leader: `None` when the system id byte is 0.
        PartyLeader(Option<Box<UniqueId>>),
        /// A pickup state.
        Pickup(Pickup),
        /// Rumble item slots.
        PickupInfo(Box<PickupInfo>),
        /// A pickup state (newer layout).
        PickupNew(PickupNew),
        /// Private match settings.
        PrivateMatchSettings(Box<PrivateMatchSettings>),
        /// `QWordString` before 2.23 (BuildVersion 221120.42953.406184).
        QWord(#[serde(with = "unreal::json::uint64")] u64),
        /// A replicated stat title.
        RepStatTitle(Box<RepStatTitle>),
        /// A player slot reservation.
        Reservation(Box<Reservation>),
        /// A stat event.
        StatEvent(StatEvent),
        /// A string (`String`, or `QWordString` from 2.23).
        String(Box<NetString>),
        /// Loadouts of both teams.
        TeamLoadout(Box<TeamLoadout>),
        /// Team paint.
        TeamPaint(TeamPaint),
        /// A player title.
        Title(Box<Title>),
        /// A player id.
        UniqueId(Box<UniqueId>),
        /// A welded actor.
        Welded(Box<Welded>),
    }
}

bit_struct! {
    /// `ActiveActorAttr`: a flag and an actor id.
    pub struct ActiveActor { /// Whether the reference is set.
        pub active: bool, /// Actor id.
        pub actor: i32 }
}
bit_struct! {
    /// `AppliedDamageAttr` (Dropshot).
    pub struct AppliedDamage { /// Id.
        pub id: u8, /// Position.
        pub position: Vector3i, /// Damage index.
        pub damage_index: i32, /// Total damage.
        pub total_damage: i32 }
}
bit_struct! {
    /// `ClubColorsAttr`.
    pub struct ClubColors { /// Blue flag.
        pub blue_flag: bool, /// Blue color.
        pub blue_color: u8, /// Orange flag.
        pub orange_flag: bool, /// Orange color.
        pub orange_color: u8 }
}
bit_struct! {
    /// `DamageStateAttr` (Dropshot tiles).
    pub struct DamageState { /// Tile state.
        pub tile_state: u8, /// Damaged.
        pub damaged: bool, /// Offender actor id.
        pub offender: i32, /// Ball position.
        pub ball_position: Vector3i, /// Direct hit.
        pub direct_hit: bool, /// Unknown 02.
        pub unknown: bool }
}
bit_struct! {
    /// `DemolishAttr`.
    pub struct Demolish { /// Attacker flag.
        pub attacker_flag: bool, /// Attacker actor id.
        pub attacker: i32, /// Victim flag.
        pub victim_flag: bool, /// Victim actor id.
        pub victim: i32, /// Attacker velocity.
        pub attack_velocity: Vector3i, /// Victim velocity.
        pub victim_velocity: Vector3i }
}
bit_struct! {
    /// `DemolishFXAttr`: custom demolish effect then a `Demolish`.
    pub struct DemolishFx { /// Custom demo flag.
        pub custom_demo_flag: bool, /// Custom demo id.
        pub custom_demo_id: i32, /// The demolition.
        pub demolish: Demolish }
}
bit_struct! {
    /// `ReplicatedDemolishExtended` (2025+).
    pub struct DemolishExtended { /// Attacker PRI.
        pub attacker_pri: ActiveActor, /// Self-demolition effect.
        pub self_demo: ActiveActor, /// Self demolition.
        pub self_demolish: bool, /// Goal explosion owner.
        pub goal_explosion_owner: ActiveActor, /// Attacker car.
        pub attacker: ActiveActor, /// Victim car.
        pub victim: ActiveActor, /// Attacker velocity.
        pub attacker_velocity: Vector3i, /// Victim velocity.
        pub victim_velocity: Vector3i }
}
bit_struct! {
    /// `ExplosionAttr`.
    pub struct Explosion { /// Flag.
        pub flag: bool, /// Actor id.
        pub actor: i32, /// Location.
        pub location: Vector3i }
}
bit_struct! {
    /// `ExtendedExplosionAttr`.
    pub struct ExtendedExplosion { /// The explosion.
        pub explosion: Explosion, /// Unknown 03.
        pub unknown: bool, /// Secondary actor id.
        pub secondary_actor: i32 }
}
bit_struct! {
    /// `FlaggedByteAttr`.
    pub struct FlaggedByte { /// Flag.
        pub flag: bool, /// Byte.
        pub byte: u8 }
}
bit_struct! {
    /// Knockout `ReplicatedImpulse`.
    pub struct Impulse { /// Compressed rotation.
        pub compressed_rotation: i32, /// Speed.
        pub speed: F32Bits }
}
bit_struct! {
    /// `TAGame.Team_TA:LogoData`.
    pub struct LogoData { /// Logo id.
        pub logo_id: u32, /// Swap colors.
        pub swap_colors: bool }
}
bit_struct! {
    /// `MusicStingerAttr`.
    pub struct MusicStinger { /// Flag.
        pub flag: bool, /// Cue.
        pub cue: u32, /// Trigger.
        pub trigger: u8 }
}
bit_struct! {
    /// `PickupAttr`.
    pub struct Pickup { /// Instigator actor id.
        pub instigator: Option<i32>, /// Picked up.
        pub picked_up: bool }
}
bit_struct! {
    /// `PickupNewAttr`.
    pub struct PickupNew { /// Instigator actor id.
        pub instigator: Option<i32>, /// Picked-up state.
        pub picked_up: u8 }
}
bit_struct! {
    /// `PickupInfoAttr` (rumble): three pickup slots and a preview flag.
    pub struct PickupInfo { /// First slot.
        pub first: ActiveActor, /// Second slot.
        pub second: ActiveActor, /// Third slot.
        pub third: ActiveActor, /// Items are preview.
        pub items_are_preview: bool }
}
bit_struct! {
    /// `PrivateMatchSettingsAttr`.
    pub struct PrivateMatchSettings { /// Mutators.
        pub mutators: NetString, /// Joinable by.
        pub joinable_by: u32, /// Max players.
        pub max_players: u32, /// Game name.
        pub game_name: NetString, /// Password.
        pub password: NetString, /// Flag.
        pub flag: bool }
}
bit_struct! {
    /// `RepStatTitleAttr`.
    pub struct RepStatTitle { /// Unknown 14.
        pub unknown: bool, /// Name.
        pub name: NetString, /// Unknown 15.
        pub unknown2: bool, /// Index.
        pub index: u32, /// Value.
        pub value: u32 }
}
bit_struct! {
    /// `CarComponent_Boost_TA:ReplicatedBoost`.
    pub struct ReplicatedBoost { /// Grant count.
        pub grant_count: u8, /// Boost amount.
        pub boost_amount: u8, /// Unused.
        pub unused1: u8, /// Unused.
        pub unused2: u8 }
}
bit_struct! {
    /// `StatEventAttr`.
    pub struct StatEvent { /// Unknown 22.
        pub unknown: bool, /// Object id of the stat event.
        pub object_id: i32 }
}
bit_struct! {
    /// `TeamPaintAttr`.
    pub struct TeamPaint { /// Team.
        pub team: u8, /// Primary color.
        pub primary_color: u8, /// Accent color.
        pub accent_color: u8, /// Primary finish.
        pub primary_finish: u32, /// Accent finish.
        pub accent_finish: u32 }
}
bit_struct! {
    /// `TitleAttr` (unknowns 23-30).
    pub struct Title { /// Unknown.
        pub unknown1: bool, /// Unknown.
        pub unknown2: bool, /// Unknown.
        pub unknown3: u32, /// Unknown.
        pub unknown4: u32, /// Unknown.
        pub unknown5: u32, /// Unknown.
        pub unknown6: u32, /// Unknown.
        pub unknown7: u32, /// Unknown.
        pub unknown8: bool }
}
bit_struct! {
    /// `WeldedAttr`.
    pub struct Welded { /// Active.
        pub active: bool, /// Actor id.
        pub actor: i32, /// Offset.
        pub offset: Vector3i, /// Mass.
        pub mass: F32Bits, /// Rotation.
        pub rotation: Rotation }
}
bit_struct! {
    /// `TeamLoadoutAttr`.
    pub struct TeamLoadout { /// Blue loadout.
        pub blue: Loadout, /// Orange loadout.
        pub orange: Loadout }
}
bit_struct! {
    /// `LoadoutsOnlineAttr`.
    pub struct LoadoutsOnline { /// Blue.
        pub blue: OnlineLoadout, /// Orange.
        pub orange: OnlineLoadout, /// Unknown 10.
        pub unknown1: bool, /// Unknown 11.
        pub unknown2: bool }
}

/// `LoadoutOnlineAttr`: up to 255 lists of up to 255 products.
///
/// The lists are stored flat: `products` holds every list's products in order and `lengths`
/// how many belong to each list, so a loadout costs two allocations instead of one per list
/// (a replay holds thousands). [`OnlineLoadout::lists`] gives the lists as slices; JSON keeps
/// the nested form, a list of lists of products.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct OnlineLoadout {
    /// Number of products in each list, in list order.
    pub lengths: Vec<u8>,
    /// The products of all lists, list after list.
    pub products: Vec<Product>,
}

impl OnlineLoadout {
    /// Builds the flat form from nested lists; `None` when there are more than 255 lists or a
    /// list has more than 255 products (the format's 8-bit counts).
    pub fn from_lists(lists: Vec<Vec<Product>>) -> Option<Self> {
        if lists.len() > usize::from(u8::MAX) {
            return None;
        }
        let mut out = OnlineLoadout {
            lengths: Vec::with_capacity(lists.len()),
            products: Vec::with_capacity(lists.iter().map(Vec::len).sum()),
        };
        for list in lists {
            out.lengths.push(u8::try_from(list.len()).ok()?);
            out.products.extend(list);
        }
        Some(out)
    }

    /// The writer's error for `lengths` that do not add up to the stored products.
    #[cold]
    fn miscounted(&self) -> Fail {
        let listed: usize = self.lengths.iter().map(|&n| usize::from(n)).sum();
        Fail::Bad(format!(
            "online loadout lengths add up to {listed} products but {} are stored",
            self.products.len()
        ))
    }

    /// The lists in order, each as a slice of [`OnlineLoadout::products`]. When `lengths` add up
    /// to more than there are products (only in a hand-edited model, which the writer rejects),
    /// the last lists come out short.
    pub fn lists(&self) -> impl Iterator<Item = &[Product]> + '_ {
        let mut next = 0usize;
        self.lengths.iter().map(move |&n| {
            let start = next.min(self.products.len());
            next = start + usize::from(n);
            &self.products[start..next.min(self.products.len())]
        })
    }
}

impl BitCodec for OnlineLoadout {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let n = r.u8("online loadout count")?;
        let mut out = OnlineLoadout {
            lengths: Vec::with_capacity(usize::from(n)),
            products: Vec::new(),
        };
        for _ in 0..n {
            let m = r.u8("online loadout product count")?;
            out.lengths.push(m);
            for _ in 0..m {
                out.products.push(Product::read(r, c)?);
            }
        }
        Ok(out)
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        let lists = u8::try_from(self.lengths.len())
            .map_err(|_| Fail::Bad("more than 255 loadout entries".into()))?;
        w.bits(u64::from(lists), 8);
        let mut rest = self.products.as_slice();
        for &n in &self.lengths {
            let (list, tail) = rest
                .split_at_checked(usize::from(n))
                .ok_or_else(|| self.miscounted())?;
            rest = tail;
            w.bits(u64::from(n), 8);
            for p in list {
                p.write(w, c)?;
            }
        }
        match rest {
            [] => Ok(()),
            _ => Err(self.miscounted()),
        }
    }
}

/// The nested JSON form: a list of lists of products.
impl Serialize for OnlineLoadout {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Lists<'a>(&'a OnlineLoadout);
        impl Serialize for Lists<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.lists())
            }
        }
        s.serialize_newtype_struct("OnlineLoadout", &Lists(self))
    }
}

impl<'de> Deserialize<'de> for OnlineLoadout {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename = "OnlineLoadout")]
        struct Nested(Vec<Vec<Product>>);
        let Nested(lists) = Nested::deserialize(d)?;
        OnlineLoadout::from_lists(lists).ok_or_else(|| {
            serde::de::Error::custom("online loadout: more than 255 lists or products in a list")
        })
    }
}

json_struct! {
    /// `CameraSettingsAttr`; `transition` exists from 868.20.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct CamSettings {
        /// Field of view.
        pub fov: F32Bits,
        /// Camera height.
        pub height: F32Bits,
        /// Camera angle.
        pub angle: F32Bits,
        /// Distance to the car.
        pub distance: F32Bits,
        /// Stiffness.
        pub stiffness: F32Bits,
        /// Swivel speed.
        pub swivel: F32Bits,
        /// Transition speed (868.20 and later).
        pub transition: Option<F32Bits>,
    }
}

impl BitCodec for CamSettings {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let mut f = || F32Bits::read(r, c);
        Ok(CamSettings {
            fov: f()?,
            height: f()?,
            angle: f()?,
            distance: f()?,
            stiffness: f()?,
            swivel: f()?,
            transition: if c.at_least(868, 20, 0) {
                Some(f()?)
            } else {
                None
            },
        })
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        for v in [
            self.fov,
            self.height,
            self.angle,
            self.distance,
            self.stiffness,
            self.swivel,
        ] {
            v.write(w, c)?;
        }
        gated(
            &self.transition,
            c.at_least(868, 20, 0),
            "camera transition",
            w,
            c,
        )
    }
}

/// Writes a version-gated field, failing when its presence contradicts the version.
fn gated<T: BitCodec>(
    v: &Option<T>,
    present: bool,
    what: &str,
    w: &mut BitWriter,
    c: &AttrCtx,
) -> Res<()> {
    match (v, present) {
        (Some(v), true) => v.write(w, c),
        (None, false) => Ok(()),
        _ => Err(Fail::Bad(format!(
            "{what} presence does not match the replay version"
        ))),
    }
}

#[inline]
fn read_if<T: BitCodec>(cond: bool, r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Option<T>> {
    if cond {
        T::read(r, c).map(Some)
    } else {
        Ok(None)
    }
}

json_struct! {
    /// `LoadoutAttr`; which fields exist depends on the loadout's own version byte.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct Loadout {
        /// Loadout layout version: decides which later fields exist.
        pub version: u8,
        /// Car body product id.
        pub body: u32,
        /// Decal product id.
        pub decal: u32,
        /// Wheels product id.
        pub wheels: u32,
        /// Rocket trail (boost) product id.
        pub rocket_trail: u32,
        /// Antenna product id.
        pub antenna: u32,
        /// Topper product id.
        pub topper: u32,
        /// Unknown.
        pub unknown1: u32,
        /// Version > 10.
        pub unknown2: Option<u32>,
        /// Engine audio product id (version >= 16).
        pub engine_audio: Option<u32>,
        /// Trail product id (version >= 16).
        pub trail: Option<u32>,
        /// Goal explosion product id (version >= 16).
        pub goal_explosion: Option<u32>,
        /// Version >= 17.
        pub banner: Option<u32>,
        /// Version >= 19.
        pub product_id: Option<u32>,
        /// Version >= 22: three unknown u32s.
        pub unknown3: Option<[u32; 3]>,
    }
}

impl BitCodec for [u32; 3] {
    fn read(r: &mut BitReader<'_>, _: &AttrCtx) -> Res<Self> {
        Ok([r.u32("u32")?, r.u32("u32")?, r.u32("u32")?])
    }
    fn write(&self, w: &mut BitWriter, _: &AttrCtx) -> Res<()> {
        for v in self {
            w.bits(u64::from(*v), 32);
        }
        Ok(())
    }
}

impl BitCodec for Loadout {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let version = r.u8("loadout version")?;
        let mut u = || r.u32("loadout item");
        let (body, decal, wheels, rocket_trail, antenna, topper, unknown1) =
            (u()?, u()?, u()?, u()?, u()?, u()?, u()?);
        Ok(Loadout {
            version,
            body,
            decal,
            wheels,
            rocket_trail,
            antenna,
            topper,
            unknown1,
            unknown2: read_if(version > 10, r, c)?,
            engine_audio: read_if(version >= 16, r, c)?,
            trail: read_if(version >= 16, r, c)?,
            goal_explosion: read_if(version >= 16, r, c)?,
            banner: read_if(version >= 17, r, c)?,
            product_id: read_if(version >= 19, r, c)?,
            unknown3: read_if(version >= 22, r, c)?,
        })
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        let v = self.version;
        w.bits(u64::from(v), 8);
        for x in [
            self.body,
            self.decal,
            self.wheels,
            self.rocket_trail,
            self.antenna,
            self.topper,
            self.unknown1,
        ] {
            w.bits(u64::from(x), 32);
        }
        gated(&self.unknown2, v > 10, "loadout unknown2", w, c)?;
        gated(&self.engine_audio, v >= 16, "loadout engine audio", w, c)?;
        gated(&self.trail, v >= 16, "loadout trail", w, c)?;
        gated(
            &self.goal_explosion,
            v >= 16,
            "loadout goal explosion",
            w,
            c,
        )?;
        gated(&self.banner, v >= 17, "loadout banner", w, c)?;
        gated(&self.product_id, v >= 19, "loadout product id", w, c)?;
        gated(&self.unknown3, v >= 22, "loadout unknown3", w, c)
    }
}

json_struct! {
    /// One online product: a flag, the product attribute object, and its value.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct Product {
        /// Unknown 09.
        pub unknown: bool,
        /// Object index of the product attribute class.
        pub object_id: u32,
        /// The value; its layout depends on `object_id`.
        pub value: ProductValue,
    }
}

json_enum! {
    /// A product attribute value.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum ProductValue {
        /// The object is not a known product attribute: nothing stored.
        Absent,
        /// Old user color with the flag bit clear.
        NoColor,
        /// Old user color: flag bit set, then 31 bits.
        OldColor(u32),
        /// User color from 868.23 net 8: 32 bits.
        NewColor(u32),
        /// Paint before 868.18: `bmc[3, 14]`.
        OldPaint(u32),
        /// Paint from 868.18: 31 bits.
        NewPaint(u32),
        /// Special edition: 31 bits.
        SpecialEdition(u32),
        /// Team edition before 868.18: `bmc[3, 14]`.
        OldTeamEdition(u32),
        /// Team edition from 868.18: 31 bits.
        NewTeamEdition(u32),
        /// Title: a `String16`.
        Title(NetString),
    }
}

impl BitCodec for Product {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let unknown = r.bit("product flag")?;
        let object_id = r.u32("product object")?;
        let p = c.products;
        let new_paint = c.at_least(868, 18, 0);
        let value = if object_id == p.user_color {
            if c.at_least(868, 23, 8) {
                ProductValue::NewColor(r.u32("color")?)
            } else if r.bit("color flag")? {
                ProductValue::OldColor(r.bits(31, "color")? as u32)
            } else {
                ProductValue::NoColor
            }
        } else if object_id == p.painted {
            if new_paint {
                ProductValue::NewPaint(r.bits(31, "paint")? as u32)
            } else {
                ProductValue::OldPaint(r.bits_max(3, 14, "paint")? as u32)
            }
        } else if object_id == p.title {
            ProductValue::Title(NetString::read(r, c)?)
        } else if object_id == p.special_edition {
            ProductValue::SpecialEdition(r.bits(31, "special edition")? as u32)
        } else if object_id == p.team_edition {
            if new_paint {
                ProductValue::NewTeamEdition(r.bits(31, "team edition")? as u32)
            } else {
                ProductValue::OldTeamEdition(r.bits_max(3, 14, "team edition")? as u32)
            }
        } else {
            ProductValue::Absent
        };
        Ok(Product {
            unknown,
            object_id,
            value,
        })
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        w.bit(self.unknown);
        w.bits(u64::from(self.object_id), 32);
        match &self.value {
            ProductValue::Absent => {}
            ProductValue::NoColor => w.bit(false),
            ProductValue::OldColor(v) => {
                w.bit(true);
                w.bits(u64::from(*v), 31);
            }
            ProductValue::NewColor(v) => w.bits(u64::from(*v), 32),
            ProductValue::NewPaint(v)
            | ProductValue::SpecialEdition(v)
            | ProductValue::NewTeamEdition(v) => w.bits(u64::from(*v), 31),
            ProductValue::OldPaint(v) | ProductValue::OldTeamEdition(v) => {
                w.bits_max(u64::from(*v), 3, 14)?
            }
            ProductValue::Title(s) => s.write(w, c)?,
        }
        Ok(())
    }
}

/// Index of a [`RigidBody`] in [`Frames::rigid_bodies`](super::Frames::rigid_bodies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RigidBodyIndex(pub u32);

json_struct! {
    /// `RigidBodyAttr`; velocities are absent while sleeping. The plain form of a
    /// [`PackedRigidBody`], which holds the bit layout and is what [`Frames`](super::Frames) stores.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    pub struct RigidBody {
        /// Sleeping: no velocities follow.
        pub sleeping: bool,
        /// Location.
        pub location: Vector3i,
        /// Rotation.
        pub rotation: Quaternion,
        /// Linear velocity, present unless sleeping.
        pub linear_velocity: Option<Vector3i>,
        /// Angular velocity, present unless sleeping.
        pub angular_velocity: Option<Vector3i>,
    }
}

json_enum! {
    /// A platform-specific player id.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum RemoteId {
        /// System 0: 24 bits.
        SplitScreen(u32),
        /// System 1.
        Steam(#[serde(with = "unreal::json::uint64")] u64),
        /// System 2: 16-byte name, 8 (net < 1) or 16 unknown bytes, id.
        PlayStation {
            /// Name bytes (16; hex in JSON).
            #[serde(with = "unreal::chunked::hex_bytes")]
            name: Vec<u8>,
            /// Unknown bytes (8 or 16; hex in JSON).
            #[serde(with = "unreal::chunked::hex_bytes")]
            unknown: Vec<u8>,
            /// Online id.
            #[serde(with = "unreal::json::uint64")]
            online_id: u64,
        },
        /// System 4.
        Xbox(#[serde(with = "unreal::json::uint64")] u64),
        /// System 5.
        QQ(#[serde(with = "unreal::json::uint64")] u64),
        /// System 6: id then 24 unknown bytes.
        Switch {
            /// Online id.
            #[serde(with = "unreal::json::uint64")]
            online_id: u64,
            /// Unknown bytes (24; hex in JSON).
            #[serde(with = "unreal::chunked::hex_bytes")]
            unknown: Vec<u8>,
        },
        /// System 7: id then 24 unknown bytes before net version 10.
        PsyNet {
            /// Online id.
            #[serde(with = "unreal::json::uint64")]
            online_id: u64,
            /// Unknown bytes (24), before net version 10 (hex in JSON).
            #[serde(with = "unreal::json::bytes::option")]
            unknown: Option<Vec<u8>>,
        },
        /// System 11.
        Epic(NetString),
    }
}

json_struct! {
    /// `UniqueIDAttr`.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct UniqueId {
        /// Platform.
        pub system_id: u8,
        /// Platform id.
        pub remote_id: RemoteId,
        /// Local (split-screen) player index.
        pub local_id: u8,
    }
}

impl UniqueId {
    fn read_with_system(system_id: u8, r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let remote_id = match system_id {
            0 => RemoteId::SplitScreen(r.bits(24, "split-screen id")? as u32),
            1 => RemoteId::Steam(r.u64("steam id")?),
            2 => RemoteId::PlayStation {
                name: r.bytes(16, "playstation name")?,
                unknown: r.bytes(
                    if c.version.net >= 1 { 16 } else { 8 },
                    "playstation unknown",
                )?,
                online_id: r.u64("playstation id")?,
            },
            4 => RemoteId::Xbox(r.u64("xbox id")?),
            5 => RemoteId::QQ(r.u64("qq id")?),
            6 => RemoteId::Switch {
                online_id: r.u64("switch id")?,
                unknown: r.bytes(24, "switch unknown")?,
            },
            7 => RemoteId::PsyNet {
                online_id: r.u64("psynet id")?,
                unknown: if c.version.net < 10 {
                    Some(r.bytes(24, "psynet unknown")?)
                } else {
                    None
                },
            },
            11 => RemoteId::Epic(NetString::read(r, c)?),
            other => return Err(Fail::Bad(format!("unknown remote id system {other}"))),
        };
        Ok(UniqueId {
            system_id,
            remote_id,
            local_id: r.u8("local id")?,
        })
    }

    fn write_without_system(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        let fixed = |b: &[u8], n: usize| {
            if b.len() == n {
                Ok(())
            } else {
                Err(Fail::Bad(format!("remote id field must be {n} bytes")))
            }
        };
        match (&self.remote_id, self.system_id) {
            (RemoteId::SplitScreen(v), 0) => w.bits(u64::from(*v), 24),
            (RemoteId::Steam(v), 1) | (RemoteId::Xbox(v), 4) | (RemoteId::QQ(v), 5) => {
                w.bits(*v, 64)
            }
            (
                RemoteId::PlayStation {
                    name,
                    unknown,
                    online_id,
                },
                2,
            ) => {
                fixed(name, 16)?;
                fixed(unknown, if c.version.net >= 1 { 16 } else { 8 })?;
                w.bytes(name);
                w.bytes(unknown);
                w.bits(*online_id, 64);
            }
            (RemoteId::Switch { online_id, unknown }, 6) => {
                fixed(unknown, 24)?;
                w.bits(*online_id, 64);
                w.bytes(unknown);
            }
            (RemoteId::PsyNet { online_id, unknown }, 7) => {
                w.bits(*online_id, 64);
                match (unknown, c.version.net < 10) {
                    (Some(u), true) => {
                        fixed(u, 24)?;
                        w.bytes(u);
                    }
                    (None, false) => {}
                    _ => {
                        return Err(Fail::Bad(
                            "psynet id bytes do not match the net version".into(),
                        ));
                    }
                }
            }
            (RemoteId::Epic(s), 11) => s.write(w, c)?,
            _ => {
                return Err(Fail::Bad(format!(
                    "remote id does not match system {}",
                    self.system_id
                )));
            }
        }
        w.bits(u64::from(self.local_id), 8);
        Ok(())
    }
}

impl BitCodec for UniqueId {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let system_id = r.u8("system id")?;
        Self::read_with_system(system_id, r, c)
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        w.bits(u64::from(self.system_id), 8);
        self.write_without_system(w, c)
    }
}

json_enum! {
    /// The player name in a reservation.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum ReservationName {
        /// Split-screen id 0: no name.
        None,
        /// A `String16`.
        Text(NetString),
        /// Split-screen with a non-zero id: a zero-terminated byte string (terminator kept, at most 255 bytes).
        Raw(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
    }
}

json_struct! {
    /// `ReservationAttr`.
    #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub struct Reservation {
        /// 3-bit slot number.
        pub number: u8,
        /// Player id.
        pub unique_id: UniqueId,
        /// Player name.
        pub name: ReservationName,
        /// Unknown 16.
        pub unknown1: bool,
        /// Unknown 17.
        pub unknown2: bool,
        /// Unknown 18: six bits from 868.12.
        pub unknown3: Option<u8>,
    }
}

impl BitCodec for Reservation {
    fn read(r: &mut BitReader<'_>, c: &AttrCtx) -> Res<Self> {
        let number = r.bits(3, "reservation number")? as u8;
        let unique_id = UniqueId::read(r, c)?;
        let name = match unique_id.remote_id {
            _ if unique_id.system_id != 0 => ReservationName::Text(NetString::read(r, c)?),
            RemoteId::SplitScreen(0) => ReservationName::None,
            _ => {
                let mut raw = Vec::new();
                while raw.len() < 255 {
                    let b = r.u8("reservation name")?;
                    raw.push(b);
                    if b == 0 {
                        break;
                    }
                }
                ReservationName::Raw(raw)
            }
        };
        Ok(Reservation {
            number,
            unique_id,
            name,
            unknown1: r.bit("reservation")?,
            unknown2: r.bit("reservation")?,
            unknown3: if c.at_least(868, 12, 0) {
                Some(r.bits(6, "reservation")? as u8)
            } else {
                None
            },
        })
    }
    fn write(&self, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
        w.bits(u64::from(self.number), 3);
        self.unique_id.write(w, c)?;
        match &self.name {
            ReservationName::None => {}
            ReservationName::Text(s) => s.write(w, c)?,
            ReservationName::Raw(b) => w.bytes(b),
        }
        w.bit(self.unknown1);
        w.bit(self.unknown2);
        match (self.unknown3, c.at_least(868, 12, 0)) {
            (Some(v), true) => w.bits(u64::from(v), 6),
            (None, false) => {}
            _ => {
                return Err(Fail::Bad(
                    "reservation unknown3 does not match the version".into(),
                ));
            }
        }
        Ok(())
    }
}

impl Attribute {
    /// The kind this value is written as (see [`LargeAttribute::kind`]); `None` for
    /// [`Attribute::Large`], whose kind is its [`LargeAttribute`]'s.
    #[inline]
    pub fn kind(&self) -> Option<AttributeKind> {
        use AttributeKind as K;
        Some(match self {
            Attribute::ActiveActor { .. } => K::ActiveActor,
            Attribute::Boolean(_) => K::Boolean,
            Attribute::Byte(_) => K::Byte,
            Attribute::ClubColors(_) => K::ClubColors,
            Attribute::Enum(_) => K::Enum,
            Attribute::FlaggedByte(_) => K::FlaggedByte,
            Attribute::Float(_) => K::Float,
            Attribute::GameMode(_) => K::GameMode,
            Attribute::Int(_) => K::Int,
            Attribute::PlayerHistoryKey(_) => K::PlayerHistoryKey,
            Attribute::ReplicatedBoost(_) => K::ReplicatedBoost,
            Attribute::RigidBody(_) => K::RigidBody,
            Attribute::Rotation(_) => K::RotationTag,
            Attribute::Large(_) => return None,
        })
    }
}

impl LargeAttribute {
    /// The kind this value is written as: [`AttributeKind::QWordString`] for
    /// [`LargeAttribute::QWord`], [`AttributeKind::String`] for every string (a `QWordString`
    /// property holds one from 2.23 on), else the same-named kind.
    pub fn kind(&self) -> AttributeKind {
        use AttributeKind as K;
        match self {
            LargeAttribute::AppliedDamage(_) => K::AppliedDamage,
            LargeAttribute::CamSettings(_) => K::CamSettings,
            LargeAttribute::DamageState(_) => K::DamageState,
            LargeAttribute::Demolish(_) => K::Demolish,
            LargeAttribute::DemolishExtended(_) => K::DemolishExtended,
            LargeAttribute::DemolishFx(_) => K::DemolishFx,
            LargeAttribute::Explosion(_) => K::Explosion,
            LargeAttribute::ExtendedExplosion(_) => K::ExtendedExplosion,
            LargeAttribute::Impulse(_) => K::Impulse,
            LargeAttribute::Int64(_) => K::Int64,
            LargeAttribute::Loadout(_) => K::Loadout,
            LargeAttribute::LoadoutOnline(_) => K::LoadoutOnline,
            LargeAttribute::LoadoutsOnline(_) => K::LoadoutsOnline,
            LargeAttribute::Location(_) => K::Location,
            LargeAttribute::LogoData(_) => K::LogoData,
            LargeAttribute::MusicStinger(_) => K::MusicStinger,
            LargeAttribute::PartyLeader(_) => K::PartyLeader,
            LargeAttribute::Pickup(_) => K::Pickup,
            LargeAttribute::PickupInfo(_) => K::PickupInfo,
            LargeAttribute::PickupNew(_) => K::PickupNew,
            LargeAttribute::PrivateMatchSettings(_) => K::PrivateMatchSettings,
            LargeAttribute::QWord(_) => K::QWordString,
            LargeAttribute::RepStatTitle(_) => K::RepStatTitle,
            LargeAttribute::Reservation(_) => K::Reservation,
            LargeAttribute::StatEvent(_) => K::StatEvent,
            LargeAttribute::String(_) => K::String,
            LargeAttribute::TeamLoadout(_) => K::TeamLoadout,
            LargeAttribute::TeamPaint(_) => K::TeamPaint,
            LargeAttribute::Title(_) => K::Title,
            LargeAttribute::UniqueId(_) => K::UniqueId,
            LargeAttribute::Welded(_) => K::Welded,
        }
    }
}

/// The kind of `value`, looking a large one up in `large`; `None` for an index out of range.
#[inline]
pub(crate) fn kind_of(value: &Attribute, large: &[LargeAttribute]) -> Option<AttributeKind> {
    match value {
        Attribute::Large(LargeIndex(i)) => large.get(*i as usize).map(LargeAttribute::kind),
        small => small.kind(),
    }
}

/// Whether [`read_attribute`] with `kind` can give `value`: the writer's check that an
/// attribute fits the property its stream id names.
#[inline]
pub(crate) fn kind_matches(
    kind: AttributeKind,
    value: &Attribute,
    large: &[LargeAttribute],
    c: &AttrCtx,
) -> bool {
    let expected = match kind {
        AttributeKind::QWordString if c.is_rl_223 => AttributeKind::String,
        _ => kind,
    };
    kind_of(value, large) == Some(expected)
}

/// Reads one attribute of the given kind; a rigid body goes to `rigid`, a large kind to `large`
/// (unless an equal value is there already), and the attribute holds its index. Inlined into the frame loop, its only caller: the value is
/// then built where it is stored instead of being returned through memory and copied.
#[inline(always)]
pub(crate) fn read_attribute(
    kind: AttributeKind,
    r: &mut BitReader<'_>,
    c: &AttrCtx,
    rigid: &mut Vec<PackedRigidBody>,
    large: &mut LargeValues,
) -> Res<Attribute> {
    use AttributeKind as K;
    Ok(match kind {
        K::ActiveActor => {
            let ActiveActor { active, actor } = BitCodec::read(r, c)?;
            Attribute::ActiveActor { active, actor }
        }
        K::Boolean => Attribute::Boolean(r.bit("boolean")?),
        K::Byte => Attribute::Byte(r.u8("byte")?),
        K::ClubColors => Attribute::ClubColors(BitCodec::read(r, c)?),
        K::Enum => Attribute::Enum(r.bits(11, "enum")? as u16),
        K::FlaggedByte => Attribute::FlaggedByte(BitCodec::read(r, c)?),
        K::Float => Attribute::Float(BitCodec::read(r, c)?),
        K::GameMode => Attribute::GameMode(r.bits(game_mode_bits(c), "game mode")? as u8),
        K::Int => Attribute::Int(BitCodec::read(r, c)?),
        K::PlayerHistoryKey => {
            Attribute::PlayerHistoryKey(r.bits(14, "player history key")? as u16)
        }
        K::ReplicatedBoost => Attribute::ReplicatedBoost(BitCodec::read(r, c)?),
        K::RigidBody => {
            let index = u32::try_from(rigid.len())
                .map_err(|_| Fail::Bad("too many rigid bodies".into()))?;
            push_paced(rigid, PackedRigidBody::read(r, c)?, r);
            Attribute::RigidBody(RigidBodyIndex(index))
        }
        K::RotationTag => Attribute::Rotation(BitCodec::read(r, c)?),
        _ => r.detached(|r| store_large(kind, r, c, large))?,
    })
}

/// Reads an attribute of a kind kept in [`LargeAttribute`] into `large`, shared with an equal
/// value read before: a value whose bits were read before is not decoded again, only skipped
/// ([`LargeValues::find_run`]), and a short one is found by its bits once decoded
/// ([`LargeValues::find_short`]). Out of line, as these are rare: inlined, it cost the frame loop 2.5-3.6%
/// more instructions on the three largest corpus replays.
#[inline(never)]
fn store_large(
    kind: AttributeKind,
    r: &mut BitReader<'_>,
    c: &AttrCtx,
    large: &mut LargeValues,
) -> Res<Attribute> {
    let window = r.peek();
    if let Some((index, len)) = window.and_then(|w| large.find_run(kind, w, r)) {
        r.consume(len);
        return Ok(Attribute::Large(index));
    }
    let start = r.pos();
    let value = read_large(kind, r, c)?;
    let len = r.pos() - start;
    if let Some(index) = window.and_then(|w| large.find_short(kind, w, len)) {
        return Ok(Attribute::Large(index));
    }
    let hash = hash_read(&value, r, start);
    let index = large
        .add_hashed(value, hash)
        .ok_or_else(|| Fail::Bad("too many large attributes".into()))?;
    if let Some(window) = window {
        large.remember_run(kind, window, start, len, index);
    }
    Ok(Attribute::Large(index))
}

/// Reads an attribute of a kind kept in [`LargeAttribute`]; out of line, as these are rare.
#[inline(never)]
fn read_large(kind: AttributeKind, r: &mut BitReader<'_>, c: &AttrCtx) -> Res<LargeAttribute> {
    use AttributeKind as K;
    use LargeAttribute as L;
    Ok(match kind {
        K::AppliedDamage => L::AppliedDamage(r.detached(|r| BitCodec::read(r, c))?),
        K::CamSettings => L::CamSettings(r.detached(|r| BitCodec::read(r, c))?),
        K::DamageState => L::DamageState(r.detached(|r| BitCodec::read(r, c))?),
        K::Demolish => L::Demolish(r.detached(|r| BitCodec::read(r, c))?),
        K::DemolishExtended => L::DemolishExtended(r.detached(|r| BitCodec::read(r, c))?),
        K::DemolishFx => L::DemolishFx(r.detached(|r| BitCodec::read(r, c))?),
        K::Explosion => L::Explosion(r.detached(|r| BitCodec::read(r, c))?),
        K::ExtendedExplosion => L::ExtendedExplosion(r.detached(|r| BitCodec::read(r, c))?),
        K::Impulse => L::Impulse(BitCodec::read(r, c)?),
        K::Int64 => L::Int64(BitCodec::read(r, c)?),
        K::Loadout => L::Loadout(r.detached(|r| BitCodec::read(r, c))?),
        K::LoadoutOnline => L::LoadoutOnline(r.detached(|r| BitCodec::read(r, c))?),
        K::LoadoutsOnline => L::LoadoutsOnline(r.detached(|r| BitCodec::read(r, c))?),
        K::Location => L::Location(BitCodec::read(r, c)?),
        K::LogoData => L::LogoData(BitCodec::read(r, c)?),
        K::MusicStinger => L::MusicStinger(BitCodec::read(r, c)?),
        K::PartyLeader => {
            let system_id = r.u8("party leader system id")?;
            L::PartyLeader(if system_id == 0 {
                None
            } else {
                Some(Box::new(
                    r.detached(|r| UniqueId::read_with_system(system_id, r, c))?,
                ))
            })
        }
        K::Pickup => L::Pickup(BitCodec::read(r, c)?),
        K::PickupInfo => L::PickupInfo(r.detached(|r| BitCodec::read(r, c))?),
        K::PickupNew => L::PickupNew(BitCodec::read(r, c)?),
        K::PrivateMatchSettings => L::PrivateMatchSettings(r.detached(|r| BitCodec::read(r, c))?),
        K::QWordString if c.is_rl_223 => L::String(r.detached(|r| BitCodec::read(r, c))?),
        K::QWordString => L::QWord(r.u64("qword")?),
        K::RepStatTitle => L::RepStatTitle(r.detached(|r| BitCodec::read(r, c))?),
        K::Reservation => L::Reservation(r.detached(|r| BitCodec::read(r, c))?),
        K::StatEvent => L::StatEvent(BitCodec::read(r, c)?),
        K::String => L::String(r.detached(|r| BitCodec::read(r, c))?),
        K::TeamLoadout => L::TeamLoadout(r.detached(|r| BitCodec::read(r, c))?),
        K::TeamPaint => L::TeamPaint(BitCodec::read(r, c)?),
        K::Title => L::Title(r.detached(|r| BitCodec::read(r, c))?),
        K::UniqueId => L::UniqueId(r.detached(|r| BitCodec::read(r, c))?),
        K::Welded => L::Welded(r.detached(|r| BitCodec::read(r, c))?),

        small => {
            return Err(Fail::Bad(format!(
                "{small:?} attributes are not kept aside"
            )));
        }
    })
}

fn game_mode_bits(c: &AttrCtx) -> u32 {
    if c.at_least(868, 12, 0) { 8 } else { 2 }
}

/// Writes one attribute; the variant decides the layout, `rigid` and `large` hold the values
/// that [`Attribute::RigidBody`] and [`Attribute::Large`] index. Inlined into the frame loop,
/// its only caller outside tests.
#[inline(always)]
pub(crate) fn write_attribute(
    a: &Attribute,
    w: &mut BitWriter,
    c: &AttrCtx,
    rigid: &[PackedRigidBody],
    large: &[LargeAttribute],
) -> Res<()> {
    match a {
        Attribute::ActiveActor { active, actor } => ActiveActor {
            active: *active,
            actor: *actor,
        }
        .write(w, c),
        Attribute::Boolean(v) => v.write(w, c),
        Attribute::Byte(v) => v.write(w, c),
        Attribute::ClubColors(v) => v.write(w, c),
        Attribute::Enum(v) => {
            w.bits(u64::from(*v), 11);
            Ok(())
        }
        Attribute::FlaggedByte(v) => v.write(w, c),
        Attribute::Float(v) => v.write(w, c),
        Attribute::GameMode(v) => {
            w.bits(u64::from(*v), game_mode_bits(c));
            Ok(())
        }
        Attribute::Int(v) => v.write(w, c),
        Attribute::PlayerHistoryKey(v) => {
            w.bits(u64::from(*v), 14);
            Ok(())
        }
        Attribute::ReplicatedBoost(v) => v.write(w, c),
        Attribute::RigidBody(RigidBodyIndex(i)) => match rigid.get(*i as usize) {
            Some(body) => body.write(w, c),
            None => Err(Fail::Bad(format!(
                "rigid body index {i} out of range ({} rigid bodies)",
                rigid.len()
            ))),
        },
        Attribute::Rotation(v) => v.write(w, c),
        Attribute::Large(LargeIndex(i)) => match large.get(*i as usize) {
            Some(value) => write_large(value, w, c),
            None => Err(Fail::Bad(format!(
                "large attribute index {i} out of range ({} large attributes)",
                large.len()
            ))),
        },
    }
}

/// Writes an attribute kept in [`LargeAttribute`]; out of line, as these are rare.
#[inline(never)]
fn write_large(a: &LargeAttribute, w: &mut BitWriter, c: &AttrCtx) -> Res<()> {
    use LargeAttribute as L;
    match a {
        L::AppliedDamage(v) => v.write(w, c),
        L::CamSettings(v) => v.write(w, c),
        L::DamageState(v) => v.write(w, c),
        L::Demolish(v) => v.write(w, c),
        L::DemolishExtended(v) => v.write(w, c),
        L::DemolishFx(v) => v.write(w, c),
        L::Explosion(v) => v.write(w, c),
        L::ExtendedExplosion(v) => v.write(w, c),
        L::Impulse(v) => v.write(w, c),
        L::Int64(v) => v.write(w, c),
        L::Loadout(v) => v.write(w, c),
        L::LoadoutOnline(v) => v.write(w, c),
        L::LoadoutsOnline(v) => v.write(w, c),
        L::Location(v) => v.write(w, c),
        L::LogoData(v) => v.write(w, c),
        L::MusicStinger(v) => v.write(w, c),
        L::PartyLeader(None) => {
            w.bits(0, 8);
            Ok(())
        }
        L::PartyLeader(Some(id)) if id.system_id != 0 => id.write(w, c),
        L::PartyLeader(Some(_)) => Err(Fail::Bad(
            "party leader with system id 0 must be None".into(),
        )),
        L::Pickup(v) => v.write(w, c),
        L::PickupInfo(v) => v.write(w, c),
        L::PickupNew(v) => v.write(w, c),
        L::PrivateMatchSettings(v) => v.write(w, c),
        L::QWord(v) => v.write(w, c),
        L::RepStatTitle(v) => v.write(w, c),
        L::Reservation(v) => v.write(w, c),
        L::StatEvent(v) => v.write(w, c),
        L::String(v) => v.write(w, c),
        L::TeamLoadout(v) => v.write(w, c),
        L::TeamPaint(v) => v.write(w, c),
        L::Title(v) => v.write(w, c),
        L::UniqueId(v) => v.write(w, c),
        L::Welded(v) => v.write(w, c),
    }
}
