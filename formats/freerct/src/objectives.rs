//! Scenario objectives: the abstract objective ("OJAO"), the objective container ("OJCN") and the
//! concrete objectives ("OJ00", "OJGU", "OJRT", "OJPV").

use crate::primitives::{Bool, Money, PatternDate};
use binrw::{BinWrite, binrw};
use schema_derive::pattern;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use unreal::depth::{DepthGuard, too_deep};

/// Deepest nesting of objective containers accepted (the scenario's own container is level 1), so
/// hostile input cannot exhaust the stack. The one bound of every path: the binary reader and
/// writer and serde (JSON) both ways.
pub const MAX_OBJECTIVE_DEPTH: u32 = 16;

thread_local! {
    /// Objective containers being written or converted by serde on this thread.
    static CONTAINER_DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// What [`MAX_OBJECTIVE_DEPTH`] counts, for errors.
const NESTED_CONTAINERS: &str = "objective containers";

/// Abstract objective: data common to every objective type.
#[pattern(tag = b"OJAO", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AbstractObjective {
    /// Whether the objective is currently fulfilled.
    pub fulfilled: Bool,
    /// Drop policy in days.
    pub drop_days: u32,
    /// Current drop policy counter.
    pub drop_counter: u32,
}

/// Objective container: groups other objectives.
#[pattern(tag = b"OJCN", newest = 1)]
#[binrw]
#[brw(little)]
#[br(import(depth: u32))]
#[br(pre_assert(depth < MAX_OBJECTIVE_DEPTH, "{}", too_deep(NESTED_CONTAINERS, MAX_OBJECTIVE_DEPTH)))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ObjectiveContainer {
    /// Common objective data.
    pub base: AbstractObjective,
    /// Timeout policy.
    pub timeout_policy: u8,
    /// Timeout date.
    pub timeout: PatternDate,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(children.len()))]
    pub count: u32,
    /// The sub-objectives, each preceded by its type byte.
    #[br(count = count, args { inner: (depth + 1,) })]
    #[bw(write_with = write_children)]
    #[serde(serialize_with = "ser_children", deserialize_with = "de_children")]
    pub children: Vec<Objective>,
}

/// Writes a container's children, one nesting level deeper.
#[binrw::writer(writer, endian)]
fn write_children(children: &Vec<Objective>) -> binrw::BinResult<()> {
    let _level = DepthGuard::enter(&CONTAINER_DEPTH, MAX_OBJECTIVE_DEPTH).ok_or_else(|| {
        binrw::Error::AssertFail {
            pos: writer.stream_position().unwrap_or(0),
            message: too_deep(NESTED_CONTAINERS, MAX_OBJECTIVE_DEPTH),
        }
    })?;
    children.write_options(writer, endian, ())
}

fn ser_children<S: serde::Serializer>(children: &[Objective], s: S) -> Result<S::Ok, S::Error> {
    let _level = DepthGuard::enter_ser(&CONTAINER_DEPTH, MAX_OBJECTIVE_DEPTH, NESTED_CONTAINERS)?;
    children.serialize(s)
}

fn de_children<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Objective>, D::Error> {
    let _level = DepthGuard::enter_de(&CONTAINER_DEPTH, MAX_OBJECTIVE_DEPTH, NESTED_CONTAINERS)?;
    Vec::deserialize(d)
}

/// Empty objective.
#[pattern(tag = b"OJ00", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmptyObjective {
    /// Common objective data.
    pub base: AbstractObjective,
}

/// Guests objective: reach a number of guests.
#[pattern(tag = b"OJGU", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GuestsObjective {
    /// Common objective data.
    pub base: AbstractObjective,
    /// Guest count to achieve.
    pub guests: u32,
}

/// Rating objective: reach a park rating.
#[pattern(tag = b"OJRT", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingObjective {
    /// Common objective data.
    pub base: AbstractObjective,
    /// Rating to achieve.
    pub rating: u16,
}

/// Park value objective: reach a park value.
#[pattern(tag = b"OJPV", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParkValueObjective {
    /// Common objective data.
    pub base: AbstractObjective,
    /// Park value to achieve.
    pub value: Money,
}

/// One sub-objective of a container, selected by its type byte.
#[binrw]
#[brw(little)]
#[br(import(depth: u32))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    /// Type 0: a nested container.
    #[brw(magic = 0u8)]
    Container(#[br(args(depth))] Box<ObjectiveContainer>),
    /// Type 1: an empty objective.
    #[brw(magic = 1u8)]
    Empty(EmptyObjective),
    /// Type 2: a guests objective.
    #[brw(magic = 2u8)]
    Guests(GuestsObjective),
    /// Type 3: a rating objective.
    #[brw(magic = 3u8)]
    Rating(RatingObjective),
    /// Type 4: a park value objective.
    #[brw(magic = 4u8)]
    ParkValue(ParkValueObjective),
}
