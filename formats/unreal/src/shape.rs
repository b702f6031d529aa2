//! The writer's check that each value has the shape its tag's type is read back as.
//!
//! A model can pair a tag with any value (JSON makes that easy: an `IntProperty` tag holding a
//! string or a struct). Written as is, such a file would be read back as other values, as raw
//! bytes, or not at all. Before a property is written, its value is checked against what the
//! reader makes of its type in this context, down through arrays, sets, maps and optionals (the
//! properties of a nested list are checked when that list is written), and a mismatch is refused
//! with the path below the property (`[2].Key`). Raw bytes are accepted where the reader would keep
//! undecodable bytes: for a whole tagged value other than a bool.

use crate::container::{ArrayValue, MapValue, SetValue};
use crate::context::{NameMode, UE4_PROPERTY_TAG_SET_MAP_SUPPORT};
use crate::native_struct::StructValue;
use crate::property::{EXPERIMENTAL_CONTAINER, Kind, PropertyValue, is_container};
use crate::property_tag::{FLAG_BINARY_OR_NATIVE, FPropertyTag, FPropertyTypeName};
use crate::{Error, PropertyContext};
use std::mem::discriminant;

/// Checks the value of a tagged property; errors carry `at` as their offset.
pub(crate) fn check_property(
    tag: &FPropertyTag,
    value: &PropertyValue,
    ctx: &PropertyContext,
    at: usize,
) -> Result<(), Error> {
    Check { ctx, at }.tagged(tag, value)
}

struct Check<'c> {
    ctx: &'c PropertyContext,
    at: usize,
}

fn indexed(i: usize) -> impl FnOnce(Error) -> Error {
    move |e| e.within(&format!("[{i}]"))
}

