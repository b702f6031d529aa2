//! The fast writer's JSON of each model type, generated from the type's one declaration: the
//! [`WriteJson`] trait, its impls for the leaf types (integers, floats, strings, lists), and the
//! macros that declare a struct or enum with its serde derive and its [`WriteJson`] impl from
//! the same field list ([`json_struct!`], [`json_enum!`]; `bit_struct!` adds its bit codec). A
//! field added to such a declaration is in both JSON writers at once; a field's
//! `#[serde(with = "...")]` picks its fast form by [`json_form!`], which refuses (does not
//! compile) a module it does not know.

use super::super::{F32Bits, NetString, OnlineLoadout, RigidBodyIndex};
use super::text::Sink;

/// A value the fast writer writes as serde writes it: `{"field":value,...}` for a struct,
/// `"Unit"` or `{"Variant":value}` for an enum variant.
pub(crate) trait WriteJson {
    /// Most bytes the JSON takes ([`UNBOUNDED`] for values holding text or lists): a value whose
    /// bound fits a record is composed in one.
    const MAX: usize;
    /// Writes the JSON to `s`.
    fn write_json<S: Sink>(&self, s: &mut S);
}

/// [`WriteJson::MAX`] of a value without a bound.
pub(crate) const UNBOUNDED: usize = usize::MAX;

/// The sum of `parts`, [`UNBOUNDED`] when any is.
pub(crate) const fn sum(parts: &[usize]) -> usize {
    let mut total = 0usize;
    let mut i = 0;
    while i < parts.len() {
        total = total.saturating_add(parts[i]);
        i += 1;
    }
    total
}

/// The largest of `parts` (0 for none).
pub(crate) const fn most(parts: &[usize]) -> usize {
    let mut top = 0;
    let mut i = 0;
    while i < parts.len() {
        if parts[i] > top {
            top = parts[i];
        }
        i += 1;
    }
    top
}

/// How a field of type `T` is written: [`Plain`] by its own [`WriteJson`], or in the form of the
/// serde `with` module the field names (chosen by [`json_form!`]).
pub(crate) trait Form<T: ?Sized> {
    /// Most bytes the field's value takes.
    const MAX: usize;
    /// Writes `value` in this form.
    fn write<S: Sink>(s: &mut S, value: &T);
}

/// A field without a serde `with`: the value's own JSON.
pub(crate) struct Plain;

impl<T: WriteJson + ?Sized> Form<T> for Plain {
    const MAX: usize = T::MAX;
    #[inline(always)]
    fn write<S: Sink>(s: &mut S, value: &T) {
        s.value(value);
    }
}

/// `unreal::json::uint64`: a number up to 2^53, else a quoted decimal string.
pub(crate) struct Uint64;

impl Form<u64> for Uint64 {
    /// `"18446744073709551615"`.
    const MAX: usize = 22;
    fn write<S: Sink>(s: &mut S, value: &u64) {
        s.uint64(*value);
    }
}

/// `unreal::json::int64`: as [`Uint64`], for signed values.
pub(crate) struct Int64;

impl Form<i64> for Int64 {
    /// `"-9223372036854775808"`.
    const MAX: usize = 22;
    fn write<S: Sink>(s: &mut S, value: &i64) {
        s.int64(*value);
    }
}

/// `unreal::chunked::hex_bytes`: a quoted lowercase hex string.
pub(crate) struct Hex;

impl Form<Vec<u8>> for Hex {
    const MAX: usize = UNBOUNDED;
    fn write<S: Sink>(s: &mut S, value: &Vec<u8>) {
        s.hex(value);
    }
}

/// `unreal::json::bytes::option`: `null` or the bytes as [`Hex`].
pub(crate) struct HexOption;

impl Form<Option<Vec<u8>>> for HexOption {
    const MAX: usize = UNBOUNDED;
    fn write<S: Sink>(s: &mut S, value: &Option<Vec<u8>>) {
        match value {
            Some(bytes) => s.hex(bytes),
            None => s.lit(b"null"),
        }
    }
}

