use schema_derive::versioned;

#[versioned]
#[binrw::binrw]
#[br(import(scale: u8))]
struct Record {
    #[since(2)]
    x: Option<u16>,
}

fn main() {}
