//! Renames a FreeRCT park and gives it money, then writes the save and reads it back.
//!
//! `cargo run -p savepoint-examples --example rename_park -- [in.fct] [out.fct] [new name] [cash]`
//!
//! Without an input path the built-in `SaveGame::example()` park is used. The output defaults to
//! `renamed_park.fct` in the system temporary directory, the name to "Rusty Acres", and the cash to
//! one million (in cents: 100000000). The park name lives in the game observer block, so saves older
//! than FCTS 12 can only get money.

use std::process::ExitCode;

fn run(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let save = match args.first() {
        Some(path) => freerct::read(&std::fs::read(path)?)?,
        None => freerct::SaveGame::example(),
    };
    let output = args
        .get(1)
        .map_or_else(|| std::env::temp_dir().join("renamed_park.fct"), Into::into);
    let new_name = args.get(2).map_or("Rusty Acres", String::as_str);
    let new_cash: freerct::Money = args.get(3).map_or(Ok(100_000_000), |c| c.parse())?;

    let mut edited = save.clone();
    if let Err(e) = edited.set_park_name(new_name) {
        eprintln!("park not renamed: {e}");
    }
    edited.set_cash(new_cash);
    std::fs::write(&output, freerct::write(&edited)?)?;

    let back = freerct::read(&std::fs::read(&output)?)?;
    println!("wrote {}", output.display());
    println!("park: {:?} -> {:?}", save.park_name(), back.park_name());
    println!("cash: {} -> {} (cents)", save.cash(), back.cash());
    if back != edited {
        return Err("the save read back differs from the one written".into());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rename_park: {e}");
            ExitCode::FAILURE
        }
    }
}