impl Check<'_> {
    fn fail(&self, message: String) -> Error {
        Error::new(self.at, message)
    }

    fn mismatch(&self, ty: &FPropertyTypeName, value: &PropertyValue) -> Error {
        self.fail(format!(
            "{} value does not match the type {}",
            variant(value),
            ty.name.as_str()
        ))
    }

    fn tagged(&self, tag: &FPropertyTag, value: &PropertyValue) -> Result<(), Error> {
        // The reader takes a property named "None" for the end of its list.
        if tag.name.is("None") {
            return Err(self.fail(
                "a property named None would be read back as the end of its list".to_owned(),
            ));
        }
        let ty = &*tag.type_name;
        let kind = Kind::of(ty.name.as_str());
        if self.tag_flags(tag, kind, value)? {
            return Ok(());
        }
        self.tag_type(ty)?;
        use PropertyValue as V;
        match (kind, value) {
            // The reader refuses value bytes on a bool tag, and keeps undecodable ones elsewhere.
            (Kind::Bool, V::Raw(_)) => Err(self.mismatch(ty, value)),
            (_, V::Raw(_)) | (Kind::Byte, V::Enum(_)) => Ok(()),
            (Kind::Struct, V::Struct(s)) => {
                let native = self
                    .ctx
                    .complete_type_names()
                    .then_some(tag.extras().flags & FLAG_BINARY_OR_NATIVE != 0);
                self.structure(ty.param_name(0), native, true, s)
            }
            (Kind::Array, V::Array(a)) => self.array(ty, a),
            (Kind::Set, V::Set(s)) => self.set(ty, s),
            (Kind::Map, V::Map(m)) => self.map(ty, m),
            (Kind::Struct | Kind::Array | Kind::Set | Kind::Map | Kind::Unknown, _) => {
                Err(self.mismatch(ty, value))
            }
            _ => self.element(kind, ty, value),
        }
    }

    /// What the UE 5.4+ tag flags and extension ask of the value: `Skipped` exactly when the tag
    /// (not a bool's, whose value stays in the tag) is flagged SkippedSerialize, and raw bytes for a
    /// container under the experimental overridable logic. `true` when the value is `Skipped`,
    /// which has nothing more to check.
    fn tag_flags(
        &self,
        tag: &FPropertyTag,
        kind: Kind,
        value: &PropertyValue,
    ) -> Result<bool, Error> {
        let skipped = tag.is_skipped() && kind != Kind::Bool;
        if skipped != matches!(value, PropertyValue::Skipped) {
            return Err(self.fail(
                "the value is Skipped exactly when the tag (not a bool's) is flagged SkippedSerialize"
                    .into(),
            ));
        }
        if skipped && !self.ctx.complete_type_names() {
            return Err(self.fail(
                "SkippedSerialize tags exist from FileVersionUE5 1012 (complete type names) only"
                    .into(),
            ));
        }
        if is_container(kind)
            && tag.experimental_overridable_logic()
            && !matches!(value, PropertyValue::Raw(_))
        {
            return Err(self.fail(EXPERIMENTAL_CONTAINER.into()));
        }
        Ok(skipped)
    }

    /// Before UE 5.4 a tag stores its type's parameters as single names, as many as the type has.
    fn tag_type(&self, ty: &FPropertyTypeName) -> Result<(), Error> {
        if self.ctx.complete_type_names() {
            return Ok(());
        }
        let set_map = self.ctx.package_ue4 >= UE4_PROPERTY_TAG_SET_MAP_SUPPORT;
        let arity = match Kind::of(ty.name.as_str()) {
            Kind::Struct | Kind::Byte | Kind::Enum | Kind::Array | Kind::Optional => 1,
            Kind::Set if set_map => 1,
            Kind::Map if set_map => 2,
            _ => 0,
        };
        if ty.params.len() != arity || ty.params.iter().any(|p| !p.params.is_empty()) {
            return Err(self.fail(format!(
                "a {} tag before UE 5.4 has {arity} type parameters without parameters of their own",
                ty.name.as_str()
            )));
        }
        Ok(())
    }

    /// An untagged value (an element, or a tagged value without a tag-specific layout).
    fn element(
        &self,
        kind: Kind,
        ty: &FPropertyTypeName,
        value: &PropertyValue,
    ) -> Result<(), Error> {
        use PropertyValue as V;
        let ctx = self.ctx;
        let fits = match (kind, value) {
            (Kind::Struct, V::Struct(s)) => {
                // Without a name in the type tree the reader goes by hints or by the bytes.
                let name = ty.param_name(0);
                return match name.is_empty() {
                    true => Ok(()),
                    false => self.structure(name, None, false, s),
                };
            }
            (Kind::Optional, V::Optional(inner)) => {
                return match (inner, ty.params.first()) {
                    (None, _) => Ok(()),
                    (Some(v), Some(t)) => self.element(Kind::of(t.name.as_str()), t, v),
                    (Some(_), None) => {
                        Err(self.fail("an OptionalProperty without its type".into()))
                    }
                };
            }
            (Kind::Object, V::ObjectIndex { .. }) => ctx.object_indices,
            (Kind::Object, V::ObjectReference(_)) => {
                !ctx.object_indices && ctx.level_object_references
            }
            (Kind::Object, V::Object(_)) => !ctx.object_indices && !ctx.level_object_references,
            (Kind::Bool, V::Bool(_))
            | (Kind::Int8, V::Int8(_))
            | (Kind::Int16, V::Int16(_))
            | (Kind::Int, V::Int(_))
            | (Kind::Int64, V::Int64(_))
            | (Kind::Byte, V::Byte(_))
            | (Kind::UInt16, V::UInt16(_))
            | (Kind::UInt32, V::UInt32(_))
            | (Kind::UInt64, V::UInt64(_))
            | (Kind::Float, V::Float(_))
            | (Kind::Double, V::Double(_))
            | (Kind::Str, V::Str(_))
            | (Kind::Utf8Str, V::Utf8Str(_))
            | (Kind::Name, V::Name(_))
            | (Kind::Enum, V::Enum(_))
            | (Kind::Text, V::Text(_))
            | (Kind::SoftObject, V::SoftObject(_))
            | (Kind::LazyObject, V::LazyObject(_))
            | (Kind::Delegate, V::Delegate(_))
            | (Kind::MulticastDelegate, V::MulticastDelegate(_))
            | (Kind::FieldPath, V::FieldPath(_)) => true,
            _ => false,
        };
        match fits {
            true => Ok(()),
            false => Err(self.mismatch(ty, value)),
        }
    }

    fn inner<'t>(
        &self,
        ty: &'t FPropertyTypeName,
        i: usize,
    ) -> Result<&'t FPropertyTypeName, Error> {
        ty.params
            .get(i)
            .ok_or_else(|| self.fail(format!("{} without element type {i}", ty.name.as_str())))
    }

    fn elements(&self, ty: &FPropertyTypeName, values: &[PropertyValue]) -> Result<(), Error> {
        let kind = Kind::of(ty.name.as_str());
        values
            .iter()
            .enumerate()
            .try_for_each(|(i, v)| self.element(kind, ty, v).map_err(indexed(i)))
    }

    fn array(&self, ty: &FPropertyTypeName, a: &ArrayValue) -> Result<(), Error> {
        let inner = self.inner(ty, 0)?;
        let kind = Kind::of(inner.name.as_str());
        let inline = self.ctx.names == NameMode::Inline;
        let plain_objects = !self.ctx.level_object_references && !self.ctx.object_indices;
        use ArrayValue as A;
        let fits = match (kind, a) {
            (Kind::Struct, A::Structs { inner_tag, items }) => {
                return self.structs(inner, inner_tag.as_deref(), items);
            }
            // An empty array of bytes is read as bytes, whatever the names.
            (Kind::Bool | Kind::Int8 | Kind::Byte, A::Bytes(_)) => true,
            (Kind::Byte | Kind::Name | Kind::Enum, A::Strings(s)) => {
                inline && (kind != Kind::Byte || !s.is_empty())
            }
            (Kind::Byte | Kind::Name | Kind::Enum, A::Values(vs)) if !inline => {
                let named = if kind == Kind::Name {
                    Kind::Name
                } else {
                    Kind::Enum
                };
                if kind == Kind::Byte && vs.is_empty() {
                    false
                } else {
                    return vs
                        .iter()
                        .enumerate()
                        .try_for_each(|(i, v)| self.element(named, inner, v).map_err(indexed(i)));
                }
            }
            (Kind::Str, A::Strings(_)) => true,
            (Kind::Object, A::Strings(_)) => plain_objects,
            (Kind::Int, A::Ints(_))
            | (Kind::Int16, A::Int16s(_))
            | (Kind::UInt16, A::UInt16s(_))
            | (Kind::UInt32, A::UInt32s(_))
            | (Kind::Int64, A::Int64s(_))
            | (Kind::UInt64, A::UInt64s(_))
            | (Kind::Float, A::Floats(_))
            | (Kind::Double, A::Doubles(_)) => true,
            (_, A::Values(vs)) if generic_elements(kind, plain_objects) => {
                return self.elements(inner, vs);
            }
            _ => false,
        };
        match fits {
            true => Ok(()),
            false => Err(self.fail(format!(
                "{} do not match the element type {}",
                array_form(a),
                inner.name.as_str()
            ))),
        }
    }

    /// Struct array items: the struct name comes from the type tree (UE 5.4+) or from the inner tag
    /// (before), whose size tells the reader the items' float width when they share one layout.
    fn structs(
        &self,
        inner: &FPropertyTypeName,
        inner_tag: Option<&FPropertyTag>,
        items: &[StructValue],
    ) -> Result<(), Error> {
        let complete = self.ctx.complete_type_names();
        let name = match (complete, inner_tag) {
            (true, None) => inner.param_name(0),
            (false, Some(tag)) if tag.type_name.name.is("StructProperty") => {
                self.tag_type(&tag.type_name)?;
                tag.type_name.param_name(0)
            }
            (true, Some(_)) => {
                return Err(self.fail("a struct array has no inner tag from UE 5.4 on".into()));
            }
            (false, _) => {
                return Err(self.fail(
                    "a struct array needs an inner StructProperty tag before UE 5.4".into(),
                ));
            }
        };
        let sized = !complete
            && items
                .iter()
                .all(|s| discriminant(s) == discriminant(&items[0]));
        items
            .iter()
            .enumerate()
            .try_for_each(|(i, s)| self.structure(name, None, sized, s).map_err(indexed(i)))
    }

    fn set(&self, ty: &FPropertyTypeName, s: &SetValue) -> Result<(), Error> {
        let inner = self.inner(ty, 0)?;
        self.elements(inner, &s.removed)
            .map_err(|e| e.within("removed"))?;
        self.elements(inner, &s.elements)
    }

    fn map(&self, ty: &FPropertyTypeName, m: &MapValue) -> Result<(), Error> {
        let (key_ty, value_ty) = (self.inner(ty, 0)?, self.inner(ty, 1)?);
        self.elements(key_ty, &m.removed)
            .map_err(|e| e.within("removed"))?;
        let (key_kind, value_kind) = (
            Kind::of(key_ty.name.as_str()),
            Kind::of(value_ty.name.as_str()),
        );
        for (i, (k, v)) in m.entries.iter().enumerate() {
            self.element(key_kind, key_ty, k)
                .map_err(|e| e.within("Key"))
                .map_err(indexed(i))?;
            self.element(value_kind, value_ty, v)
                .map_err(|e| e.within("Value"))
                .map_err(indexed(i))?;
        }
        Ok(())
    }

    /// A struct of type `name`; `native` is the UE 5.4 tag flag, `sized` whether the reader knows
    /// the stored size (and so takes a float layout of either width).
    fn structure(
        &self,
        name: &str,
        native: Option<bool>,
        sized: bool,
        s: &StructValue,
    ) -> Result<(), Error> {
        let known = crate::NATIVE_STRUCT_NAMES.contains(&name);
        let binary = self.ctx.binary_structs.get(name);
        let fits = match s {
            _ if native == Some(false) => matches!(s, StructValue::Properties(_)),
            StructValue::Properties(_) => !known && binary.is_none() && native.is_none(),
            StructValue::Binary(bytes) => !known && binary == Some(&bytes.len()),
            // A format crate's hook decoded it: the value knows its own struct name.
            StructValue::Native(value) => value.name() == name,
            layout => {
                let (names, wide) = native_layout(layout);
                let width_fits =
                    wide.is_none_or(|w| sized || w == self.ctx.large_world_coordinates());
                names.contains(&name) && width_fits
            }
        };
        match fits {
            true => Ok(()),
            false => Err(self.fail(format!(
                "{} struct value does not match the struct {name}",
                struct_variant(s)
            ))),
        }
    }
}

