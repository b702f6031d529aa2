use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 2)]
#[binrw::binrw]
struct World {
    flag: u8,
    #[since(2)]
    #[br(if(flag != 0))]
    x: Option<u16>,
}

fn main() {}
