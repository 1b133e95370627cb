//! The Annan example's tests as one test binary: the rule set (`annan::`) and the engine
//! binary (`usi::`).

mod annan;
mod usi;
