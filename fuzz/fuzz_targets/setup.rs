//! Setup validation of every game: the first byte picks the game, the next few its side to
//! move and options, and each pair after toggles one cell of one player (cells past the board
//! included, which validation must refuse).
#![no_main]

use boardgames_core::{ByPlayer, Player};
use boardgames_fuzz::{check_setup, Bytes};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else {
        return;
    };
    let mut bytes = Bytes(rest.iter());
    let side = if bytes.byte() & 1 == 0 {
        Player::First
    } else {
        Player::Second
    };
    match game % 4 {
        0 => check_setup(&tictactoe(side, bytes)),
        1 => check_setup(&ultimate(side, bytes)),
        2 => check_setup(&gomoku(side, bytes)),
        _ => check_setup(&morris(side, bytes)),
    }
});

fn tictactoe(side: Player, bytes: Bytes) -> boardgames_tictactoe::Setup {
    let mut setup = boardgames_tictactoe::Setup {
        side_to_move: side,
        ..Default::default()
    };
    for (a, b) in bytes.pairs() {
        setup.marks[owner(a)].0 ^= 1 << (b % 16);
    }
    setup
}

fn ultimate(side: Player, mut bytes: Bytes) -> boardgames_ultimate::Setup {
    use boardgames_ultimate::{Rules, TieBreak};
    // 0 is a free choice; 1..=9 boards 0..=8; above that, boards past the ninth.
    let forced_board = bytes.byte().checked_sub(1).map(|b| b % 12);
    let tie_break = TieBreak::ALL[usize::from(bytes.byte()) % TieBreak::ALL.len()];
    let mut setup = boardgames_ultimate::Setup {
        side_to_move: side,
        forced_board,
        rules: Rules::default().with_tie_break(tie_break),
        ..Default::default()
    };
    for (a, b) in bytes.pairs() {
        setup.marks[owner(a)].0 ^= 1 << (b % 128);
    }
    setup
}

fn gomoku(side: Player, mut bytes: Bytes) -> boardgames_gomoku::Setup {
    use boardgames_gomoku::Rule;
    // Sizes 3 to 22: a few past each end of the 5..=20 range, which must be refused.
    let size = 3 + u32::from(bytes.byte()) % 20;
    let rule = bytes.byte();
    let (_, named) = Rule::NAMED[usize::from(rule & 0x7f) % Rule::NAMED.len()];
    let mut setup = boardgames_gomoku::Setup {
        to_move: side,
        size,
        rule: named.with_gomocup_draw(rule & 0x80 != 0),
        ..Default::default()
    };
    for (a, b) in bytes.pairs() {
        let row = usize::from(b) % setup.stones[Player::First].rows.len();
        setup.stones[owner(a)].rows[row] ^= 1 << ((a >> 1) % 32);
    }
    setup
}

fn morris(side: Player, mut bytes: Bytes) -> boardgames_morris::Setup {
    // Up to 11 in hand: a few past the nine pieces.
    let in_hand = bytes.byte();
    let flying = bytes.byte() & 1 == 0;
    let mut setup = boardgames_morris::Setup {
        side_to_move: side,
        in_hand: ByPlayer::new(in_hand % 12, (in_hand / 12) % 12),
        rules: boardgames_morris::Rules { flying },
        ..Default::default()
    };
    for (a, b) in bytes.pairs() {
        setup.pieces[owner(a)].0 ^= 1 << (b % 32);
    }
    setup
}

/// The player a toggle byte names.
fn owner(a: u8) -> Player {
    if a & 1 == 0 {
        Player::First
    } else {
        Player::Second
    }
}
