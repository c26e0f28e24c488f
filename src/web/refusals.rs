//! Why an item is not added to a collection, as the API and the pages say it.

use super::language::tr_args;
use crate::collection_items::Refusal;
use crate::error::Error;

/// A refusal as the API and the collection page say it.
pub fn refusal_text(r: &Refusal) -> String {
    match r {
        Refusal::Held { game } => tr_args("collect-held-here", &[("game", (*game).into())]),
        Refusal::PastEnd { game, ply, plies } => tr_args(
            "collect-ply-past-end",
            &[
                ("game", (*game).into()),
                ("ply", (*ply).into()),
                ("plies", (*plies).into()),
            ],
        ),
    }
}

/// The API's error for a refusal: 409 for a game held already, 400 for a ply past the end.
pub fn refusal_error(r: &Refusal) -> Error {
    match r {
        Refusal::Held { .. } => Error::Conflict(refusal_text(r)),
        Refusal::PastEnd { .. } => Error::BadRequest(refusal_text(r)),
    }
}
