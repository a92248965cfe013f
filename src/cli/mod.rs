//! The command line's own parts: what parses arguments, prints or writes files stays here, out
//! of the library.

pub mod watchdog;