/// Element types whose arrays the reader keeps as a list of values.
fn generic_elements(kind: Kind, plain_objects: bool) -> bool {
    match kind {
        Kind::Object => !plain_objects,
        Kind::Text
        | Kind::Utf8Str
        | Kind::SoftObject
        | Kind::LazyObject
        | Kind::Delegate
        | Kind::MulticastDelegate
        | Kind::FieldPath
        | Kind::Optional
        | Kind::Array
        | Kind::Set
        | Kind::Map
        | Kind::Unknown => true,
        _ => false,
    }
}

/// The struct names a native layout is read for, and its float width (`Some(true)`: doubles).
fn native_layout(s: &StructValue) -> (&'static [&'static str], Option<bool>) {
    use StructValue as S;
    match s {
        S::Guid(_) => (&["Guid"], None),
        S::DateTime(_) => (&["DateTime"], None),
        S::Timespan(_) => (&["Timespan"], None),
        S::IntPoint(_) => (&["IntPoint"], None),
        S::IntVector(_) => (&["IntVector"], None),
        S::Color(_) => (&["Color"], None),
        S::LinearColor(_) => (&["LinearColor"], None),
        S::Vector2D(_) => (&["Vector2D"], Some(false)),
        S::Vector2DD(_) => (&["Vector2D"], Some(true)),
        S::Vector(_) => (&["Vector"], Some(false)),
        S::VectorD(_) => (&["Vector"], Some(true)),
        S::Vector4(_) => (&["Vector4"], Some(false)),
        S::Vector4D(_) => (&["Vector4"], Some(true)),
        S::Rotator(_) => (&["Rotator"], Some(false)),
        S::RotatorD(_) => (&["Rotator"], Some(true)),
        S::Quat(_) => (&["Quat"], Some(false)),
        S::QuatD(_) => (&["Quat"], Some(true)),
        S::Box(_) => (&["Box"], Some(false)),
        S::BoxD(_) => (&["Box"], Some(true)),
        S::Box2D(_) => (&["Box2D"], Some(false)),
        S::Box2DD(_) => (&["Box2D"], Some(true)),
        S::SoftObjectPath(_) => (&["SoftObjectPath", "SoftClassPath"], None),
        S::GameplayTagContainer(_) => (&["GameplayTagContainer"], None),
        S::AstroDatumRef(_) => (&["AstroDatumRef"], None),
        S::Binary(_) | S::Properties(_) | S::Native(_) => (&[], None),
    }
}

