use schema_derive::version;

#[version(header_version: u32 = import)]
#[binrw::binrw]
struct Header {
    #[since(header_version == 2)]
    compressor: Option<u8>,
}

fn main() {}
