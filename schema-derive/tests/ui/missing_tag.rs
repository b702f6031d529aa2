use schema_derive::pattern;

#[pattern(newest = 2)]
#[binrw::binrw]
struct World {
    x: u16,
}

fn main() {}
