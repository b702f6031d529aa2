//! The whole save game: file header, then every block in file order.

use crate::Error;
pub use crate::generated::savegame::*;
use crate::primitives::{Money, Text};

impl SaveGame {
    /// Short key/value lines describing the save (for `savepoint info` and snapshots).
    pub fn summary(&self) -> Vec<(&'static str, String)> {
        let header = &self.header;
        let mut lines = vec![("format", format!("FreeRCT save, FCTS {}", header.version))];
        if let Some(time) = header.timestamp {
            lines.push(("saved (unix time)", time.to_string()));
        }
        if let Some(revision) = &header.revision {
            lines.push(("written by", revision.to_string()));
        }
        if let Some(name) = self.scenario_name() {
            lines.push(("scenario", name.to_owned()));
        }
        if let Some(name) = self.park_name() {
            lines.push(("park", name.to_owned()));
        }
        lines.push(("date", self.date.date.to_string()));
        lines.push((
            "world",
            format!("{} x {}", self.world.x_size, self.world.y_size),
        ));
        let voxels: usize = self.voxel_stacks.iter().map(|s| s.voxels.len()).sum();
        lines.push(("voxels", voxels.to_string()));
        lines.push(("rides", self.rides.rides.len().to_string()));
        lines.push(("guests", self.guests.guests.len().to_string()));
        lines.push(("staff", self.staff.len().to_string()));
        lines.push(("scenery items", self.scenery.items.len().to_string()));
        let path_objects = self
            .scenery
            .path_objects
            .as_ref()
            .map_or(0, |l| l.items.len());
        lines.push(("path objects", path_objects.to_string()));
        lines.push(("cash", format_money(self.finances.cash)));
        if let Some(loan) = self.finances.loan {
            lines.push(("loan", format_money(loan)));
        }
        lines.push(("messages", self.inbox.messages.len().to_string()));
        lines
    }

    /// Scenario name: from the scenario data (FCTS 12) or the header (FCTS 11).
    pub fn scenario_name(&self) -> Option<&str> {
        let header = &self.header;
        header
            .scenario
            .as_ref()
            .map(|s| s.name.as_str())
            .or(header.scenario_name.as_ref().map(Text::as_str))
    }

    /// The park name, stored in the game observer block (FCTS 12 and later).
    pub fn park_name(&self) -> Option<&str> {
        self.observer.as_ref().map(|o| o.park_name.as_str())
    }

    /// Renames the park. Saves older than FCTS 12 store no park name and give an error.
    pub fn set_park_name(&mut self, name: &str) -> Result<(), Error> {
        let version = self.header.version;
        let observer = self.observer.as_mut().ok_or_else(|| Error {
            path: "SaveGame.observer".into(),
            message: format!(
                "FCTS {version} files have no park name (the GOBS block exists since FCTS 12)"
            ),
            offset: 0,
        })?;
        observer.park_name = Text::from(name);
        Ok(())
    }

    /// The park's current cash in cents.
    pub fn cash(&self) -> Money {
        self.finances.cash
    }

    /// Sets the park's current cash in cents.
    pub fn set_cash(&mut self, cash: Money) {
        self.finances.cash = cash;
    }
}

/// Cents as a currency amount, e.g. `-1234` as `-12.34`.
fn format_money(cents: Money) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}
