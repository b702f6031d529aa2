//! Edits a Satisfactory save: renames the session and swaps the first two stacks of a container's
//! inventory, writes the save, and reads it back to check both edits.
//!
//! `cargo run -p savepoint-examples --example edit_satisfactory_save -- in.sav out.sav "New Session"`
//!
//! The session name lives in the uncompressed header; the inventory is an object in the compressed
//! body, so only the chunks holding it are compressed anew and every other chunk is written back as
//! the game stored it.

use std::process::ExitCode;

use satisfactory::SaveFile;
use unreal::{ArrayValue, PropertyValue};

const INVENTORY: &str = "/Script/FactoryGame.FGInventoryComponent";

/// The `mInventoryStacks` array of an inventory object, for editing.
fn stacks<'a>(save: &'a mut SaveFile, path: &str) -> Option<&'a mut Vec<unreal::StructValue>> {
    let property = save
        .body
        .object_mut(path)?
        .property_mut("mInventoryStacks")?;
    match &mut property.value {
        PropertyValue::Array(array) => match &mut **array {
            ArrayValue::Structs { items, .. } => Some(items),
            _ => None,
        },
        _ => None,
    }
}

/// The first inventory whose first two stacks differ.
fn container(save: &mut SaveFile) -> Option<String> {
    let paths: Vec<String> = save
        .body
        .objects_of_class(INVENTORY)
        .map(|o| o.header.path_name().to_owned())
        .collect();
    paths.into_iter().find(|path| {
        stacks(save, path).is_some_and(|items| items.len() >= 2 && items[0] != items[1])
    })
}

fn edit(input: &str, output: &str, session: &str) -> Result<String, Box<dyn std::error::Error>> {
    let data = std::fs::read(input)?;
    let mut save = SaveFile::read(&data)?;
    let old = save.header.session_name.as_str().to_owned();
    save.header.session_name = session.into();
    let path = container(&mut save).ok_or("no inventory with two different stacks")?;
    let items = stacks(&mut save, &path).ok_or("inventory without stacks")?;
    items.swap(0, 1);
    let expected = (items[0].clone(), items[1].clone());

    let bytes = save.write()?;
    let check = SaveFile::read(&bytes)?;
    if check.header.session_name.as_str() != session {
        return Err("the session name did not change".into());
    }
    let mut check = check;
    let again = stacks(&mut check, &path).ok_or("inventory lost")?;
    if (again[0].clone(), again[1].clone()) != expected {
        return Err("the stacks did not move".into());
    }
    let kept = save
        .chunks
        .chunks
        .iter()
        .zip(&check.chunks.chunks)
        .filter(|(a, b)| a == b)
        .count();
    std::fs::write(output, &bytes)?;
    Ok(format!(
        "session {old:?} -> {session:?}; swapped stacks 0 and 1 of {path}; {kept} of {} chunks kept as stored; wrote {output}",
        check.chunks.chunks.len()
    ))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, session] = args.as_slice() else {
        eprintln!("usage: edit_satisfactory_save <in.sav> <out.sav> <new session name>");
        return ExitCode::from(2);
    };
    match edit(input, output, session) {
        Ok(report) => {
            println!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("edit_satisfactory_save: {e}");
            ExitCode::FAILURE
        }
    }
}
