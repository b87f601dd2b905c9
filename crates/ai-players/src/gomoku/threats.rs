//! Threat-space searches: forced wins by threats the defender must answer.
//!
//! - [`vcf()`]: victory by continuous fours, the shortest one;
//! - [`vct()`]: victory by continuous threats (threes and fours), depth first;
//! - [`vct_proof_numbers`]: the same threats and defences searched best first by proof
//!   numbers, which finds long wins far sooner.
//!
//! All three take [`ThreatLimits`] and return a [`ThreatResult`].

mod budget;
mod pns;
mod points;
mod search;
mod vcf;
mod vct;

pub use budget::{ThreatLimits, ThreatOutcome, ThreatResult, ThreatWin};
pub use pns::vct_proof_numbers;
pub use vcf::vcf;
pub use vct::{vct, VCF_MOVES_IN_VCT};
