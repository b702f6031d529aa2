//! Nesting generated directly, at any depth up to 600 levels (the bounds are 16 to 48):
//! replay header property sets (structs and arrays), GVAS property lists (structs in structs),
//! Unreal texts (transforms of transforms) and UE 5.4 type trees, and FreeRCT objective
//! containers. Reading never overflows the stack; what reads writes back to the same bytes, and
//! through JSON (without serde_json's own limit) to the same value.
#![no_main]

use binrw::io::Cursor;
use binrw::{BinRead, BinWrite};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [format, high, low, shape @ ..] = data else {
        return;
    };
    let depth = usize::from(u16::from_le_bytes([*low, *high]) % 600);
    let bit = |level: usize| {
        shape
            .get(level / 8)
            .is_some_and(|b| b >> (level % 8) & 1 != 0)
    };
    match format % 5 {
        0 => replay_header(depth, bit),
        1 => property_lists(depth),
        2 => texts(depth.max(1)),
        3 => type_tree(depth),
        _ => objectives(depth),
    }
});

/// JSON back without serde_json's 128-level limit: only the models' own bounds apply.
fn from_json<T: serde::de::DeserializeOwned>(json: &str) -> T {
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    T::deserialize(&mut de).expect("JSON written by serde reads back")
}

fn string8(text: &str) -> Vec<u8> {
    let mut out = ((text.len() + 1) as i32).to_le_bytes().to_vec();
    out.extend_from_slice(text.as_bytes());
    out.push(0);
    out
}

/// A header whose property set nests `depth` levels, each a struct or a one-entry array.
fn replay_header(depth: usize, is_array: impl Fn(usize) -> bool) {
    let mut set = string8("None");
    for level in 0..depth {
        let mut value = Vec::new();
        let kind: &[u8] = if is_array(level) {
            value.extend_from_slice(&1u32.to_le_bytes());
            value.extend_from_slice(&set);
            b"\x0e\0\0\0ArrayProperty\0"
        } else {
            value.extend_from_slice(&string8("T"));
            value.extend_from_slice(&set);
            b"\x0f\0\0\0StructProperty\0"
        };
        let mut outer = string8("P");
        outer.extend_from_slice(kind);
        outer.extend_from_slice(&(value.len() as u32).to_le_bytes());
        outer.extend_from_slice(&0u32.to_le_bytes());
        outer.extend_from_slice(&value);
        outer.extend_from_slice(&string8("None"));
        set = outer;
    }
    let mut header = Vec::new();
    header.extend_from_slice(&868u32.to_le_bytes());
    header.extend_from_slice(&12u32.to_le_bytes());
    header.extend_from_slice(&string8("TAGame.Replay_Soccar_TA"));
    header.extend_from_slice(&set);
    let mut file = (header.len() as u32).to_le_bytes().to_vec();
    file.extend_from_slice(&rocketleague::crc::checksum(&header).to_le_bytes());
    file.extend_from_slice(&header);
    match rocketleague::ParserBuilder::new(&file).parse_header() {
        Ok(parsed) => {
            assert!(
                depth < rocketleague::header::MAX_DEPTH as usize,
                "{depth} levels read"
            );
            let mut out = Cursor::new(Vec::new());
            parsed.write_le(&mut out).expect("a read header writes");
            assert_eq!(out.into_inner(), header);
            let json = serde_json::to_string(&parsed).expect("to JSON");
            assert_eq!(from_json::<rocketleague::Header>(&json), parsed);
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "{e}"),
    }
}

fn fstring(text: &str) -> Vec<u8> {
    string8(text)
}

/// `depth` property lists, structs in structs (UE4 tags).
fn property_lists(depth: usize) {
    let mut list = fstring("None");
    for _ in 0..depth {
        let mut outer = fstring("S");
        outer.extend_from_slice(&fstring("StructProperty"));
        outer.extend_from_slice(&(list.len() as i32).to_le_bytes());
        outer.extend_from_slice(&0i32.to_le_bytes());
        outer.extend_from_slice(&fstring("Deep"));
        outer.extend_from_slice(&[0; 17]);
        outer.extend_from_slice(&list);
        outer.extend_from_slice(&fstring("None"));
        list = outer;
    }
    for strict in [false, true] {
        let mut ctx = unreal::PropertyContext::new(522, 0);
        ctx.strict = strict;
        match unreal::PropertyList::read(&list, 0, &ctx) {
            Ok((parsed, used)) => {
                assert_eq!(used, list.len());
                let mut out = Vec::new();
                parsed.write(&ctx, &mut out).expect("a read list writes");
                assert_eq!(out, list);
                let json = serde_json::to_string(&parsed).expect("to JSON");
                assert_eq!(from_json::<unreal::PropertyList>(&json), parsed);
            }
            Err(e) => {
                assert!(strict, "only a strict read refuses depth: {e}");
                assert!(!e.to_string().contains('\n'), "{e}");
            }
        }
    }
}

