//! TOC and data blobs: the object headers of a level or blueprint, and each object's bytes.
//!
//! Reading has two passes. The first ([`read_toc`], [`read_data_blob`]) walks the blobs and yields
//! the objects with their header and save data, and [`Pending`] places (where the bytes are); the
//! second ([`decode`]) decodes the objects' bytes into them, on several threads, once every level's
//! versions are known.

use serde::{Deserialize, Serialize};
use unreal::{FObjectReferenceDisc, FString, TArray, TMap};

use crate::objects::{Contexts, FObjectSaveData, ObjectData, ObjectHeader, SaveObject};
use crate::reader::{Reader, put, put_args, put_sized};
use crate::versions::{SAVE_VERSION_OBJECT_VERSION_DATA, Scope};
use crate::{Error, ReadOptions};

/// Objects per thread below which another thread does not pay off.
const OBJECTS_PER_THREAD: usize = 256;
/// [`decode`] gives the body back in this many steps (each a part of the body's bytes)...
const DECODE_STEPS: usize = 16;
/// ...of at least this many bytes each.
const MIN_DECODE_STEP: usize = 64 * 1024;

/// What a TOC blob holds after its object headers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TocTail {
    /// Nothing: the blob ends after the headers.
    None,
    /// A level's `DestroyedActors`.
    DestroyedActors(TArray<FObjectReferenceDisc>),
    /// The persistent level's `LevelToDestroyedActorsMap`.
    LevelToDestroyedActors(TMap<FString, TArray<FObjectReferenceDisc>>),
    /// Bytes that are neither (kept as stored).
    Raw(#[serde(with = "unreal::chunked::hex_bytes")] Vec<u8>),
}

/// Which tail a TOC blob may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TailKind {
    Level,
    Persistent,
}

/// Where the bytes of an object not decoded yet are, and the versions they are read in. The object
/// itself is already in the model (header and save data, its data a placeholder), so decoding fills
/// it in place instead of holding a second copy of every header until the end.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pending {
    /// Offset of the object's bytes in the body, and their length.
    pub at: usize,
    pub len: usize,
    /// The versions of the object's bytes (its level's, narrowed by its own save data).
    pub scope: Scope,
}

/// The objects of a data blob, their data not decoded yet, and where each one's bytes are.
pub(crate) struct Undecoded {
    pub objects: Vec<SaveObject>,
    pub pending: Vec<Pending>,
}

/// An object to decode: its place in the model and where its bytes are.
pub(crate) type Job<'a> = (&'a mut SaveObject, Pending);

/// Reads a TOC blob: the object count, the headers, and the tail.
pub(crate) fn read_toc(
    r: &mut Reader<'_>,
    save_version: i32,
    kind: TailKind,
) -> Result<(Vec<ObjectHeader>, TocTail), Error> {
    let n = r.count(8, "object count")?;
    let mut headers = Vec::with_capacity(n);
    // Headers repeat class paths and level names: they share one text each.
    FString::sharing_texts(|| {
        for i in 0..n {
            let header = ObjectHeader::read(r, save_version, headers.last())
                .map_err(|e| e.within(&format!("[{i}].header")))?;
            headers.push(header);
        }
        Ok((headers, read_tail(r, kind)))
    })
}

/// The tail of a TOC blob: its known form when it reads exactly, else raw bytes.
fn read_tail(r: &mut Reader<'_>, kind: TailKind) -> TocTail {
    if r.is_empty() {
        return TocTail::None;
    }
    let mut attempt = r.clone();
    let parsed = match kind {
        TailKind::Level => attempt
            .binrw("destroyed_actors")
            .map(TocTail::DestroyedActors),
        TailKind::Persistent => attempt
            .binrw("level_to_destroyed_actors")
            .map(TocTail::LevelToDestroyedActors),
    };
    let rest = r.rest();
    let _ = r.take(rest.len(), "toc tail");
    match parsed {
        Ok(tail) if attempt.is_empty() => tail,
        _ => TocTail::Raw(rest.to_vec()),
    }
}

/// Appends a TOC blob.
pub(crate) fn write_toc(
    objects: &[SaveObject],
    tail: &TocTail,
    save_version: i32,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    put_count(objects.len(), out, "object count")?;
    for (i, o) in objects.iter().enumerate() {
        put_args(&o.header, out, &format!("[{i}].header"), (save_version,))?;
    }
    match tail {
        TocTail::None => Ok(()),
        TocTail::DestroyedActors(a) => put(a, out, "destroyed_actors"),
        TocTail::LevelToDestroyedActors(m) => put(m, out, "level_to_destroyed_actors"),
        TocTail::Raw(bytes) => {
            out.extend_from_slice(bytes);
            Ok(())
        }
    }
}

/// Appends an `i32` count.
pub(crate) fn put_count(n: usize, out: &mut Vec<u8>, path: &str) -> Result<(), Error> {
    let n = i32::try_from(n)
        .map_err(|_| Error::new(path, out.len(), format!("{n} does not fit an i32 count")))?;
    out.extend_from_slice(&n.to_le_bytes());
    Ok(())
}

