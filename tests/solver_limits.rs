//! The solver's limits. A list of words like `eeeeeeeeeeee` meets an all-`e` board of 25 cells
//! along billions of paths: every way of solving such a board, and the searches that score
//! boards, must give up with an error instead of running for hours or filling memory, while a
//! board of at most 16 cells is solved whatever the list.

use boggle::engine::solver::{TooBigToSolve, MAX_CELL_SETS, MAX_PATHS};
use boggle::optimize::{
    Anneal, AnnealOptions, Common, HillClimb, HillClimbOptions, OptimizeError, Optimizer,
};
use boggle::{Board, Dictionary, Solver};
use std::sync::Arc;

/// The words `e` repeated from `shortest` to `longest` times.
fn repeats(shortest: usize, longest: usize) -> Arc<Dictionary> {
    let list: String = (shortest..=longest).map(|n| "e".repeat(n) + "\n").collect();
    Arc::new(Dictionary::from_bytes(list.as_bytes()).unwrap())
}

/// A board of `rows` x `cols` cells all holding `e`.
fn all_e(rows: usize, cols: usize) -> Board {
    Board::parse(&"e".repeat(rows * cols), Some((rows, cols))).unwrap()
}

#[test]
fn every_way_of_solving_a_board_with_too_many_paths_gives_up() {
    let mut s = Solver::new(repeats(3, 25));
    let b = all_e(5, 5);
    let paths = Err(TooBigToSolve::Paths);
    assert_eq!(s.score(&b), paths);
    assert_eq!(s.words(&b).map(|w| w.len()), paths.map(|_| 0));
    assert_eq!(s.multiboggle_score(&b), paths);
    assert_eq!(s.multiboggle_words(&b).map(|w| w.len()), paths.map(|_| 0));
    assert_eq!(s.all_paths_score(&b), paths);
    assert_eq!(s.score_variants(&b, 12, 1 << 4 | 1).err(), paths.err());
    let message = TooBigToSolve::Paths.to_string();
    assert!(message.contains("100,000,000 paths"), "{message}");
    assert_eq!(MAX_PATHS, 100_000_000);
    // The solver is not left broken: a small board scores as before.
    assert_eq!(s.score(&all_e(2, 2)), Ok(2));
}

#[test]
fn multiboggle_gives_up_past_the_sets_of_cells_it_keeps() {
    // Words of at most 9 letters: few enough paths, but more sets of cells than are kept.
    let mut s = Solver::new(repeats(3, 9));
    let b = all_e(6, 6);
    assert_eq!(s.multiboggle_score(&b), Err(TooBigToSolve::CellSets));
    assert_eq!(s.multiboggle_words(&b).err(), Some(TooBigToSolve::CellSets));
    let message = TooBigToSolve::CellSets.to_string();
    assert!(
        message.contains("1,000,000 distinct sets of cells"),
        "{message}"
    );
    assert_eq!(MAX_CELL_SETS, 1_000_000);
    // The standard score counts each word once: 1 + 1 + 2 + 3 + 5 + 11 + 11 points.
    assert_eq!(s.score(&b), Ok(34));
}

#[test]
fn a_board_of_16_cells_is_solved_whatever_the_list() {
    let mut s = Solver::new(repeats(3, 16));
    let b = all_e(4, 4);
    // Lengths 3 and 4 score 1, 5 scores 2, 6 scores 3, 7 scores 5 and 8 to 16 score 11 each.
    let total = 1 + 1 + 2 + 3 + 5 + 9 * 11;
    assert_eq!(s.score(&b), Ok(total));
    assert_eq!(s.words(&b).map(|w| w.len()), Ok(14));
    assert!(s.multiboggle_score(&b).unwrap() > total);
    assert!(s.all_paths_score(&b).unwrap() > total);
}

/// Settings of 5x5 searches over the letters `e` and `f`, one run.
fn common() -> Common {
    Common {
        rows: 5,
        cols: 5,
        seed: 1,
        runs: 1,
        letters: Some("ef".into()),
        ..Common::default()
    }
}

/// The error that ends `start`'s search: at its first boards, or at a later step.
fn failure<O: Optimizer>(start: Result<O, OptimizeError>) -> TooBigToSolve {
    let mut opt = match start {
        Err(OptimizeError::TooBig(e)) => return e,
        Err(e) => panic!("refused for another reason: {e}"),
        Ok(opt) => opt,
    };
    loop {
        match opt.step(1) {
            Err(e) => return e,
            Ok(done) => assert!(!done, "finished without meeting the board it cannot score"),
        }
    }
}

#[test]
fn the_searches_stop_at_a_board_they_cannot_score() {
    let dict = repeats(3, 25);
    let anneal = Anneal::new(
        Arc::clone(&dict),
        AnnealOptions {
            common: common(),
            ..AnnealOptions::default()
        },
    );
    assert_eq!(failure(anneal), TooBigToSolve::Paths);
    let climb = HillClimb::new(
        dict,
        HillClimbOptions {
            common: common(),
            ..HillClimbOptions::default()
        },
    );
    assert_eq!(failure(climb), TooBigToSolve::Paths);
}
