use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 2)]
#[binrw::binrw]
#[brw(little)]
struct World {
    #[since(2)]
    rules: u16,
}

fn main() {}
