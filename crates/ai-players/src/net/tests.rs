use super::*;
use boardgames_core::actions::{Actions, Observe};
use boardgames_core::{Game, Player, Rng};
use boardgames_search::{Leaf, Limits, Mcts};
use std::sync::Arc;

/// A tic-tac-toe network with one hidden layer of 2 and known weights.
fn small() -> Network {
    let mut net = Network::zeros("tictactoe", [3, 3, 3], 9, &[2]).unwrap();
    // Hidden unit 0 counts own marks, unit 1 opponent marks (planes 0 and 1).
    for cell in 0..9 {
        net.hidden[0].weights[cell * 2] = 1.0;
        net.hidden[0].weights[(9 + cell) * 2 + 1] = 1.0;
    }
    net.hidden[0].biases = vec![-0.5, 0.0];
    net.value.weights = vec![0.25, -0.25];
    net.value.biases = vec![0.1];
    // The policy prefers action 4, then grows with unit 1 for action 0.
    net.policy.biases[4] = 2.0;
    net.policy.weights[9] = 1.0; // unit 1, action 0
    net
}

#[test]
fn evaluation_matches_a_hand_computation() {
    let net = small();
    let position: boardgames_tictactoe::Position = "XX./O../...".parse().unwrap();
    let mut input = vec![0.0; 27];
    position
        .write_observation(Player::Second, &mut input)
        .unwrap();
    let mut scratch = net.scratch();
    let value = net.evaluate(&input, &mut scratch);
    // O to move: own 1 mark, opponent 2 -> hidden relu(1 - 0.5) = 0.5, relu(2) = 2.
    let expected = (0.25f32 * 0.5 - 0.25 * 2.0 + 0.1).tanh();
    assert!((value - expected).abs() < 1e-6, "{value} vs {expected}");
    assert_eq!(scratch.logits[0], 2.0);
    assert_eq!(scratch.logits[4], 2.0);
    assert_eq!(scratch.logits[8], 0.0);
}

#[test]
fn files_round_trip_and_every_damage_is_named() {
    let net = small();
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes, "x").unwrap(), net);
    let corrupt = |b: &[u8]| match Network::from_bytes(b, "w.bgnn") {
        Err(WeightsError {
            name,
            kind: WeightsErrorKind::Corrupt(why),
        }) => {
            assert_eq!(name, "w.bgnn");
            why
        }
        other => panic!("{other:?}"),
    };
    assert!(corrupt(&bytes[..bytes.len() - 1]).contains("checksum"));
    assert!(corrupt(b"BGNN").contains("magic"));
    let mut magic = bytes.clone();
    magic[0] = b'X';
    assert!(corrupt(&magic).contains("magic"));
    let mut version = bytes.clone();
    version[4] = 2;
    assert!(corrupt(&version).contains("version 2"));
    let mut flipped = bytes.clone();
    flipped[60] ^= 1;
    assert!(corrupt(&flipped).contains("checksum"));
    // A NaN weight under a valid checksum.
    let mut nan = small();
    nan.policy.biases[3] = f32::NAN;
    assert!(corrupt(&nan.to_bytes()).contains("finite"));
    // A header declaring a huge layer is refused before any allocation.
    let mut huge = Network::zeros("tictactoe", [3, 3, 3], 9, &[2]).unwrap();
    huge.hidden[0].outputs = MAX_WIDTH + 1;
    huge.value.inputs = MAX_WIDTH + 1;
    huge.policy.inputs = MAX_WIDTH + 1;
    assert!(corrupt(&huge.to_bytes()).contains("width"));
    assert!(Network::zeros("x", [0, 3, 3], 9, &[2]).is_err());
    assert!(Network::zeros("x", [3, 3, 3], 9, &[]).is_err());
}

#[test]
fn missing_files_and_other_games_are_typed_errors() {
    let error = Network::load("/nonexistent/dir/w.bgnn").unwrap_err();
    assert_eq!(error.kind, WeightsErrorKind::Missing);
    assert!(error.to_string().contains("/nonexistent/dir/w.bgnn"));
    let net = Arc::new(small());
    let ultimate = boardgames_ultimate::Position::new();
    let error = NetLeaf::new(net, "ultimate", &ultimate, "t.bgnn").unwrap_err();
    assert!(
        matches!(error.kind, WeightsErrorKind::Mismatch(_)),
        "{error}"
    );
    assert!(error.to_string().contains("made for tictactoe"));
}

