//! Inbox block ("INBX") and its messages ("mssg").

use crate::primitives::PatternDate;
use binrw::binrw;
use schema_derive::pattern;
use serde::{Deserialize, Serialize};

/// Message: one message in the player's inbox.
#[pattern(tag = b"mssg", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// The message string ID.
    pub string_id: u16,
    /// The first data item.
    pub data1: u32,
    /// The second data item.
    pub data2: u32,
    /// When the message was sent.
    pub timestamp: PatternDate,
}

/// Inbox block: all messages in the player's inbox.
#[pattern(tag = b"INBX", newest = 1)]
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inbox {
    #[br(temp)]
    #[bw(try_calc = u32::try_from(messages.len()))]
    pub count: u32,
    /// The messages.
    #[br(count = count)]
    pub messages: Vec<Message>,
}
