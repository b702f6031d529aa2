//! Snapshot tests over the real corpus.
