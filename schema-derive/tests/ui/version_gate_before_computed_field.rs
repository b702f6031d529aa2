use schema_derive::version;

#[version(sub_version: u32 = sub.unwrap_or(1))]
#[binrw::binrw]
struct File {
    #[since(sub_version >= 2)]
    body: Option<u8>,
    sub: Option<u32>,
}

fn main() {}
