//! Zobrist keys of positions: one key per (player, cell), one for "second player to move",
//! one per forced-board value. The position combines them (incrementally as it plays, and
//! from scratch in `Position::zobrist_from_scratch_impl`).

use boardgames_core::Player;

/// Zobrist keys: 81 per player for the marks, one for "second player to move", and one per
/// forced-board value (boards 0-8, then "any").
const KEYS: [u64; 2 * 81 + 1 + 10] = boardgames_core::zobrist::keys(0x0075_6c74_696d_6174);
pub(crate) const SIDE_KEY: u64 = KEYS[162];

#[inline]
pub(crate) const fn mark_key(player: Player, index: u32) -> u64 {
    KEYS[player.index() * 81 + index as usize]
}

#[inline]
pub(crate) const fn forced_key(forced: u8) -> u64 {
    KEYS[163 + forced as usize]
}

/// The mark keys by player index and cell index, padded to 128 cells (the padding keys are
/// zero and never met in play): a masked index needs neither a bounds check nor a division.
static MARK_KEYS: [[u64; 128]; 2] = {
    let mut table = [[0u64; 128]; 2];
    let mut i = 0;
    while i < 81 {
        table[0][i] = KEYS[i];
        table[1][i] = KEYS[81 + i];
        i += 1;
    }
    table
};

/// The key of a mark of the player with index `side` (0 or 1) on cell index `index` (0-80).
/// The playout's hot path: two masks and one load (a `% 81` here cost about a tenth of a
/// playout's instructions).
#[inline(always)]
pub(crate) fn mark_key_at(side: usize, index: usize) -> u64 {
    MARK_KEYS[side & 1][index & 127]
}

/// The keys of the side to move and the forced-board value.
#[inline]
pub(crate) const fn side_and_forced_keys(side: Player, forced: u8) -> u64 {
    let side_key = match side {
        Player::First => 0,
        Player::Second => SIDE_KEY,
    };
    side_key ^ forced_key(forced)
}