/// The [`Form`] of a field from its serde `with` string (nothing: [`Plain`]). A module not
/// listed here has no rule, so a field using it does not compile until its form is added.
macro_rules! json_form {
    () => {
        $crate::network::json::form::Plain
    };
    ("unreal::json::uint64") => {
        $crate::network::json::form::Uint64
    };
    ("unreal::json::int64") => {
        $crate::network::json::form::Int64
    };
    ("unreal::chunked::hex_bytes") => {
        $crate::network::json::form::Hex
    };
    ("unreal::json::bytes::option") => {
        $crate::network::json::form::HexOption
    };
}
pub(crate) use json_form;

/// `{"a":..,"b":..}` from a field list: each field's key and comma in one literal, the text
/// around the object (`open`, `close`: a struct variant's tag) joined to the first and the last.
/// Each field comes as `name [with] Type = value`, `with` the serde module string or nothing.
macro_rules! json_fields {
    (
        $s:ident, [$($open:expr),*], [$($close:expr),*];
        $f0:ident [$($w0:tt)?] $t0:ty = $v0:expr $(, $f:ident [$($w:tt)?] $t:ty = $v:expr)*
    ) => {{
        use $crate::network::json::form::{Form, json_form};
        $s.lit(concat!($($open,)* "{\"", stringify!($f0), "\":").as_bytes());
        <json_form!($($w0)?) as Form<$t0>>::write($s, $v0);
        $(
            $s.lit(concat!(",\"", stringify!($f), "\":").as_bytes());
            <json_form!($($w)?) as Form<$t>>::write($s, $v);
        )*
        $s.lit(concat!("}", $($close),*).as_bytes());
    }};
}
pub(crate) use json_fields;

/// [`WriteJson::MAX`] of [`json_fields!`]'s JSON: per field its key (`"name":` and the comma or
/// brace before it) and its value, then the closing brace.
macro_rules! json_fields_max {
    ($($f:ident [$($w:tt)?] $t:ty),+) => {
        $crate::network::json::form::sum(&[
            $(
                stringify!($f).len() + 4,
                <$crate::network::json::form::json_form!($($w)?)
                    as $crate::network::json::form::Form<$t>>::MAX,
            )+
            1,
        ])
    };
}
pub(crate) use json_fields_max;