/// The JSON name of a value's variant, for errors.
fn variant(v: &PropertyValue) -> &'static str {
    use PropertyValue as V;
    match v {
        V::Bool(_) => "Bool",
        V::Int8(_) => "Int8",
        V::Int16(_) => "Int16",
        V::Int(_) => "Int",
        V::Int64(_) => "Int64",
        V::Byte(_) => "Byte",
        V::UInt16(_) => "UInt16",
        V::UInt32(_) => "UInt32",
        V::UInt64(_) => "UInt64",
        V::Float(_) => "Float",
        V::Double(_) => "Double",
        V::Str(_) => "Str",
        V::Utf8Str(_) => "Utf8Str",
        V::Name(_) => "Name",
        V::Enum(_) => "Enum",
        V::Text(_) => "Text",
        V::Object(_) => "Object",
        V::ObjectIndex { .. } => "ObjectIndex",
        V::ObjectReference(_) => "ObjectReference",
        V::SoftObject(_) => "SoftObject",
        V::LazyObject(_) => "LazyObject",
        V::Delegate(_) => "Delegate",
        V::MulticastDelegate(_) => "MulticastDelegate",
        V::FieldPath(_) => "FieldPath",
        V::Struct(_) => "Struct",
        V::Array(_) => "Array",
        V::Set(_) => "Set",
        V::Map(_) => "Map",
        V::Optional(_) => "Optional",
        V::Raw(_) => "Raw",
        V::Skipped => "Skipped",
    }
}

