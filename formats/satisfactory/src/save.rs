//! A save file (`.sav`): the header, then the body in compressed chunks.

use serde::{Deserialize, Serialize};
use unreal::chunked::ChunkedArchive;

use crate::body::SaveBody;
use crate::header::FSaveHeader;
use crate::reader::Reader;
use crate::source::Source;
use crate::versions::SAVE_VERSION_UPDATE_8;
use crate::{Error, ReadOptions, archive};

/// A save file: header, the original compressed chunks, and the decoded body.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    /// The header.
    pub header: FSaveHeader,
    /// The compressed chunks as stored (re-emitted where the body did not change).
    pub chunks: ChunkedArchive,
    /// The decompressed body, decoded.
    pub body: SaveBody,
}

/// Reads the two leading versions and rejects saves from before Update 8.
fn check_version(data: &[u8]) -> Result<(), Error> {
    let mut r = Reader::new(data, 0);
    let header_version = r.i32("header.save_header_version")?;
    let save_version = r.i32("header.save_version")?;
    supported(header_version, save_version)
}

/// Saves from before Update 8 are refused, by the reader and (for a model edited to one) by the
/// writer alike.
fn supported(header_version: i32, save_version: i32) -> Result<(), Error> {
    if save_version < SAVE_VERSION_UPDATE_8 {
        return Err(Error::new(
            "header.save_version",
            4,
            format!(
                "save from before Update 8 (SaveVersion {save_version}, SaveHeaderVersion \
                 {header_version}); only Update 8 (SaveVersion {SAVE_VERSION_UPDATE_8}) and later are supported"
            ),
        ));
    }
    Ok(())
}

impl SaveFile {
    /// Reads a save (on every core).
    pub fn read(data: &[u8]) -> Result<Self, Error> {
        Self::read_with(data, ReadOptions::default())
    }

    /// Reads a save with options (e.g. a thread limit).
    pub fn read_with(data: &[u8], options: ReadOptions) -> Result<Self, Error> {
        check_version(data)?;
        let mut r = Reader::new(data, 0);
        let header: FSaveHeader = r.binrw("header")?;
        let src = archive::open(r.rest(), r.offset())?;
        if src.archive_header().v2_compressor.is_none() {
            return Err(Error::new(
                "chunks",
                r.offset(),
                format!(
                    "v1 chunk headers (before Update 8) in a save of SaveVersion {}; only Update 8 and later are supported",
                    header.save_version
                ),
            ));
        }
        // One text table for every level's headers (and the objects decoded on this thread).
        let (body, chunks) =
            unreal::FString::sharing_texts(|| read_body(src, header.save_version, options))
                .map_err(|e| e.within("body"))?;
        Ok(SaveFile {
            header,
            chunks,
            body,
        })
    }

    /// Writes the save: header, then the body in chunks (unchanged chunks as stored).
    pub fn write(&self) -> Result<Vec<u8>, Error> {
        supported(self.header.save_header_version, self.header.save_version)?;
        let body = self.write_body()?;
        let mut out = Vec::with_capacity(body.len() / 8 + 4096);
        crate::reader::put(&self.header, &mut out, "header")?;
        if self.chunks.header.v2_compressor.is_none() {
            // The reader refuses a save in v1 chunk headers (the form of blueprints before
            // Update 8): not written either. The archive header version follows the tag.
            return Err(Error::new(
                "chunks.header.v2_compressor",
                out.len() + 4,
                "a save's chunk headers are v2 (CompressorNum present)",
            ));
        }
        archive::write(&self.chunks, &body, &mut out)?;
        Ok(out)
    }

    /// The decompressed body as it would be written.
    pub fn write_body(&self) -> Result<Vec<u8>, Error> {
        let capacity = self
            .chunks
            .chunks
            .iter()
            .map(|c| c.uncompressed_len)
            .sum::<u64>();
        let mut body = Vec::with_capacity(usize::try_from(capacity).unwrap_or(0));
        self.body
            .write(self.header.save_version, &mut body)
            .map_err(|e| e.within("body"))?;
        Ok(body)
    }
}

/// Reads a decompressed body: the `i64` size, then the body proper. Returns it with the archive
/// it came in.
pub(crate) fn read_body(
    mut src: Source<'_>,
    save_version: i32,
    options: ReadOptions,
) -> Result<(SaveBody, ChunkedArchive), Error> {
    read_size(&mut src)?;
    SaveBody::read(src, save_version, options)
}