#[test]
fn priors_are_a_distribution_over_the_legal_moves_and_reuse_the_cache() {
    let net = Arc::new(small());
    let start = boardgames_tictactoe::Position::new();
    let mut leaf = NetLeaf::new(net, "tictactoe", &start, "t").unwrap();
    let mut moves = boardgames_core::MoveList::new();
    start.legal_moves(&mut moves);
    let mut priors = Vec::new();
    assert!(leaf.priors(&start, &moves, &mut priors));
    assert_eq!(priors.len(), 9);
    assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    let centre = moves.iter().position(|&m| m.to_string() == "b2").unwrap();
    assert!(priors.iter().all(|&p| p <= priors[centre]));
    let value = leaf.value(&start, &mut Rng::new(1));
    assert!((value - 0.1f64.tanh()).abs() < 1e-6);
}

#[test]
fn the_network_guides_a_search_to_a_legal_move() {
    let start = boardgames_ultimate::Position::new();
    let net = Network::zeros("ultimate", [7, 9, 9], 81, &[16, 8]).unwrap();
    let leaf = NetLeaf::new(Arc::new(net), "ultimate", &start, "u").unwrap();
    let mut mcts = Mcts::new(leaf.with_playout_share(0.5)).with_seed(3);
    let result = mcts.search(&start, &Limits::simulations(300));
    assert!(start.is_legal(result.best_move.unwrap()));
    assert_eq!(result.simulations, 300);
}

/// `priors` (of `moves`, legal in `pos`) are the softmax of those moves' `logits`.
fn assert_priors_match(
    pos: &boardgames_ultimate::Position,
    moves: &[boardgames_ultimate::Move],
    priors: &[f32],
    logits: &[f32],
) {
    let mut expected: Vec<f32> = moves.iter().map(|&m| logits[pos.action_id(m)]).collect();
    boardgames_search::mcts::softmax(&mut expected);
    assert_eq!(priors.len(), expected.len());
    for (p, e) in priors.iter().zip(&expected) {
        assert!((p - e).abs() < 1e-4, "prior {p} vs {e} at {pos}");
    }
}

#[test]
fn with_playouts_only_the_network_still_gives_the_priors() {
    let net = random_ultimate(3);
    let start = boardgames_ultimate::Position::new();
    let leaf = NetLeaf::new(Arc::new(net.clone()), "ultimate", &start, "r").unwrap();
    let mut leaf = leaf.with_playout_share(1.0);
    let (mut moves, mut priors) = (boardgames_core::MoveList::new(), Vec::new());
    let (mut input, mut scratch) = (vec![0.0; 567], net.scratch());
    let mut rng = Rng::new(4);
    let mut pos = start;
    for seed in 0..20 {
        // The value is the playout's, drawn from the same generator.
        let playout = boardgames_search::RandomPlayout::default().value(&pos, &mut Rng::new(seed));
        assert_eq!(leaf.value(&pos, &mut Rng::new(seed)), playout);
        pos.legal_moves(&mut moves);
        assert!(leaf.priors(&pos, &moves, &mut priors));
        pos.write_observation(pos.side_to_move(), &mut input)
            .unwrap();
        net.evaluate(&input, &mut scratch);
        assert_priors_match(&pos, &moves, &priors, &scratch.logits);
        pos.play_unchecked(pos.random_move(&mut rng).unwrap());
        if pos.status().is_over() {
            break;
        }
    }
}

#[test]
fn folding_the_to_move_plane_keeps_the_values() {
    let mut net = small();
    // The to_move plane (inputs 18..27) feeds both hidden units.
    for i in 18..27 {
        net.hidden[0].weights[i * 2] = 0.125;
        net.hidden[0].weights[i * 2 + 1] = -0.25;
    }
    let position: boardgames_tictactoe::Position = "XX./O../...".parse().unwrap();
    let mut input = vec![0.0; 27];
    position
        .write_observation(position.side_to_move(), &mut input)
        .unwrap();
    let mut scratch = net.scratch();
    let plain = net.evaluate(&input, &mut scratch);
    let mut leaf = NetLeaf::new(Arc::new(net), "tictactoe", &position, "t").unwrap();
    assert!((leaf.net_value(&position) - plain).abs() < 1e-6);
    assert!(leaf.network().hidden[0].weights[18 * 2..]
        .iter()
        .all(|&w| w == 0.0));
}