/// Declares a struct (with its derives, serde's among them) and its [`WriteJson`] impl from one
/// field list. Only doc comments, the derive and a field's serde `with` are accepted as
/// attributes: anything else serde could read would change its JSON without changing this
/// writer's.
macro_rules! json_struct {
    (
        $(#[doc = $doc:literal])*
        #[derive($($derive:path),*)]
        pub struct $name:ident {
            $(
                $(#[doc = $fdoc:literal])*
                $(#[serde(with = $w:tt)])?
                pub $f:ident : $t:ty
            ),+ $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive($($derive),*)]
        pub struct $name {
            $(
                $(#[doc = $fdoc])*
                $(#[serde(with = $w)])?
                pub $f: $t,
            )+
        }

        impl $crate::network::json::form::WriteJson for $name {
            const MAX: usize = $crate::network::json::form::json_fields_max!($($f [$($w)?] $t),+);
            #[inline(always)]
            fn write_json<S: $crate::network::json::Sink>(&self, s: &mut S) {
                $crate::network::json::form::json_fields!(s, [], []; $($f [$($w)?] $t = &self.$f),+);
            }
        }
    };
}
pub(crate) use json_struct;

/// Declares an enum (with its derives, serde's among them) and its [`WriteJson`] impl, in
/// serde's externally tagged form: `"Unit"`, `{"Newtype":value}`, `{"Struct":{"a":..}}`; the
/// attributes accepted are as for [`json_struct!`], and a rename of the enum (its name is not
/// in the JSON). A variant marked `#[serde(skip)]` is one serde refuses to write; this writer
/// writes nothing for it, and the caller writes it its own way.
macro_rules! json_enum {
    (
        $(#[doc = $doc:literal])*
        #[derive($($derive:path),*)]
        $(#[serde(rename = $rename:literal)])?
        pub enum $name:ident $(<$lt:lifetime>)? {
            $(
                $(#[doc = $vdoc:literal])*
                $(#[serde($skip:ident)])?
                $v:ident $(($($tuple:tt)*))? $({$($fields:tt)*})?
            ),+ $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive($($derive),*)]
        $(#[serde(rename = $rename)])?
        pub enum $name $(<$lt>)? {
            $(
                $(#[doc = $vdoc])*
                $(#[serde($skip)])?
                $v $(($($tuple)*))? $({$($fields)*})?,
            )+
        }

        impl $(<$lt>)? $crate::network::json::form::WriteJson for $name $(<$lt>)? {
            const MAX: usize = $crate::network::json::form::most(&[$(
                $crate::network::json::form::json_variant!(
                    max; [$($skip)?] $v $(($($tuple)*))? $({$($fields)*})?
                ),
            )+]);
            #[inline(always)]
            fn write_json<S: $crate::network::json::Sink>(&self, s: &mut S) {
                match self {
                    $(
                        $crate::network::json::form::json_variant!(
                            pattern value; [$($skip)?] $name $v $(($($tuple)*))? $({$($fields)*})?
                        ) => $crate::network::json::form::json_variant!(
                            write s, value; [$($skip)?] $v $(($($tuple)*))? $({$($fields)*})?
                        ),
                    )+
                }
            }
        }
    };
}
pub(crate) use json_enum;

/// One variant of [`json_enum!`]: its match pattern (binding a newtype's value to `$bind`, a
/// struct variant's fields to their names), its JSON, and its [`WriteJson::MAX`].
macro_rules! json_variant {
    (pattern $bind:ident; [skip] $name:ident $v:ident $($rest:tt)*) => { $name::$v { .. } };
    (pattern $bind:ident; [] $name:ident $v:ident) => { $name::$v };
    (pattern $bind:ident; [] $name:ident $v:ident ($($tuple:tt)*)) => { $name::$v($bind) };
    (pattern $bind:ident; [] $name:ident $v:ident {
        $($(#[doc = $d:literal])* $(#[serde(with = $w:tt)])? $f:ident : $t:ty),+ $(,)?
    }) => { $name::$v { $($f),+ } };

    (write $s:ident, $bind:ident; [skip] $v:ident $($rest:tt)*) => { () };
    (write $s:ident, $bind:ident; [] $v:ident) => {
        $s.lit(concat!("\"", stringify!($v), "\"").as_bytes())
    };
    (write $s:ident, $bind:ident; [] $v:ident ($(#[serde(with = $w:tt)])? $t:ty)) => {{
        use $crate::network::json::form::{Form, json_form};
        $s.lit(concat!("{\"", stringify!($v), "\":").as_bytes());
        <json_form!($($w)?) as Form<$t>>::write($s, $bind);
        $s.lit(b"}");
    }};
    (write $s:ident, $bind:ident; [] $v:ident {
        $($(#[doc = $d:literal])* $(#[serde(with = $w:tt)])? $f:ident : $t:ty),+ $(,)?
    }) => {
        $crate::network::json::form::json_fields!(
            $s, ["{\"", stringify!($v), "\":"], ["}"]; $($f [$($w)?] $t = $f),+
        )
    };

    (max; [skip] $v:ident $($rest:tt)*) => { 0 };
    (max; [] $v:ident) => { stringify!($v).len() + 2 };
    (max; [] $v:ident ($(#[serde(with = $w:tt)])? $t:ty)) => {
        $crate::network::json::form::sum(&[
            stringify!($v).len() + 5,
            <$crate::network::json::form::json_form!($($w)?)
                as $crate::network::json::form::Form<$t>>::MAX,
        ])
    };
    (max; [] $v:ident {
        $($(#[doc = $d:literal])* $(#[serde(with = $w:tt)])? $f:ident : $t:ty),+ $(,)?
    }) => {
        $crate::network::json::form::sum(&[
            stringify!($v).len() + 5,
            $crate::network::json::form::json_fields_max!($($f [$($w)?] $t),+),
        ])
    };
}
pub(crate) use json_variant;

/// Integers as JSON numbers; `MAX` is the longest value's text.
macro_rules! int_json {
    ($($t:ty => $max:expr),*) => {$(
        impl WriteJson for $t {
            const MAX: usize = $max;
            #[inline(always)]
            fn write_json<S: Sink>(&self, s: &mut S) {
                s.int(*self);
            }
        }
    )*};
}
int_json!(u8 => 3, i8 => 4, u16 => 5, u32 => 10, i32 => 11);

impl WriteJson for bool {
    const MAX: usize = 5;
    #[inline(always)]
    fn write_json<S: Sink>(&self, s: &mut S) {
        s.boolean(*self);
    }
}

impl WriteJson for F32Bits {
    /// `{"bits":4294967295}` (a NaN); finite floats take at most 15.
    const MAX: usize = 19;
    #[inline(always)]
    fn write_json<S: Sink>(&self, s: &mut S) {
        s.float(*self);
    }
}

impl WriteJson for String {
    const MAX: usize = UNBOUNDED;
    fn write_json<S: Sink>(&self, s: &mut S) {
        s.string(self);
    }
}

/// `null` or the value.
impl<T: WriteJson> WriteJson for Option<T> {
    const MAX: usize = most(&[4, T::MAX]);
    #[inline(always)]
    fn write_json<S: Sink>(&self, s: &mut S) {
        match self {
            Some(v) => v.write_json(s),
            None => s.lit(b"null"),
        }
    }
}

impl<T: WriteJson + ?Sized> WriteJson for &T {
    const MAX: usize = T::MAX;
    #[inline(always)]
    fn write_json<S: Sink>(&self, s: &mut S) {
        (**self).write_json(s);
    }
}

impl<T: WriteJson> WriteJson for Box<T> {
    const MAX: usize = T::MAX;
    #[inline(always)]
    fn write_json<S: Sink>(&self, s: &mut S) {
        (**self).write_json(s);
    }
}

/// `[a,b,..]`.
impl<T: WriteJson, const N: usize> WriteJson for [T; N] {
    const MAX: usize = sum(&[N.saturating_mul(T::MAX), N, 1]);
    fn write_json<S: Sink>(&self, s: &mut S) {
        list(s, self.iter(), |s, v| v.write_json(s));
    }
}

/// The header string form of its length and bytes.
impl WriteJson for NetString {
    const MAX: usize = UNBOUNDED;
    fn write_json<S: Sink>(&self, s: &mut S) {
        self.to_string16().write_json(s);
    }
}

/// A newtype struct is its value in serde's JSON.
impl WriteJson for RigidBodyIndex {
    const MAX: usize = <u32 as WriteJson>::MAX;
    #[inline(always)]
    fn write_json<S: Sink>(&self, s: &mut S) {
        s.int(self.0);
    }
}

/// The nested form: a list of lists of products.
impl WriteJson for OnlineLoadout {
    const MAX: usize = UNBOUNDED;
    fn write_json<S: Sink>(&self, s: &mut S) {
        list(s, self.lists(), |s, products| {
            list(s, products, |s, p| s.value(p));
        });
    }
}

/// A JSON array of `items`, each written by `each`.
pub(super) fn list<S: Sink, T>(
    s: &mut S,
    items: impl IntoIterator<Item = T>,
    mut each: impl FnMut(&mut S, T),
) {
    s.lit(b"[");
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            s.lit(b",");
        }
        each(s, item);
    }
    s.lit(b"]");
}