/// Reads a data blob of `headers.len()` objects. `save_blob`: the save form, with each object's
/// SaveVersion and version data; blueprints store the bytes alone. Returns the objects (their data
/// not decoded yet) and the bytes after the last one.
pub(crate) fn read_data_blob(
    r: &mut Reader<'_>,
    headers: Vec<ObjectHeader>,
    save_blob: bool,
    scope: Scope,
) -> Result<(Undecoded, Vec<u8>), Error> {
    let at = r.offset();
    let n = r.count(4, "object count")?;
    if n != headers.len() {
        return Err(Error::new(
            "object count",
            at,
            format!("{n} objects, the TOC blob has {}", headers.len()),
        ));
    }
    let mut objects = Vec::with_capacity(n);
    let mut pending = Vec::with_capacity(n);
    for (i, header) in headers.into_iter().enumerate() {
        let (object, place) =
            read_entry(r, header, save_blob, scope).map_err(|e| e.within(&format!("[{i}]")))?;
        objects.push(object);
        pending.push(place);
    }
    Ok((Undecoded { objects, pending }, r.rest().to_vec()))
}

fn read_entry(
    r: &mut Reader<'_>,
    header: ObjectHeader,
    save_blob: bool,
    scope: Scope,
) -> Result<(SaveObject, Pending), Error> {
    let mut save_data = None;
    if save_blob {
        let save_version = r.i32("save_version")?;
        let migrate = r.bool32("should_migrate_object_refs_to_persistent")?;
        save_data = Some((save_version, migrate));
    }
    let len = r.count(1, "data length")?;
    let at = r.offset();
    r.take(len, "data")?;
    let save_data = match save_data {
        Some((save_version, migrate)) => Some(FObjectSaveData {
            save_version,
            should_migrate_object_refs_to_persistent: migrate,
            per_object_version_data: if save_version >= SAVE_VERSION_OBJECT_VERSION_DATA {
                Some(r.binrw("per_object_version_data")?)
            } else {
                None
            },
        }),
        None => None,
    };
    let object = SaveObject {
        header,
        save_data,
        data: ObjectData::undecoded(),
    };
    let scope = object.scope(scope);
    Ok((object, Pending { at, len, scope }))
}

/// Appends a data blob.
pub(crate) fn write_data_blob(
    objects: &[SaveObject],
    tail: &[u8],
    scope: Scope,
    contexts: &Contexts,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    put_count(objects.len(), out, "object count")?;
    for (i, o) in objects.iter().enumerate() {
        write_entry(o, scope, contexts, out).map_err(|e| e.within(&format!("[{i}]")))?;
    }
    out.extend_from_slice(tail);
    Ok(())
}

fn write_entry(
    o: &SaveObject,
    scope: Scope,
    contexts: &Contexts,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    if let Some(s) = &o.save_data {
        out.extend_from_slice(&s.save_version.to_le_bytes());
        put(
            &s.should_migrate_object_refs_to_persistent,
            out,
            "should_migrate",
        )?;
    }
    let object_scope = o.scope(scope);
    put_sized::<4>(out, "data", |out| {
        o.data.put(&o.header, object_scope, contexts, out)
    })?;
    if let Some(s) = &o.save_data {
        let gated = s.save_version >= SAVE_VERSION_OBJECT_VERSION_DATA;
        match (&s.per_object_version_data, gated) {
            (Some(v), true) => put(v, out, "per_object_version_data")?,
            (None, false) => {}
            _ => {
                return Err(Error::new(
                    "per_object_version_data",
                    out.len(),
                    "present exactly when the object's SaveVersion is 53 or more",
                ));
            }
        }
    }
    Ok(())
}

/// The scopes the objects' bytes are read in.
pub(crate) fn scopes(pending: &[Pending]) -> impl Iterator<Item = Scope> + '_ {
    pending.iter().map(|p| p.scope)
}

/// Decodes the bytes of every pending object into it, from the last object to the first, giving
/// the body's memory back as it goes: once the objects from some offset on are decoded, the body is
/// cut there (a shrinking `realloc`, in place with the system allocator), so a read never holds
/// the whole body and the whole decoded model at once. `jobs` are in body order, as read. The
/// objects of each step are decoded on several threads when there are many.
pub(crate) fn decode(
    jobs: &mut [Job<'_>],
    mut body: Vec<u8>,
    contexts: &Contexts,
    options: ReadOptions,
) {
    let step = (body.len() / DECODE_STEPS).max(MIN_DECODE_STEP);
    let mut end = jobs.len();
    while end > 0 {
        let cut = body.len().saturating_sub(step);
        let start = jobs[..end]
            .partition_point(|(_, p)| p.at < cut)
            .min(end - 1);
        decode_step(&mut jobs[start..end], &body, contexts, options);
        body.truncate(jobs[start].1.at);
        body.shrink_to_fit();
        end = start;
    }
}

/// Decodes the objects of one step of [`decode`].
fn decode_step(jobs: &mut [Job<'_>], body: &[u8], contexts: &Contexts, options: ReadOptions) {
    let threads = options.threads(jobs.len(), OBJECTS_PER_THREAD);
    if threads == 1 {
        decode_group(jobs, body, contexts);
        return;
    }
    let per = jobs.len().div_ceil(threads);
    std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks_mut(per)
            .map(|group| s.spawn(move || decode_group(group, body, contexts)))
            .collect();
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
}

fn decode_group(jobs: &mut [Job<'_>], body: &[u8], contexts: &Contexts) {
    FString::sharing_texts(|| decode_objects(jobs, body, contexts));
}

/// [`decode_group`] within the text sharing: object references repeat level names and paths.
fn decode_objects(jobs: &mut [Job<'_>], body: &[u8], contexts: &Contexts) {
    let mut readers = contexts.readers();
    for (object, p) in jobs {
        let bytes = &body[p.at..p.at + p.len];
        object.data = ObjectData::decode(bytes, p.at, &object.header, p.scope, &mut readers);
    }
}
