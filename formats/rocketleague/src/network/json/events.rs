//! The large attributes of fixed-width fields (loadouts, camera settings, pickups, damage,
//! demolitions, explosions, welds, titles and the like), each composed in one [`Record`]: the
//! longest, a `DemolishExtended`, takes at most 438 bytes of the record's 512 (a loadout 346).

use super::super::{
    ActiveActor, AppliedDamage, CamSettings, DamageState, Demolish, DemolishExtended, DemolishFx,
    Explosion, ExtendedExplosion, Impulse, Loadout, LogoData, MusicStinger, Pickup, PickupInfo,
    PickupNew, StatEvent, TeamPaint, Title, Welded,
};
use super::text::Record;
use super::{rotation, vector};

pub(super) fn applied_damage(r: &mut Record<'_>, d: &AppliedDamage) {
    r.lit(b"{\"id\":");
    r.int(d.id);
    r.lit(b",\"position\":");
    vector(r, &d.position);
    r.lit(b",\"damage_index\":");
    r.int(d.damage_index);
    r.lit(b",\"total_damage\":");
    r.int(d.total_damage);
    r.lit(b"}");
}

pub(super) fn damage_state(r: &mut Record<'_>, d: &DamageState) {
    r.lit(b"{\"tile_state\":");
    r.int(d.tile_state);
    r.lit(b",\"damaged\":");
    r.boolean(d.damaged);
    r.lit(b",\"offender\":");
    r.int(d.offender);
    r.lit(b",\"ball_position\":");
    vector(r, &d.ball_position);
    r.lit(b",\"direct_hit\":");
    r.boolean(d.direct_hit);
    r.lit(b",\"unknown\":");
    r.boolean(d.unknown);
    r.lit(b"}");
}

pub(super) fn demolish(r: &mut Record<'_>, d: &Demolish) {
    r.lit(b"{\"attacker_flag\":");
    r.boolean(d.attacker_flag);
    r.lit(b",\"attacker\":");
    r.int(d.attacker);
    r.lit(b",\"victim_flag\":");
    r.boolean(d.victim_flag);
    r.lit(b",\"victim\":");
    r.int(d.victim);
    r.lit(b",\"attack_velocity\":");
    vector(r, &d.attack_velocity);
    r.lit(b",\"victim_velocity\":");
    vector(r, &d.victim_velocity);
    r.lit(b"}");
}

pub(super) fn demolish_fx(r: &mut Record<'_>, d: &DemolishFx) {
    r.lit(b"{\"custom_demo_flag\":");
    r.boolean(d.custom_demo_flag);
    r.lit(b",\"custom_demo_id\":");
    r.int(d.custom_demo_id);
    r.lit(b",\"demolish\":");
    demolish(r, &d.demolish);
    r.lit(b"}");
}

pub(super) fn demolish_extended(r: &mut Record<'_>, d: &DemolishExtended) {
    r.lit(b"{\"attacker_pri\":");
    active_actor(r, &d.attacker_pri);
    r.lit(b",\"self_demo\":");
    active_actor(r, &d.self_demo);
    r.lit(b",\"self_demolish\":");
    r.boolean(d.self_demolish);
    r.lit(b",\"goal_explosion_owner\":");
    active_actor(r, &d.goal_explosion_owner);
    r.lit(b",\"attacker\":");
    active_actor(r, &d.attacker);
    r.lit(b",\"victim\":");
    active_actor(r, &d.victim);
    r.lit(b",\"attacker_velocity\":");
    vector(r, &d.attacker_velocity);
    r.lit(b",\"victim_velocity\":");
    vector(r, &d.victim_velocity);
    r.lit(b"}");
}

pub(super) fn explosion(r: &mut Record<'_>, e: &Explosion) {
    r.lit(b"{\"flag\":");
    r.boolean(e.flag);
    r.lit(b",\"actor\":");
    r.int(e.actor);
    r.lit(b",\"location\":");
    vector(r, &e.location);
    r.lit(b"}");
}

pub(super) fn extended_explosion(r: &mut Record<'_>, e: &ExtendedExplosion) {
    r.lit(b"{\"explosion\":");
    explosion(r, &e.explosion);
    r.lit(b",\"unknown\":");
    r.boolean(e.unknown);
    r.lit(b",\"secondary_actor\":");
    r.int(e.secondary_actor);
    r.lit(b"}");
}

pub(super) fn impulse(r: &mut Record<'_>, i: &Impulse) {
    r.lit(b"{\"compressed_rotation\":");
    r.int(i.compressed_rotation);
    r.lit(b",\"speed\":");
    r.float(i.speed);
    r.lit(b"}");
}

pub(super) fn logo_data(r: &mut Record<'_>, l: &LogoData) {
    r.lit(b"{\"logo_id\":");
    r.int(l.logo_id);
    r.lit(b",\"swap_colors\":");
    r.boolean(l.swap_colors);
    r.lit(b"}");
}

pub(super) fn music_stinger(r: &mut Record<'_>, m: &MusicStinger) {
    r.lit(b"{\"flag\":");
    r.boolean(m.flag);
    r.lit(b",\"cue\":");
    r.int(m.cue);
    r.lit(b",\"trigger\":");
    r.int(m.trigger);
    r.lit(b"}");
}

