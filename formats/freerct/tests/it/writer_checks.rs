//! The writer refuses models whose lengths or selectors no longer agree with the fields the reader
//! would take them from (checks generated from the schemas' computed counts and field enums).

use freerct::SaveGame;
use freerct::rides::RideData;

/// A corpus save with a shop or gentle ride and a coaster among its rides.
fn played() -> SaveGame {
    let dir = snapshots::corpus_dir().expect("the corpus (../shared/corpus)");
    let data = std::fs::read(dir.join("freerct/played/s1_y1_07.fct")).unwrap();
    freerct::read(&data).unwrap()
}

fn write_error(save: &SaveGame) -> String {
    freerct::write(save)
        .expect_err("the writer must refuse this model")
        .to_string()
}

#[test]
fn example_writes_and_reads_back() {
    let save = SaveGame::example();
    let bytes = freerct::write(&save).unwrap();
    assert_eq!(freerct::read(&bytes).unwrap(), save);
}

/// The error's path: binrw records no field context while writing, so each check names its own.
fn write_error_path(save: &SaveGame) -> String {
    freerct::write(save)
        .expect_err("the writer must refuse this model")
        .path
}

#[test]
fn voxel_stack_count_must_match_the_world_size() {
    let mut save = SaveGame::example();
    save.voxel_stacks.pop();
    let err = write_error(&save);
    assert!(err.contains("voxel_stacks must hold"), "{err}");
    assert_eq!(write_error_path(&save), "SaveGame.voxel_stacks");
}

#[test]
fn ride_kind_must_match_its_data() {
    let mut save = played();
    let entry = save
        .rides
        .rides
        .first_mut()
        .expect("the example has a ride");
    entry.kind = match entry.data {
        RideData::Coaster(_) => 0,
        _ => 4,
    };
    let err = write_error(&save);
    assert!(err.contains("does not match its data"), "{err}");
    assert_eq!(write_error_path(&save), "RideEntry.kind");
}

#[test]
fn onride_batches_must_hold_batch_size_guests() {
    let mut save = played();
    let fixed = save.rides.rides.iter_mut().find_map(|r| match &mut r.data {
        RideData::Shop(s) => Some(&mut s.fixed),
        RideData::GentleThrill(g) => Some(&mut g.fixed),
        RideData::Coaster(_) => None,
    });
    let Some(fixed) = fixed else {
        panic!("the example has a fixed ride");
    };
    let guests = &mut fixed.onride_guests;
    assert!(!guests.batches.is_empty(), "the example ride has a batch");
    guests.batch_size += 1;
    let err = write_error(&save);
    assert!(err.contains("must hold batch_size elements"), "{err}");
    assert_eq!(write_error_path(&save), "OnrideGuests.batches[..].guests");
}

/// The played save's coaster, for editing.
fn coaster(save: &mut SaveGame) -> &mut freerct::coaster::Coaster {
    save.rides
        .rides
        .iter_mut()
        .find_map(|r| match &mut r.data {
            RideData::Coaster(c) => Some(c),
            _ => None,
        })
        .expect("the played save has a coaster")
}

#[test]
fn coaster_needs_track_pieces_and_full_trains() {
    let mut save = played();
    coaster(&mut save).pieces.clear();
    let err = write_error(&save);
    assert!(err.contains("invalid Coaster.piece_count 0"), "{err}");
    assert_eq!(write_error_path(&save), "Coaster.piece_count");

    let mut save = played();
    let c = coaster(&mut save);
    assert!(!c.trains.is_empty(), "the played coaster has a train");
    c.cars_per_train += 1;
    let err = write_error(&save);
    assert!(
        err.contains("Coaster.trains[..].cars must hold cars_per_train elements"),
        "{err}"
    );
    assert_eq!(write_error_path(&save), "Coaster.trains[..].cars");
}

#[test]
fn a_count_past_its_width_names_the_list() {
    let mut save = SaveGame::example();
    let rules = save
        .world
        .border_fence_rules
        .get_or_insert_with(Default::default);
    rules.rules = vec![Default::default(); usize::from(u16::MAX) + 1];
    let err = write_error(&save);
    assert!(
        err.contains("65536 elements do not fit a u16 count"),
        "{err}"
    );
    assert_eq!(write_error_path(&save), "BorderFenceRules.rules");
}
