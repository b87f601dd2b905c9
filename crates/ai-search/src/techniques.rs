//! The exact techniques of the alpha-beta searcher, each of which can be turned off.

/// Which techniques the searcher uses. Every combination returns the same value at the same
/// depth (the tests check each against plain negamax); they differ only in speed. (Pruning
/// that gives up exact values for depth is a separate setting, [`crate::Selectivity`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Alpha-beta pruning (without it the search is plain negamax).
    pub alpha_beta: bool,
    /// Principal variation search: null windows after the first move.
    pub pvs: bool,
    /// Use the transposition table for cut-offs and move ordering.
    pub table: bool,
    /// Iterate depth 1, 2, ... up to the limit (otherwise search the limit depth at once).
    pub iterative_deepening: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Killer moves, countermoves and the history table in move ordering.
    pub killers_and_history: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

impl Techniques {
    /// No technique: plain negamax.
    pub const NONE: Techniques = Techniques {
        alpha_beta: false,
        pvs: false,
        table: false,
        iterative_deepening: false,
        aspiration: false,
        killers_and_history: false,
    };

    /// Every technique (the default).
    pub const ALL: Techniques = Techniques {
        alpha_beta: true,
        pvs: true,
        table: true,
        iterative_deepening: true,
        aspiration: true,
        killers_and_history: true,
    };

    /// Named combinations to check a game and evaluator against plain [`crate::negamax`]:
    /// nothing, alpha-beta alone, each other technique on top of alpha-beta (ordering and
    /// aspiration with iterative deepening, which they need), and everything.
    pub const CHECKS: [(&'static str, Techniques); 8] = {
        let ab = Techniques {
            alpha_beta: true,
            ..Techniques::NONE
        };
        let id = Techniques {
            iterative_deepening: true,
            ..ab
        };
        [
            ("plain", Techniques::NONE),
            ("alpha-beta", ab),
            ("pvs", Techniques { pvs: true, ..ab }),
            ("table", Techniques { table: true, ..ab }),
            ("iterative deepening", id),
            (
                "killers+history",
                Techniques {
                    killers_and_history: true,
                    ..id
                },
            ),
            (
                "aspiration",
                Techniques {
                    aspiration: true,
                    ..id
                },
            ),
            ("all", Techniques::ALL),
        ]
    };
}