pub(super) fn pickup_info(r: &mut Record<'_>, p: &PickupInfo) {
    r.lit(b"{\"first\":");
    active_actor(r, &p.first);
    r.lit(b",\"second\":");
    active_actor(r, &p.second);
    r.lit(b",\"third\":");
    active_actor(r, &p.third);
    r.lit(b",\"items_are_preview\":");
    r.boolean(p.items_are_preview);
    r.lit(b"}");
}

pub(super) fn title(r: &mut Record<'_>, t: &Title) {
    r.lit(b"{\"unknown1\":");
    r.boolean(t.unknown1);
    r.lit(b",\"unknown2\":");
    r.boolean(t.unknown2);
    r.lit(b",\"unknown3\":");
    r.int(t.unknown3);
    r.lit(b",\"unknown4\":");
    r.int(t.unknown4);
    r.lit(b",\"unknown5\":");
    r.int(t.unknown5);
    r.lit(b",\"unknown6\":");
    r.int(t.unknown6);
    r.lit(b",\"unknown7\":");
    r.int(t.unknown7);
    r.lit(b",\"unknown8\":");
    r.boolean(t.unknown8);
    r.lit(b"}");
}

pub(super) fn welded(r: &mut Record<'_>, w: &Welded) {
    r.lit(b"{\"active\":");
    r.boolean(w.active);
    r.lit(b",\"actor\":");
    r.int(w.actor);
    r.lit(b",\"offset\":");
    vector(r, &w.offset);
    r.lit(b",\"mass\":");
    r.float(w.mass);
    r.lit(b",\"rotation\":");
    rotation(r, &w.rotation);
    r.lit(b"}");
}

pub(super) fn cam_settings(r: &mut Record<'_>, c: &CamSettings) {
    r.lit(b"{\"fov\":");
    r.float(c.fov);
    r.lit(b",\"height\":");
    r.float(c.height);
    r.lit(b",\"angle\":");
    r.float(c.angle);
    r.lit(b",\"distance\":");
    r.float(c.distance);
    r.lit(b",\"stiffness\":");
    r.float(c.stiffness);
    r.lit(b",\"swivel\":");
    r.float(c.swivel);
    r.lit(b",\"transition\":");
    r.option(&c.transition, |r, &t| r.float(t));
    r.lit(b"}");
}

pub(super) fn team_paint(r: &mut Record<'_>, p: &TeamPaint) {
    r.lit(b"{\"team\":");
    r.int(p.team);
    r.lit(b",\"primary_color\":");
    r.int(p.primary_color);
    r.lit(b",\"accent_color\":");
    r.int(p.accent_color);
    r.lit(b",\"primary_finish\":");
    r.int(p.primary_finish);
    r.lit(b",\"accent_finish\":");
    r.int(p.accent_finish);
    r.lit(b"}");
}

pub(super) fn loadout(r: &mut Record<'_>, l: &Loadout) {
    let optional = |r: &mut Record<'_>, key: &[u8], value: &Option<u32>| {
        r.lit(key);
        r.option(value, |r, &v| r.int(v));
    };
    r.lit(b"{\"version\":");
    r.int(l.version);
    r.lit(b",\"body\":");
    r.int(l.body);
    r.lit(b",\"decal\":");
    r.int(l.decal);
    r.lit(b",\"wheels\":");
    r.int(l.wheels);
    r.lit(b",\"rocket_trail\":");
    r.int(l.rocket_trail);
    r.lit(b",\"antenna\":");
    r.int(l.antenna);
    r.lit(b",\"topper\":");
    r.int(l.topper);
    r.lit(b",\"unknown1\":");
    r.int(l.unknown1);
    optional(r, b",\"unknown2\":", &l.unknown2);
    optional(r, b",\"engine_audio\":", &l.engine_audio);
    optional(r, b",\"trail\":", &l.trail);
    optional(r, b",\"goal_explosion\":", &l.goal_explosion);
    optional(r, b",\"banner\":", &l.banner);
    optional(r, b",\"product_id\":", &l.product_id);
    r.lit(b",\"unknown3\":");
    r.option(&l.unknown3, |r, &[a, b, c]| {
        r.lit(b"[");
        r.int(a);
        r.lit(b",");
        r.int(b);
        r.lit(b",");
        r.int(c);
        r.lit(b"]");
    });
    r.lit(b"}");
}

pub(super) fn pickup(r: &mut Record<'_>, p: &Pickup) {
    r.lit(b"{\"instigator\":");
    r.option(&p.instigator, |r, &id| r.int(id));
    r.lit(b",\"picked_up\":");
    r.boolean(p.picked_up);
    r.lit(b"}");
}

pub(super) fn pickup_new(r: &mut Record<'_>, p: &PickupNew) {
    r.lit(b"{\"instigator\":");
    r.option(&p.instigator, |r, &id| r.int(id));
    r.lit(b",\"picked_up\":");
    r.int(p.picked_up);
    r.lit(b"}");
}

pub(super) fn stat_event(r: &mut Record<'_>, e: &StatEvent) {
    r.lit(b"{\"unknown\":");
    r.boolean(e.unknown);
    r.lit(b",\"object_id\":");
    r.int(e.object_id);
    r.lit(b"}");
}

fn active_actor(r: &mut Record<'_>, a: &ActiveActor) {
    r.lit(b"{\"active\":");
    r.boolean(a.active);
    r.lit(b",\"actor\":");
    r.int(a.actor);
    r.lit(b"}");
}
