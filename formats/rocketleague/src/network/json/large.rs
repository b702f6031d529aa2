//! The large attributes ([`LargeAttribute`]), written by hand as serde would write them: the
//! online loadouts' lists here, the kinds that hold text in [`players`](super::players), the
//! fixed-width kinds composed in one record each by [`events`](super::events).
//! Through serde, the loadouts alone (few but long: a `LoadoutsOnline` runs to hundreds of bytes
//! of nested lists) cost a tenth of a replay's JSON instructions, and the rest 3-5%.

use super::super::{LargeAttribute, OnlineLoadout, Product, ProductValue};
use super::events::{
    applied_damage, cam_settings, damage_state, demolish, demolish_extended, demolish_fx,
    explosion, extended_explosion, impulse, loadout, logo_data, music_stinger, pickup, pickup_info,
    pickup_new, stat_event, team_paint, title, welded,
};
use super::json_vector;
use super::players::{net_string, private_match_settings, rep_stat_title, reservation, unique_id};
use super::text::{Json, Record};

/// `{"Kind":` value `}`.
pub(super) fn large_attribute(j: &mut Json<'_>, value: &LargeAttribute) -> serde_json::Result<()> {
    match value {
        LargeAttribute::Location(v) => {
            j.lit(b"{\"Location\":");
            json_vector(j, v)?;
        }
        LargeAttribute::PickupNew(p) => fixed(j, b"{\"PickupNew\":", |r| pickup_new(r, p))?,
        LargeAttribute::Pickup(p) => fixed(j, b"{\"Pickup\":", |r| pickup(r, p))?,
        LargeAttribute::StatEvent(e) => fixed(j, b"{\"StatEvent\":", |r| stat_event(r, e))?,
        LargeAttribute::CamSettings(c) => fixed(j, b"{\"CamSettings\":", |r| cam_settings(r, c))?,
        LargeAttribute::TeamPaint(p) => fixed(j, b"{\"TeamPaint\":", |r| team_paint(r, p))?,
        // Two loadouts may not fit one record together.
        LargeAttribute::TeamLoadout(t) => {
            fixed(j, b"{\"TeamLoadout\":{\"blue\":", |r| loadout(r, &t.blue))?;
            fixed(j, b",\"orange\":", |r| loadout(r, &t.orange))?;
            j.lit(b"}");
        }
        LargeAttribute::LoadoutsOnline(l) => {
            j.lit(b"{\"LoadoutsOnline\":{\"blue\":");
            online_loadout(j, &l.blue)?;
            j.lit(b",\"orange\":");
            online_loadout(j, &l.orange)?;
            j.lit(b",\"unknown1\":");
            j.boolean(l.unknown1);
            j.lit(b",\"unknown2\":");
            j.boolean(l.unknown2);
            j.lit(b"}");
        }
        LargeAttribute::LoadoutOnline(l) => {
            j.lit(b"{\"LoadoutOnline\":");
            online_loadout(j, l)?;
        }
        LargeAttribute::Loadout(l) => fixed(j, b"{\"Loadout\":", |r| loadout(r, l))?,
        LargeAttribute::Int64(v) => {
            j.lit(b"{\"Int64\":");
            j.int64(*v);
        }
        LargeAttribute::QWord(v) => {
            j.lit(b"{\"QWord\":");
            j.uint64(*v);
        }
        LargeAttribute::String(s) => {
            j.lit(b"{\"String\":");
            net_string(j, s);
        }
        LargeAttribute::UniqueId(id) => {
            j.lit(b"{\"UniqueId\":");
            unique_id(j, id);
        }
        LargeAttribute::PartyLeader(id) => {
            j.lit(b"{\"PartyLeader\":");
            j.option(id, |j, id| unique_id(j, id));
        }
        LargeAttribute::Reservation(r) => {
            j.lit(b"{\"Reservation\":");
            reservation(j, r);
        }
        LargeAttribute::PrivateMatchSettings(s) => {
            j.lit(b"{\"PrivateMatchSettings\":");
            private_match_settings(j, s);
        }
        LargeAttribute::RepStatTitle(t) => {
            j.lit(b"{\"RepStatTitle\":");
            rep_stat_title(j, t);
        }
        LargeAttribute::AppliedDamage(d) => {
            fixed(j, b"{\"AppliedDamage\":", |r| applied_damage(r, d))?
        }
        LargeAttribute::DamageState(d) => fixed(j, b"{\"DamageState\":", |r| damage_state(r, d))?,
        LargeAttribute::Demolish(d) => fixed(j, b"{\"Demolish\":", |r| demolish(r, d))?,
        LargeAttribute::DemolishExtended(d) => {
            fixed(j, b"{\"DemolishExtended\":", |r| demolish_extended(r, d))?
        }
        LargeAttribute::DemolishFx(d) => fixed(j, b"{\"DemolishFx\":", |r| demolish_fx(r, d))?,
        LargeAttribute::Explosion(e) => fixed(j, b"{\"Explosion\":", |r| explosion(r, e))?,
        LargeAttribute::ExtendedExplosion(e) => {
            fixed(j, b"{\"ExtendedExplosion\":", |r| extended_explosion(r, e))?
        }
        LargeAttribute::Impulse(i) => fixed(j, b"{\"Impulse\":", |r| impulse(r, i))?,
        LargeAttribute::LogoData(l) => fixed(j, b"{\"LogoData\":", |r| logo_data(r, l))?,
        LargeAttribute::MusicStinger(m) => {
            fixed(j, b"{\"MusicStinger\":", |r| music_stinger(r, m))?
        }
        LargeAttribute::PickupInfo(p) => fixed(j, b"{\"PickupInfo\":", |r| pickup_info(r, p))?,
        LargeAttribute::Title(t) => fixed(j, b"{\"Title\":", |r| title(r, t))?,
        LargeAttribute::Welded(w) => fixed(j, b"{\"Welded\":", |r| welded(r, w))?,
    }
    j.lit(b"}");
    Ok(())
}

