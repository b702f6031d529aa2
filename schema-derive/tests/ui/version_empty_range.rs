use schema_derive::version;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(save_version >= 57)]
    #[until(save_version < 57)]
    duplicate: Option<u32>,
}

fn main() {}
