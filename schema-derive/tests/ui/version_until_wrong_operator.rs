use schema_derive::version;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[until(save_version > 41)]
    legacy: Option<u32>,
}

fn main() {}