/// Reads `list` leniently and strictly: `Ok` up to `bound` levels, refused past it (strictly, or
/// with `lenient_keeps_raw` false), and what reads writes back and goes through JSON unchanged.
fn unreal_bound(
    list: &[u8],
    ctx: unreal::PropertyContext,
    levels: u32,
    bound: u32,
    lenient_keeps_raw: bool,
) {
    for strict in [false, true] {
        let mut ctx = ctx.clone();
        ctx.strict = strict;
        match unreal::PropertyList::read(list, 0, &ctx) {
            Ok((parsed, used)) => {
                assert!(
                    levels <= bound || (!strict && lenient_keeps_raw),
                    "{levels} levels read"
                );
                assert_eq!(used, list.len());
                let mut out = Vec::new();
                parsed.write(&ctx, &mut out).expect("a read list writes");
                assert_eq!(out, list);
                let json = serde_json::to_string(&parsed).expect("to JSON");
                assert_eq!(from_json::<unreal::PropertyList>(&json), parsed);
            }
            Err(e) => {
                assert!(levels > bound, "{levels} levels refused: {e}");
                assert!(!e.to_string().contains('\n'), "{e}");
            }
        }
    }
}

/// A UE4 list holding one TextProperty: `levels` texts, each but the innermost the source of a
/// `Transform` text.
fn texts(levels: usize) {
    let mut text = Vec::new();
    for _ in 1..levels {
        text.extend_from_slice(&0u32.to_le_bytes());
        text.push(10);
    }
    text.extend_from_slice(&[0, 0, 0, 0, 0xff, 0, 0, 0, 0]);
    text.extend(std::iter::repeat_n(0, levels - 1));
    let mut list = fstring("T");
    list.extend_from_slice(&fstring("TextProperty"));
    list.extend_from_slice(&(text.len() as i32).to_le_bytes());
    list.extend_from_slice(&[0, 0, 0, 0, 0]);
    list.extend_from_slice(&text);
    list.extend_from_slice(&fstring("None"));
    let ctx = unreal::PropertyContext::new(522, 0);
    unreal_bound(&list, ctx, levels as u32, unreal::MAX_TEXT_DEPTH, true);
}

/// A UE 5.4 list holding one IntProperty whose type has `depth` levels of parameters.
fn type_tree(depth: usize) {
    let mut list = fstring("I");
    list.extend_from_slice(&fstring("IntProperty"));
    for _ in 0..depth {
        list.extend_from_slice(&1i32.to_le_bytes());
        list.extend_from_slice(&fstring("P"));
    }
    list.extend_from_slice(&0i32.to_le_bytes());
    list.extend_from_slice(&4i32.to_le_bytes());
    list.push(0);
    list.extend_from_slice(&5i32.to_le_bytes());
    list.extend_from_slice(&fstring("None"));
    let ctx = unreal::PropertyContext::new(522, 1012);
    unreal_bound(&list, ctx, depth as u32, unreal::MAX_TYPE_DEPTH, false);
}

/// Objective containers nested `depth` levels (at least one).
fn objectives(depth: usize) {
    let head = [
        &b"OJCN\x01\0\0\0OJAO\x01\0\0\0"[..],
        &[0; 9],
        b"OAJO\0",
        &[0; 4],
    ]
    .concat();
    let mut container = [&head[..], &0u32.to_le_bytes(), b"NCJO"].concat();
    for _ in 1..depth.max(1) {
        container = [&head[..], &1u32.to_le_bytes(), &[0], &container, b"NCJO"].concat();
    }
    let read =
        freerct::objectives::ObjectiveContainer::read_le_args(&mut Cursor::new(&container), (0,));
    match read {
        Ok(parsed) => {
            let levels = depth.max(1);
            assert!(levels <= freerct::objectives::MAX_OBJECTIVE_DEPTH as usize);
            let mut out = Cursor::new(Vec::new());
            parsed.write_le(&mut out).expect("a read container writes");
            assert_eq!(out.into_inner(), container);
            let json = serde_json::to_string(&parsed).expect("to JSON");
            assert_eq!(
                from_json::<freerct::objectives::ObjectiveContainer>(&json),
                parsed
            );
        }
        Err(e) => assert!(
            depth > freerct::objectives::MAX_OBJECTIVE_DEPTH as usize,
            "{e}"
        ),
    }
}
