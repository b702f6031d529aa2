//! Peak heap of a whole-file read (container and model) against the decompressed body size, for
//! every corpus file: under 3x the body (plus a fixed allowance for kilobyte-sized bodies). The
//! Astroneer save is the tightest (2.76x): its properties take ~25 bytes in the body (names are
//! 4-byte string-pool indices) and 72 in the model, which its streamed body leaves room for.

use snapshots::alloc::{Counting, peak_during, serial};

#[global_allocator]
static ALLOCATOR: Counting = Counting::system();

/// The goal: peak heap under this multiple of the decompressed body.
const GOAL_FACTOR: f64 = 3.0;

/// Heap any read needs whatever the body size: zlib's inflate state and 32 KiB window for the
/// compressed containers, small tables. It dominates only for bodies of a few kilobytes.
const FIXED_ALLOWANCE: usize = 64 * 1024;

#[test]
fn whole_file_read_peak_heap_is_under_3x_the_body() {
    let _serial = serial();
    let mut checked = 0;
    for folder in ["gvas", "astroneer"] {
        let Some(dir) = snapshots::corpus_subdir(folder) else {
            return;
        };
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .expect("corpus folder is readable")
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.file_name().is_some_and(|n| n != "MANIFEST.tsv"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let bytes = std::fs::read(&path).expect("corpus file is readable");
            let options = gvas::ReadOptions::default()
                .hint("PlayerAttributes.Key=Struct")
                .expect("hint has PATH=Type form");
            let (save, peak) = peak_during(|| gvas::read_with(&bytes, &options));
            let save = save.unwrap_or_else(|e| panic!("{name}: {e}"));
            let body = save.body.write().expect("body writes").len();
            let bound = (body as f64 * GOAL_FACTOR) as usize + FIXED_ALLOWANCE;
            println!(
                "{name}: peak {peak} bytes, {:.2}x the {body}-byte body (bound {bound})",
                peak as f64 / body as f64
            );
            assert!(
                peak < bound,
                "{name}: peak heap {peak} bytes is over {GOAL_FACTOR}x its {body}-byte body + {FIXED_ALLOWANCE}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 21, "only {checked} corpus files found");
}

/// An Astroneer file around `body` (the frame the game writes: signature, version 1, length, zlib).
fn astroneer_file(body: &[u8]) -> Vec<u8> {
    let params = unreal::chunked::DeflateParams {
        level: 1,
        window_bits: 12,
    };
    let stream = unreal::chunked::ZlibStream::deflate(body, params).expect("deflates");
    let mut file = vec![0xBE, 0x40, 0x37, 0x4A, 0xEE, 0x0B, 0x74, 0xA3, 1, 0, 0, 0];
    file.extend_from_slice(&u32::try_from(body.len()).expect("small body").to_le_bytes());
    file.extend_from_slice(&stream.compressed);
    file
}

/// The Astroneer body is parsed while it inflates, so a length inside it is only checked against
/// the frame's claim: corrupt lengths and bytes must still give an error (or a value) within the
/// file's memory bound, never a panic or an allocation the data does not back.
#[test]
fn corrupt_streamed_astroneer_bodies_stay_within_the_bound() {
    let _serial = serial();
    let Some(dir) = snapshots::corpus_subdir("astroneer") else {
        return;
    };
    let file = std::fs::read(dir.join("A178B110FB374A539EC6A93E49F105DD")).expect("readable");
    let body = gvas::read(&file)
        .expect("corpus file reads")
        .body
        .write()
        .expect("body writes");
    let bound = (body.len() as f64 * GOAL_FACTOR) as usize + FIXED_ALLOWANCE;
    let step = body.len() / 40;
    for (i, at) in (step / 2..body.len() - 4).step_by(step).enumerate() {
        let mut bad = body.clone();
        // In turn a flipped byte and a huge length (or count).
        match i % 2 {
            0 => bad[at] ^= 0xa5,
            _ => bad[at..at + 4].copy_from_slice(&0x7fff_fff0u32.to_le_bytes()),
        }
        read_within(&astroneer_file(&bad), bound, &format!("body byte {at}"));
    }
    // An object data length of 32 MiB in a frame that claims a 64 MiB body: both are claims the
    // stream does not back, so the data buffer must grow with the bytes actually there.
    let save = gvas::read(&file).expect("corpus file reads");
    let (index, at) = object_length_offset(&save, &body);
    let mut bad = body.clone();
    bad[at..at + 4].copy_from_slice(&(32u32 << 20).to_le_bytes());
    let mut bad_file = astroneer_file(&bad);
    let text = read_within(&bad_file, bound, "32 MiB object").expect("an error");
    assert!(text.contains(&format!("objects[{index}]")), "{text}");
    bad_file[12..16].copy_from_slice(&(64u32 << 20).to_le_bytes());
    let text = read_within(&bad_file, bound, "32 MiB object").expect("an error");
    assert!(text.contains("zlib stream holds"), "{text}");
}

/// Reads `file` under the heap `bound`; a failure must name the format and an offset (returned).
fn read_within(file: &[u8], bound: usize, what: &str) -> Option<String> {
    let (result, peak) = peak_during(|| gvas::read(file));
    assert!(
        peak < bound,
        "{what}: peak heap {peak} bytes, bound {bound}"
    );
    let text = result.err()?.to_string();
    assert!(
        text.starts_with("gvas: Astroneer") && text.contains(" offset 0x"),
        "{what}: {text}"
    );
    Some(text)
}

/// The index of an object with data and a single length whose class path occurs once in `body`,
/// and the offset of its data length (after the class path, name, flags, save flags and outer).
fn object_length_offset(save: &gvas::SaveFile, body: &[u8]) -> (usize, usize) {
    let gvas::Extra::Astroneer(world) = &save.body.extra else {
        panic!("an Astroneer world");
    };
    let mut found = world.objects.iter().enumerate().filter_map(|(i, object)| {
        let class = object.class_name.as_str();
        let mut stored = u32::try_from(class.len() + 1).ok()?.to_le_bytes().to_vec();
        stored.extend_from_slice(class.as_bytes());
        stored.push(0);
        let mut places = body.windows(stored.len()).enumerate();
        let (at, _) = places.find(|(_, w)| *w == &stored[..])?;
        let unique = !places.any(|(_, w)| w == &stored[..]);
        let framed = object.save_flags & 4 == 0 && object.data != gvas::AstroObjectData::Empty;
        (unique && framed).then_some((i, at + stored.len() + 13))
    });
    found.next().expect("an object with a unique class path")
}

/// The Palworld world save read and its RawData taken out and decoded
/// ([`gvas::palworld::PalworldRawData::take`]): still under 3x the decompressed body, since the
/// blobs leave the body as they are decoded.
#[test]
fn palworld_raw_data_decoding_stays_under_3x_the_body() {
    let _serial = serial();
    let Some(dir) = snapshots::corpus_subdir("gvas") else {
        return;
    };
    let bytes = std::fs::read(dir.join("palworld_zlib_twice.sav")).expect("corpus file");
    let (decoded, peak) = peak_during(|| {
        let mut save = gvas::read(&bytes).expect("reads");
        let raw = gvas::palworld::PalworldRawData::take(&mut save.body);
        (save, raw)
    });
    let (mut save, raw) = decoded;
    raw.apply(&mut save.body).expect("applies");
    let body = save.body.write().expect("body writes").len();
    let bound = (body as f64 * GOAL_FACTOR) as usize + FIXED_ALLOWANCE;
    println!(
        "Level.sav with RawData decoded: peak {peak} bytes, {:.2}x the {body}-byte body",
        peak as f64 / body as f64
    );
    assert!(
        peak < bound,
        "peak heap {peak} bytes over {GOAL_FACTOR}x the {body}-byte body"
    );
}
