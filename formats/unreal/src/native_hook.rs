//! Native structs whose layout a format crate knows: a table of hooks, one per struct type name.
//!
//! Some games store structs of their own with a native (binary, often variable-length) layout inside
//! property lists, e.g. Satisfactory's `InventoryItem`. This crate cannot name their types, so a
//! format crate implements [`NativeStruct`] for each (typically a `#[binrw]` type: one definition
//! reads and writes), lists them in a static table of [`NativeHook`]s, and puts the table in
//! [`PropertyContext::native_structs`]. The property reader then consults the table before it would
//! take an unknown struct for a property list, and keeps the decoded value as a
//! [`crate::StructValue::Native`]; the writer writes it back through the same type.
//!
//! In JSON a value is `{"type": NAME, "value": ...}` in the type's own serde form. Reading it back
//! needs the table too, which serde cannot be handed: the format crate wraps its deserialization in
//! [`with_native_structs`].

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::sync::{Arc, Weak};

use binrw::BinResult;
use binrw::io::Cursor;
use serde::de::{self, DeserializeOwned, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::depth::DepthGuard;
use crate::{Error, PropertyContext};

/// A struct with a native layout that a format crate decodes: read and write side by side, the
/// value kept in [`NativeValue`].
pub trait NativeStruct:
    Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The struct type's name as property tags write it, e.g. `InventoryItem`.
    const NAME: &'static str;

    /// Reads the struct from the cursor's position, leaving the cursor after it. The bytes may
    /// run past the struct (element structs of a Map or Set); `ctx` has the format's version
    /// in [`NativeStructs::version`].
    fn read(r: &mut Cursor<&[u8]>, ctx: &PropertyContext) -> BinResult<Self>;

    /// Writes the struct at the cursor's position (the end of the buffer).
    fn write(&self, w: &mut Cursor<&mut Vec<u8>>, ctx: &PropertyContext) -> BinResult<()>;
}

/// The object-safe face of a [`NativeStruct`], what [`NativeValue`] holds.
trait DynNative: fmt::Debug + Send + Sync {
    fn name(&self) -> &'static str;
    fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error>;
    fn clone_box(&self) -> Box<dyn DynNative>;
    fn eq_dyn(&self, other: &dyn DynNative) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn as_serialize(&self) -> &dyn erased_serde::Serialize;
}

impl<T: NativeStruct> DynNative for T {
    fn name(&self) -> &'static str {
        T::NAME
    }

    fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        let at = out.len();
        let mut w = Cursor::new(out);
        w.set_position(at as u64);
        self.write(&mut w, ctx)
            .map_err(|e| Error::new(at, format!("{}: {}", T::NAME, Error::from(e).message)))
    }

    fn clone_box(&self) -> Box<dyn DynNative> {
        Box::new(self.clone())
    }

    fn eq_dyn(&self, other: &dyn DynNative) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn as_serialize(&self) -> &dyn erased_serde::Serialize {
        self
    }
}

/// A decoded native struct of a type a format crate registered ([`NativeStruct`]).
///
/// Equal values read in a row share one allocation; [`NativeValue::get_mut`] copies a shared
/// value before handing it out, so an edit changes this value only.
pub struct NativeValue(Arc<dyn DynNative>);

impl NativeValue {
    /// Wraps a value.
    pub fn new<T: NativeStruct>(value: T) -> Self {
        NativeValue(Arc::new(value))
    }

    /// The struct type's name ([`NativeStruct::NAME`]).
    pub fn name(&self) -> &'static str {
        self.0.name()
    }

    /// The value, when it is a `T`.
    pub fn get<T: NativeStruct>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The value for editing, when it is a `T` (unshared first, when other values share it).
    pub fn get_mut<T: NativeStruct>(&mut self) -> Option<&mut T> {
        self.0.as_any().downcast_ref::<T>()?;
        if Arc::get_mut(&mut self.0).is_none() {
            self.0 = Arc::from(self.0.clone_box());
        }
        Arc::get_mut(&mut self.0)?.as_any_mut().downcast_mut()
    }

    pub(crate) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> Result<(), Error> {
        self.0.put(ctx, out)
    }
}

impl Clone for NativeValue {
    /// Shares the value ([`NativeValue::get_mut`] unshares it).
    fn clone(&self) -> Self {
        NativeValue(Arc::clone(&self.0))
    }
}

impl PartialEq for NativeValue {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.eq_dyn(&*other.0)
    }
}

impl fmt::Debug for NativeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Reads a value of a hook's type from bytes at an absolute offset: the value and the bytes used.
type ReadFn = fn(&[u8], usize, &PropertyContext) -> Result<(NativeValue, usize), Error>;

