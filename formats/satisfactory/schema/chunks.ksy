meta:
  id: chunks
  title: Satisfactory chunk header (one-chunk compressed archive)
  endian: le
-savepoint-namespace: true
doc: |
  The header in front of each zlib chunk of a save's or blueprint's body (satisfactory-save-1.2.md,
  "Chunks"): an Unreal compressed archive header whose summary is followed by the one chunk's
  sizes, the same pair again.
types:
  chunk_header:
    doc: |
      The chunk header: `PACKAGE_FILE_TAG`, the archive header version (0 for v1, `0x22222222`
      for v2, which adds `CompressorNum`), the maximum chunk size, then the summary's and the
      chunk's compressed and uncompressed sizes.
    -savepoint-version:
      id: archive_header
      type: u4
      from: archive_header
    seq:
      - id: package_file_tag
        contents: [0xc1, 0x83, 0x2a, 0x9e]
        doc: "`PACKAGE_FILE_TAG`, `0x9E2A83C1`."
      - id: archive_header
        type: u4
        doc: "The archive header version: 0 (v1) or `0x22222222` (v2)."
      - id: max_chunk_size
        type: s8
        doc: "The maximum uncompressed size of a chunk (131072)."
      - id: compressor_num
        type: u1
        if: archive_header == 0x22222222
        -savepoint-gate-const: unreal::chunked::ARCHIVE_V2_HEADER_TAG
        doc: "`CompressorNum` (v2 header): the compression algorithm, 3 for zlib."
      - id: compressed_size_summary
        type: s8
        doc: The compressed size of the archive's chunks.
      - id: uncompressed_size_summary
        type: s8
        doc: The uncompressed size of the archive's chunks.
      - id: compressed_size
        type: s8
        doc: The compressed size of this chunk.
      - id: uncompressed_size
        type: s8
        doc: The uncompressed size of this chunk.
