//! Cost of the generated framing and gates: reads and writes many small patterns and the
//! same bytes through a plain `#[binrw]` struct (binrw `magic`, no version checks), with a
//! memcpy of the same bytes as the floor. Prints MB/s and ratios; asserts nothing about time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use binrw::{BinRead, BinWrite, binrw, io::Cursor};
use schema_derive::{pattern, versioned};

/// A record laid out by the enclosing pattern's version.
#[versioned]
#[binrw]
#[brw(little)]
struct Seat {
    guest: i32,
    #[since(2)]
    seat_count: Option<u16>,
}

/// Tag, version, gated fields and versioned records: the shape of a FreeRCT pattern.
#[pattern(tag = b"TEST", newest = 3)]
#[binrw]
#[brw(little)]
struct Gated {
    a: u16,
    #[since(2)]
    b: Option<u32>,
    #[until(5)]
    c: Option<u16>,
    #[until(1)]
    gone: Option<u64>,
    #[with_version]
    seats: [Seat; 4],
}

/// The same bytes at version 3, written by hand with binrw alone.
#[binrw]
#[brw(little, magic = b"TEST")]
struct Plain {
    version: u32,
    a: u16,
    b: u32,
    c: u16,
    seats: [PlainSeat; 4],
    #[brw(magic = b"TSET")]
    end: (),
}

#[binrw]
#[brw(little)]
struct PlainSeat {
    guest: i32,
    seat_count: u16,
}

const RECORDS: usize = 200_000;
const ROUNDS: usize = 25;

fn input() -> Vec<u8> {
    let one = Gated {
        version: 3,
        a: 1,
        b: Some(2),
        c: Some(3),
        gone: None,
        seats: std::array::from_fn(|i| Seat {
            guest: i as i32,
            seat_count: Some(4),
        }),
    };
    let mut cursor = Cursor::new(Vec::new());
    one.write_le(&mut cursor).expect("writing to memory");
    cursor.into_inner().repeat(RECORDS)
}

fn time(f: &mut impl FnMut()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

/// Best times of `ROUNDS` runs of `a` and `b`, interleaved so that both see the same
/// machine load (the benchmark machine is shared).
fn best_pair(mut a: impl FnMut(), mut b: impl FnMut()) -> (Duration, Duration) {
    let mut best = (Duration::MAX, Duration::MAX);
    for _ in 0..ROUNDS {
        best.0 = best.0.min(time(&mut a));
        best.1 = best.1.min(time(&mut b));
    }
    best
}

/// Reads `RECORDS` values and drops each one: the cost of decoding, not of storing.
fn read_each<T: for<'a> BinRead<Args<'a> = ()>>(bytes: &[u8]) {
    let mut cursor = Cursor::new(bytes);
    for _ in 0..RECORDS {
        black_box(T::read_le(&mut cursor).expect("valid input"));
    }
}

/// Writes `value` `RECORDS` times into a buffer of the right size.
fn write_each<T: for<'a> BinWrite<Args<'a> = ()>>(value: &T, len: usize) -> Vec<u8> {
    let mut cursor = Cursor::new(Vec::with_capacity(len));
    for _ in 0..RECORDS {
        black_box(value)
            .write_le(&mut cursor)
            .expect("writing to memory");
    }
    cursor.into_inner()
}

fn main() {
    let bytes = input();
    let len = bytes.len();
    let mb_s = |d: Duration| len as f64 / d.as_secs_f64() / 1e6;

    let (memcpy, _) = best_pair(
        || {
            black_box(black_box(&bytes[..]).to_vec());
        },
        || {},
    );
    let (gated_read, plain_read) = best_pair(
        || read_each::<Gated>(black_box(&bytes)),
        || read_each::<Plain>(black_box(&bytes)),
    );
    let gated = Gated::read_le(&mut Cursor::new(&bytes)).expect("valid input");
    let plain = Plain::read_le(&mut Cursor::new(&bytes)).expect("valid input");
    assert_eq!(write_each(&gated, len), bytes, "gated round trip");
    assert_eq!(write_each(&plain, len), bytes, "plain round trip");
    let (gated_write, plain_write) = best_pair(
        || {
            black_box(write_each(&gated, len));
        },
        || {
            black_box(write_each(&plain, len));
        },
    );

    println!("{RECORDS} patterns, {len} bytes, best of {ROUNDS}");
    println!("memcpy          {:>9.0} MB/s", mb_s(memcpy));
    for (what, ours, theirs) in [
        ("read", gated_read, plain_read),
        ("write", gated_write, plain_write),
    ] {
        println!(
            "{what:<5} pattern   {:>9.0} MB/s   plain binrw {:>9.0} MB/s   pattern/plain {:.2}   pattern/memcpy {:.3}",
            mb_s(ours),
            mb_s(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64(),
            memcpy.as_secs_f64() / ours.as_secs_f64(),
        );
    }
}
