//! The count of the bytes the line scans examine (the notes, clock times, brackets, locations and
//! comments of a line): the crate's shared one ([`crate::work`]), kept only in test builds.

pub(super) use crate::work::examined;
#[cfg(test)]
pub(super) use crate::work::take;
