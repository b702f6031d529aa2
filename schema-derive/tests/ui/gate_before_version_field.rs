use schema_derive::versioned;

#[versioned(version = kind)]
#[binrw::binrw]
struct Record {
    #[since(2)]
    x: Option<u16>,
    kind: u8,
}

fn main() {}
