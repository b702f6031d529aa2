//! Fuzzes the binrw readers savepoint-codegen generates from Kaitai gallery schemas (build.rs):
//! each reads the input, and whatever one reads it must write back byte for byte, as the bytes
//! it consumed.
#![no_main]

use binrw::{BinRead, BinWrite};
use libfuzzer_sys::fuzz_target;

mod unix_compress {
    include!(concat!(env!("OUT_DIR"), "/unix_compress.rs"));
}
mod squashfs_superblock {
    include!(concat!(env!("OUT_DIR"), "/squashfs_superblock.rs"));
}
mod id3v1_1 {
    include!(concat!(env!("OUT_DIR"), "/id3v1_1.rs"));
}
mod stl {
    include!(concat!(env!("OUT_DIR"), "/stl.rs"));
}
mod pcx {
    include!(concat!(env!("OUT_DIR"), "/pcx.rs"));
}
mod xwd {
    include!(concat!(env!("OUT_DIR"), "/xwd.rs"));
}
mod au {
    include!(concat!(env!("OUT_DIR"), "/au.rs"));
}
mod icmp_packet {
    include!(concat!(env!("OUT_DIR"), "/icmp_packet.rs"));
}

/// Reads `T` from `data`; if that works, writes it and checks the bytes against those read.
fn round_trip<T>(data: &[u8])
where
    T: BinRead + BinWrite + std::fmt::Debug,
    for<'a> <T as BinRead>::Args<'a>: Default,
    for<'a> <T as BinWrite>::Args<'a>: Default,
{
    let mut input = std::io::Cursor::new(data);
    let Ok(value) = T::read_le(&mut input) else {
        return;
    };
    let mut output = std::io::Cursor::new(Vec::new());
    value
        .write_le(&mut output)
        .unwrap_or_else(|e| panic!("{value:?} was read but cannot be written: {e}"));
    let read = usize::try_from(input.position()).unwrap_or(data.len());
    let written = output.into_inner();
    // A schema with `pos` instances reads to the end; others stop where their seq ends.
    let expected = if written.len() == read { &data[..read] } else { data };
    assert_eq!(written, expected, "{value:?}");
}

fuzz_target!(|data: &[u8]| {
    round_trip::<unix_compress::UnixCompress>(data);
    round_trip::<squashfs_superblock::SquashfsSuperblock>(data);
    round_trip::<id3v1_1::Id3v11>(data);
    round_trip::<stl::Stl>(data);
    round_trip::<icmp_packet::IcmpPacket>(data);
    round_trip::<pcx::Pcx>(data);
    round_trip::<xwd::Xwd>(data);
    round_trip::<au::Au>(data);
});
