//! The large attributes ([`LargeAttribute`]) a replay holds by the hundred written by hand:
//! locations, pickups, stat events, camera settings, team paints and the two loadout kinds.
//! Loadouts are few but long (a `LoadoutsOnline` runs to hundreds of bytes of nested lists), so
//! through serde they cost a tenth of a replay's JSON instructions. The rest go through serde.

use super::super::{
    CamSettings, LargeAttribute, Loadout, OnlineLoadout, Product, ProductValue, TeamPaint,
};
use super::json_vector;
use super::text::Json;

/// `{"Kind":` value `}` for the common large attributes, serde's bytes for the others.
pub(super) fn large_attribute(j: &mut Json<'_>, value: &LargeAttribute) -> serde_json::Result<()> {
    match value {
        LargeAttribute::Location(v) => {
            j.lit(b"{\"Location\":");
            json_vector(j, v)?;
        }
        LargeAttribute::PickupNew(p) => {
            j.lit(b"{\"PickupNew\":{\"instigator\":");
            j.option(&p.instigator, |j, &id| j.int(id));
            j.lit(b",\"picked_up\":");
            j.int(p.picked_up);
            j.lit(b"}");
        }
        LargeAttribute::Pickup(p) => {
            j.lit(b"{\"Pickup\":{\"instigator\":");
            j.option(&p.instigator, |j, &id| j.int(id));
            j.lit(b",\"picked_up\":");
            j.boolean(p.picked_up);
            j.lit(b"}");
        }
        LargeAttribute::StatEvent(e) => {
            j.lit(b"{\"StatEvent\":{\"unknown\":");
            j.boolean(e.unknown);
            j.lit(b",\"object_id\":");
            j.int(e.object_id);
            j.lit(b"}");
        }
        LargeAttribute::CamSettings(c) => {
            j.lit(b"{\"CamSettings\":");
            cam_settings(j, c);
        }
        LargeAttribute::TeamPaint(p) => {
            j.lit(b"{\"TeamPaint\":");
            team_paint(j, p);
        }
        LargeAttribute::TeamLoadout(t) => {
            j.lit(b"{\"TeamLoadout\":{\"blue\":");
            loadout(j, &t.blue);
            j.lit(b",\"orange\":");
            loadout(j, &t.orange);
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
        other => return serde_json::to_writer(j.out(), other),
    }
    j.lit(b"}");
    Ok(())
}

fn cam_settings(j: &mut Json<'_>, c: &CamSettings) {
    j.lit(b"{\"fov\":");
    j.float(c.fov);
    j.lit(b",\"height\":");
    j.float(c.height);
    j.lit(b",\"angle\":");
    j.float(c.angle);
    j.lit(b",\"distance\":");
    j.float(c.distance);
    j.lit(b",\"stiffness\":");
    j.float(c.stiffness);
    j.lit(b",\"swivel\":");
    j.float(c.swivel);
    j.lit(b",\"transition\":");
    j.option(&c.transition, |j, &t| j.float(t));
    j.lit(b"}");
}

fn team_paint(j: &mut Json<'_>, p: &TeamPaint) {
    j.lit(b"{\"team\":");
    j.int(p.team);
    j.lit(b",\"primary_color\":");
    j.int(p.primary_color);
    j.lit(b",\"accent_color\":");
    j.int(p.accent_color);
    j.lit(b",\"primary_finish\":");
    j.int(p.primary_finish);
    j.lit(b",\"accent_finish\":");
    j.int(p.accent_finish);
    j.lit(b"}");
}

fn loadout(j: &mut Json<'_>, l: &Loadout) {
    let optional = |j: &mut Json<'_>, key: &[u8], value: &Option<u32>| {
        j.lit(key);
        j.option(value, |j, &v| j.int(v));
    };
    j.lit(b"{\"version\":");
    j.int(l.version);
    j.lit(b",\"body\":");
    j.int(l.body);
    j.lit(b",\"decal\":");
    j.int(l.decal);
    j.lit(b",\"wheels\":");
    j.int(l.wheels);
    j.lit(b",\"rocket_trail\":");
    j.int(l.rocket_trail);
    j.lit(b",\"antenna\":");
    j.int(l.antenna);
    j.lit(b",\"topper\":");
    j.int(l.topper);
    j.lit(b",\"unknown1\":");
    j.int(l.unknown1);
    optional(j, b",\"unknown2\":", &l.unknown2);
    optional(j, b",\"engine_audio\":", &l.engine_audio);
    optional(j, b",\"trail\":", &l.trail);
    optional(j, b",\"goal_explosion\":", &l.goal_explosion);
    optional(j, b",\"banner\":", &l.banner);
    optional(j, b",\"product_id\":", &l.product_id);
    j.lit(b",\"unknown3\":");
    j.option(&l.unknown3, |j, &[a, b, c]| {
        j.lit(b"[");
        j.int(a);
        j.lit(b",");
        j.int(b);
        j.lit(b",");
        j.int(c);
        j.lit(b"]");
    });
    j.lit(b"}");
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
        ref other => serde_json::to_writer(j.out(), other)?,
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
