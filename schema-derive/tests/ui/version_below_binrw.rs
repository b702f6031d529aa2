use schema_derive::version;

#[binrw::binrw]
#[version(save_version: i32 = import)]
struct Header {
    #[since(save_version >= 49)]
    flags: Option<u32>,
}

fn main() {}
