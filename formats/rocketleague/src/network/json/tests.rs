//! The replay JSON writer's tests: its text against serde's, kind by kind and at the extremes.

use super::super::{
    ActiveActor, ActorEvent, AppliedDamage, CamSettings, ClubColors, DamageState, Demolish,
    DemolishExtended, DemolishFx, Explosion, ExtendedExplosion, F32Bits, FlaggedByte, Frame,
    Impulse, LargeAttribute, LargeIndex, Loadout, LoadoutsOnline, LogoData, MusicStinger,
    NetString, NewActor, OnlineLoadout, Pickup, PickupInfo, PickupNew, PrivateMatchSettings,
    Product, ProductValue, Quaternion, RemoteId, RepStatTitle, ReplicatedBoost, Reservation,
    ReservationName, RigidBody, RigidBodyIndex, Rotation, StatEvent, TeamLoadout, TeamPaint, Title,
    TrailingBits, UniqueId, Vector3i, Welded,
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
    OnlineLoadout::from_lists(vec![first.to_vec(), Vec::new(), rest.to_vec(), Vec::new()]).unwrap()
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

/// Frames holding only `attributes`, each large one kept aside as the reader keeps it.
fn frames_with(small: Vec<Attribute>, large: Vec<LargeAttribute>) -> Frames {
    let indices = (0..large.len() as u32).map(|i| Attribute::Large(LargeIndex(i)));
    Frames {
        frames: Vec::new(),
        actors: Vec::new(),
        new_actors: Vec::new(),
        attributes: small.into_iter().chain(indices).map(update).collect(),
        rigid_bodies: Vec::new(),
        large_attributes: large,
        trailing: TrailingBits {
            bit_len: 0,
            bytes: Vec::new(),
        },
    }
}

fn active(actor: i32) -> ActiveActor {
    ActiveActor {
        active: actor < 0,
        actor,
    }
}

fn unique_id(system_id: u8, remote_id: RemoteId) -> UniqueId {
    UniqueId {
        system_id,
        remote_id,
        local_id: 255,
    }
}

/// Strings in each form the writer escapes or encodes: quotes, backslashes, every control
/// character kind, DEL and non-ASCII text (UTF-16), Windows-1252 bytes beyond ASCII, the
/// empty string and bytes that do not decode (kept raw).
fn strings() -> Vec<NetString> {
    vec![
        NetString::new("say \"hi\" \\ tab\t nl\n cr\r \u{8}\u{c}\u{1}\u{1f} del\u{7f}"),
        NetString::new("Ünïcode 🚀"),
        NetString {
            len: 3,
            bytes: vec![0x80, 0xe9, 0],
        },
        NetString {
            len: 0,
            bytes: Vec::new(),
        },
        NetString {
            len: 2,
            bytes: vec![b'a', 0x01],
        },
    ]
}

/// Every large attribute kind the first test lacks, at the extremes of its fields (the
/// longest fixed-width kinds still fit their record), gives serde's bytes.
#[test]
fn every_large_kind_writes_what_serde_writes() {
    let v = |x| vector(u8::MAX, x);
    let demolish = Demolish {
        attacker_flag: true,
        attacker: i32::MIN,
        victim_flag: false,
        victim: i32::MAX,
        attack_velocity: v(-i32::MAX),
        victim_velocity: v(0),
    };
    let explosion = Explosion {
        flag: true,
        actor: i32::MIN,
        location: v(-i32::MAX),
    };
    let ids = [
        unique_id(0, RemoteId::SplitScreen(0xff_ffff)),
        unique_id(1, RemoteId::Steam(76_561_198_040_027_300)),
        unique_id(1, RemoteId::Steam(1 << 53)),
        unique_id(
            2,
            RemoteId::PlayStation {
                name: b"Name\0\x7f\xff".to_vec(),
                unknown: vec![0, 1, 0xab],
                online_id: u64::MAX,
            },
        ),
        unique_id(4, RemoteId::Xbox(12)),
        unique_id(5, RemoteId::QQ((1 << 53) + 1)),
        unique_id(
            6,
            RemoteId::Switch {
                online_id: 3,
                unknown: vec![0xfe; 24],
            },
        ),
        unique_id(
            7,
            RemoteId::PsyNet {
                online_id: 9,
                unknown: Some(vec![0x10; 24]),
            },
        ),
        unique_id(
            7,
            RemoteId::PsyNet {
                online_id: 9,
                unknown: None,
            },
        ),
    ];
    let mut large: Vec<LargeAttribute> = ids
        .iter()
        .map(|id| LargeAttribute::UniqueId(Box::new(id.clone())))
        .collect();
    let names = strings()
        .into_iter()
        .map(ReservationName::Text)
        .chain([ReservationName::None, ReservationName::Raw(vec![b'x', 0])]);
    for (i, name) in names.enumerate() {
        large.push(LargeAttribute::Reservation(Box::new(Reservation {
            number: 7,
            unique_id: unique_id(11, RemoteId::Epic(strings()[i % 5].clone())),
            name,
            unknown1: true,
            unknown2: false,
            unknown3: (i % 2 == 0).then_some(63),
        })));
    }
    for s in strings() {
        large.push(LargeAttribute::RepStatTitle(Box::new(RepStatTitle {
            unknown: false,
            name: s.clone(),
            unknown2: true,
            index: u32::MAX,
            value: 0,
        })));
        large.push(LargeAttribute::String(Box::new(s)));
    }
    let mut texts = strings().into_iter();
    let mut text = || texts.next().unwrap();
    large.extend([
        LargeAttribute::PrivateMatchSettings(Box::new(PrivateMatchSettings {
            mutators: text(),
            joinable_by: u32::MAX,
            max_players: 8,
            game_name: text(),
            password: text(),
            flag: true,
        })),
        LargeAttribute::PartyLeader(None),
        LargeAttribute::PartyLeader(Some(Box::new(ids[1].clone()))),
        LargeAttribute::Int64(i64::MIN),
        LargeAttribute::Int64(-(1 << 53)),
        LargeAttribute::Int64(27_250_558),
        LargeAttribute::QWord(u64::MAX),
        LargeAttribute::QWord(1 << 53),
        LargeAttribute::Loadout(Box::new(loadout(28))),
        LargeAttribute::AppliedDamage(Box::new(AppliedDamage {
            id: u8::MAX,
            position: v(-i32::MAX),
            damage_index: i32::MIN,
            total_damage: i32::MAX,
        })),
        LargeAttribute::DamageState(Box::new(DamageState {
            tile_state: 3,
            damaged: true,
            offender: i32::MIN,
            ball_position: v(-1),
            direct_hit: false,
            unknown: true,
        })),
        LargeAttribute::Demolish(Box::new(demolish.clone())),
        LargeAttribute::DemolishFx(Box::new(DemolishFx {
            custom_demo_flag: false,
            custom_demo_id: i32::MIN,
            demolish,
        })),
        LargeAttribute::DemolishExtended(Box::new(DemolishExtended {
            attacker_pri: active(i32::MIN),
            self_demo: active(i32::MIN),
            self_demolish: false,
            goal_explosion_owner: active(i32::MIN),
            attacker: active(i32::MIN),
            victim: active(i32::MIN),
            attacker_velocity: v(-i32::MAX),
            victim_velocity: v(-i32::MAX),
        })),
        LargeAttribute::Explosion(Box::new(explosion.clone())),
        LargeAttribute::ExtendedExplosion(Box::new(ExtendedExplosion {
            explosion,
            unknown: false,
            secondary_actor: -1,
        })),
        LargeAttribute::Impulse(Impulse {
            compressed_rotation: i32::MIN,
            speed: F32Bits(0x7fc0_0001),
        }),
        LargeAttribute::Impulse(Impulse {
            compressed_rotation: 5,
            speed: F32Bits::from(-1.234_567_8e-38),
        }),
        LargeAttribute::LogoData(LogoData {
            logo_id: u32::MAX,
            swap_colors: true,
        }),
        LargeAttribute::MusicStinger(MusicStinger {
            flag: false,
            cue: u32::MAX,
            trigger: 255,
        }),
        LargeAttribute::PickupInfo(Box::new(PickupInfo {
            first: active(i32::MIN),
            second: active(0),
            third: active(i32::MAX),
            items_are_preview: true,
        })),
        LargeAttribute::Title(Box::new(Title {
            unknown1: true,
            unknown2: false,
            unknown3: u32::MAX,
            unknown4: 0,
            unknown5: 1,
            unknown6: 22,
            unknown7: 333,
            unknown8: true,
        })),
        LargeAttribute::Welded(Box::new(Welded {
            active: true,
            actor: i32::MIN,
            offset: v(-i32::MAX),
            mass: F32Bits::from(f32::MAX),
            rotation: Rotation {
                yaw: Some(i8::MIN),
                pitch: Some(i8::MIN),
                roll: Some(i8::MIN),
            },
        })),
    ]);
    let small = vec![Attribute::ClubColors(ClubColors {
        blue_flag: true,
        blue_color: u8::MAX,
        orange_flag: false,
        orange_color: 0,
    })];
    let frames = frames_with(small, large);
    let mut fast = Vec::new();
    write_frames(&frames, &mut fast).unwrap();
    let serde = serde_json::to_string(&frames).unwrap();
    assert_eq!(String::from_utf8(fast).unwrap(), serde);
    // The forms the writer must reproduce are all there.
    for form in [
        r#"{"Steam":9007199254740992}"#,
        r#"{"QQ":"9007199254740993"}"#,
        r#"{"Int64":"-9223372036854775808"}"#,
        r#"{"Int64":-9007199254740992}"#,
        "\\\"hi\\\" \\\\ tab\\t nl\\n cr\\r \\b\\f\\u0001\\u001f del\u{7f}",
        r#"{"Utf16":"Ünïcode 🚀"}"#,
        r#"{"Windows1252":"€é"}"#,
        r#""Empty""#,
        r#"{"Raw":{"length":2,"bytes":"6101"}}"#,
        r#""name":"None""#,
        r#""unknown":null}"#,
        r#"{"PartyLeader":null}"#,
        r#""speed":{"bits":2143289345}"#,
    ] {
        assert!(serde.contains(form), "{form} in {serde}");
    }
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

/// Writes `value` alone, as a large attribute's field is written.
fn alone<T: WriteJson>(value: &T) -> String {
    let mut out = Vec::new();
    let mut j = Json::new(&mut out);
    j.value(value);
    j.finish().unwrap();
    String::from_utf8(out).unwrap()
}

/// The longest value of each fixed-width kind takes exactly its type's bound: the bound is
/// reached, so it is not loose, and each such value equals serde's text. (The widest field
/// values: `false`, the most negative integers, a NaN float, every option present. A rigid body
/// is written from its packed form, whose text the tests above check against its plain form's.)
#[test]
fn the_longest_values_take_their_bound() {
    let widest = Vector3i {
        size: 100,
        x: i32::MIN,
        y: i32::MIN,
        z: i32::MIN,
    };
    let inactive = ActiveActor {
        active: false,
        actor: i32::MIN,
    };
    let nan = F32Bits(u32::MAX);
    let rotation = Rotation {
        yaw: Some(i8::MIN),
        pitch: Some(i8::MIN),
        roll: Some(i8::MIN),
    };
    let quaternion = Quaternion::SmallestThree {
        largest: 100,
        a: 1_000_000_000,
        b: 1_000_000_000,
        c: 1_000_000_000,
    };
    let mut loadout = loadout(28);
    loadout.version = 100;
    let items = [1_000_000_000; 3];
    [loadout.body, loadout.decal, loadout.wheels] = items;
    [loadout.rocket_trail, loadout.antenna, loadout.topper] = items;
    loadout.unknown1 = items[0];
    for field in [
        &mut loadout.unknown2,
        &mut loadout.engine_audio,
        &mut loadout.trail,
        &mut loadout.goal_explosion,
        &mut loadout.banner,
        &mut loadout.product_id,
    ] {
        *field = Some(items[0]);
    }
    loadout.unknown3 = Some(items);
    let demolish = DemolishExtended {
        attacker_pri: inactive.clone(),
        self_demo: inactive.clone(),
        self_demolish: false,
        goal_explosion_owner: inactive.clone(),
        attacker: inactive.clone(),
        victim: inactive,
        attacker_velocity: widest,
        victim_velocity: widest,
    };
    let body = RigidBody {
        sleeping: false,
        location: widest,
        rotation: quaternion,
        linear_velocity: Some(widest),
        angular_velocity: Some(widest),
    };
    let welded = Welded {
        active: false,
        actor: i32::MIN,
        offset: widest,
        mass: nan,
        rotation: rotation.clone(),
    };
    fn check<T: WriteJson + serde::Serialize>(value: &T) -> usize {
        let text = alone(value);
        assert_eq!(text, serde_json::to_string(value).unwrap());
        assert_eq!(text.len(), T::MAX, "{text}");
        text.len()
    }
    assert_eq!(check(&widest), 60);
    check(&quaternion);
    check(&rotation);
    check(&welded);
    check(&CamSettings {
        fov: nan,
        height: nan,
        angle: nan,
        distance: nan,
        stiffness: nan,
        swivel: nan,
        transition: Some(nan),
    });
    check(&body);
    // The two largest: still one record each.
    assert!(check(&loadout) <= RECORD);
    assert!(check(&demolish) <= RECORD);
}
