use schema_derive::version;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(save_version >= 14)]
    #[absent(default)]
    name: Option<u32>,
}

fn main() {}