/// Reads the body's size field, which must be the number of bytes that follow it.
fn read_size(src: &mut Source<'_>) -> Result<(), Error> {
    let size = src.read(|r| r.i64("size"))?;
    if usize::try_from(size).ok() != Some(src.remaining()) {
        return Err(Error::new(
            "size",
            0,
            format!(
                "body size field says {size}, {} bytes follow it",
                src.remaining()
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use unreal::FString;

    use super::*;
    use crate::objects::Contexts;

    const ONE_THREAD: ReadOptions = ReadOptions { max_threads: 1 };

    /// [`read_body`] with the objects decoded on a second thread, whatever the core count.
    fn read_body_on_two_threads(
        mut src: Source<'_>,
        save_version: i32,
    ) -> Result<(SaveBody, ChunkedArchive), Error> {
        FString::sharing_texts(|| {
            read_size(&mut src)?;
            SaveBody::read_pipelined(src, save_version, &Contexts::default())
        })
    }

    /// A save read as its body streams by (one thread: objects decoded as read), read with its
    /// objects decoded on a second thread (the every-core form, called directly here so that it
    /// runs on a machine of any core count) and read from its body inflated whole by the
    /// sequential archive reader (objects decoded at the end) is the same save, for every
    /// corpus save from Update 8 on.
    #[test]
    fn streamed_and_whole_body_reads_agree_on_every_corpus_save() {
        let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
            return;
        };
        let mut streamed_saves = 0;
        for entry in std::fs::read_dir(dir.join("saves")).expect("corpus folder") {
            let path = entry.expect("directory entry").path();
            let data = std::fs::read(&path).expect("corpus file");
            if path.extension().is_none_or(|e| e != "sav") || check_version(&data).is_err() {
                continue;
            }
            let name = path.display();
            let streamed = SaveFile::read_with(&data, ONE_THREAD).expect("reads");
            let mut r = Reader::new(&data, 0);
            let header: FSaveHeader = r.binrw("header").expect("header");
            let src = archive::open(r.rest(), r.offset()).expect("archive");
            streamed_saves += usize::from(!src.is_whole());
            let (body, chunks) =
                read_body_on_two_threads(src, header.save_version).expect("reads on two threads");
            assert!(streamed.body == body, "{name}: two-thread body differs");
            assert!(
                streamed.chunks == chunks,
                "{name}: two-thread archive differs"
            );
            let (archive, body) = ChunkedArchive::read(r.rest(), r.offset()).expect("chunks");
            let src = Source::whole(archive, body);
            let (body, chunks) =
                FString::sharing_texts(|| read_body(src, header.save_version, ONE_THREAD))
                    .expect("reads whole");
            assert!(streamed.body == body, "{name}: bodies differ");
            assert!(streamed.chunks == chunks, "{name}: archives differ");
        }
        assert!(streamed_saves >= 30, "{streamed_saves} saves streamed");
    }

    /// A body read on two threads (objects decoded on the second) gives what a one-thread read
    /// gives, errors (field path, offset) included, when four bytes of a corpus body are
    /// overwritten with large values anywhere: the two-thread read is called directly, so this
    /// holds on a machine of any core count.
    #[test]
    fn two_thread_reads_of_corrupted_bodies_agree_with_one_thread_reads() {
        use unreal::chunked::{DEFAULT_CHUNK_SIZE, DeflateParams, ZlibStream};

        use crate::source::tests::{deflated, lazy};

        let Some(dir) = snapshots::corpus_subdir("satisfactory") else {
            return;
        };
        let data = std::fs::read(dir.join("saves/FreshStart001.sav")).expect("corpus file");
        let save = SaveFile::read_with(&data, ONE_THREAD).expect("reads");
        let version = save.header.save_version;
        let body = save.write_body().expect("writes");
        let chunk = DEFAULT_CHUNK_SIZE as usize;
        let deflate =
            |c: &[u8]| ZlibStream::deflate(c, DeflateParams::default()).expect("deflates");
        let streams = deflated(&body);
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut errors = 0;
        for i in 0..48 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let at = (state >> 33) as usize % (body.len() - 4);
            let value: u32 = [0x7FFF_FFFF, 0xFFFF_FFFF, 0x0100_0000, 0x8000_0000][i % 4];
            let mut bad = body.clone();
            bad[at..at + 4].copy_from_slice(&value.to_le_bytes());
            let mut bad_streams = streams.clone();
            for k in [at / chunk, (at + 3) / chunk] {
                let end = bad.len().min((k + 1) * chunk);
                bad_streams[k] = deflate(&bad[k * chunk..end]);
            }
            let one =
                FString::sharing_texts(|| read_body(lazy(&bad_streams, &bad), version, ONE_THREAD))
                    .map(|(body, _)| body);
            let two =
                read_body_on_two_threads(lazy(&bad_streams, &bad), version).map(|(body, _)| body);
            errors += usize::from(one.is_err());
            assert!(
                one == two,
                "{value:#x} at body offset {at}: the reads differ"
            );
        }
        assert!(errors > 0, "no corruption rejected");
    }
}
