use schema_derive::version;

#[version(save_version: i32 = save_version)]
#[binrw::binrw]
struct File {
    #[since(save_version >= 53)]
    extra: Option<u32>,
    save_version: i32,
}

fn main() {}
