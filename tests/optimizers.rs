//! The optimizers against known ENABLE2K optima: reproducible from a seed, reaching the best
//! 3x3 board (545, `streaedlp`) from fixed seeds within a bounded number of boards, and
//! reporting scores the solver agrees with.

mod common;

use boggle::engine::dice::LetterSource;
use boggle::engine::symmetry::canonical;
use boggle::optimize::{
    Anneal, AnnealOptions, Common, HillClimb, HillClimbOptions, Optimizer, Order, Progress,
};
use boggle::{Board, Solver};
use common::enable2k;

fn common(size: usize, seed: u64, runs: u32, target: Option<u32>) -> Common {
    Common {
        rows: size,
        cols: size,
        seed,
        runs,
        target,
        ..Common::default()
    }
}

fn anneal(seed: u64, runs: u32, target: Option<u32>) -> Anneal {
    let opts = AnnealOptions {
        common: common(3, seed, runs, target),
        ..AnnealOptions::default()
    };
    Anneal::new(enable2k(), opts).unwrap()
}

fn climb(size: usize, seed: u64, order: Order, target: Option<u32>) -> HillClimb {
    let opts = HillClimbOptions {
        common: common(size, seed, 0, target),
        order,
        ..HillClimbOptions::default()
    };
    HillClimb::new(enable2k(), opts).unwrap()
}

/// Steps until done or `max_boards` boards were scored; returns the final progress.
fn run(opt: &mut dyn Optimizer, max_boards: u64) -> Progress {
    while !opt.step(500) && opt.progress().boards < max_boards {}
    opt.progress()
}

fn best_3x3() -> String {
    canonical(&Board::parse("streaedlp", None).unwrap()).to_string()
}

/// Every score the search reports is the solver's score of the board next to it.
fn assert_scores_agree(p: &Progress) {
    let mut solver = Solver::new(enable2k());
    let mut check = |score: u32, text: &str| {
        let b = Board::parse(text, None).unwrap();
        assert_eq!(solver.score(&b), score, "{text}");
    };
    check(p.best_score, &p.best_board);
    check(p.current_score, &p.current_board);
    assert!(!p.top.is_empty());
    for s in &p.top {
        check(s.score, &s.board);
        assert_eq!(
            canonical(&Board::parse(&s.board, None).unwrap()).to_string(),
            s.board
        );
    }
    assert!(p.top.windows(2).all(|w| w[0].score >= w[1].score));
    assert_eq!(p.top[0].score, p.best_score);
}

#[test]
fn annealing_reaches_545_on_3x3_from_fixed_seeds() {
    for seed in 1..=5 {
        let p = run(&mut anneal(seed, 0, Some(545)), 400_000);
        assert_eq!(
            (p.best_score, p.best_board.clone()),
            (545, best_3x3()),
            "seed {seed}"
        );
        assert!(p.done);
        assert_scores_agree(&p);
    }
}

#[test]
fn one_annealing_run_ends_after_the_stall_limit() {
    let mut a = anneal(3, 1, None);
    let p = run(&mut a, 10_000_000);
    assert!(p.done && p.run == 1);
    // At least the stall limit's worth of proposals, and far fewer than the cap.
    assert!(p.iterations >= 2000 && p.boards < 1_000_000, "{p:?}");
    assert!(p.accepted > 0 && p.accepted < p.iterations);
    assert_scores_agree(&p);
}

#[test]
fn hill_climbing_reaches_545_on_3x3_from_fixed_seeds() {
    for order in [Order::Best, Order::Rounds] {
        for seed in 1..=5 {
            let p = run(&mut climb(3, seed, order, Some(545)), 400_000);
            assert_eq!(
                (p.best_score, p.best_board.clone()),
                (545, best_3x3()),
                "{order:?} seed {seed}"
            );
            assert_scores_agree(&p);
        }
    }
}

#[test]
fn hill_climbing_finds_3625_on_4x4_from_a_fixed_seed() {
    let p = run(&mut climb(4, 4, Order::Best, Some(3625)), 300_000);
    assert_eq!(
        (p.best_score, p.best_board.as_str()),
        (3625, "perslatgsineters")
    );
    assert_scores_agree(&p);
}

#[test]
fn a_seed_reproduces_the_run() {
    let a = |seed| run(&mut anneal(seed, 2, None), 1_000_000);
    let (x, y, z) = (a(7), a(7), a(8));
    assert_eq!(format!("{x:?}"), format!("{y:?}"));
    assert_ne!(format!("{x:?}"), format!("{z:?}"));
    let h = |seed| run(&mut climb(3, seed, Order::Best, None), 30_000);
    let (x, y, z) = (h(7), h(7), h(8));
    assert_eq!(format!("{x:?}"), format!("{y:?}"));
    assert_ne!(format!("{x:?}"), format!("{z:?}"));
    // Step sizes do not change the result.
    let mut small = climb(3, 9, Order::Rounds, None);
    while !small.step(7) && small.progress().boards < 20_000 {}
    let mut big = climb(3, 9, Order::Rounds, None);
    while !big.step(5000) && big.progress().boards < 20_000 {}
    let (s, b) = (small.progress(), big.progress());
    assert_eq!(
        (s.best_score, s.best_board, s.top),
        (b.best_score, b.best_board, b.top)
    );
}

#[test]
fn one_hill_climb_stops_when_the_pool_stops_changing() {
    let opts = HillClimbOptions {
        common: common(3, 2, 1, None),
        pool: 20,
        order: Order::Rounds,
    };
    let mut h = HillClimb::new(enable2k(), opts).unwrap();
    let p = run(&mut h, u64::MAX);
    assert!(p.done && p.run == 1 && p.iterations > 1);
    let (lo, hi) = p.pool.unwrap();
    assert!(lo <= hi && hi == p.best_score);
    assert_scores_agree(&p);
}

#[test]
fn letters_and_dice_are_respected() {
    let opts = HillClimbOptions {
        common: Common {
            letters: "aeinrst".into(),
            source: LetterSource::Dice,
            runs: 1,
            ..common(4, 5, 1, None)
        },
        pool: 10,
        order: Order::Best,
    };
    let p = run(&mut HillClimb::new(enable2k(), opts).unwrap(), 50_000);
    for s in p.top.iter().map(|s| &s.board).chain([&p.current_board]) {
        assert!(s.chars().all(|c| "aeinrst".contains(c)), "{s}");
    }
    let a = AnnealOptions {
        common: Common {
            letters: "x".into(),
            ..common(3, 1, 1, None)
        },
        ..AnnealOptions::default()
    };
    // One letter: nothing to change, the run ends without a panic or an endless loop.
    let p = run(&mut Anneal::new(enable2k(), a).unwrap(), 100_000);
    assert!(p.done);
    assert_eq!((p.best_score, p.best_board.as_str()), (0, "xxxxxxxxx"));
}

#[test]
fn bad_options_are_explained() {
    let bad = |c: Common| {
        HillClimb::new(
            enable2k(),
            HillClimbOptions {
                common: c,
                ..Default::default()
            },
        )
        .err()
        .unwrap()
        .to_string()
    };
    assert!(bad(Common {
        letters: "ab3".into(),
        ..Common::default()
    })
    .contains("'3'"));
    assert!(bad(Common {
        rows: 7,
        ..Common::default()
    })
    .contains("7x4"));
    let e = Anneal::new(
        enable2k(),
        AnnealOptions {
            stall: 0,
            ..Default::default()
        },
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("stall"));
}
