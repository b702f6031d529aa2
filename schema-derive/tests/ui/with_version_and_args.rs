use schema_derive::versioned;

#[versioned]
#[binrw::binrw]
struct Outer {
    #[with_version]
    #[br(args(2))]
    inner: Inner,
}

#[versioned]
#[binrw::binrw]
struct Inner {
    #[since(2)]
    x: Option<u16>,
}

fn main() {}
