//! Property contexts per scope (package version and SaveVersion): what the `unreal` property reader
//! must know about a Satisfactory object (object references as `FObjectReferenceDisc`, the Map/Set
//! struct types of the document's tables, the binary structs of a known size, and the native
//! structs of [`super::native`] with the SaveVersion their layouts read).

use std::borrow::Cow;

use unreal::{PropertyContext, PropertyList, PropertyReader};

use crate::versions::{SAVE_VERSION_UPDATE_8, Scope, UE5_UPDATE_8_PROPERTIES};

/// Map/Set struct types the tags do not record (document tables), by property path. Value structs
/// of the tables are property lists, which the reader recognises by itself.
const STRUCT_HINTS: &[(&str, &str)] = &[
    ("mSaveData.Key", "IntVector"),
    ("mUnresolvedSaveData.Key", "IntVector"),
    ("mRemovalLocations", "Vector"),
    ("mDestroyedPickups", "Guid"),
    ("mLootedDropPods", "Guid"),
];

/// Binary structs of a fixed size that the `unreal` crate does not decode itself.
const BINARY_STRUCTS: &[(&str, usize)] = &[("FluidBox", 4), ("LBBalancerIndexing", 12)];

/// The property context for objects read in `scope`.
fn context(scope: Scope) -> PropertyContext {
    let package = scope.package;
    let ue = |v: i32| u32::try_from(v).unwrap_or(0);
    let ue5 = match scope.save_version >= SAVE_VERSION_UPDATE_8 {
        true => package.file_version_ue5.max(UE5_UPDATE_8_PROPERTIES),
        false => package.file_version_ue5,
    };
    let mut ctx = PropertyContext::new(ue(package.file_version_ue4), ue(ue5));
    ctx.level_object_references = true;
    for (path, ty) in STRUCT_HINTS {
        ctx.hints.insert(*path, *ty);
    }
    for (name, size) in BINARY_STRUCTS {
        ctx.binary_structs.insert((*name).to_owned(), *size);
    }
    ctx.native_structs =
        unreal::NativeStructs::new(&super::native::NATIVE_STRUCTS, scope.save_version);
    ctx
}

/// One property context per scope in use.
#[derive(Debug, Default)]
pub(crate) struct Contexts {
    by_scope: Vec<(Scope, PropertyContext)>,
}

impl Contexts {
    /// Contexts for every scope in `scopes`.
    pub(crate) fn for_scopes(scopes: impl IntoIterator<Item = Scope>) -> Self {
        let mut contexts = Contexts::default();
        for scope in scopes {
            if !contexts.by_scope.iter().any(|(s, _)| *s == scope) {
                contexts.by_scope.push((scope, context(scope)));
            }
        }
        contexts
    }

    /// The context for `scope` (made on the spot for a scope not seen while reading).
    pub(crate) fn get(&self, scope: Scope) -> Cow<'_, PropertyContext> {
        match self.by_scope.iter().find(|(s, _)| *s == scope) {
            Some((_, ctx)) => Cow::Borrowed(ctx),
            None => Cow::Owned(context(scope)),
        }
    }

    /// Property readers over these contexts, for one thread.
    pub(crate) fn readers(&self) -> Readers<'_> {
        Readers {
            contexts: self,
            readers: Vec::new(),
            spare: None,
        }
    }
}

/// Property readers (which share name texts between the lists they read), one per scope.
pub(crate) struct Readers<'c> {
    contexts: &'c Contexts,
    readers: Vec<(Scope, PropertyReader<'c>)>,
    spare: Option<PropertyContext>,
}

/// A reader for one scope; lists read with it share names with the others of the same scope.
pub(crate) enum ScopedReader<'r, 'c> {
    Shared(&'r mut PropertyReader<'c>),
    Alone(&'r PropertyContext),
}

impl ScopedReader<'_, '_> {
    pub(crate) fn read(
        self,
        data: &[u8],
        base: usize,
    ) -> Result<(PropertyList, usize), unreal::Error> {
        match self {
            ScopedReader::Shared(r) => r.read(data, base),
            ScopedReader::Alone(ctx) => PropertyList::read(data, base, ctx),
        }
    }
}

impl<'c> Readers<'c> {
    /// The property context for `scope` (for lists read outside the shared readers).
    pub(crate) fn context(&self, scope: Scope) -> Cow<'c, PropertyContext> {
        self.contexts.get(scope)
    }

    /// The reader for `scope`.
    pub(crate) fn reader(&mut self, scope: Scope) -> ScopedReader<'_, 'c> {
        let contexts = self.contexts;
        let found = self.readers.iter().position(|(s, _)| *s == scope);
        let index = match found {
            Some(i) => i,
            None => match contexts.by_scope.iter().find(|(s, _)| *s == scope) {
                Some((_, ctx)) => {
                    self.readers.push((scope, PropertyReader::new(ctx)));
                    self.readers.len() - 1
                }
                None => {
                    return ScopedReader::Alone(self.spare.insert(context(scope)));
                }
            },
        };
        ScopedReader::Shared(&mut self.readers[index].1)
    }
}
