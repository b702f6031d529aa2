use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 3)]
#[binrw::binrw]
struct World {
    #[since(2)]
    #[since(3)]
    x: Option<u16>,
}

fn main() {}
