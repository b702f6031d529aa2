use schema_derive::version;

#[version(engine: u32 = import)]
#[binrw::binrw]
struct Header {
    #[since(engine >= 866 && engine > 900)]
    net_version: Option<u32>,
}

fn main() {}
