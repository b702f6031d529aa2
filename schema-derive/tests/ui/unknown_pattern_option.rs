use schema_derive::pattern;

#[pattern(tag = b"WRLD", newst = 2)]
#[binrw::binrw]
struct World {
    x: u16,
}

fn main() {}
