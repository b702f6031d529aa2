use schema_derive::versioned;

#[versioned]
struct Record {
    #[since(2)]
    x: Option<u16>,
}

fn main() {}
