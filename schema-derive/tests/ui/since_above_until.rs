use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 4)]
#[binrw::binrw]
struct World {
    #[since(3)]
    #[until(2)]
    mid: Option<u16>,
}

fn main() {}
