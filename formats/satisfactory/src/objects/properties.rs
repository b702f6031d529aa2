//! Property contexts per scope (package version and SaveVersion): what the `unreal` property reader
//! must know about a Satisfactory object (object references as `FObjectReferenceDisc`, the Map/Set
//! struct types of the document's tables, the binary structs of a known size, and the native
//! structs of [`super::native`] with the SaveVersion their layouts read).

use std::borrow::Cow;
use std::sync::OnceLock;

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

/// Most scopes with a context of their own (a save has a handful); any further scope gets a
/// context made on the spot each time.
const MAX_SCOPES: usize = 32;

/// One property context per scope in use, made the first time a scope is asked for (a streaming
/// level's scope is known only once its blobs are read), through a shared reference, so readers on
/// several threads can ask too.
#[derive(Debug)]
pub(crate) struct Contexts {
    slots: [OnceLock<(Scope, PropertyContext)>; MAX_SCOPES],
}

impl Default for Contexts {
    fn default() -> Self {
        Contexts {
            slots: [const { OnceLock::new() }; MAX_SCOPES],
        }
    }
}

impl Contexts {
    /// Contexts for every scope in `scopes` (and any other asked for later).
    pub(crate) fn for_scopes(scopes: impl IntoIterator<Item = Scope>) -> Self {
        let contexts = Contexts::default();
        for scope in scopes {
            contexts.shared(scope);
        }
        contexts
    }

    /// The context for `scope`, made if it is new; `None` once every slot holds another scope.
    fn shared(&self, scope: Scope) -> Option<&PropertyContext> {
        // Slots fill in order, one at a time: a scope is never in two slots.
        self.slots.iter().find_map(|slot| {
            let (s, ctx) = slot.get_or_init(|| (scope, context(scope)));
            (*s == scope).then_some(ctx)
        })
    }

    /// The context for `scope`.
    pub(crate) fn get(&self, scope: Scope) -> Cow<'_, PropertyContext> {
        match self.shared(scope) {
            Some(ctx) => Cow::Borrowed(ctx),
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
            None => match contexts.shared(scope) {
                Some(ctx) => {
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
