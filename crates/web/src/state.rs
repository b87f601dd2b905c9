//! What every handler shares, apart from the router that builds it (the crate root), so
//! that the handlers do not depend on the router.

use crate::friend::Friends;
use crate::pool::Pool;

/// What every handler shares: the search pool and the friend games.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The pool every search runs on.
    pub pool: Pool,
    /// The games played with a friend.
    pub friends: Friends,
}
