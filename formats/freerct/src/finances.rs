//! Finances block ("FINA") and finance history sections ("fina").

use crate::primitives::Money;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Finance history: income and payments of one period.
#[pattern(tag = b"fina", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinanceHistory {
    /// Construction costs of rides.
    pub ride_construct: Money,
    /// Running cost of rides.
    pub ride_running: Money,
    /// Land purchase costs.
    pub land_purchase: Money,
    /// Landscaping costs.
    pub landscaping: Money,
    /// Income from entrance tickets.
    pub park_tickets: Money,
    /// Income from ride tickets.
    pub ride_tickets: Money,
    /// Income from non-food shop sales.
    pub shop_sales: Money,
    /// Stock costs from non-food shops.
    pub shop_stock: Money,
    /// Income from food shop sales.
    pub food_sales: Money,
    /// Stock costs from food shops.
    pub food_stock: Money,
    /// Wages of staff payments.
    pub staff_wages: Money,
    /// Marketing costs.
    pub marketing: Money,
    /// Research costs.
    pub research: Money,
    /// Loan interest.
    pub loan_interest: Money,
}

/// Finances block: finance history, the current loan and the available cash.
#[pattern(tag = b"FINA", newest = 2)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finances {
    #[br(temp)]
    #[bw(try_calc = u8::try_from(history.len()))]
    pub count: u8,
    /// Index of the current history section.
    pub current: u8,
    /// Current cash.
    pub cash: Money,
    /// Current loan (version 2 and later).
    #[since(2)]
    pub loan: Option<Money>,
    /// The history sections.
    #[br(count = count)]
    pub history: Vec<FinanceHistory>,
}
