//! The objective nesting bound on every path (binary read and write, JSON both ways), and the
//! writer refusing models its reader would not read back.

use binrw::BinWrite;
use binrw::io::Cursor;
use freerct::SaveGame;
use freerct::objectives::{MAX_OBJECTIVE_DEPTH, Objective, ObjectiveContainer};
use freerct::world::INSTANCE_PATH;

/// The example save with its scenario's objectives nested `levels` containers deep.
fn nested(levels: u32) -> SaveGame {
    let mut save = SaveGame::example();
    let scenario = save
        .header
        .scenario
        .as_mut()
        .expect("the example has a scenario");
    let leaf = scenario.objective.clone();
    let mut container = leaf.clone();
    for _ in 1..levels {
        let mut outer = leaf.clone();
        outer.children = vec![Objective::Container(Box::new(container))];
        container = outer;
    }
    scenario.objective = container;
    save
}

fn container_levels(container: &ObjectiveContainer) -> u32 {
    1 + container
        .children
        .iter()
        .map(|child| match child {
            Objective::Container(inner) => container_levels(inner),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

/// A value's bytes as the writer makes them.
fn encode<T: for<'a> BinWrite<Args<'a> = ()>>(value: &T) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    value.write_le(&mut out).unwrap();
    out.into_inner()
}

/// JSON read without serde_json's own 128-level limit, so only the model's bound applies.
fn from_deep_json(json: &str) -> Result<SaveGame, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut de)
}

#[test]
fn objectives_at_the_bound_take_every_path() {
    let save = nested(MAX_OBJECTIVE_DEPTH);
    let objective = &save.header.scenario.as_ref().unwrap().objective;
    assert_eq!(container_levels(objective), MAX_OBJECTIVE_DEPTH);
    let bytes = freerct::write(&save).expect("writes at the bound");
    let back = freerct::read(&bytes).expect("reads at the bound");
    assert_eq!(back, save);
    let json = serde_json::to_string(&back).unwrap();
    assert_eq!(from_deep_json(&json).expect("JSON at the bound"), save);
}

#[test]
fn objectives_past_the_bound_are_refused_everywhere() {
    let message = format!("nested deeper than {MAX_OBJECTIVE_DEPTH} levels");
    let too_deep = nested(MAX_OBJECTIVE_DEPTH + 1);
    let err = freerct::write(&too_deep).unwrap_err().to_string();
    assert!(err.contains(&message), "{err}");
    assert!(
        err.starts_with("freerct: ObjectiveContainer.children: "),
        "{err}"
    );
    let err = serde_json::to_string(&too_deep).unwrap_err().to_string();
    assert!(err.contains(&message), "{err}");

    // The bytes of one level more: the bound's container wrapped in one more container by hand.
    let at_bound = freerct::write(&nested(MAX_OBJECTIVE_DEPTH)).unwrap();
    let inner = encode(
        &nested(MAX_OBJECTIVE_DEPTH)
            .header
            .scenario
            .unwrap()
            .objective,
    );
    let leaf = nested(1).header.scenario.unwrap().objective;
    let leaf_child = encode(&leaf.children[0]);
    let leaf = encode(&leaf);
    // A container is its head (up to its child count), its children, then its reversed tag.
    let (head, tail) = (
        &leaf[..leaf.len() - leaf_child.len() - 4],
        &leaf[leaf.len() - 4..],
    );
    let wrapped = [head, &[0], &inner, tail].concat();
    let at = at_bound
        .windows(inner.len())
        .position(|w| w == inner)
        .expect("the scenario's container");
    let mut deeper = at_bound.clone();
    deeper.splice(at..at + inner.len(), wrapped);
    let err = freerct::read(&deeper).unwrap_err().to_string();
    assert!(err.contains(&message), "{err}");
    assert!(err.starts_with("freerct: SaveGame."), "{err}");

    // JSON one level past the bound.
    let json = serde_json::to_string(&nested(MAX_OBJECTIVE_DEPTH)).unwrap();
    let inner = serde_json::to_string(&Objective::Container(Box::new(
        nested(1).header.scenario.unwrap().objective,
    )))
    .unwrap();
    let outer = serde_json::to_string(&Objective::Container(Box::new(
        nested(2).header.scenario.unwrap().objective,
    )))
    .unwrap();
    let deeper = json.replacen(&inner, &outer, 1);
    assert_ne!(deeper, json);
    let err = from_deep_json(&deeper).unwrap_err().to_string();
    assert!(err.contains(&message), "{err}");
}

/// A change to a save model.
type Edit = fn(&mut SaveGame);

/// Each edit makes a model whose file the reader would misread or refuse; the writer names why.
#[test]
fn writer_refuses_what_its_reader_would_not_take_back() {
    let present = "Voxel.instance_data must be present exactly when instance == 4 || instance == 5";
    let cases: [(&str, &str, Edit); 4] = [
        ("Voxel.instance_data", present, |s| {
            s.voxel_stacks[0].voxels[0].instance = 0;
            s.voxel_stacks[0].voxels[0].instance_data = Some(7);
        }),
        ("Voxel.instance_data", present, |s| {
            s.voxel_stacks[0].voxels[0].instance = INSTANCE_PATH;
            s.voxel_stacks[0].voxels[0].instance_data = None;
        }),
        ("Voxel.instance", "invalid Voxel.instance 9", |s| {
            s.voxel_stacks[0].voxels[0].instance = 9;
        }),
        ("VoxelStack.base", "invalid VoxelStack.base -1", |s| {
            s.voxel_stacks[0].base = -1;
        }),
    ];
    let save = SaveGame::example();
    freerct::write(&save).expect("the example writes");
    for (field, expected, edit) in cases {
        let mut edited = save.clone();
        edit(&mut edited);
        let err = freerct::write(&edited).unwrap_err().to_string();
        assert!(err.contains(expected), "{expected}: {err}");
        assert!(err.starts_with(&format!("freerct: {field}: ")), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }
    // The whole save refuses version 9 for its gated fields first; the header alone names itself.
    let mut header = save.header.clone();
    header.version = 9;
    let err = header
        .write_le(&mut Cursor::new(Vec::new()))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("FileHeader.version: unsupported FCTS version 9"),
        "{err}"
    );
}
