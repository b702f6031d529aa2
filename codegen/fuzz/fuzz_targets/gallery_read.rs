//! Fuzzes the binrw readers savepoint-codegen generates from Kaitai gallery schemas (build.rs):
//! each reads the input, and whatever one reads it must write back byte for byte, as the bytes
//! it consumed.
#![no_main]

use binrw::{BinRead, BinWrite};
use libfuzzer_sys::fuzz_target;

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
    let expected = if written.len() == read {
        &data[..read]
    } else {
        data
    };
    assert_eq!(written, expected, "{value:?}");
}

/// Includes each generated module (named by its schema's `meta/id`) and round-trips the input
/// through the top-level type of each reader, from one list; the imports are the modules those
/// readers use whose types take arguments.
macro_rules! gallery {
    (readers: $($module:ident::$ty:ident),+; imports: $($import:ident),+ $(,)?) => {
        // The target reads and writes; the value-instance methods it never calls are not dead
        // code in a real user's crate.
        $(#[allow(dead_code)]
        mod $module {
            include!(concat!(env!("OUT_DIR"), "/", stringify!($module), ".rs"));
        })+
        $(#[allow(dead_code)]
        mod $import {
            include!(concat!(env!("OUT_DIR"), "/", stringify!($import), ".rs"));
        })+
        fuzz_target!(|data: &[u8]| {
            $(round_trip::<$module::$ty>(data);)+
        });
    };
}

gallery! {
    readers:
    unix_compress::UnixCompress,
    squashfs_superblock::SquashfsSuperblock,
    id3v1_1::Id3v11,
    stl::Stl,
    icmp_packet::IcmpPacket,
    pcx::Pcx,
    xwd::Xwd,
    au::Au,
    luks::Luks,
    vmware_vmdk::VmwareVmdk,
    gzip::Gzip,
    vlq_base128_le::VlqBase128Le,
    gpt_partition_table::GptPartitionTable,
    mbr_partition_table::MbrPartitionTable,
    ico::Ico,
    python_pickle::PythonPickle,
    vlq_base128_be::VlqBase128Be,
    asn1_der::Asn1Der,
    dos_mz::DosMz,
    webassembly::Webassembly,
    creative_voice_file::CreativeVoiceFile,
    standard_midi_file::StandardMidiFile,
    msgpack::Msgpack,
    cpio_old_le::CpioOldLe,
    cdb::Cdb,
    dbf::Dbf,
    tga::Tga,
    ethernet_frame::EthernetFrame,
    ipv4_packet::Ipv4Packet,
    ipv6_packet::Ipv6Packet,
    tcp_segment::TcpSegment,
    udp_datagram::UdpDatagram;
    imports: protocol_body,
}
