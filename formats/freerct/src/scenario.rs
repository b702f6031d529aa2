//! Scenario ("SCNO"): scenario parameters, nested in the file header since FCTS 12.

use crate::objectives::ObjectiveContainer;
use crate::primitives::{Bool, Text};
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Scenario: name, objectives and parameters.
#[pattern(tag = b"SCNO", newest = 3)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// Name of the scenario.
    pub name: Text,
    /// Description (version 2 and later).
    #[since(2)]
    pub description: Option<Text>,
    /// The objective container.
    #[br(args(0))]
    pub objective: ObjectiveContainer,
    /// Lowest guest spawn probability.
    pub spawn_low: u16,
    /// Highest guest spawn probability.
    pub spawn_high: u16,
    /// Maximum guest count.
    pub max_guests: u32,
    /// Initial amount of money (versions 1-2).
    #[until(2)]
    pub initial_money: Option<u32>,
    /// Initial loan (versions 1-2).
    #[until(2)]
    pub initial_loan: Option<u32>,
    /// Maximum loan.
    pub max_loan: u32,
    /// Interest rate.
    pub interest: u16,
    /// Whether the park charges an entrance fee (version 2 and later).
    #[since(2)]
    pub entrance_fee: Option<Bool>,
    /// Internal name of the mission (version 3 and later).
    #[since(3)]
    pub mission: Option<Text>,
}
