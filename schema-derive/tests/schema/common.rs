//! Helpers shared by the integration tests.

use binrw::{BinRead, BinResult, BinWrite, io::Cursor};

/// Reads a `T` from `bytes` and checks that all input was consumed.
pub fn read<T>(bytes: &[u8]) -> BinResult<T>
where
    T: for<'a> BinRead<Args<'a> = ()>,
{
    let mut cursor = Cursor::new(bytes);
    let value = T::read_le(&mut cursor)?;
    assert_eq!(
        cursor.position(),
        bytes.len() as u64,
        "input not fully consumed"
    );
    Ok(value)
}

/// Writes `value` into a fresh buffer.
pub fn write<T>(value: &T) -> BinResult<Vec<u8>>
where
    T: for<'a> BinWrite<Args<'a> = ()>,
{
    let mut cursor = Cursor::new(Vec::new());
    value.write_le(&mut cursor)?;
    Ok(cursor.into_inner())
}

/// Reads `bytes`, expects `expected`, and writes it back to the same bytes.
pub fn round_trip<T>(bytes: &[u8], expected: &T)
where
    T: for<'a> BinRead<Args<'a> = ()>
        + for<'a> BinWrite<Args<'a> = ()>
        + PartialEq
        + std::fmt::Debug,
{
    let value: T = read(bytes).unwrap_or_else(|e| panic!("read failed: {e}"));
    assert_eq!(&value, expected);
    let written = write(&value).unwrap_or_else(|e| panic!("write failed: {e}"));
    assert_eq!(written, bytes);
}

/// The `(pos, message)` of the `AssertFail` at the root of `err`.
pub fn assert_fail(err: &binrw::Error) -> (u64, &str) {
    match err.root_cause() {
        binrw::Error::AssertFail { pos, message } => (*pos, message.as_str()),
        other => panic!("expected AssertFail, got {other:?}"),
    }
}
