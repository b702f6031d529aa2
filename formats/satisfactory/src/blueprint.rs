//! Blueprints: the `.sbp` file (header, generated from `schema/blueprint.ksy`, and compressed body
//! of TOC and data blobs).

use serde::{Deserialize, Serialize};
use unreal::chunked::ChunkedArchive;

use crate::blob::{self, Decoding, Pending, TailKind, TocTail};
use crate::objects::{Contexts, SaveObject};
use crate::reader::{Reader, put, put_sized};
use crate::source::Source;
use crate::versions::Scope;
use crate::{Error, ReadOptions, archive};

pub use crate::generated::blueprint::{FBlueprintHeader, FBlueprintItemAmount};

/// The decompressed body of a blueprint: its objects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BlueprintBody {
    /// The objects of `TOCData` / `BlobData`.
    pub objects: Vec<SaveObject>,
    /// What `TOCData` holds after the headers.
    pub toc_tail: TocTail,
    /// Bytes of `BlobData` after the objects.
    #[serde(with = "unreal::chunked::hex_bytes")]
    pub data_tail: Vec<u8>,
}

/// A blueprint file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Blueprint {
    /// The header.
    pub header: FBlueprintHeader,
    /// The compressed chunks as stored (v1 headers for Update 6/7 blueprints).
    pub chunks: ChunkedArchive,
    /// The decoded body.
    pub body: BlueprintBody,
}

impl Blueprint {
    fn scope(&self) -> Scope {
        scope_of(&self.header)
    }

    /// Reads a blueprint (on every core).
    pub fn read(data: &[u8]) -> Result<Self, Error> {
        Self::read_with(data, ReadOptions::default())
    }

    /// Reads a blueprint with options (e.g. a thread limit).
    pub fn read_with(data: &[u8], options: ReadOptions) -> Result<Self, Error> {
        let mut r = Reader::new(data, 0);
        let header: FBlueprintHeader = r.binrw("header")?;
        let src = archive::open(r.rest(), r.offset())?;
        // Object references repeat level names and paths: they share one text each.
        let (body, chunks) =
            unreal::FString::sharing_texts(|| read_body(src, scope_of(&header), options))
                .map_err(|e| e.within("body"))?;
        Ok(Blueprint {
            header,
            chunks,
            body,
        })
    }

    /// Writes the blueprint (unchanged chunks as stored).
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        let body = self.write_body()?;
        let mut out = Vec::with_capacity(body.len() / 4 + 1024);
        put(&self.header, &mut out, "header")?;
        archive::write(&self.chunks, &body, &mut out)?;
        Ok(out)
    }

    /// The decompressed body as it would be written.
    pub fn write_body(&self) -> Result<Vec<u8>, Error> {
        let scope = self.scope();
        let b = &self.body;
        let scopes: Vec<Scope> = std::iter::once(scope)
            .chain(b.objects.iter().map(|o| o.scope(scope)))
            .collect();
        let contexts = Contexts::for_scopes(scopes);
        let mut out = Vec::new();
        put_sized::<4>(&mut out, "body.size", |out| {
            // Errors name the object as the model (and its JSON) does: `body.objects[i]`.
            put_sized::<4>(out, "body.toc", |out| {
                blob::write_toc(&b.objects, &b.toc_tail, scope.save_version, out)
                    .map_err(|e| e.within("body.objects"))
            })?;
            put_sized::<4>(out, "body.data", |out| {
                blob::write_data_blob(&b.objects, &b.data_tail, scope, &contexts, out)
                    .map_err(|e| e.within("body.objects"))
            })
        })?;
        Ok(out)
    }
}

fn scope_of(header: &FBlueprintHeader) -> Scope {
    Scope::file(header.save_version).narrowed(None, header.save_object_version_data.as_ref())
}

/// Reads a decompressed body; returns it with the archive it came in.
fn read_body(
    mut src: Source<'_>,
    scope: Scope,
    options: ReadOptions,
) -> Result<(BlueprintBody, ChunkedArchive), Error> {
    let size = src.count(1, "size")?;
    if size != src.remaining() {
        return Err(Error::new(
            "size",
            0,
            format!(
                "body size field says {size}, {} bytes follow it",
                src.remaining()
            ),
        ));
    }
    let contexts = Contexts::default();
    let mut decoding = match src.is_whole() {
        true => Decoding::Later,
        false => Decoding::Now(contexts.readers()),
    };
    let start = src.offset();
    let (mut body, pending) = src.keep(start, |src| read_blobs(src, scope, &mut decoding))?;
    drop(decoding);
    let (archive, bytes) = src.finish()?;
    if let Some(bytes) = bytes {
        let mut jobs: Vec<_> = body.objects.iter_mut().zip(pending).collect();
        blob::decode(&mut jobs, bytes, &contexts, options);
    }
    Ok((body, archive))
}

/// Reads the TOC and data blobs (kept in the source: the check that nothing follows them comes
/// first); returns the body and where the bytes of objects left for [`blob::decode`] are.
fn read_blobs(
    src: &mut Source<'_>,
    scope: Scope,
    decoding: &mut Decoding<'_>,
) -> Result<(BlueprintBody, Vec<Pending>), Error> {
    let toc_len = src.count(1, "toc")?;
    let toc_at = src.skip(toc_len, "toc")?;
    let data_len = src.count(1, "data")?;
    let data_at = src.skip(data_len, "data")?;
    if src.remaining() > 0 {
        return Err(Error::new(
            "",
            src.offset(),
            format!("{} bytes follow the data blob", src.remaining()),
        ));
    }
    src.seek(toc_at);
    let (headers, toc_tail) = src
        .region(toc_len, |src| {
            blob::read_toc(src, scope.save_version, TailKind::Level)
        })
        .map_err(|e| e.within("toc"))?;
    src.seek(data_at);
    let (undecoded, data_tail) = src
        .region(data_len, |src| {
            blob::read_data_blob(src, headers, false, scope, decoding)
        })
        .map_err(|e| e.within("data"))?;
    let body = BlueprintBody {
        objects: undecoded.objects,
        toc_tail,
        data_tail,
    };
    Ok((body, undecoded.pending))
}
