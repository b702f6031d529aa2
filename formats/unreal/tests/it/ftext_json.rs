//! The JSON form of text arguments: 64-bit integers survive JSON tools (numbers while exact,
//! decimal strings beyond 2^53), opaque generator data is hex; the older forms (plain numbers,
//! arrays of byte values) still read.

use unreal::{ArgumentDataValue, FName, FText, FormatArgumentValue, TextHistory};

fn round_trip<T>(value: &T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn large_integer_arguments_are_strings_small_ones_numbers() {
    round_trip(&FormatArgumentValue::Int(-5), r#"{"Int":-5}"#);
    round_trip(
        &FormatArgumentValue::Int(i64::MIN),
        r#"{"Int":"-9223372036854775808"}"#,
    );
    round_trip(
        &FormatArgumentValue::UInt(u64::MAX),
        r#"{"UInt":"18446744073709551615"}"#,
    );
    round_trip(
        &FormatArgumentValue::Gender((1 << 53) + 1),
        r#"{"Gender":"9007199254740993"}"#,
    );
    round_trip(
        &ArgumentDataValue::Int(1 << 60),
        r#"{"Int":"1152921504606846976"}"#,
    );
    // What earlier versions wrote: every integer a plain number.
    let old: FormatArgumentValue =
        serde_json::from_str(r#"{"UInt":18446744073709551615}"#).unwrap();
    assert_eq!(old, FormatArgumentValue::UInt(u64::MAX));
    assert!(serde_json::from_str::<FormatArgumentValue>(r#"{"Int":"1.5"}"#).is_err());
}

#[test]
fn generator_data_is_hex_and_reads_from_number_arrays() {
    let text = FText {
        flags: 0,
        history: TextHistory::TextGenerator {
            generator: FName::from("Gen"),
            data: Some(vec![0xde, 0xad, 0x01]),
        },
    };
    let json = serde_json::to_string(&text).unwrap();
    assert!(json.contains(r#""data":"dead01""#), "{json}");
    assert_eq!(serde_json::from_str::<FText>(&json).unwrap(), text);
    let old = json.replace(r#""dead01""#, "[222,173,1]");
    assert_eq!(serde_json::from_str::<FText>(&old).unwrap(), text);
}
