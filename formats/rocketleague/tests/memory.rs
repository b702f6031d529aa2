//! Reading a replay never holds more than 8 times the file size on the heap at its peak.
//! Alone in its test binary so no other test disturbs the counters.

mod common;

use rocketleague::{NetworkParse, ParserBuilder};

use snapshots::alloc::{Counting, peak_during};

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn peak_of(data: &[u8], network: NetworkParse) -> usize {
    let (replay, peak) = peak_during(|| ParserBuilder::new(data).network_parse(network).parse());
    drop(replay);
    peak
}

/// Heap the parse needs whatever the file size (tables, small buffers).
const FIXED_ALLOWANCE: usize = 64 * 1024;

/// The container layer (header, body, footer, raw network bytes) stays under 8x the file size.
/// Decoded frames are measured and printed too; their size is the network model's.
#[test]
fn peak_memory_below_eight_times_file_size() {
    let Some(files) = common::corpus("good") else {
        return;
    };
    let mut over = Vec::new();
    for (name, data) in &files {
        let limit = 8 * data.len() + FIXED_ALLOWANCE;
        let peak = peak_of(data, NetworkParse::Never);
        if peak >= limit {
            over.push(format!(
                "{name}: peak {peak} bytes for a {} byte file",
                data.len()
            ));
        }
        let decoded = peak_of(data, NetworkParse::IgnoreOnError);
        let ratio = decoded as f64 / data.len() as f64;
        eprintln!(
            "{name}: {} bytes, peak {peak} raw, {decoded} decoded ({ratio:.1}x)",
            data.len()
        );
    }
    assert!(over.is_empty(), "{}", over.join("\n"));
}
