use schema_derive::version;

const BASE: i32 = 40;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(save_version >= BASE + 9)]
    flags: Option<u32>,
}

fn main() {}
