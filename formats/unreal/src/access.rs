//! Short ways to find, read and add properties: look-up by name and by path, typed accessors and
//! insertion that builds the tag.

use std::sync::Arc;

use crate::property_tag::FLAG_BINARY_OR_NATIVE;
use crate::{
    ArrayValue, Error, FName, FPropertyTag, FPropertyTypeName, Property, PropertyList,
    PropertyValue, StructValue, TagExtras,
};

impl PropertyList {
    /// The first property with this name, mutably.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Property> {
        self.properties.iter_mut().find(|p| p.tag.name.is(name))
    }

    /// The property at a dotted path: names through structs stored as property lists, and
    /// `[i]` to pick an element of an array of such structs, e.g. `Player.Inventory[2].Count`.
    ///
    /// ```
    /// use unreal::{PropertyList, PropertyValue, StructValue};
    /// let mut inner = PropertyList::default();
    /// inner.insert("Count", PropertyValue::Int(3)).unwrap();
    /// let mut root = PropertyList::default();
    /// root.insert_struct("Player", "PlayerData", inner);
    /// assert_eq!(root.get_path("Player.Count").and_then(|p| p.value.as_i32()), Some(3));
    /// root.get_path_mut("Player.Count").unwrap().value = PropertyValue::Int(4);
    /// assert_eq!(root.get_path("Player.Count").unwrap().value.as_i32(), Some(4));
    /// assert!(root.get_path("Player.Missing").is_none());
    /// ```
    pub fn get_path(&self, path: &str) -> Option<&Property> {
        let (name, index, rest) = split_path(path)?;
        let property = self.get(name)?;
        match rest {
            None if index.is_none() => Some(property),
            None => None,
            Some(rest) => property.value.list(index)?.get_path(rest),
        }
    }

    /// [`PropertyList::get_path`], mutably.
    pub fn get_path_mut(&mut self, path: &str) -> Option<&mut Property> {
        let (name, index, rest) = split_path(path)?;
        let property = self.get_mut(name)?;
        match rest {
            None if index.is_none() => Some(property),
            None => None,
            Some(rest) => property.value.list_mut(index)?.get_path_mut(rest),
        }
    }

    /// Appends a property whose tag is built from the value's type (see
    /// [`PropertyValue::type_name`]), returning it. Values whose type does not follow from
    /// them (arrays, sets, maps, structs stored as property lists) are an error naming the
    /// property: build their [`FPropertyTag`] and push a [`Property`], or use
    /// [`PropertyList::insert_struct`].
    ///
    /// ```
    /// use unreal::{F32, PropertyList, PropertyValue};
    /// let mut list = PropertyList::default();
    /// list.insert("Health", PropertyValue::Float(F32(75.5))).unwrap();
    /// assert_eq!(list.get("Health").unwrap().tag.type_name.name.as_str(), "FloatProperty");
    /// assert_eq!(list.get("Health").unwrap().value.as_f32(), Some(75.5));
    /// assert!(list.insert("Raw", PropertyValue::Raw(vec![1])).is_err());
    /// ```
    pub fn insert(&mut self, name: &str, value: PropertyValue) -> Result<&mut Property, Error> {
        let type_name = value.type_name().ok_or_else(|| {
            Error::new(
                0,
                format!("{name}: the property type of this value cannot be derived; build its tag"),
            )
        })?;
        let mut tag = FPropertyTag::new(FName::new(name), Arc::new(type_name));
        if matches!(&value, PropertyValue::Struct(s) if !matches!(s, StructValue::Properties(_))) {
            // UE 5.4 tags mark binary structs; older tags do not store the flag.
            tag.set_extras(TagExtras {
                flags: FLAG_BINARY_OR_NATIVE,
                ..TagExtras::default()
            });
        }
        Ok(self.push(Property { tag, value }))
    }

    /// Appends a struct of type `struct_name` stored as a property list.
    pub fn insert_struct(
        &mut self,
        name: &str,
        struct_name: &str,
        fields: PropertyList,
    ) -> &mut Property {
        let type_name = struct_type(struct_name);
        let tag = FPropertyTag::new(FName::new(name), Arc::new(type_name));
        let value = PropertyValue::Struct(StructValue::Properties(fields));
        self.push(Property { tag, value })
    }

    fn push(&mut self, property: Property) -> &mut Property {
        self.properties.push(property);
        let last = self.properties.len() - 1;
        &mut self.properties[last]
    }
}

