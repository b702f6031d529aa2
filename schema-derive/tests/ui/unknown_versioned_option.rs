use schema_derive::versioned;

#[versioned(verison = kind)]
#[binrw::binrw]
struct Record {
    kind: u8,
}

fn main() {}
