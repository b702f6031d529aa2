//! The decompressed save body: validation data, the per-level map, the persistent level and the
//! unresolved world data.

use serde::{Deserialize, Serialize};
use unreal::chunked::ChunkedArchive;
use unreal::{FObjectReferenceDisc, FString, TArray, TMap};

use crate::blob::{self, Decoding, Pending, TailKind, TocTail, Undecoded};
use crate::generated::body::{BodyHead, PerStreamingLevelTail};
pub use crate::generated::body::{
    FUnresolvedWorldSaveData, FWPGridValidationData, FWorldPartitionValidationData,
};
use crate::objects::{Contexts, ObjectHeader, SaveObject};
use crate::reader::{put, put_args, put_sized};
use crate::source::Source;
use crate::versions::{FSaveObjectVersionData, Scope, TOptional};
use crate::{Error, ReadOptions};

/// `FPerStreamingLevelSaveData`, with its name (the key of `mPerLevelDataMap`) and decoded blobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FPerStreamingLevelSaveData {
    /// The level's name.
    pub level_name: FString,
    /// The objects of `TOCBlob64` / `DataBlob64`.
    pub objects: Vec<SaveObject>,
    /// What `TOCBlob64` holds after the headers.
    pub toc_tail: TocTail,
    /// Bytes of `DataBlob64` after the objects (none in known files).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub data_tail: Vec<u8>,
    /// `SaveVersion` of the level (SaveVersion 51+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_version: Option<i32>,
    /// `DestroyedActors`.
    pub destroyed_actors: TArray<FObjectReferenceDisc>,
    /// `StreamableLevelObjectVersionData` (SaveVersion 53+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version_data: Option<TOptional<FSaveObjectVersionData>>,
}

/// `FPersistentAndRuntimeSaveData`, with decoded blobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FPersistentAndRuntimeSaveData {
    /// The objects of `TOCBlob64` / `DataBlob64`.
    pub objects: Vec<SaveObject>,
    /// What `TOCBlob64` holds after the headers.
    pub toc_tail: TocTail,
    /// Bytes of `DataBlob64` after the objects (none in known files).
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub data_tail: Vec<u8>,
    /// `LevelToDestroyedActorsMap`.
    pub level_to_destroyed_actors: TMap<FString, TArray<FObjectReferenceDisc>>,
}

/// The decompressed body of a save.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveBody {
    /// `mPersistentLevelSaveObjectVersionData` (SaveVersion 53+).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent_level_version_data: Option<FSaveObjectVersionData>,
    /// `SaveGameValidationData`.
    pub validation_data: FWorldPartitionValidationData,
    /// `mPerLevelDataMap`, in file order.
    pub levels: Vec<FPerStreamingLevelSaveData>,
    /// `mPersistentAndRuntimeData`.
    pub persistent: FPersistentAndRuntimeSaveData,
    /// `mUnresolvedWorldSaveData`; absent in some 1.0 saves, whose body ends before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unresolved: Option<FUnresolvedWorldSaveData>,
}

/// Bytes of body per thread below which a read stays on one thread (a second one costs its start
/// and the copy of every object's bytes; the objects it decodes share no texts with the headers).
const MIN_PIPELINED_BODY: usize = 2 << 20;

/// Where a level's TOC and data blobs are: the body offset of each one's first byte, and its length.
struct Blobs {
    toc: (usize, usize),
    data: (usize, usize),
}

/// Reads the size-prefixed (`i64`) TOC blob's length and skips the blob, then reads the data blob's
/// length (the source is left at the data blob's first byte).
fn blob_lengths(src: &mut Source<'_>) -> Result<Blobs, Error> {
    let toc_len = src.count64(1, "toc_blob")?;
    let toc_at = src.skip(toc_len, "toc_blob")?;
    let data_len = src.count64(1, "data_blob")?;
    Ok(Blobs {
        toc: (toc_at, toc_len),
        data: (src.offset(), data_len),
    })
}

