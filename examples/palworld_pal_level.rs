//! Raises the level of the first Pal in a Palworld world save (`Level.sav`, PlZ or PlM) by one,
//! writes the result, reads it back and prints the Pal's level before and after.
//!
//! ```text
//! cargo run -p savepoint-examples --example palworld_pal_level -- Level.sav Level-edited.sav
//! ```
//! Without arguments it edits the corpus sample (`../shared/corpus/gvas/palworld_zlib_twice.sav`)
//! and writes nothing. An edited PlM save is written as PlZ (zlib), which the game also loads.

use gvas::palworld::{PalworldRawData, RawData};
use unreal::PropertyValue;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let input = args
        .next()
        .unwrap_or_else(|| "../shared/corpus/gvas/palworld_zlib_twice.sav".to_owned());
    let output = args.next();
    let mut save = gvas::read(&std::fs::read(&input)?)?;

    // Move the RawData blobs out of the body, decoded; find a Pal (a character that is no player).
    let mut raw = PalworldRawData::take(&mut save.body);
    let index = raw
        .blobs
        .iter()
        .position(|(_, d)| matches!(d, RawData::Character(c) if !c.is_player()))
        .ok_or("no Pal in this save")?;
    let RawData::Character(pal) = &mut raw.blobs[index].1 else {
        unreachable!("found above")
    };
    let before = pal.level();
    let params = pal
        .save_parameter_mut()
        .ok_or("Pal without SaveParameter")?;
    let species = match params.get("CharacterID").map(|p| &p.value) {
        Some(PropertyValue::Name(n)) => n.as_str().to_owned(),
        _ => "?".to_owned(),
    };
    let level = params
        .properties
        .iter_mut()
        .find(|p| p.tag.name.is("Level"))
        .ok_or("Pal without a Level property (level 1)")?;
    level.value = match level.value {
        PropertyValue::Byte(b) => PropertyValue::Byte(b.saturating_add(1)),
        PropertyValue::Int(i) => PropertyValue::Int(i + 1),
        ref other => return Err(format!("Level is {other:?}").into()),
    };

    // Put the blobs back and write the file.
    raw.apply(&mut save.body)?;
    let bytes = gvas::write(&save)?;

    // Read it back: the Pal's level changed.
    let mut again = gvas::read(&bytes)?;
    let raw_again = PalworldRawData::take(&mut again.body);
    let RawData::Character(pal_again) = &raw_again.blobs[index].1 else {
        return Err("the Pal is gone".into());
    };
    println!(
        "{species}: level {before} -> {} ({} bytes written)",
        pal_again.level(),
        bytes.len()
    );
    if let Some(output) = output {
        std::fs::write(&output, &bytes)?;
        println!("written to {output}");
    }
    Ok(())
}