/// `StructProperty(struct_name)`.
fn struct_type(struct_name: &str) -> FPropertyTypeName {
    FPropertyTypeName {
        name: FName::new("StructProperty"),
        params: Arc::new([FPropertyTypeName::leaf(FName::new(struct_name))]),
    }
}

/// The first segment of a dotted path (name and optional `[index]`) and the rest.
fn split_path(path: &str) -> Option<(&str, Option<usize>, Option<&str>)> {
    let (head, rest) = match path.split_once('.') {
        Some((head, rest)) => (head, Some(rest)),
        None => (path, None),
    };
    match head.strip_suffix(']').and_then(|h| h.split_once('[')) {
        Some((name, index)) => Some((name, Some(index.parse().ok()?), rest)),
        None => Some((head, None, rest)),
    }
}

macro_rules! accessor {
    ($(#[$doc:meta])* $name:ident, $variant:ident, $ty:ty, $get:expr) => {
        $(#[$doc])*
        pub fn $name(&self) -> Option<$ty> {
            match self {
                PropertyValue::$variant(v) => Some($get(v)),
                _ => None,
            }
        }
    };
}

impl PropertyValue {
    accessor!(
        /// A `BoolProperty`'s value.
        as_bool, Bool, bool, |v: &bool| *v
    );
    accessor!(
        /// An `IntProperty`'s value.
        ///
        /// ```
        /// use unreal::PropertyValue;
        /// assert_eq!(PropertyValue::Int(7).as_i32(), Some(7));
        /// assert_eq!(PropertyValue::Int64(7).as_i32(), None);
        /// ```
        as_i32, Int, i32, |v: &i32| *v
    );
    accessor!(
        /// An `Int64Property`'s value.
        as_i64, Int64, i64, |v: &i64| *v
    );
    accessor!(
        /// A `UInt32Property`'s value.
        as_u32, UInt32, u32, |v: &u32| *v
    );
    accessor!(
        /// A `UInt64Property`'s value.
        as_u64, UInt64, u64, |v: &u64| *v
    );
    accessor!(
        /// A `ByteProperty`'s value (without an enum).
        as_u8, Byte, u8, |v: &u8| *v
    );
    accessor!(
        /// A `FloatProperty`'s value.
        as_f32, Float, f32, |v: &crate::F32| v.0
    );
    accessor!(
        /// A `DoubleProperty`'s value.
        as_f64, Double, f64, |v: &crate::F64| v.0
    );

    /// The text of a `StrProperty`, `Utf8StrProperty`, `NameProperty`, enum value or object path.
    ///
    /// ```
    /// use unreal::{FString, PropertyValue};
    /// assert_eq!(PropertyValue::Str(FString::new("Ann")).as_str(), Some("Ann"));
    /// assert_eq!(PropertyValue::Int(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PropertyValue::Str(s)
            | PropertyValue::Utf8Str(s)
            | PropertyValue::Name(s)
            | PropertyValue::Enum(s)
            | PropertyValue::Object(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// The struct of a `StructProperty`.
    pub fn as_struct(&self) -> Option<&StructValue> {
        match self {
            PropertyValue::Struct(s) => Some(s),
            _ => None,
        }
    }

    /// The array of an `ArrayProperty`.
    pub fn as_array(&self) -> Option<&ArrayValue> {
        match self {
            PropertyValue::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The property list of a struct stored as one, or of element `index` (default 0) of an
    /// array of such structs.
    pub fn list(&self, index: Option<usize>) -> Option<&PropertyList> {
        let item = match (self, index) {
            (PropertyValue::Struct(s), None) => s,
            (PropertyValue::Array(a), i) => match &**a {
                ArrayValue::Structs { items, .. } => items.get(i.unwrap_or(0))?,
                _ => return None,
            },
            _ => return None,
        };
        match item {
            StructValue::Properties(list) => Some(list),
            _ => None,
        }
    }

    /// [`PropertyValue::list`], mutably.
    pub fn list_mut(&mut self, index: Option<usize>) -> Option<&mut PropertyList> {
        let item = match (self, index) {
            (PropertyValue::Struct(s), None) => s,
            (PropertyValue::Array(a), i) => match &mut **a {
                ArrayValue::Structs { items, .. } => items.get_mut(i.unwrap_or(0))?,
                _ => return None,
            },
            _ => return None,
        };
        match item {
            StructValue::Properties(list) => Some(list),
            _ => None,
        }
    }

    /// The property type of this value when it follows from the value alone: every scalar,
    /// text and object type, and structs of a known binary layout (`StructProperty(Vector)`);
    /// `None` for arrays, sets, maps, optionals, raw bytes and structs stored as property lists.
    pub fn type_name(&self) -> Option<FPropertyTypeName> {
        use PropertyValue as V;
        let leaf = |name: &str| Some(FPropertyTypeName::leaf(FName::new(name)));
        match self {
            V::Bool(_) => leaf("BoolProperty"),
            V::Int8(_) => leaf("Int8Property"),
            V::Int16(_) => leaf("Int16Property"),
            V::Int(_) => leaf("IntProperty"),
            V::Int64(_) => leaf("Int64Property"),
            V::Byte(_) => Some(FPropertyTypeName {
                name: FName::new("ByteProperty"),
                params: Arc::new([FPropertyTypeName::leaf(FName::new("None"))]),
            }),
            V::UInt16(_) => leaf("UInt16Property"),
            V::UInt32(_) => leaf("UInt32Property"),
            V::UInt64(_) => leaf("UInt64Property"),
            V::Float(_) => leaf("FloatProperty"),
            V::Double(_) => leaf("DoubleProperty"),
            V::Str(_) => leaf("StrProperty"),
            V::Utf8Str(_) => leaf("Utf8StrProperty"),
            V::Name(_) => leaf("NameProperty"),
            V::Text(_) => leaf("TextProperty"),
            V::Object(_) => leaf("ObjectProperty"),
            V::SoftObject(_) => leaf("SoftObjectProperty"),
            V::Struct(s) => s.native_name().map(struct_type),
            _ => None,
        }
    }
}

impl StructValue {
    /// The struct type name of a binary layout (`Vector`, `DateTime`, ...); `None` for structs
    /// stored as property lists and for unknown binary ones.
    pub fn native_name(&self) -> Option<&'static str> {
        use StructValue as S;
        Some(match self {
            S::Guid(_) => "Guid",
            S::DateTime(_) => "DateTime",
            S::Timespan(_) => "Timespan",
            S::IntPoint(_) => "IntPoint",
            S::IntVector(_) => "IntVector",
            S::Color(_) => "Color",
            S::LinearColor(_) => "LinearColor",
            S::Vector2D(_) | S::Vector2DD(_) => "Vector2D",
            S::Vector(_) | S::VectorD(_) => "Vector",
            S::Vector4(_) | S::Vector4D(_) => "Vector4",
            S::Rotator(_) | S::RotatorD(_) => "Rotator",
            S::Quat(_) | S::QuatD(_) => "Quat",
            S::Box(_) | S::BoxD(_) => "Box",
            S::Box2D(_) | S::Box2DD(_) => "Box2D",
            S::SoftObjectPath(_) => "SoftObjectPath",
            S::GameplayTagContainer(_) => "GameplayTagContainer",
            S::AstroDatumRef(_) => "AstroDatumRef",
            S::Native(v) => v.name(),
            S::Binary(_) | S::Properties(_) => return None,
        })
    }
}
