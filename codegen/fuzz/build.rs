//! Generates the binrw readers of the gallery formats that round-trip (see codegen/README.md,
//! "The Kaitai gallery") for the `gallery_read` target.

fn main() -> Result<(), savepoint_codegen::BuildError> {
    let gallery = std::path::Path::new("../gallery/schemas");
    savepoint_codegen::Builder::new()
        .schemas(GALLERY_READERS.iter().map(|s| gallery.join(s)))
        .import_dir(gallery)
        .serde(false)
        .compile()?;
    Ok(())
}

/// The schemas, each with a module named by its `meta/id` in the target.
const GALLERY_READERS: [&str; 33] = [
    "archive/cpio_old_le.ksy",
    "archive/gzip.ksy",
    "archive/unix_compress.ksy",
    "common/vlq_base128_be.ksy",
    "common/vlq_base128_le.ksy",
    "database/cdb.ksy",
    "database/dbf.ksy",
    "executable/dos_mz.ksy",
    "executable/webassembly.ksy",
    "filesystem/gpt_partition_table.ksy",
    "filesystem/luks.ksy",
    "filesystem/mbr_partition_table.ksy",
    "filesystem/squashfs_superblock.ksy",
    "filesystem/vmware_vmdk.ksy",
    "image/ico.ksy",
    "image/pcx.ksy",
    "image/tga.ksy",
    "image/xwd.ksy",
    "media/au.ksy",
    "media/creative_voice_file.ksy",
    "media/id3v1_1.ksy",
    "media/standard_midi_file.ksy",
    "media/stl.ksy",
    "network/ethernet_frame.ksy",
    "network/icmp_packet.ksy",
    "network/ipv4_packet.ksy",
    "network/ipv6_packet.ksy",
    "network/protocol_body.ksy",
    "network/tcp_segment.ksy",
    "network/udp_datagram.ksy",
    "serialization/asn1/asn1_der.ksy",
    "serialization/msgpack.ksy",
    "serialization/python_pickle.ksy",
];
