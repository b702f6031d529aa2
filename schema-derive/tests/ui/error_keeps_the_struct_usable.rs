use schema_derive::pattern;

#[pattern(tag = b"WRLD", newest = 2)]
#[binrw::binrw]
#[derive(Debug)]
struct World {
    #[since(2)]
    #[br(little)]
    rules: u16,
}

fn main() {
    let world = World { rules: 1 };
    println!("{world:?}");
}
