//! TOC and data blobs: the object headers of a level or blueprint, and each object's bytes.
//!
//! [`read_toc`] reads the object headers; [`read_data_blob`] walks the data blob and yields the
//! objects with their header and save data, each decoded at once (a body read on one thread, as
//! it is inflated), handed over in batches to a second thread that decodes them meanwhile
//! ([`Batcher`], [`decode_batches`]: a large body read on several cores), or with a [`Pending`]
//! place (where its bytes are) for [`decode`], which decodes the objects of a body inflated whole
//! at the end.

use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

use serde::{Deserialize, Serialize};
use unreal::{FObjectReferenceDisc, FString, TArray, TMap};

use crate::objects::{
    Contexts, FObjectSaveData, FObjectSaveDataHead, ObjectData, ObjectHeader, Readers, SaveObject,
};
use crate::reader::{Reader, put, put_args, put_sized};
use crate::source::Source;
use crate::versions::Scope;
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

/// Reads a TOC blob (the source's region): the object count, the headers, and the tail.
pub(crate) fn read_toc(
    src: &mut Source<'_>,
    save_version: i32,
    kind: TailKind,
) -> Result<(Vec<ObjectHeader>, TocTail), Error> {
    let n = src.count(8, "object count")?;
    let mut headers = Vec::with_capacity(n);
    // Headers repeat class paths and level names: they share one text each.
    FString::sharing_texts(|| {
        for i in 0..n {
            let header = src
                .read(|r| r.binrw_args("header", (save_version,)))
                .map_err(|e| e.within(&format!("[{i}]")))?;
            headers.push(header);
        }
        let tail = src.sub(src.remaining(), "toc tail", |r| Ok(read_tail(r, kind)))?;
        Ok((headers, tail))
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
    let _ = r.bytes(rest.len(), "toc tail");
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

/// What reading a data blob does with each object's bytes.
pub(crate) enum Decoding<'c> {
    /// Decodes them at once, while they are in the source's window (and in cache).
    Now(Readers<'c>),
    /// Copies them into batches that another thread decodes ([`decode_batches`]) while this one
    /// inflates and reads on.
    Elsewhere(Batcher<'c>),
    /// Leaves them for [`decode`], noting where they are (in a body inflated whole).
    Later,
}

/// Bytes of objects a batch collects before it goes to the decoding thread: large enough that
/// handing one over costs little against decoding it, small enough to stay in cache.
/// An object of more bytes is decoded by the reading thread (no copy, no batch grown for it).
const BATCH_BYTES: usize = 64 * 1024;
/// Batches on their way to the decoding thread (besides the one it decodes and the one being
/// filled): enough that the decoding thread does not run dry while the reading thread decodes
/// a batch itself. They are recycled, so a read holds at most this many plus two.
const BATCHES_IN_FLIGHT: usize = 4;

/// The most items a batch kept for reuse has room for (one that collected many objects decoded
/// on the reading thread is dropped instead).
const MAX_RECYCLED_ITEMS: usize = 1024;

/// What a batch holds, in the order read. Nearly every item is an object, so the variants stay
/// unboxed (a box would be an allocation per object).
#[allow(clippy::large_enum_variant)]
enum Item {
    /// The start of a data blob of that many objects.
    Blob(usize),
    /// An object, built but for its data while it waits to be decoded: then with where its bytes
    /// were in the body (their copy is the batch's next bytes); `None` once decoded.
    Object(SaveObject, Option<Pending>),
}

/// Objects to decode on another thread, in the order read, and their bytes one after another.
#[derive(Default)]
pub(crate) struct Batch {
    /// The bytes of the objects waiting to be decoded, in their order.
    bytes: Vec<u8>,
    items: Vec<Item>,
}

impl Batch {
    /// Decodes the objects waiting in this batch, in place, and lets go of their bytes.
    fn decode(&mut self, readers: &mut Readers<'_>) {
        let mut from = 0;
        for item in &mut self.items {
            if let Item::Object(object, waiting) = item
                && let Some(p) = waiting.take()
            {
                // `bytes` holds exactly the waiting objects' bytes, in order.
                let bytes = &self.bytes[from..from + p.len];
                from += p.len;
                object.data = ObjectData::decode(bytes, p.at, &object.header, p.scope, readers);
            }
        }
        self.bytes.clear();
    }
}

/// The reading side of the batches: fills one and sends it when full, reusing those that come
/// back decoded.
pub(crate) struct Batcher<'c> {
    batch: Batch,
    /// For the objects decoded on the reading thread.
    readers: Readers<'c>,
    /// Bytes of objects decoded on this thread since the decoding thread was last found behind
    /// (0: it was not); after a batch's worth, the batch is offered to it again.
    local: usize,
    to: SyncSender<Batch>,
    spare: Receiver<Batch>,
}

/// The decoding side: receives batches, sends emptied ones back for reuse.
pub(crate) struct BatchQueue {
    from: Receiver<Batch>,
    spare: SyncSender<Batch>,
}

/// A connected [`Batcher`] and [`BatchQueue`].
pub(crate) fn batches(contexts: &Contexts) -> (Batcher<'_>, BatchQueue) {
    let (to, from) = sync_channel(BATCHES_IN_FLIGHT);
    let (spare_to, spare) = sync_channel(BATCHES_IN_FLIGHT + 2);
    let batcher = Batcher {
        batch: Batch::default(),
        readers: contexts.readers(),
        local: 0,
        to,
        spare,
    };
    let queue = BatchQueue {
        from,
        spare: spare_to,
    };
    (batcher, queue)
}

impl Batcher<'_> {
    /// Starts a data blob of `n` objects (as many as its TOC blob's headers, already read).
    fn blob(&mut self, n: usize) {
        self.batch.items.push(Item::Blob(n));
    }

    /// Adds an object whose bytes (at body offset `at`) are to be decoded in `scope`: to the
    /// batch, or decoded here when they are more than a batch holds.
    fn object(&mut self, mut object: SaveObject, bytes: &[u8], at: usize, scope: Scope) {
        if self.batch.bytes.len() + bytes.len() > BATCH_BYTES || self.local >= BATCH_BYTES {
            self.pass_on();
        }
        if self.local > 0 || bytes.len() > BATCH_BYTES {
            // Straight from the source's window: no copy.
            object.data = ObjectData::decode(bytes, at, &object.header, scope, &mut self.readers);
            self.batch.items.push(Item::Object(object, None));
            self.local += bytes.len().max(1);
            return;
        }
        if self.batch.bytes.capacity() == 0 {
            self.batch.bytes.reserve_exact(BATCH_BYTES);
        }
        self.batch.bytes.extend_from_slice(bytes);
        let len = bytes.len();
        let waiting = Pending { at, len, scope };
        self.batch.items.push(Item::Object(object, Some(waiting)));
    }

    /// Hands the batch being filled over when the decoding thread has room for it; when that
    /// thread is behind, decodes the batch's objects here instead (so neither thread waits for
    /// the other) and keeps them in the batch, which then collects more, decoded here too until
    /// it is offered again.
    fn pass_on(&mut self) {
        let full = std::mem::take(&mut self.batch);
        match self.to.try_send(full) {
            Ok(()) => {
                self.batch = self.spare.try_recv().unwrap_or_default();
                self.local = 0;
            }
            Err(TrySendError::Full(mut full)) => {
                full.decode(&mut self.readers);
                self.local = 1;
                self.batch = full;
            }
            // The decoding thread is gone (it panicked): its join reports that.
            Err(TrySendError::Disconnected(_)) => {}
        }
    }

    /// Sends the last batch, waiting for room.
    pub(crate) fn finish(&mut self) {
        if !self.batch.items.is_empty() {
            let _ = self.to.send(std::mem::take(&mut self.batch));
        }
    }
}

/// Decodes the batches `queue` receives until the reading side is dropped; returns the objects
/// of each data blob, in the order read.
pub(crate) fn decode_batches(queue: BatchQueue, contexts: &Contexts) -> Vec<Vec<SaveObject>> {
    FString::sharing_texts(|| {
        let mut readers = contexts.readers();
        let mut blobs: Vec<Vec<SaveObject>> = Vec::new();
        for mut batch in queue.from.iter() {
            batch.decode(&mut readers);
            for item in batch.items.drain(..) {
                match item {
                    Item::Blob(n) => blobs.push(Vec::with_capacity(n)),
                    Item::Object(object, _) => {
                        if let Some(objects) = blobs.last_mut() {
                            objects.push(object);
                        }
                    }
                }
            }
            if batch.items.capacity() <= MAX_RECYCLED_ITEMS {
                let _ = queue.spare.try_send(batch);
            }
        }
        blobs
    })
}

/// Reads a data blob (the source's region) of `headers.len()` objects. `save_blob`: the save form,
/// with each object's SaveVersion and version data; blueprints store the bytes alone. Returns the
/// objects (decoded or not, as `decoding` says) and the bytes after the last one.
pub(crate) fn read_data_blob(
    src: &mut Source<'_>,
    headers: Vec<ObjectHeader>,
    save_blob: bool,
    scope: Scope,
    decoding: &mut Decoding<'_>,
) -> Result<(Undecoded, Vec<u8>), Error> {
    let at = src.offset();
    let n = src.count(4, "object count")?;
    if n != headers.len() {
        return Err(Error::new(
            "object count",
            at,
            format!("{n} objects, the TOC blob has {}", headers.len()),
        ));
    }
    let mut objects = match decoding {
        // The decoding thread builds the blob's objects.
        Decoding::Elsewhere(batcher) => {
            batcher.blob(headers.len());
            Vec::new()
        }
        _ => Vec::with_capacity(headers.len()),
    };
    let mut pending = Vec::new();
    for (i, header) in headers.into_iter().enumerate() {
        let place = read_entry(src, header, save_blob, scope, decoding, &mut objects)
            .map_err(|e| e.within(&format!("[{i}]")))?;
        pending.extend(place);
    }
    Ok((Undecoded { objects, pending }, src.rest()?))
}

/// Reads one object of a data blob onto the end of `objects`, decoding it there (a `SaveObject`
/// is a few hundred bytes: built in place, it is not copied on its way into the Vec), or hands it
/// to the decoding thread; returns where its bytes are when they are left for later.
///
/// The fields around the bytes are `schema/body.ksy`'s generated `FObjectSaveDataHead` and
/// `FObjectSaveDataTail`; the bytes themselves (an int32 length, then the object) stay framed by
/// hand: they are skipped and recorded, to be decoded now, on another thread or at the end, which
/// no binrw field can leave open.
fn read_entry(
    src: &mut Source<'_>,
    header: ObjectHeader,
    save_blob: bool,
    scope: Scope,
    decoding: &mut Decoding<'_>,
    objects: &mut Vec<SaveObject>,
) -> Result<Option<Pending>, Error> {
    // One read for the fields before the bytes: each read of the source costs a check of the
    // bytes at hand.
    let (head, len, len_at) = src.read(|r| {
        let head: Option<FObjectSaveDataHead> = match save_blob {
            true => Some(r.binrw("save_data")?),
            false => None,
        };
        let len_at = r.offset();
        Ok((head, r.i32("data length")?, len_at))
    })?;
    let len = src.checked(i64::from(len), 1, len_at, "data length")?;
    let at = src.skip(len, "data")?;
    src.keep(at, |src| {
        let save_data = match head {
            Some(head) => Some(FObjectSaveData {
                tail: src.read(|r| r.binrw_args("save_data", (head.save_version,)))?,
                head,
            }),
            None => None,
        };
        let object = SaveObject {
            header,
            save_data,
            data: ObjectData::undecoded(),
        };
        let scope = object.scope(scope);
        match decoding {
            Decoding::Now(readers) => {
                let object = objects.push_mut(object);
                let bytes = src.bytes(at, len);
                object.data = ObjectData::decode(bytes, at, &object.header, scope, readers);
                Ok(None)
            }
            Decoding::Elsewhere(batcher) => {
                batcher.object(object, src.bytes(at, len), at, scope);
                Ok(None)
            }
            Decoding::Later => {
                objects.push(object);
                Ok(Some(Pending { at, len, scope }))
            }
        }
    })
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

/// Appends one object of a data blob: [`read_entry`]'s fields, the bytes framed by hand around
/// the object's data.
fn write_entry(
    o: &SaveObject,
    scope: Scope,
    contexts: &Contexts,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    if let Some(s) = &o.save_data {
        put(&s.head, out, "save_data")?;
    }
    let object_scope = o.scope(scope);
    put_sized::<4>(out, "data", |out| {
        o.data.put(&o.header, object_scope, contexts, out)
    })?;
    if let Some(s) = &o.save_data {
        put_args(&s.tail, out, "save_data", (s.head.save_version,))?;
    }
    Ok(())
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
