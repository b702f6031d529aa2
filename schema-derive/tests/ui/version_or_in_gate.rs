use schema_derive::version;

#[version(engine: u32 = import)]
#[version(licensee: u32 = import)]
#[binrw::binrw]
struct Header {
    #[since(engine >= 866 || licensee >= 18)]
    net_version: Option<u32>,
}

fn main() {}
