use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 0)]
#[binrw::binrw]
struct World {
    x: u16,
}

fn main() {}
