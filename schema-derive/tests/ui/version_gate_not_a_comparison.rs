use schema_derive::version;

#[version(engine: u32 = import)]
#[binrw::binrw]
struct Header {
    #[since(engine >= 866 && is_new(engine))]
    net_version: Option<u32>,
}

fn main() {}
