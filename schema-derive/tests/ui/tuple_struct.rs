use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 2)]
#[binrw::binrw]
struct World(u16);

fn main() {}
