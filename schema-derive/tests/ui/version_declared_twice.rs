use schema_derive::version;

#[version(save_version: i32 = import)]
#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(save_version >= 49)]
    flags: Option<u32>,
}

fn main() {}
