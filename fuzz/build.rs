//! Generates the binrw readers of the gallery formats that round-trip (see codegen/README.md,
//! "The Kaitai gallery") for the `gallery_read` target.

fn main() -> Result<(), savepoint_codegen::BuildError> {
    let gallery = std::path::Path::new("../codegen/gallery/schemas");
    savepoint_codegen::Builder::new()
        .schemas(GALLERY_READERS.iter().map(|s| gallery.join(s)))
        .import_dir(gallery)
        .serde(false)
        .compile()?;
    Ok(())
}

/// The schemas, each with a module named by its `meta/id` in the target.
const GALLERY_READERS: [&str; 16] = [
    "archive/gzip.ksy",
    "archive/unix_compress.ksy",
    "common/vlq_base128_le.ksy",
    "filesystem/gpt_partition_table.ksy",
    "filesystem/luks.ksy",
    "filesystem/mbr_partition_table.ksy",
    "filesystem/squashfs_superblock.ksy",
    "filesystem/vmware_vmdk.ksy",
    "image/ico.ksy",
    "image/pcx.ksy",
    "image/xwd.ksy",
    "media/au.ksy",
    "media/id3v1_1.ksy",
    "media/stl.ksy",
    "network/icmp_packet.ksy",
    "serialization/python_pickle.ksy",
];
