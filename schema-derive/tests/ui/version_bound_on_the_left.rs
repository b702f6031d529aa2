use schema_derive::version;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(49 <= save_version)]
    flags: Option<u32>,
}

fn main() {}
