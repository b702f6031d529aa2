//! Changes one property of an Unreal SaveGame (GVAS, Palworld PlZ, chunked or Astroneer) and
//! writes the save back.
//!
//! `cargo run -p savepoint-examples --example set_property -- IN.sav OUT.sav PATH VALUE`
//!
//! `PATH` names a root property or goes through structs stored as property lists, with `[i]` to
//! pick an element of an array of structs (`Stats.Kills`, `Inventory[2].Count`). `VALUE` is read
//! as the property's current type: bool, integers, floats or text. Property sizes and the
//! container's compressed streams and lengths are recomputed by the writer; the written save is
//! read back to show the change. Only `gvas` is needed: it re-exports the property model.

use std::process::ExitCode;

use gvas::PropertyValue;

/// `text` as a value of the same type as `old`.
fn parse_like(old: &PropertyValue, text: &str) -> Result<PropertyValue, String> {
    let bad = |e: &dyn std::fmt::Display| format!("{text:?} for a {old:?}: {e}");
    Ok(match old {
        PropertyValue::Bool(_) => PropertyValue::Bool(text.parse().map_err(|e| bad(&e))?),
        PropertyValue::Int(_) => PropertyValue::Int(text.parse().map_err(|e| bad(&e))?),
        PropertyValue::Int64(_) => PropertyValue::Int64(text.parse().map_err(|e| bad(&e))?),
        PropertyValue::UInt32(_) => PropertyValue::UInt32(text.parse().map_err(|e| bad(&e))?),
        PropertyValue::UInt64(_) => PropertyValue::UInt64(text.parse().map_err(|e| bad(&e))?),
        PropertyValue::Byte(_) => PropertyValue::Byte(text.parse().map_err(|e| bad(&e))?),
        PropertyValue::Float(_) => {
            PropertyValue::Float(gvas::F32(text.parse().map_err(|e| bad(&e))?))
        }
        PropertyValue::Double(_) => {
            PropertyValue::Double(gvas::F64(text.parse().map_err(|e| bad(&e))?))
        }
        PropertyValue::Str(_) => PropertyValue::Str(gvas::FString::new(text)),
        PropertyValue::Name(_) => PropertyValue::Name(gvas::FName::new(text)),
        other => return Err(format!("cannot set a {other:?} from text")),
    })
}

/// Text as text, anything else as its Rust value.
fn show(value: &PropertyValue) -> String {
    match value.as_str() {
        Some(text) => format!("{text:?}"),
        None => format!("{value:?}"),
    }
}

fn set(
    input: &str,
    output: &str,
    path: &str,
    text: &str,
) -> Result<String, Box<dyn std::error::Error>> {
    let bytes = std::fs::read(input)?;
    let mut save = gvas::read(&bytes)?;
    let property = save
        .properties_mut()
        .get_path_mut(path)
        .ok_or_else(|| format!("no property at {path:?}"))?;
    let old = std::mem::replace(&mut property.value, PropertyValue::Bool(false));
    property.value = parse_like(&old, text)?;
    let written = gvas::write(&save)?;
    let again = gvas::read(&written)?;
    let now = again
        .properties()
        .get_path(path)
        .ok_or("the property is gone after writing")?;
    if again.body != save.body {
        return Err("the written save reads back differently".into());
    }
    std::fs::write(output, &written)?;
    Ok(format!(
        "{path}: {} -> {}; wrote {output} ({} -> {} bytes)",
        show(&old),
        show(&now.value),
        bytes.len(),
        written.len()
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, path, value] = args.as_slice() else {
        eprintln!("usage: set_property <in.sav> <out.sav> <property path> <value>");
        return ExitCode::from(2);
    };
    match set(input, output, path, value) {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("set_property: {e}");
            ExitCode::FAILURE
        }
    }
}
