use binrw::{BinRead, BinWrite, binrw, io::Cursor};
use schema_derive::{pattern, versioned};

#[pattern(tag = b"WRLD", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
pub struct World {
    pub x_size: u16,
    #[since(2)]
    pub rules: Option<u8>,
    #[until(1)]
    pub old: Option<u8>,
    #[with_version]
    pub station: Station,
}

#[versioned]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq)]
pub struct Station {
    #[since(3)]
    pub length: Option<u32>,
}

#[test]
fn smoke() {
    let bytes = b"WRLD\x02\0\0\0\x05\0\x07DLRW";
    let w = World::read(&mut Cursor::new(bytes)).unwrap();
    println!("{w:?}");
    let mut out = Cursor::new(Vec::new());
    w.write(&mut out).unwrap();
    assert_eq!(out.into_inner(), bytes);
    let bad = b"WRLD\x02\0\0\0\x05\0\x07DLRX";
    println!("{:?}", World::read(&mut Cursor::new(bad)).unwrap_err());
}
