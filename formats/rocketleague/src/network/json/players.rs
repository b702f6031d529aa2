//! The large attributes that hold text: player ids, reservations, strings and match settings,
//! written piece by piece (their strings have no bound that would fit a record).

use super::super::{
    NetString, PrivateMatchSettings, RemoteId, RepStatTitle, Reservation, ReservationName, UniqueId,
};
use super::text::Json;
use crate::String16;

/// A string as its `String16` form: `{"Windows1252":"text"}`, `{"Utf16":"text"}`, `"Empty"` or
/// `{"Raw":{"length":N,"bytes":"hex"}}`.
pub(super) fn net_string(j: &mut Json<'_>, s: &NetString) {
    match s.to_string16() {
        String16::Empty => j.lit(b"\"Empty\""),
        String16::Windows1252(text) => {
            j.lit(b"{\"Windows1252\":");
            j.string(&text);
            j.lit(b"}");
        }
        String16::Utf16(text) => {
            j.lit(b"{\"Utf16\":");
            j.string(&text);
            j.lit(b"}");
        }
        String16::Raw { length, bytes } => {
            j.lit(b"{\"Raw\":{\"length\":");
            j.int(length);
            j.lit(b",\"bytes\":");
            j.hex(&bytes);
            j.lit(b"}}");
        }
    }
}

pub(super) fn unique_id(j: &mut Json<'_>, id: &UniqueId) {
    j.lit(b"{\"system_id\":");
    j.int(id.system_id);
    j.lit(b",\"remote_id\":");
    remote_id(j, &id.remote_id);
    j.lit(b",\"local_id\":");
    j.int(id.local_id);
    j.lit(b"}");
}

fn remote_id(j: &mut Json<'_>, id: &RemoteId) {
    match id {
        RemoteId::SplitScreen(v) => {
            j.lit(b"{\"SplitScreen\":");
            j.int(*v);
        }
        RemoteId::Steam(v) => {
            j.lit(b"{\"Steam\":");
            j.uint64(*v);
        }
        RemoteId::PlayStation {
            name,
            unknown,
            online_id,
        } => {
            j.lit(b"{\"PlayStation\":{\"name\":");
            j.hex(name);
            j.lit(b",\"unknown\":");
            j.hex(unknown);
            j.lit(b",\"online_id\":");
            j.uint64(*online_id);
            j.lit(b"}");
        }
        RemoteId::Xbox(v) => {
            j.lit(b"{\"Xbox\":");
            j.uint64(*v);
        }
        RemoteId::QQ(v) => {
            j.lit(b"{\"QQ\":");
            j.uint64(*v);
        }
        RemoteId::Switch { online_id, unknown } => {
            j.lit(b"{\"Switch\":{\"online_id\":");
            j.uint64(*online_id);
            j.lit(b",\"unknown\":");
            j.hex(unknown);
            j.lit(b"}");
        }
        RemoteId::PsyNet { online_id, unknown } => {
            j.lit(b"{\"PsyNet\":{\"online_id\":");
            j.uint64(*online_id);
            j.lit(b",\"unknown\":");
            j.option(unknown, |j, bytes| j.hex(bytes));
            j.lit(b"}");
        }
        RemoteId::Epic(name) => {
            j.lit(b"{\"Epic\":");
            net_string(j, name);
        }
    }
    j.lit(b"}");
}

pub(super) fn reservation(j: &mut Json<'_>, r: &Reservation) {
    j.lit(b"{\"number\":");
    j.int(r.number);
    j.lit(b",\"unique_id\":");
    unique_id(j, &r.unique_id);
    j.lit(b",\"name\":");
    match &r.name {
        ReservationName::None => j.lit(b"\"None\""),
        ReservationName::Text(text) => {
            j.lit(b"{\"Text\":");
            net_string(j, text);
            j.lit(b"}");
        }
        ReservationName::Raw(bytes) => {
            j.lit(b"{\"Raw\":");
            j.hex(bytes);
            j.lit(b"}");
        }
    }
    j.lit(b",\"unknown1\":");
    j.boolean(r.unknown1);
    j.lit(b",\"unknown2\":");
    j.boolean(r.unknown2);
    j.lit(b",\"unknown3\":");
    j.option(&r.unknown3, |j, &v| j.int(v));
    j.lit(b"}");
}

pub(super) fn private_match_settings(j: &mut Json<'_>, s: &PrivateMatchSettings) {
    j.lit(b"{\"mutators\":");
    net_string(j, &s.mutators);
    j.lit(b",\"joinable_by\":");
    j.int(s.joinable_by);
    j.lit(b",\"max_players\":");
    j.int(s.max_players);
    j.lit(b",\"game_name\":");
    net_string(j, &s.game_name);
    j.lit(b",\"password\":");
    net_string(j, &s.password);
    j.lit(b",\"flag\":");
    j.boolean(s.flag);
    j.lit(b"}");
}

pub(super) fn rep_stat_title(j: &mut Json<'_>, t: &RepStatTitle) {
    j.lit(b"{\"unknown\":");
    j.boolean(t.unknown);
    j.lit(b",\"name\":");
    net_string(j, &t.name);
    j.lit(b",\"unknown2\":");
    j.boolean(t.unknown2);
    j.lit(b",\"index\":");
    j.int(t.index);
    j.lit(b",\"value\":");
    j.int(t.value);
    j.lit(b"}");
}
