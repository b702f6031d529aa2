use schema_derive::version;

const SAVE_VERSION_FLAGS: i32 = 49;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(save_version >= SAVE_VERSION_FLAGS)]
    flags: u32,
}

fn main() {}
