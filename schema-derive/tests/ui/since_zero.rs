use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 2)]
#[binrw::binrw]
struct World {
    #[since(0)]
    x: Option<u16>,
}

fn main() {}
