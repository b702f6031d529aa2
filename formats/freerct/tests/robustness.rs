//! Hostile input: truncated and corrupted corpus files must give `Ok` or `Err`, never a panic, and the
//! reader's peak heap use must stay within a small multiple of the input size.

mod common;

use snapshots::alloc::{Counting, peak_during, serial};

#[global_allocator]
static ALLOCATOR: Counting = Counting::system();

/// Allowed peak heap use of one read: this many times the input, plus a fixed slack.
const MAX_FACTOR: usize = 8;
const SLACK: usize = 64 * 1024;

/// Reads `data`, returning whether it parsed and the peak heap growth during the read.
fn read_measured(data: &[u8]) -> (bool, usize) {
    peak_during(|| freerct::read(data).is_ok())
}

fn check(label: &str, data: &[u8]) -> bool {
    let (ok, peak) = read_measured(data);
    let limit = data.len() * MAX_FACTOR + SLACK;
    assert!(
        peak <= limit,
        "{label}: read of {} bytes peaked at {peak} heap bytes",
        data.len()
    );
    ok
}

// One test function: the allocator counters are global, so parallel tests would disturb each other.
#[test]
fn truncated_and_corrupted_files_never_panic_and_stay_small() {
    let _serial = serial();
    let Some(corpus) = common::corpus() else {
        return;
    };
    let mut attempts = 0;
    let mut worst_ratio = 0.0f64;
    for entry in &corpus {
        let data = &entry.data;
        worst_ratio = worst_ratio.max(read_measured(data).1 as f64 / data.len() as f64);
        // Full files: the ok ones must parse within the memory bound too.
        assert_eq!(
            check(&entry.path, data),
            entry.expected_error.is_none(),
            "{}",
            entry.path
        );
        if data.len() > 100_000 {
            continue; // the big files repeat the small files' patterns; keep the test fast
        }
        let step = (data.len() / 150).max(1);
        for cut in (0..data.len()).step_by(step) {
            assert!(
                !check(&format!("{} cut at {cut}", entry.path), &data[..cut]),
                "{} cut at {cut} parsed",
                entry.path
            );
            attempts += 1;
        }
        let mut corrupt = data.clone();
        // Deterministic byte flips spread over the file, including count fields and tags.
        for (i, at) in (0..data.len()).step_by(step).enumerate() {
            let old = corrupt[at];
            corrupt[at] = match i % 3 {
                0 => !old,
                1 => 0xff,
                _ => old ^ 0x80,
            };
            check(&format!("{} flipped at {at}", entry.path), &corrupt);
            corrupt[at] = old;
            attempts += 1;
        }
    }
    eprintln!(
        "{attempts} hostile inputs read without panic; worst peak heap / file size: {worst_ratio:.2}"
    );
}

#[test]
fn deeply_nested_objectives_are_rejected() {
    let _serial = serial();
    // FCTS 12 header whose scenario holds containers nested 1000 deep: an error, not a stack overflow.
    let mut data = b"FCTS\x0c\0\0\0".to_vec();
    data.extend_from_slice(&0u64.to_le_bytes());
    data.extend_from_slice(&0u32.to_le_bytes()); // revision ""
    data.extend_from_slice(b"SCNO\x03\0\0\0");
    data.extend_from_slice(&0u32.to_le_bytes()); // name ""
    data.extend_from_slice(&0u32.to_le_bytes()); // description ""
    for _ in 0..1000 {
        data.extend_from_slice(b"OJCN\x01\0\0\0OJAO\x01\0\0\0");
        data.extend_from_slice(&[0; 9]);
        data.extend_from_slice(b"OAJO\0");
        data.extend_from_slice(&0u32.to_le_bytes()); // timeout
        data.extend_from_slice(&1u32.to_le_bytes()); // one child
        data.push(0); // child type: container
    }
    let err = freerct::read(&data).expect_err("nesting must be refused");
    assert!(err.to_string().contains("nested deeper"), "{err}");
}
