//! The solver's and the breaker's limits. A list of words like `eeeeeeeeeeee` meets an all-`e`
//! board of 25 cells along billions of paths: every way of solving such a board, the searches
//! that score boards and the breakers must give up with an error instead of running for hours or
//! filling memory, while a board of at most 16 cells is solved whatever the list.

use boggle::bounds::BoardClass;
use boggle::breaking::parallel::{break_parallel, ParallelOptions};
use boggle::breaking::partition::{Partition, PartitionClasses};
use boggle::breaking::{BreakError, Breaker, ClassBreaker, OrderlyBreaker, MAX_CLASS_PATHS};
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

/// `eee` and one 25-letter word that no board of `e`s spells: the search for it follows every
/// path of `e`s and lists no entry on the way.
fn dead_end() -> Arc<Dictionary> {
    let list = format!("eee\n{}x\n", "e".repeat(24));
    Arc::new(Dictionary::from_bytes(list.as_bytes()).unwrap())
}

/// The 5x5 class whose one board is all `e`s.
fn all_e_class() -> BoardClass {
    BoardClass::parse(&["e"; 25].join(" "), None).unwrap()
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

/// Breaks `class` with `breaker` to its end; why it stopped, if it did.
fn broken(breaker: &mut dyn ClassBreaker, class: &BoardClass) -> Result<(), BreakError> {
    breaker.start(class)?;
    breaker.run();
    breaker.check_stopped(10)
}

#[test]
fn the_breakers_give_up_on_a_board_they_cannot_score() {
    let class = all_e_class();
    let expected = BreakError::TooManyPaths {
        board: Some("e".repeat(25)),
    };
    let mut orderly = OrderlyBreaker::new(repeats(3, 25), 10);
    assert_eq!(broken(&mut orderly, &class), Err(expected.clone()));
    assert!(orderly.is_stopped() && orderly.found().is_empty());
    let message = expected.to_string();
    assert!(
        message.starts_with(&format!(
            "board {}: this board and word list have more than 100,000,000 paths",
            "e".repeat(25)
        )),
        "{message}"
    );
    // The page's breaker, as far as its bound lets a class this size through.
    let mut plain = Breaker::new(repeats(3, 25), 10);
    assert!(matches!(
        broken(&mut plain, &class),
        Err(BreakError::TooManyPaths { .. })
    ));
    // A partition's run with one breaker counts the class as not finished, and ends there.
    let search = PartitionClasses::new(Partition::parse("e").unwrap(), 5, 5).unwrap();
    let mut one = OrderlyBreaker::new(repeats(3, 25), 10);
    assert_eq!(search.break_range(&mut one, 0..search.len(), || false), 0);
    assert_eq!(one.check_stopped(10), Err(expected.clone()));
    // The breaker is not left broken: after a reset a small class breaks as usual (its one
    // board, 2 points, is eliminated by its bound).
    orderly.reset();
    let small = BoardClass::parse("e e e e", None).unwrap();
    assert_eq!(broken(&mut orderly, &small), Ok(()));
    assert!(!orderly.is_stopped());
    assert_eq!(orderly.stats().eliminated, 1);
}

#[test]
fn the_fast_breaker_gives_up_on_a_class_whose_words_it_cannot_list() {
    let mut orderly = OrderlyBreaker::new(dead_end(), 10);
    let e = broken(&mut orderly, &all_e_class()).unwrap_err();
    assert_eq!(e, BreakError::TooManyPaths { board: None });
    assert!(
        e.to_string()
            .starts_with("searching this class for its words passed 1,000,000,000 paths"),
        "{e}"
    );
    assert_eq!(MAX_CLASS_PATHS, 1_000_000_000);
    // The plain breaker (boards past 5x5) bounds the class itself within the same limit.
    let class = BoardClass::parse(&["ef"; 36].join(" "), None).unwrap();
    let mut plain = Breaker::new(repeats(3, 25), 10);
    assert_eq!(
        broken(&mut plain, &class),
        Err(BreakError::TooManyPaths { board: None })
    );
}

#[test]
fn a_parallel_run_stops_at_the_class_given_up_on_and_fails_with_why() {
    // The hostile class among two others that break at once, on two threads.
    let classes = [
        BoardClass::parse("e e e e", None).unwrap(),
        all_e_class(),
        BoardClass::parse("a b c d", None).unwrap(),
    ];
    let mut opts = ParallelOptions::new(10);
    opts.threads = 2;
    let mut finished = Vec::new();
    let got = break_parallel(
        classes.len(),
        &|i| classes[i].clone(),
        repeats(3, 25),
        &opts,
        |f| {
            finished.push((f.index, f.stopped));
            std::ops::ControlFlow::Continue(())
        },
        |_, _| {},
    );
    let why = got.unwrap_err().to_string();
    assert!(
        why.starts_with("board eeeeeeeeeeeeeeeeeeeeeeeee: "),
        "{why}"
    );
    // The class given up on is handed over as stopped, so that no one records it as settled.
    assert!(finished.contains(&(1, true)), "{finished:?}");
}

#[test]
fn a_cancelled_breaker_or_bound_stops_inside_its_one_long_search() {
    use boggle::BoundSolver;
    use std::sync::atomic::AtomicBool;
    // Each of these searches alone follows a billion paths (seconds to minutes); with the flag
    // already set each ends at its first look at it, settling nothing and blaming nothing.
    let flag = Arc::new(AtomicBool::new(true));
    let mut orderly = OrderlyBreaker::new(dead_end(), 10);
    orderly.cancel_on(Arc::clone(&flag));
    assert_eq!(broken(&mut orderly, &all_e_class()), Ok(()));
    assert!(orderly.tally().is_cancelled());
    assert_eq!(orderly.stats().eliminated, 0);
    let class = BoardClass::parse(&["ef"; 36].join(" "), None).unwrap();
    let mut plain = Breaker::new(repeats(3, 25), 10);
    plain.cancel_on(Arc::clone(&flag));
    assert_eq!(broken(&mut plain, &class), Ok(()));
    assert!(plain.tally().is_cancelled() && plain.stats().eliminated == 0);
    let bounds = BoundSolver::new(repeats(3, 25)).bounds_until(&class, u64::MAX, Some(&flag));
    assert!(bounds.is_err());
}

#[test]
fn a_single_board_too_big_to_bound_blames_the_word_list_not_its_cells() {
    use boggle::BoundSolver;
    let mut bs = BoundSolver::new(repeats(3, 25));
    let e = bs.bounds_within(&all_e_class(), 1000).unwrap_err();
    assert!(e.one_board);
    assert!(
        e.to_string().starts_with(
            "this board is too big to bound here (the search passed 1,000 steps): its word list"
        ),
        "{e}"
    );
    let class = BoardClass::parse(&["ef"; 25].join(" "), None).unwrap();
    let e = bs.bounds_within(&class, 1000).unwrap_err();
    assert!(!e.one_board && e.to_string().ends_with("fix some cells to fewer letters"));
}
