use schema_derive::version;

#[version(save_version: i32 = import)]
#[version(lightweight_version: i32 = import)]
#[binrw::binrw]
struct Instance {
    #[since(light_version >= 2)]
    data: Option<u32>,
}

fn main() {}
