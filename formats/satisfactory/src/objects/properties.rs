//! Property contexts per package version: what the `unreal` property reader must know about a
//! Satisfactory object (object references as `FObjectReferenceDisc`, the Map/Set struct types of the
//! document's tables, the binary structs of a known size).

use std::borrow::Cow;

use unreal::{PropertyContext, PropertyList, PropertyReader};

use crate::versions::{FPackageFileVersion, Scope};

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

/// The property context for objects saved with `package`.
pub(crate) fn context(package: FPackageFileVersion) -> PropertyContext {
    let ue = |v: i32| u32::try_from(v).unwrap_or(0);
    let mut ctx = PropertyContext::new(ue(package.file_version_ue4), ue(package.file_version_ue5));
    ctx.level_object_references = true;
    for (path, ty) in STRUCT_HINTS {
        ctx.hints.insert(*path, *ty);
    }
    for (name, size) in BINARY_STRUCTS {
        ctx.binary_structs.insert((*name).to_owned(), *size);
    }
    ctx
}

/// One property context per package version in use.
#[derive(Debug, Default)]
pub(crate) struct Contexts {
    by_package: Vec<(FPackageFileVersion, PropertyContext)>,
}

impl Contexts {
    /// Contexts for every scope in `scopes`.
    pub(crate) fn for_scopes(scopes: impl IntoIterator<Item = Scope>) -> Self {
        let mut contexts = Contexts::default();
        for scope in scopes {
            if !contexts.by_package.iter().any(|(p, _)| *p == scope.package) {
                contexts
                    .by_package
                    .push((scope.package, context(scope.package)));
            }
        }
        contexts
    }

    /// The context for `scope` (made on the spot for a package version not seen while reading).
    pub(crate) fn get(&self, scope: Scope) -> Cow<'_, PropertyContext> {
        match self.by_package.iter().find(|(p, _)| *p == scope.package) {
            Some((_, ctx)) => Cow::Borrowed(ctx),
            None => Cow::Owned(context(scope.package)),
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

/// Property readers (which share name texts between the lists they read), one per package version.
pub(crate) struct Readers<'c> {
    contexts: &'c Contexts,
    readers: Vec<(FPackageFileVersion, PropertyReader<'c>)>,
    spare: Option<PropertyContext>,
}

/// A reader for one scope; lists read with it share names with the others of the same version.
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
    /// The reader for `scope`.
    pub(crate) fn reader(&mut self, scope: Scope) -> ScopedReader<'_, 'c> {
        let contexts = self.contexts;
        let found = self.readers.iter().position(|(p, _)| *p == scope.package);
        let index = match found {
            Some(i) => i,
            None => match contexts
                .by_package
                .iter()
                .find(|(p, _)| *p == scope.package)
            {
                Some((_, ctx)) => {
                    self.readers.push((scope.package, PropertyReader::new(ctx)));
                    self.readers.len() - 1
                }
                None => {
                    return ScopedReader::Alone(self.spare.insert(context(scope.package)));
                }
            },
        };
        ScopedReader::Shared(&mut self.readers[index].1)
    }
}
