//! `--solve`: a move sequence from the start board to the goal board (any goal, not only the
//! sorted one), found by the solver's portfolio ([`klotski_core::solve::solve_puzzle`]).
//!
//! It is a proven shortest one when the exact search finishes within the limits: 2x2 and 3x3
//! boards always do (a 3x3 parity class has 181,440 states, a few MiB of tables). Larger boards
//! get the exact search for half the time limit and then a valid, not shortest, sequence from
//! the constructive solver; `-v` says which.

use super::Instance;
use klotski_core::solve::{Options, Progress, Report, Unverified, solve_puzzle};

/// Searches for a move sequence from the start to the goal, whatever the parity rule says (so
/// tests can hold one against the other), with the solver's portfolio: a shortest one when the
/// exact search finishes within the limits. Every solution is replayed on the engine before it
/// is returned; `Err` is a solution that failed that check, a bug.
pub fn solve(
    instance: &Instance,
    options: Options,
    on_progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Report, Unverified> {
    solve_puzzle(&instance.problem(), options, on_progress)
}
