//! Engine tests, each naming its section of strategy-premium-rules.md.
use super::*;

