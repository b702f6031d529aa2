use schema_derive::versioned;

#[versioned]
#[schema_derive::version(save_version: i32 = import)]
#[binrw::binrw]
struct Header {
    #[since(2)]
    flags: Option<u32>,
}

fn main() {}
