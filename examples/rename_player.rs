//! Renames a player in a Rocket League replay's header and writes a valid replay.
//!
//! `cargo run -p savepoint-examples --example rename_player -- in.replay out.replay "Old Name" "New Name"`
//!
//! Every header string equal to the old name changes (the recorder's `PlayerName`, `PlayerStats`
//! entries, `Goals` and highlights); the writer recomputes the declared property sizes of the
//! changed values and the section CRCs. The result is read back with CRC checking to prove it is
//! valid.

use std::process::ExitCode;

fn rename(
    input: &str,
    output: &str,
    old: &str,
    new: &str,
) -> Result<usize, Box<dyn std::error::Error>> {
    let data = std::fs::read(input)?;
    let mut replay = rocketleague::read(&data)?;
    let changed = replay.header.properties.replace_text(old, new);
    if changed == 0 {
        return Err(format!(
            "no header string equals {old:?}; players: {:?}",
            replay.player_names()
        )
        .into());
    }
    let bytes = rocketleague::write(&replay)?;
    let check = rocketleague::ParserBuilder::new(&bytes)
        .crc_check(rocketleague::CrcCheck::Always)
        .parse()?;
    replay.header.properties.update_sizes();
    if check != replay {
        return Err("the written replay reads back differently".into());
    }
    std::fs::write(output, bytes)?;
    Ok(changed)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, old, new] = args.as_slice() else {
        eprintln!("usage: rename_player <in.replay> <out.replay> <old name> <new name>");
        return ExitCode::from(2);
    };
    match rename(input, output, old, new) {
        Ok(changed) => {
            println!("renamed {changed} header value(s) from {old:?} to {new:?}; wrote {output}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("rename_player: {e}");
            ExitCode::FAILURE
        }
    }
}