/// Reads a value of a hook's type from JSON (or any serde format).
type DeserializeFn = for<'de> fn(
    &mut dyn erased_serde::Deserializer<'de>,
) -> Result<NativeValue, erased_serde::Error>;

/// One entry of a hook table: how to read a struct type and how to read its JSON.
#[derive(Clone, Copy)]
pub struct NativeHook {
    name: &'static str,
    read: ReadFn,
    deserialize: DeserializeFn,
}

impl NativeHook {
    /// The hook of `T`.
    pub const fn of<T: NativeStruct>() -> Self {
        NativeHook {
            name: T::NAME,
            read: read_native::<T>,
            deserialize: deserialize_native::<T>,
        }
    }

    /// The struct type's name.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl fmt::Debug for NativeHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// Most native structs nested in one another (through property lists they embed) on one thread.
/// Each level reads a fresh property list, whose own depth bound starts again, so without this a
/// file could nest them until the stack ran out.
pub const MAX_NATIVE_DEPTH: u32 = 8;

thread_local! {
    /// Native structs being read on this thread.
    static READ_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The table [`with_native_structs`] installed for deserialization.
    static DESERIALIZE_TABLE: Cell<&'static [NativeHook]> = const { Cell::new(&[]) };
    /// The last native struct read on this thread, which the next one shares when equal
    /// (inventories are runs of equal items, empty slots most of all).
    static LAST_READ: RefCell<Option<LastRead>> = const { RefCell::new(None) };
}

/// The last native struct read on this thread, for the next read to share when the two are equal;
/// weak, so it keeps no value alive past its model.
struct LastRead(Weak<dyn DynNative>);

/// `value`, sharing the allocation of the value read last on this thread when equal to it.
fn share_last<T: NativeStruct>(value: T) -> NativeValue {
    LAST_READ.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(shared) = last.as_ref().and_then(|LastRead(l)| l.upgrade())
            && shared.as_any().downcast_ref::<T>() == Some(&value)
        {
            return NativeValue(shared);
        }
        let value = NativeValue::new(value);
        *last = Some(LastRead(Arc::downgrade(&value.0)));
        value
    })
}

/// Reads a `T` from the start of `data` (at absolute offset `base`): the value and the bytes used.
fn read_native<T: NativeStruct>(
    data: &[u8],
    base: usize,
    ctx: &PropertyContext,
) -> Result<(NativeValue, usize), Error> {
    let _level = DepthGuard::enter(&READ_DEPTH, MAX_NATIVE_DEPTH).ok_or_else(|| {
        Error::new(
            base,
            crate::depth::too_deep("native structs", MAX_NATIVE_DEPTH),
        )
    })?;
    let mut r = Cursor::new(data);
    let value = T::read(&mut r, ctx).map_err(|e| {
        let e = Error::from(e);
        Error::new(base + e.offset, format!("{}: {}", T::NAME, e.message))
    })?;
    let used = r.position() as usize;
    let value = share_last(value);
    Ok((value, used))
}

fn deserialize_native<T: NativeStruct>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<NativeValue, erased_serde::Error> {
    erased_serde::deserialize::<T>(d).map(NativeValue::new)
}

/// The hook table a property context reads with, and the format's version the hooks read.
#[derive(Clone, Copy, Default)]
pub struct NativeStructs {
    hooks: &'static [NativeHook],
    /// The format's own version, for layouts gated on it (Satisfactory: the SaveVersion).
    pub version: i32,
}

impl NativeStructs {
    /// The hooks of `hooks` with the format version `version`.
    pub const fn new(hooks: &'static [NativeHook], version: i32) -> Self {
        NativeStructs { hooks, version }
    }

    /// The hook for struct type `name`.
    pub(crate) fn get(&self, name: &str) -> Option<&'static NativeHook> {
        self.hooks.iter().find(|h| h.name == name)
    }

    /// True when no hooks are registered.
    pub fn is_empty(&self) -> bool {
        self.hooks.is_empty()
    }
}

impl NativeHook {
    /// Reads the struct at `r`'s position and advances past it.
    pub(crate) fn parse(
        &self,
        r: &mut crate::cursor::ByteReader<'_>,
        ctx: &PropertyContext,
    ) -> Result<NativeValue, Error> {
        let (value, used) = (self.read)(&r.whole()[r.pos()..], r.offset(), ctx)?;
        r.bytes(used, self.name)?;
        Ok(value)
    }
}

impl PartialEq for NativeStructs {
    /// The same table (by address) and version.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.hooks, other.hooks) && self.version == other.version
    }
}

