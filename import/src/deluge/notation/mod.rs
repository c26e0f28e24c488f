//! Reading one body line: phase headers, `Power:` prefixes, and judge-notation orders with their
//! bracketed results. Everything here is syntax; whether an order makes sense on the year's map is
//! decided in `replay`.
//!
//! - `phase.rs`: phase headers; `lines.rs`: what else a line holds (its power, remarks, header
//!   and report lines) and its orders split apart; `order.rs`: the order grammar, reading the
//!   `tokens.rs` of an order, with its units and places (`place.rs`) and results (`results.rs`).

mod lines;
mod order;
mod phase;
mod place;
mod results;
#[cfg(test)]
mod tests;
mod tokens;

pub use lines::{
    Block, HeaderLine, Prefix, ResultLine, dash_remark, hash_comment, header_line, power_prefix,
    report_line, result_line, slash_remark, split_orders,
};
pub use order::{
    OrderKind, RawOrder, adjustment_mark, check_result, no_order, no_order_processed, order,
    order_in, strip_defaults, waive,
};
pub use phase::{PhaseForm, PhaseKey, phase_header, phase_header_form, phase_prefix};
pub use place::Loc;
pub use results::result_word;
