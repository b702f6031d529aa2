use schema_derive::version;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[absent(default)]
    name: u32,
}

fn main() {}