/// An ultimate network of seeded random weights.
fn random_ultimate(seed: u64) -> Network {
    let mut net = Network::zeros("ultimate", [7, 9, 9], 81, &[40, 36]).unwrap();
    let mut rng = Rng::new(seed);
    let mut draw = || (rng.next_u64() % 2001) as f32 / 1000.0 - 1.0;
    for layer in net
        .hidden
        .iter_mut()
        .chain([&mut net.value, &mut net.policy])
    {
        layer.weights.iter_mut().for_each(|w| *w = draw() * 0.3);
        layer.biases.iter_mut().for_each(|b| *b = draw() * 0.1);
    }
    net
}

#[test]
fn incremental_values_and_legal_priors_match_the_full_evaluation() {
    let net = random_ultimate(5);
    let start = boardgames_ultimate::Position::new();
    let mut leaf = NetLeaf::new(Arc::new(net.clone()), "ultimate", &start, "r").unwrap();
    let mut scratch = net.scratch();
    let mut input = vec![0.0; 567];
    let mut rng = Rng::new(9);
    let (mut moves, mut priors) = (boardgames_core::MoveList::new(), Vec::new());
    let mut checked = 0;
    // Positions of random games in turn, so that consecutive leaves differ by a few moves
    // or by a whole game, with both sides to move: the incremental and the full paths.
    for _ in 0..12 {
        let mut pos = start;
        while let Some(mv) = pos.random_move(&mut rng) {
            pos.play_unchecked(mv);
            if pos.status().is_over() {
                break;
            }
            pos.write_observation(pos.side_to_move(), &mut input)
                .unwrap();
            let full = net.evaluate(&input, &mut scratch);
            assert!((leaf.net_value(&pos) - full).abs() < 1e-4, "value at {pos}");
            pos.legal_moves(&mut moves);
            assert!(leaf.priors(&pos, &moves, &mut priors));
            assert_priors_match(&pos, &moves, &priors, &scratch.logits);
            checked += 1;
        }
    }
    assert!(checked > 300);
}

#[test]
fn blocked_row_sums_match_a_plain_loop() {
    // 70 outputs: two register blocks and a remainder.
    let (width, inputs) = (70, 9);
    let mut rng = Rng::new(3);
    let mut draw = || (rng.next_u64() % 1000) as f32 / 100.0 - 5.0;
    let weights: Vec<f32> = (0..width * inputs).map(|_| draw()).collect();
    let start: Vec<f32> = (0..width).map(|_| draw()).collect();
    let rows = [(0, 1.0), (4, -1.0), (8, 0.5), (4, 2.0)];
    let mut out = start.clone();
    super::incremental::add_rows(&mut out, &weights, &rows);
    for (o, value) in out.iter().enumerate() {
        let plain = rows.iter().fold(start[o], |acc, &(r, x)| {
            acc + x * weights[r as usize * width + o]
        });
        assert!(
            (value - plain).abs() < 1e-3,
            "output {o}: {value} vs {plain}"
        );
    }
}

#[test]
fn prior_temperature_divides_the_logits() {
    let net = Arc::new(random_ultimate(7));
    let mut pos = boardgames_ultimate::Position::new();
    let mut rng = Rng::new(2);
    for _ in 0..6 {
        pos.play_unchecked(pos.random_move(&mut rng).unwrap());
    }
    let mut moves = boardgames_core::MoveList::new();
    pos.legal_moves(&mut moves);
    let leaf = |t: Option<f64>| {
        let leaf = NetLeaf::new(Arc::clone(&net), "ultimate", &pos, "r").unwrap();
        let mut leaf = match t {
            Some(t) => leaf.with_prior_temperature(t).unwrap(),
            None => leaf,
        };
        let mut priors = Vec::new();
        assert!(leaf.priors(&pos, &moves, &mut priors));
        priors
    };
    // Temperature 1 is the network's own policy, bit for bit.
    let plain = leaf(None);
    assert_eq!(leaf(Some(1.0)), plain);
    // At 2, the softmax of the halved logits: flatter, the same order.
    let (mut input, mut scratch) = (vec![0.0; 567], net.scratch());
    pos.write_observation(pos.side_to_move(), &mut input)
        .unwrap();
    net.evaluate(&input, &mut scratch);
    let halved: Vec<f32> = scratch.logits.iter().map(|l| l / 2.0).collect();
    let flat = leaf(Some(2.0));
    assert_priors_match(&pos, &moves, &flat, &halved);
    let top = |p: &[f32]| p.iter().copied().fold(0.0, f32::max);
    assert!(top(&flat) < top(&plain));
    for t in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e-60, 1e300] {
        let leaf = NetLeaf::new(Arc::clone(&net), "ultimate", &pos, "r").unwrap();
        let error = leaf.with_prior_temperature(t).unwrap_err();
        assert!(error.to_string().starts_with("prior temperature"));
    }
}
