use schema_derive::pattern;

#[binrw::binrw]
#[pattern(tag = b"WRLD", newest = 2)]
struct World {
    x: u16,
}

fn main() {}
