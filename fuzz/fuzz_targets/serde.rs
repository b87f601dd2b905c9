//! serde_json deserialization of every serde type of the workspace: the first byte picks the
//! type, the rest is the JSON. What loads must serialize and load back to the same value.
#![no_main]

use boardgames_core::{ByPlayer, Player, Status};
use boardgames_fuzz::serde_round_trip as load;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, json)) = data.split_first() else {
        return;
    };
    let Ok(json) = std::str::from_utf8(json) else {
        return;
    };
    match which % 19 {
        0 => {
            load::<Player>(json);
        }
        1 => {
            load::<Status>(json);
        }
        2 => {
            load::<ByPlayer<u32>>(json);
        }
        3 => {
            load::<boardgames_tictactoe::Cell>(json);
        }
        4 => {
            load::<boardgames_tictactoe::Position>(json);
        }
        5 => {
            load::<boardgames_ultimate::Move>(json);
        }
        6 => {
            load::<boardgames_ultimate::Position>(json);
        }
        7 => {
            load::<boardgames_ultimate::TieBreak>(json);
        }
        8 => {
            load::<boardgames_ultimate::Rules>(json);
        }
        9 => {
            load::<boardgames_gomoku::Point>(json);
        }
        10 => {
            load::<boardgames_gomoku::Rule>(json);
        }
        11 => {
            load::<boardgames_gomoku::Position>(json);
        }
        12 => {
            load::<boardgames_morris::Point>(json);
        }
        13 => {
            load::<boardgames_morris::Move>(json);
        }
        14 => {
            load::<boardgames_morris::Position>(json);
        }
        15 => {
            load::<boardgames_morris::Setup>(json);
        }
        16 => {
            load::<boardgames_gomoku::opening::Move>(json);
        }
        17 => {
            load::<boardgames_gomoku::opening::Opening>(json);
        }
        _ => {
            load::<boardgames_morris::Rules>(json);
            load::<boardgames_morris::DrawRules>(json);
        }
    }
});