/// The JSON name of an array's form, for errors.
fn array_form(a: &ArrayValue) -> &'static str {
    use ArrayValue as A;
    match a {
        A::Bytes(_) => "Bytes",
        A::Structs { .. } => "Structs",
        A::Ints(_) => "Ints",
        A::Int16s(_) => "Int16s",
        A::UInt16s(_) => "UInt16s",
        A::UInt32s(_) => "UInt32s",
        A::Int64s(_) => "Int64s",
        A::UInt64s(_) => "UInt64s",
        A::Floats(_) => "Floats",
        A::Doubles(_) => "Doubles",
        A::Strings(_) => "Strings",
        A::Values(_) => "Values",
    }
}

/// The JSON name of a struct value's variant, for errors.
fn struct_variant(s: &StructValue) -> &'static str {
    use StructValue as S;
    match s {
        S::Binary(_) => "Binary",
        S::Properties(_) => "Properties",
        S::Native(value) => value.name(),
        S::SoftObjectPath(_) => "SoftObjectPath",
        S::Vector2DD(_) => "Vector2DD",
        S::VectorD(_) => "VectorD",
        S::Vector4D(_) => "Vector4D",
        S::RotatorD(_) => "RotatorD",
        S::QuatD(_) => "QuatD",
        S::BoxD(_) => "BoxD",
        S::Box2DD(_) => "Box2DD",
        layout => native_layout(layout).0[0],
    }
}
