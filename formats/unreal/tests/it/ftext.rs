//! Every `FText` history kind, built byte by byte from the engine's serializers
//! (`FTextHistory_*::Serialize`, `operator<<(FFormatArgumentValue)`, `operator<<(FFormatArgumentData)`):
//! read strictly as a TextProperty, check the decoded model, write back the same bytes.

use unreal::{
    ArgumentDataValue, F32, F64, FString, FText, FormatArgumentData, FormatArgumentValue,
    PropertyContext, PropertyList, PropertyValue, TextHistory, TextVersions,
};

fn fstr(s: &str) -> Vec<u8> {
    let mut out = ((s.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(s.as_bytes());
    out.push(0);
    out
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// A one-property UE4 list holding a TextProperty with `value` bytes.
fn text_list(value: &[u8]) -> Vec<u8> {
    cat(&[
        &fstr("T"),
        &fstr("TextProperty"),
        &(value.len() as i32).to_le_bytes(),
        &0i32.to_le_bytes(),
        &[0],
        value,
        &fstr("None"),
    ])
}

fn ctx(text: TextVersions) -> PropertyContext {
    let mut ctx = PropertyContext::new(522, 0);
    ctx.strict = true;
    ctx.text = text;
    ctx
}

/// Reads `value` as a text strictly, checks the exact byte and JSON round trips, returns the text.
fn text_round_trip(value: &[u8], text: TextVersions) -> FText {
    let bytes = text_list(value);
    let ctx = ctx(text);
    let (list, used) = PropertyList::read(&bytes, 0, &ctx).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(list.raw_fallbacks(), 0);
    let mut out = Vec::new();
    list.write(&ctx, &mut out).unwrap();
    assert_eq!(out, bytes);
    let json = serde_json::to_string(&list).unwrap();
    assert_eq!(serde_json::from_str::<PropertyList>(&json).unwrap(), list);
    match &list.properties[0].value {
        PropertyValue::Text(t) => (**t).clone(),
        other => panic!("text expected, got {other:?}"),
    }
}

fn newest() -> TextVersions {
    TextVersions::default()
}

/// flags, history type byte.
fn head(flags: u32, kind: i8) -> Vec<u8> {
    cat(&[&flags.to_le_bytes(), &[kind as u8]])
}

/// History -1 with a culture-invariant string (UE bool `1`, then the string).
fn invariant(s: &str) -> Vec<u8> {
    cat(&[&head(2, -1), &1u32.to_le_bytes(), &fstr(s)])
}

fn base(ns: &str, key: &str, source: &str) -> Vec<u8> {
    cat(&[&head(0, 0), &fstr(ns), &fstr(key), &fstr(source)])
}

#[test]
fn argument_format_over_a_culture_invariant_text() {
    // The case: history 3 whose format text is history -1 with an invariant string, with
    // every FFormatArgumentData type: Int (i64 from TextFormatArgumentData64bitSupport), UInt (the
    // engine stores no value), Float, Double, Text, Gender (one byte).
    let value = cat(&[
        &head(0, 3),
        &invariant("{Count} x {Name}"),
        &6i32.to_le_bytes(),
        &fstr("Count"),
        &[0],
        &(-3i64).to_le_bytes(),
        &fstr("U"),
        &[1],
        &fstr("F"),
        &[2],
        &1.5f32.to_le_bytes(),
        &fstr("D"),
        &[3],
        &2.25f64.to_le_bytes(),
        &fstr("Name"),
        &[4],
        &base("ns", "k", "Sword"),
        &fstr("G"),
        &[5],
        &[1],
    ]);
    let text = text_round_trip(&value, newest());
    let TextHistory::ArgumentFormat { format, arguments } = text.history else {
        panic!("ArgumentFormat expected");
    };
    assert_eq!(
        format.history,
        TextHistory::None {
            culture_invariant: Some(FString::new("{Count} x {Name}"))
        }
    );
    let values: Vec<&ArgumentDataValue> = arguments.iter().map(|a| &a.value).collect();
    assert_eq!(values[0], &ArgumentDataValue::Int(-3));
    assert_eq!(values[1], &ArgumentDataValue::Empty(1));
    assert_eq!(values[2], &ArgumentDataValue::Float(F32(1.5)));
    assert_eq!(values[3], &ArgumentDataValue::Double(F64(2.25)));
    assert!(
        matches!(values[4], ArgumentDataValue::Text(t) if matches!(&t.history, TextHistory::Base { source, .. } if source.as_str() == "Sword"))
    );
    assert_eq!(values[5], &ArgumentDataValue::Gender(1));
    assert_eq!(arguments[0].name.as_str(), "Count");
}

#[test]
fn argument_data_integers_are_i32_before_the_ue5_release_version() {
    let old = TextVersions {
        // TextFormatArgumentData64bitSupport is 12.
        ue5_release_stream_object_version: 11,
        ..newest()
    };
    let value = cat(&[
        &head(0, 3),
        &invariant("{N}"),
        &1i32.to_le_bytes(),
        &fstr("N"),
        &[0],
        &(-7i32).to_le_bytes(),
    ]);
    let text = text_round_trip(&value, old);
    let TextHistory::ArgumentFormat { arguments, .. } = text.history else {
        panic!("ArgumentFormat expected");
    };
    assert_eq!(arguments[0].value, ArgumentDataValue::Int(-7));
    // Read with the newest versions, the same bytes do not parse (the i64 would run past the end).
    let ctx = ctx(newest());
    assert!(PropertyList::read(&text_list(&value), 0, &ctx).is_err());
    // A value that does not fit the file's i32 is refused on write, not truncated.
    let mut list = PropertyList::read(&text_list(&value), 0, &self::ctx(old))
        .unwrap()
        .0;
    let PropertyValue::Text(t) = &mut list.properties[0].value else {
        unreachable!()
    };
    let TextHistory::ArgumentFormat { arguments, .. } = &mut t.history else {
        unreachable!()
    };
    arguments[0].value = ArgumentDataValue::Int(1 << 40);
    assert!(list.write(&self::ctx(old), &mut Vec::new()).is_err());
}

#[test]
fn untyped_argument_data_before_text_format_argument_data_is_variant() {
    let old = TextVersions {
        // TextFormatArgumentDataIsVariant is 5.
        editor_object_version: 4,
        ..newest()
    };
    let value = cat(&[
        &head(0, 3),
        &base("", "", "{A}"),
        &1i32.to_le_bytes(),
        &fstr("A"),
        &base("ns", "a", "x"),
    ]);
    let text = text_round_trip(&value, old);
    let TextHistory::ArgumentFormat { arguments, .. } = text.history else {
        panic!("ArgumentFormat expected");
    };
    assert!(matches!(arguments[0].value, ArgumentDataValue::Text(_)));
}

#[test]
fn named_and_ordered_format_argument_values() {
    // FFormatArgumentValue: i8 type; Int i64, UInt u64, Float f32, Double f64, Text, Gender u64.
    let args = cat(&[
        &[0],
        &i64::MIN.to_le_bytes(),
        &[1],
        &u64::MAX.to_le_bytes(),
        &[2],
        &0.5f32.to_le_bytes(),
        &[3],
        &0.25f64.to_le_bytes(),
        &[4],
        &invariant("nested"),
        &[5],
        &2u64.to_le_bytes(),
    ]);
    let ordered = cat(&[
        &head(0, 2),
        &base("", "", "{0}{1}"),
        &6i32.to_le_bytes(),
        &args,
    ]);
    let text = text_round_trip(&ordered, newest());
    let TextHistory::OrderedFormat { arguments, .. } = text.history else {
        panic!("OrderedFormat expected");
    };
    assert_eq!(arguments[0], FormatArgumentValue::Int(i64::MIN));
    assert_eq!(arguments[1], FormatArgumentValue::UInt(u64::MAX));
    assert_eq!(arguments[2], FormatArgumentValue::Float(F32(0.5)));
    assert_eq!(arguments[3], FormatArgumentValue::Double(F64(0.25)));
    assert_eq!(arguments[5], FormatArgumentValue::Gender(2));

    let named = cat(&[
        &head(0, 1),
        &base("", "", "{A}"),
        &1i32.to_le_bytes(),
        &fstr("A"),
        &[0],
        &9i64.to_le_bytes(),
    ]);
    let text = text_round_trip(&named, newest());
    let TextHistory::NamedFormat { arguments, .. } = text.history else {
        panic!("NamedFormat expected");
    };
    assert_eq!(arguments[0].0.as_str(), "A");
    assert_eq!(arguments[0].1, FormatArgumentValue::Int(9));
}

fn number_options(always_sign: bool) -> Vec<u8> {
    // bHasFormatOptions, [AlwaysSign], UseGrouping, RoundingMode (i8), four i32 digit limits.
    let mut out = 1u32.to_le_bytes().to_vec();
    if always_sign {
        out.extend_from_slice(&1u32.to_le_bytes());
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    out.push(3);
    for d in [1i32, 30, 0, 2] {
        out.extend_from_slice(&d.to_le_bytes());
    }
    out
}

#[test]
fn number_percent_and_currency() {
    let number = cat(&[
        &head(0, 4),
        &[3],
        &1.25f64.to_le_bytes(),
        &number_options(true),
        &fstr("de"),
    ]);
    let text = text_round_trip(&number, newest());
    let TextHistory::AsNumber {
        source, options, ..
    } = text.history
    else {
        panic!("AsNumber expected");
    };
    assert_eq!(source, FormatArgumentValue::Double(F64(1.25)));
    let options = options.unwrap();
    assert_eq!(options.always_sign, Some(1));
    assert_eq!(options.rounding_mode, 3);
    assert_eq!(options.maximum_integral_digits, 30);

    let percent = cat(&[
        &head(0, 5),
        &[2],
        &0.5f32.to_le_bytes(),
        &0u32.to_le_bytes(),
        &fstr(""),
    ]);
    assert!(matches!(
        text_round_trip(&percent, newest()).history,
        TextHistory::AsPercent { options: None, .. }
    ));

    // Before AddedAlwaysSignNumberFormattingOption the options start with UseGrouping.
    let old = TextVersions {
        // AddedAlwaysSignNumberFormattingOption is 21.
        editor_object_version: 20,
        ..newest()
    };
    let currency = cat(&[
        &head(0, 6),
        &fstr("EUR"),
        &[0],
        &1999i64.to_le_bytes(),
        &number_options(false),
        &fstr("fr"),
    ]);
    let text = text_round_trip(&currency, old);
    let TextHistory::AsCurrency {
        currency, options, ..
    } = text.history
    else {
        panic!("AsCurrency expected");
    };
    assert_eq!(currency.as_str(), "EUR");
    assert_eq!(options.unwrap().always_sign, None);
}

#[test]
fn dates_times_and_custom_patterns() {
    let date = cat(&[
        &head(0, 7),
        &5i64.to_le_bytes(),
        &[2],
        &fstr("UTC"),
        &fstr("en"),
    ]);
    assert!(matches!(
        text_round_trip(&date, newest()).history,
        TextHistory::AsDate {
            ticks: 5,
            date_style: 2,
            ..
        }
    ));
    let time = cat(&[&head(0, 8), &6i64.to_le_bytes(), &[1], &fstr(""), &fstr("")]);
    assert!(matches!(
        text_round_trip(&time, newest()).history,
        TextHistory::AsTime {
            ticks: 6,
            time_style: 1,
            ..
        }
    ));
    let plain = cat(&[
        &head(0, 9),
        &7i64.to_le_bytes(),
        &[1, 2],
        &fstr("UTC"),
        &fstr(""),
    ]);
    assert!(matches!(
        text_round_trip(&plain, newest()).history,
        TextHistory::AsDateTime {
            custom_pattern: None,
            ..
        }
    ));
    // Date style Custom (5): the pattern follows the two styles.
    let custom = cat(&[
        &head(0, 9),
        &8i64.to_le_bytes(),
        &[5, 5],
        &fstr("%Y-%m-%d"),
        &fstr("UTC"),
        &fstr("en"),
    ]);
    let TextHistory::AsDateTime { custom_pattern, .. } = text_round_trip(&custom, newest()).history
    else {
        panic!("AsDateTime expected");
    };
    assert_eq!(custom_pattern.unwrap().as_str(), "%Y-%m-%d");
}

#[test]
fn transform_string_table_generator_and_none_forms() {
    let transform = cat(&[&head(0, 10), &invariant("abc"), &[1]]);
    let TextHistory::Transform { source, transform } =
        text_round_trip(&transform, newest()).history
    else {
        panic!("Transform expected");
    };
    assert_eq!(transform, 1);
    assert!(matches!(
        source.history,
        TextHistory::None {
            culture_invariant: Some(_)
        }
    ));

    let table = cat(&[&head(0, 11), &fstr("/Game/Strings.Strings"), &fstr("Key")]);
    assert!(matches!(
        text_round_trip(&table, newest()).history,
        TextHistory::StringTableEntry { .. }
    ));

    let generator = cat(&[
        &head(0, 12),
        &fstr("MyGenerator"),
        &3i32.to_le_bytes(),
        &[7, 8, 9],
    ]);
    let TextHistory::TextGenerator { data, .. } = text_round_trip(&generator, newest()).history
    else {
        panic!("TextGenerator expected");
    };
    assert_eq!(data, Some(vec![7, 8, 9]));
    let no_generator = cat(&[&head(0, 12), &fstr("None")]);
    assert!(matches!(
        text_round_trip(&no_generator, newest()).history,
        TextHistory::TextGenerator { data: None, .. }
    ));

    // -1 without an invariant string, and the pre-CultureInvariantTextSerializationKeyStability
    // form, which stores nothing after the type byte.
    let empty = cat(&[&head(0, -1), &0u32.to_le_bytes()]);
    assert!(matches!(
        text_round_trip(&empty, newest()).history,
        TextHistory::None {
            culture_invariant: None
        }
    ));
    let old = TextVersions {
        // CultureInvariantTextSerializationKeyStability is 32.
        editor_object_version: 31,
        ..newest()
    };
    let bare = head(0, -1);
    assert!(matches!(
        text_round_trip(&bare, old).history,
        TextHistory::None {
            culture_invariant: None
        }
    ));
}

#[test]
fn lenient_reads_count_texts_they_cannot_decode() {
    // History 13 does not exist: strictly an error naming the offset, leniently one raw fallback.
    let bytes = text_list(&head(0, 13));
    let mut lenient = ctx(newest());
    lenient.strict = false;
    let (list, _) = PropertyList::read(&bytes, 0, &lenient).unwrap();
    assert_eq!(list.raw_fallbacks(), 1);
    let err = PropertyList::read(&bytes, 0, &ctx(newest())).unwrap_err();
    assert!(err.message.contains("history type 13"), "{err}");
    assert_eq!(err.offset, bytes.len() - fstr("None").len() - 1);
}

#[test]
fn versions_come_from_custom_version_tables() {
    let none = TextVersions::from_custom_versions(|_| None);
    assert_eq!(
        (
            none.editor_object_version,
            none.ue5_release_stream_object_version
        ),
        (-1, -1)
    );
    assert!(
        !none.argument_data_typed()
            && !none.culture_invariant_string()
            && !none.argument_data_int64()
    );
    let all = TextVersions::from_custom_versions(|key| {
        Some(if key == unreal::EDITOR_OBJECT_VERSION {
            32
        } else {
            12
        })
    });
    assert_eq!(all, TextVersions::default());
    assert!(
        all.argument_data_typed() && all.culture_invariant_string() && all.argument_data_int64()
    );
    let ue4_22 = TextVersions::from_custom_versions(|key| {
        (key == unreal::EDITOR_OBJECT_VERSION).then_some(31)
    });
    assert!(ue4_22.argument_data_typed() && !ue4_22.culture_invariant_string());
}

/// `AlwaysSign` must be present exactly from `FEditorObjectVersion` 21 on: the writer refuses
/// either mismatch naming the field and the file's version instead of writing options the
/// reader would take four bytes off.
#[test]
fn number_options_always_sign_follows_the_editor_object_version() {
    let number = |always_sign| {
        cat(&[
            &head(0, 4),
            &[3],
            &1.25f64.to_le_bytes(),
            &number_options(always_sign),
            &fstr("de"),
        ])
    };
    let at = |editor_object_version| TextVersions {
        editor_object_version,
        ..newest()
    };
    let cases = [
        (
            number(false),
            at(20),
            Some(1),
            "absent at editor_object_version 20",
        ),
        (
            number(true),
            at(21),
            None,
            "present at editor_object_version 21",
        ),
    ];
    for (value, versions, always_sign, expected) in cases {
        let bytes = text_list(&value);
        let ctx = ctx(versions);
        let (mut list, _) = PropertyList::read(&bytes, 0, &ctx).unwrap();
        let PropertyValue::Text(text) = &mut list.properties[0].value else {
            panic!("a text expected");
        };
        let TextHistory::AsNumber { options, .. } = &mut text.history else {
            panic!("AsNumber expected");
        };
        options.as_mut().unwrap().always_sign = always_sign;
        let err = list.write(&ctx, &mut Vec::new()).unwrap_err();
        assert!(
            err.message.contains("NumberFormattingOptions.always_sign"),
            "{err}"
        );
        assert!(err.message.contains(expected), "{err}");
        assert_eq!(err.path, "Root.T", "{err}");
    }
}

#[test]
fn writer_refuses_shapes_the_file_cannot_hold() {
    let data = FormatArgumentData {
        name: FString::new("A"),
        value: ArgumentDataValue::Empty(0),
    };
    let text = FText {
        flags: 0,
        history: TextHistory::ArgumentFormat {
            format: Box::new(FText {
                flags: 0,
                history: TextHistory::None {
                    culture_invariant: None,
                },
            }),
            arguments: vec![data],
        },
    };
    let bytes = text_list(&cat(&[&head(0, -1), &0u32.to_le_bytes()]));
    let ctx = ctx(newest());
    let (mut list, _) = PropertyList::read(&bytes, 0, &ctx).unwrap();
    list.properties[0].value = PropertyValue::Text(Box::new(text));
    // Empty(0) would be read back as an Int: refused.
    assert!(list.write(&ctx, &mut Vec::new()).is_err());
}