/// Reads the TOC blob (kept in the source, or not read yet) of a level whose objects are in
/// `save_version`.
fn toc_blob(
    src: &mut Source<'_>,
    (at, len): (usize, usize),
    save_version: i32,
    kind: TailKind,
) -> Result<(Vec<ObjectHeader>, TocTail), Error> {
    src.seek(at);
    src.region(len, |src| blob::read_toc(src, save_version, kind))
        .map_err(|e| e.within("toc_blob"))
}

/// Reads the data blob (kept in the source, or not read yet) of a level read in `scope`.
fn data_blob(
    src: &mut Source<'_>,
    (at, len): (usize, usize),
    headers: Vec<ObjectHeader>,
    scope: Scope,
    decoding: &mut Decoding<'_>,
) -> Result<(Undecoded, Vec<u8>), Error> {
    src.seek(at);
    src.region(len, |src| {
        blob::read_data_blob(src, headers, true, scope, decoding)
    })
    .map_err(|e| e.within("data_blob"))
}

impl SaveBody {
    /// The scope of the whole body.
    fn scope(&self, save_version: i32) -> Scope {
        Scope::file(save_version).narrowed(None, self.persistent_level_version_data.as_ref())
    }

    /// Reads a body saved with `save_version` from `src`, which stands after the leading `i64`
    /// size (checked). Returns the body and the archive it came in.
    pub(crate) fn read(
        mut src: Source<'_>,
        save_version: i32,
        options: ReadOptions,
    ) -> Result<(Self, ChunkedArchive), Error> {
        let contexts = Contexts::default();
        if !src.is_whole() && options.threads(src.remaining(), MIN_PIPELINED_BODY) > 1 {
            return Self::read_pipelined(src, save_version, &contexts);
        }
        let mut decoding = match src.is_whole() {
            true => Decoding::Later,
            false => Decoding::Now(contexts.readers()),
        };
        let (mut save_body, mut pending) = Self::frame(&mut src, save_version, &mut decoding)?;
        drop(decoding);
        let (archive, body) = src.finish()?;
        if let Some(body) = body {
            let count = save_body.objects().count();
            let mut jobs = Vec::with_capacity(count);
            let objects = save_body
                .levels
                .iter_mut()
                .map(|l| &mut l.objects)
                .chain([&mut save_body.persistent.objects]);
            for (objects, pending) in objects.zip(pending.drain(..)) {
                jobs.extend(objects.iter_mut().zip(pending));
            }
            blob::decode(&mut jobs, body, &contexts, options);
        }
        Ok((save_body, archive))
    }

