use schema_derive::version;

#[version(save_version = import)]
#[binrw::binrw]
struct Header {
    #[since(save_version >= 49)]
    flags: Option<u32>,
}

fn main() {}
