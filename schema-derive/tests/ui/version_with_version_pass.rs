use schema_derive::version;

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Inner {
    #[since(save_version >= 49)]
    flags: Option<u32>,
}

#[version(save_version: i32 = import)]
#[binrw::binrw]
struct Outer {
    #[with_version]
    inner: Inner,
}

fn main() {}