    /// [`SaveBody::read`] of a streamed body on two threads: this one inflates the chunks and
    /// reads the frame (levels, TOC blobs, object entries), handing each object's bytes over in
    /// batches; the other decodes them meanwhile and builds each data blob's objects, which go
    /// into their levels at the end. The decoding thread ends with the read, error or panic included.
    pub(crate) fn read_pipelined(
        mut src: Source<'_>,
        save_version: i32,
        contexts: &Contexts,
    ) -> Result<(Self, ChunkedArchive), Error> {
        let (batcher, queue) = blob::batches(contexts);
        let (framed, decoded) = std::thread::scope(|s| {
            let worker = s.spawn(move || blob::decode_batches(queue, contexts));
            let mut decoding = Decoding::Elsewhere(batcher);
            let framed = Self::frame(&mut src, save_version, &mut decoding);
            if let (Decoding::Elsewhere(batcher), Ok(_)) = (&mut decoding, &framed) {
                batcher.finish();
            }
            // Ends the decoding thread's queue.
            drop(decoding);
            match worker.join() {
                Ok(decoded) => (framed, decoded),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        });
        let (mut save_body, _) = framed?;
        let (archive, _) = src.finish()?;
        // One list per data blob, read in this order.
        let mut decoded = decoded.into_iter();
        let blobs = save_body
            .levels
            .iter_mut()
            .map(|l| &mut l.objects)
            .chain([&mut save_body.persistent.objects]);
        for objects in blobs {
            *objects = decoded.next().unwrap_or_default();
        }
        Ok((save_body, archive))
    }

    /// The pass over a body (after its size). Objects are decoded as `decoding` says; for those
    /// left for [`blob::decode`], returns where their bytes are: per level, then the persistent
    /// level's.
    fn frame(
        src: &mut Source<'_>,
        save_version: i32,
        decoding: &mut Decoding<'_>,
    ) -> Result<(Self, Vec<Vec<Pending>>), Error> {
        let BodyHead {
            persistent_level_version_data,
            validation_data,
        } = src.read(|r| r.binrw_args("head", (save_version,)))?;
        let file_scope =
            Scope::file(save_version).narrowed(None, persistent_level_version_data.as_ref());
        let n = src.count(8, "levels")?;
        let mut levels = Vec::with_capacity(n);
        let mut pending = Vec::with_capacity(n + 1);
        for i in 0..n {
            let (level, level_pending) = read_level(src, save_version, file_scope, decoding)
                .map_err(|e| e.within(&format!("levels[{i}]")))?;
            levels.push(level);
            pending.push(level_pending);
        }
        let (persistent, persistent_pending) =
            read_persistent(src, file_scope, decoding).map_err(|e| e.within("persistent"))?;
        pending.push(persistent_pending);
        let unresolved = match src.remaining() {
            0 => None,
            _ => Some(src.read(|r| r.binrw("unresolved"))?),
        };
        if src.remaining() > 0 {
            return Err(Error::new(
                "",
                src.offset(),
                format!("{} bytes follow the body", src.remaining()),
            ));
        }
        let body = SaveBody {
            persistent_level_version_data,
            validation_data,
            levels,
            persistent,
            unresolved,
        };
        Ok((body, pending))
    }

    /// Appends the body, its leading `i64` size included.
    pub(crate) fn write(&self, save_version: i32, out: &mut Vec<u8>) -> Result<(), Error> {
        let file_scope = self.scope(save_version);
        let contexts = Contexts::for_scopes(self.scopes(file_scope));
        put_sized::<8>(out, "size", |out| {
            let head = BodyHead {
                persistent_level_version_data: self.persistent_level_version_data.clone(),
                validation_data: self.validation_data.clone(),
            };
            put_args(&head, out, "head", (save_version,))?;
            blob::put_count(self.levels.len(), out, "levels")?;
            for (i, level) in self.levels.iter().enumerate() {
                write_level(level, save_version, file_scope, &contexts, out)
                    .map_err(|e| e.within(&format!("levels[{i}]")))?;
            }
            let p = &self.persistent;
            write_blobs(
                &p.objects,
                &p.toc_tail,
                &p.data_tail,
                file_scope,
                &contexts,
                out,
            )
            .map_err(|e| e.within("persistent"))?;
            put(
                &p.level_to_destroyed_actors,
                out,
                "persistent.level_to_destroyed_actors",
            )?;
            if let Some(u) = &self.unresolved {
                put(u, out, "unresolved")?;
            }
            Ok(())
        })
    }

    /// The scopes of every object's bytes (for the property contexts the writer needs).
    fn scopes(&self, file_scope: Scope) -> Vec<Scope> {
        let mut scopes = vec![file_scope];
        for level in &self.levels {
            let scope = file_scope.narrowed(
                level.save_version,
                level.version_data.as_ref().and_then(|v| v.value.as_ref()),
            );
            scopes.extend(level.objects.iter().map(|o| o.scope(scope)));
        }
        scopes.extend(self.persistent.objects.iter().map(|o| o.scope(file_scope)));
        scopes
    }

    /// Every object: the levels' in order, then the persistent level's.
    pub fn objects(&self) -> impl Iterator<Item = &SaveObject> {
        self.levels
            .iter()
            .flat_map(|l| l.objects.iter())
            .chain(self.persistent.objects.iter())
    }

    /// The objects of one class (a class path such as `/Script/FactoryGame.FGInventoryComponent`).
    pub fn objects_of_class<'a>(&'a self, class: &'a str) -> impl Iterator<Item = &'a SaveObject> {
        self.objects().filter(move |o| o.class_name() == class)
    }

    /// The object with this path name.
    pub fn object(&self, path_name: &str) -> Option<&SaveObject> {
        self.objects().find(|o| o.header.path_name() == path_name)
    }

    /// The object with this path name, for editing.
    pub fn object_mut(&mut self, path_name: &str) -> Option<&mut SaveObject> {
        self.objects_mut()
            .find(|o| o.header.path_name() == path_name)
    }

    /// Every object, for editing.
    pub fn objects_mut(&mut self) -> impl Iterator<Item = &mut SaveObject> {
        self.levels
            .iter_mut()
            .flat_map(|l| l.objects.iter_mut())
            .chain(self.persistent.objects.iter_mut())
    }
}

/// Reads one level. Its versions follow its blobs, so the blobs are kept in the source and read
/// after them.
fn read_level(
    src: &mut Source<'_>,
    save_version: i32,
    outer: Scope,
    decoding: &mut Decoding<'_>,
) -> Result<(FPerStreamingLevelSaveData, Vec<Pending>), Error> {
    let level_name = src.read(|r| r.binrw("level_name"))?;
    let start = src.offset();
    src.keep(start, |src| {
        let blobs = blob_lengths(src)?;
        src.skip(blobs.data.1, "data_blob")?;
        let PerStreamingLevelTail {
            level_save_version: level_version,
            destroyed_actors,
            version_data,
        } = src.read(|r| r.binrw_args("tail", (save_version,)))?;
        let scope = outer.narrowed(
            level_version,
            version_data.as_ref().and_then(|v| v.value.as_ref()),
        );
        let end = src.offset();
        let (headers, toc_tail) = toc_blob(src, blobs.toc, scope.save_version, TailKind::Level)?;
        let (undecoded, data_tail) = data_blob(src, blobs.data, headers, scope, decoding)?;
        src.seek(end);
        let level = FPerStreamingLevelSaveData {
            level_name,
            objects: undecoded.objects,
            toc_tail,
            data_tail,
            save_version: level_version,
            destroyed_actors,
            version_data,
        };
        Ok((level, undecoded.pending))
    })
}

/// Reads the persistent level. Its versions are the file's: its blobs are read as they come.
fn read_persistent(
    src: &mut Source<'_>,
    scope: Scope,
    decoding: &mut Decoding<'_>,
) -> Result<(FPersistentAndRuntimeSaveData, Vec<Pending>), Error> {
    let toc_len = src.count64(1, "toc_blob")?;
    let toc = (src.offset(), toc_len);
    let (headers, toc_tail) = toc_blob(src, toc, scope.save_version, TailKind::Persistent)?;
    let data_len = src.count64(1, "data_blob")?;
    let data = (src.offset(), data_len);
    let (undecoded, data_tail) = data_blob(src, data, headers, scope, decoding)?;
    let level_to_destroyed_actors = src.read(|r| r.binrw("level_to_destroyed_actors"))?;
    let persistent = FPersistentAndRuntimeSaveData {
        objects: undecoded.objects,
        toc_tail,
        data_tail,
        level_to_destroyed_actors,
    };
    Ok((persistent, undecoded.pending))
}

fn write_level(
    level: &FPerStreamingLevelSaveData,
    save_version: i32,
    outer: Scope,
    contexts: &Contexts,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    put(&level.level_name, out, "level_name")?;
    let scope = outer.narrowed(
        level.save_version,
        level.version_data.as_ref().and_then(|v| v.value.as_ref()),
    );
    write_blobs(
        &level.objects,
        &level.toc_tail,
        &level.data_tail,
        scope,
        contexts,
        out,
    )?;
    let tail = PerStreamingLevelTail {
        level_save_version: level.save_version,
        destroyed_actors: level.destroyed_actors.clone(),
        version_data: level.version_data.clone(),
    };
    put_args(&tail, out, "tail", (save_version,))
}

fn write_blobs(
    objects: &[SaveObject],
    toc_tail: &TocTail,
    data_tail: &[u8],
    scope: Scope,
    contexts: &Contexts,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    put_sized::<8>(out, "toc_blob", |out| {
        blob::write_toc(objects, toc_tail, scope.save_version, out)
    })?;
    put_sized::<8>(out, "data_blob", |out| {
        blob::write_data_blob(objects, data_tail, scope, contexts, out)
    })
}