impl Eq for NativeStructs {}

impl fmt::Debug for NativeStructs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NativeStructs")
            .field("hooks", &self.hooks)
            .field("version", &self.version)
            .finish()
    }
}

/// Runs `f` (a deserialization) with `hooks` as the table [`NativeValue`]s are read from JSON
/// with; outside it, a native value in JSON is an error naming its type.
pub fn with_native_structs<T>(hooks: &'static [NativeHook], f: impl FnOnce() -> T) -> T {
    struct Restore(&'static [NativeHook]);
    impl Drop for Restore {
        fn drop(&mut self) {
            DESERIALIZE_TABLE.with(|t| t.set(self.0));
        }
    }
    let _restore = Restore(DESERIALIZE_TABLE.with(|t| t.replace(hooks)));
    f()
}

impl Serialize for NativeValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("NativeValue", 2)?;
        st.serialize_field("type", self.name())?;
        st.serialize_field("value", self.0.as_serialize())?;
        st.end()
    }
}

impl<'de> Deserialize<'de> for NativeValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("NativeValue", &["type", "value"], NativeVisitor)
    }
}

struct NativeVisitor;

impl<'de> Visitor<'de> for NativeVisitor {
    type Value = NativeValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a native struct: {\"type\": name, \"value\": ...}, in that order")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NativeValue, A::Error> {
        if map.next_key::<String>()?.as_deref() != Some("type") {
            return Err(de::Error::custom("native struct: \"type\" must come first"));
        }
        let name: String = map.next_value()?;
        let table = DESERIALIZE_TABLE.with(Cell::get);
        let hook = table.iter().find(|h| h.name == name).ok_or_else(|| {
            de::Error::custom(format!(
                "no native struct decoder for {name:?} (read it through its format crate)"
            ))
        })?;
        if map.next_key::<String>()?.as_deref() != Some("value") {
            return Err(de::Error::custom(
                "native struct: \"value\" must follow \"type\"",
            ));
        }
        let value = map.next_value_seed(HookSeed(hook))?;
        if map.next_key::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::custom(
                "native struct: only \"type\" and \"value\"",
            ));
        }
        Ok(value)
    }
}

/// Deserializes one value through a hook's type.
struct HookSeed(&'static NativeHook);

impl<'de> DeserializeSeed<'de> for HookSeed {
    type Value = NativeValue;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<NativeValue, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.0.deserialize)(&mut erased).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use binrw::{BinRead, BinWrite};

    use super::*;

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Word(u32);

    impl NativeStruct for Word {
        const NAME: &'static str = "Word";

        fn read(r: &mut Cursor<&[u8]>, _: &PropertyContext) -> BinResult<Self> {
            u32::read_le(r).map(Word)
        }

        fn write(&self, w: &mut Cursor<&mut Vec<u8>>, _: &PropertyContext) -> BinResult<()> {
            self.0.write_le(w)
        }
    }

    fn read(bytes: &[u8]) -> NativeValue {
        let (value, used) = read_native::<Word>(bytes, 0, &PropertyContext::default()).unwrap();
        assert_eq!(used, 4);
        value
    }

    #[test]
    fn equal_values_read_in_a_row_share_until_one_is_edited() {
        let a = read(&[1, 0, 0, 0]);
        let b = read(&[1, 0, 0, 0]);
        let c = read(&[2, 0, 0, 0]);
        let d = read(&[1, 0, 0, 0]);
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert!(!Arc::ptr_eq(&b.0, &c.0) && !Arc::ptr_eq(&a.0, &d.0));
        assert_eq!(a, d);

        let mut edited = b.clone();
        edited.get_mut::<Word>().unwrap().0 = 5;
        assert!(!Arc::ptr_eq(&edited.0, &a.0));
        assert_eq!(
            (a.get::<Word>(), b.get::<Word>()),
            (Some(&Word(1)), Some(&Word(1)))
        );
        assert_eq!(edited.get::<Word>(), Some(&Word(5)));
        // Not shared any more: edited in place.
        let at = Arc::as_ptr(&edited.0);
        edited.get_mut::<Word>().unwrap().0 = 6;
        assert!(std::ptr::addr_eq(Arc::as_ptr(&edited.0), at));
    }

    #[test]
    fn the_last_value_is_not_kept_alive_past_its_model() {
        drop(read(&[3, 0, 0, 0]));
        let b = read(&[3, 0, 0, 0]);
        assert_eq!(Arc::strong_count(&b.0), 1);
        assert_eq!(b.get::<Word>(), Some(&Word(3)));
    }
}
