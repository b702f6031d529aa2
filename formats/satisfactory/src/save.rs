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
        let body = self.write_body()?;
        let mut out = Vec::with_capacity(body.len() / 8 + 4096);
        crate::reader::put(&self.header, &mut out, "header")?;
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
    SaveBody::read(src, save_version, options)
}

#[cfg(test)]
mod tests {
    use unreal::FString;

    use super::*;
    use crate::objects::Contexts;

    const ONE_THREAD: ReadOptions = ReadOptions { max_threads: 1 };

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
            let src = archive::open(r.rest(), r.offset()).expect("archive");
            let (body, chunks) = FString::sharing_texts(|| {
                let mut src = src;
                src.read(|r| r.i64("size")).expect("size");
                SaveBody::read_pipelined(src, header.save_version, &Contexts::default())
            })
            .expect("reads on two threads");
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
}
