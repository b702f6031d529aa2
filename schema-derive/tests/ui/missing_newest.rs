use schema_derive::pattern;

#[pattern(tag = b"WRLD")]
#[binrw::binrw]
struct World {
    x: u16,
}

fn main() {}