/// `open`, then the value `write` composes, in one record (the kinds of
/// [`events`](super::events)).
fn fixed(
    j: &mut Json<'_>,
    open: &[u8],
    write: impl FnOnce(&mut Record<'_>),
) -> serde_json::Result<()> {
    j.record(|r| {
        r.lit(open);
        write(r);
    })
}

/// The nested form: a list of lists of products.
fn online_loadout(j: &mut Json<'_>, l: &OnlineLoadout) -> serde_json::Result<()> {
    super::list(j, l.lists(), |j, list| super::list(j, list, product))
}

fn product(j: &mut Json<'_>, p: &Product) -> serde_json::Result<()> {
    j.lit(b"{\"unknown\":");
    j.boolean(p.unknown);
    j.lit(b",\"object_id\":");
    j.int(p.object_id);
    j.lit(b",\"value\":");
    match p.value {
        ProductValue::NewPaint(v) => variant(j, b"{\"NewPaint\":", v),
        ProductValue::NewColor(v) => variant(j, b"{\"NewColor\":", v),
        ProductValue::OldPaint(v) => variant(j, b"{\"OldPaint\":", v),
        ProductValue::OldColor(v) => variant(j, b"{\"OldColor\":", v),
        ProductValue::SpecialEdition(v) => variant(j, b"{\"SpecialEdition\":", v),
        ProductValue::NewTeamEdition(v) => variant(j, b"{\"NewTeamEdition\":", v),
        ProductValue::OldTeamEdition(v) => variant(j, b"{\"OldTeamEdition\":", v),
        ProductValue::Absent => j.lit(b"\"Absent\""),
        ProductValue::NoColor => j.lit(b"\"NoColor\""),
        ProductValue::Title(ref text) => {
            j.lit(b"{\"Title\":");
            net_string(j, text);
            j.lit(b"}");
        }
    }
    j.lit(b"}");
    Ok(())
}

/// An enum variant holding one integer, its opening given: `{"Name":N}`.
fn variant(j: &mut Json<'_>, open: &[u8], value: u32) {
    j.lit(open);
    j.int(value);
    j.lit(b"}");
}
