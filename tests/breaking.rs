//! Branch and bound against brute force: every board at or above the target is reported and
//! no other, for single classes and for whole letter-partition searches.

mod common;

use boggle::breaking::options::{
    check_memory, machine_memory, BreakOptions, DEFAULT_MAX_NODES, MIN_MEMORY_MB, NO_NODE_LIMIT,
    PACE_AFTER_NODES, PEAK_PER_BUDGET,
};
use boggle::breaking::orderly::OrderlyBreaker;
use boggle::breaking::parallel::{
    break_class, presplit_for_threads, ParallelOptions, MAX_THREADS, PARTS_PER_THREAD,
};
use boggle::breaking::partition::{
    break_partition, canonical_survivors, Partition, PartitionClasses,
};
use boggle::breaking::{
    percent, settle_by_bound, BreakError, BreakStats, Breaker, ClassBreaker, Survivor,
};
use boggle::engine::symmetry::canonical;
use boggle::rng::Rng;
use boggle::{BoardClass, BoundSolver, Dictionary, Solver};
use common::{brute_force, brute_force_with, enable2k};
use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Arc;

fn broken(breaker: &mut dyn ClassBreaker, class: &BoardClass) -> BTreeSet<Survivor> {
    breaker.reset();
    breaker.start(class).expect("no empty cell");
    // Small steps, to exercise resuming from the work stack.
    while !breaker.step(7) {}
    breaker.take_found().into_iter().collect()
}

/// A random class: each cell 1 to 4 letters drawn from common letters.
fn random_class(rng: &mut Rng, rows: usize, cols: usize) -> BoardClass {
    const COMMON: &[u8] = b"aeiorstlnpdcmegbhsy";
    let masks = (0..rows * cols)
        .map(|_| {
            let n = 1 + rng.below(4);
            (0..n).fold(0u32, |m, _| {
                m | 1 << (COMMON[rng.below(COMMON.len())] - b'a')
            })
        })
        .collect();
    BoardClass::new(rows, cols, masks).expect("valid shape")
}

#[test]
fn breaking_random_classes_agrees_with_brute_force() {
    let mut rng = Rng::new(2009);
    let mut checked_nonempty = 0;
    for round in 0..60 {
        let (rows, cols) = [(3, 3), (3, 3), (2, 2), (3, 4)][round % 4];
        let class = random_class(&mut rng, rows, cols);
        if class.board_count().to_u64().unwrap() > 40_000 {
            continue;
        }
        // A target that some but not all boards reach: the best board's score, minus a bit.
        let all = brute_force(&class, 1);
        let best = all.iter().map(|s| s.score).max().unwrap_or(0);
        let target = (best * 4 / 5).max(1);
        let expect = brute_force(&class, target);
        let plain: &mut dyn ClassBreaker = &mut Breaker::new(enable2k(), target);
        let orderly: &mut dyn ClassBreaker = &mut OrderlyBreaker::new(enable2k(), target);
        for breaker in [plain, orderly] {
            let got = broken(breaker, &class);
            assert_eq!(got, expect, "class {class} target {target}");
            let s = *breaker.stats();
            assert_eq!(
                s.boards_done(),
                class.board_count().to_f64(),
                "every board is settled once: {class}"
            );
            assert_eq!(s.found as usize, expect.len());
        }
        checked_nonempty += usize::from(!expect.is_empty());
    }
    assert!(
        checked_nonempty >= 20,
        "only {checked_nonempty} classes had survivors"
    );
}

#[test]
fn a_class_with_no_word_is_eliminated() {
    let class = BoardClass::parse("jqx jqx jqx / jqx jqx jqx / jqx jqx jqx", None).unwrap();
    let mut breaker = Breaker::new(enable2k(), 1);
    breaker.start(&class).unwrap();
    assert!(breaker.step(1), "the root alone settles it");
    let s = breaker.stats();
    assert_eq!((s.eliminated, s.split, s.found), (1, 0, 0));
    assert_eq!(s.boards_eliminated, 19683.0);
    assert!(breaker.found().is_empty());
    let mut orderly = OrderlyBreaker::new(enable2k(), 1);
    orderly.start(&class).unwrap();
    assert!(orderly.step(1));
    assert_eq!(orderly.stats().boards_eliminated, 19683.0);
    assert!(orderly.found().is_empty());
    // An empty cell is refused with a message, not a crash.
    let e = breaker
        .start(&BoardClass::parse("a b . d", None).unwrap())
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "row 2, column 1 is empty: breaking needs at least one letter in every cell"
    );
}

/// A class with an empty cell is settled by its bound: eliminated below the target, refused at
/// it, and the page's breaker does the same at its first step.
#[test]
fn an_empty_cell_is_settled_by_the_bound() {
    let bound =
        |text: &str| BoundSolver::new(enable2k()).bounds(&BoardClass::parse(text, None).unwrap());
    let holes = ". . . . . . . . a";
    let class = BoardClass::parse(holes, None).unwrap();
    assert_eq!(bound(holes).bound(), 0);
    let s = settle_by_bound(&class, 1, || Ok(bound(holes)))
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            s.classes,
            s.eliminated,
            s.boards_eliminated,
            s.boards_scored
        ),
        (1, 1, 1.0, 0)
    );
    // Bound 400, against targets 401 and 400.
    let near = "st . rs / e ae e / d l ps";
    let class = BoardClass::parse(near, None).unwrap();
    assert_eq!(bound(near).bound(), 400);
    assert_eq!(
        settle_by_bound(&class, 401, || Ok(bound(near)))
            .unwrap()
            .unwrap()
            .boards_eliminated,
        16.0
    );
    let e = settle_by_bound(&class, 400, || Ok(bound(near)))
        .unwrap()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "row 1, column 2 is empty: a class with an empty cell can only be eliminated by its \
         bound, and its bound 400 reaches the target 400"
    );
    // A class without an empty cell breaks as usual: the bound is not even computed.
    let full = BoardClass::parse(STREAEDLP_CLASS, None).unwrap();
    assert!(settle_by_bound(&full, 1, || unreachable!()).is_none());
    // The page's breaker: eliminated at its first step, or refused as it starts.
    let mut page = Breaker::new(enable2k(), 401);
    page.start_within(&class, 1_000_000).unwrap();
    assert!(page.step(10));
    assert_eq!(
        (page.stats().eliminated, page.stats().boards_eliminated),
        (1, 16.0)
    );
    let mut page = Breaker::new(enable2k(), 400);
    assert_eq!(page.start_within(&class, 1_000_000).unwrap_err(), e);
}

/// One class broken as the CLI and the Python package break it ([`break_class`]): presplit
/// into parts for the threads, its boards (as brute force finds them) best first; a class with
/// an empty cell settled by its bound alone, or refused at it; the caller's own errors back as
/// they are.
#[test]
fn one_class_is_presplit_for_the_threads_or_settled_by_its_bound() {
    let class = BoardClass::parse("lnrsy aeiou t / e ae e / d l ps", None).unwrap();
    assert_eq!(presplit_for_threads(&class, 1).len(), 1);
    assert!(presplit_for_threads(&class, 2).len() >= 2 * PARTS_PER_THREAD);
    let best = brute_force(&class, 1)
        .iter()
        .map(|s| s.score)
        .max()
        .unwrap();
    let target = (best * 3 / 5).max(1);
    let mut given = 0;
    let broken = break_class(
        &class,
        target,
        2,
        || -> Result<_, String> { unreachable!("the class has no empty cell") },
        |parts| {
            given = parts.len();
            let (mut found, mut stats) = (Vec::new(), BreakStats::default());
            for part in parts {
                let mut b = Breaker::new(enable2k(), target);
                b.start(part).unwrap();
                b.run();
                stats.add(b.stats());
                found.extend(b.take_found());
            }
            Ok((found, stats))
        },
    )
    .unwrap()
    .unwrap();
    assert_eq!(broken.parts, given);
    assert!(given >= 2 * PARTS_PER_THREAD);
    let mut want: Vec<Survivor> = brute_force(&class, target).into_iter().collect();
    want.sort();
    assert!(want.len() > 1 && want.first().unwrap().score > want.last().unwrap().score);
    assert_eq!(broken.boards, want);
    assert_eq!(broken.stats.found, want.len() as u64);

    let near = BoardClass::parse("st . rs / e ae e / d l ps", None).unwrap();
    let bound = || Ok::<_, String>(BoundSolver::new(enable2k()).bounds(&near));
    let settled = break_class(&near, 401, 2, bound, |_| unreachable!())
        .unwrap()
        .unwrap();
    assert_eq!(
        (
            settled.parts,
            settled.boards.len(),
            settled.stats.boards_eliminated
        ),
        (1, 0, 16.0)
    );
    let refused = break_class(&near, 400, 2, bound, |_| unreachable!()).unwrap();
    assert!(matches!(
        refused,
        Err(BreakError::EmptyCellReaches { bound: 400, .. })
    ));
    let stopped = break_class(
        &near,
        401,
        2,
        || Err("stopped".to_string()),
        |_| unreachable!(),
    );
    assert_eq!(stopped.unwrap_err(), "stopped");
    let failed = break_class(&class, target, 2, bound, |_| Err("no thread".to_string()));
    assert_eq!(failed.unwrap_err(), "no thread");
}

/// The published 3x3 proof's class that holds the best board, streaedlp.
const STREAEDLP_CLASS: &str = "lnrsy aeiou chkmpt chkmpt aeiou lnrsy lnrsy aeiou bdfgjvwxz";

#[test]
fn the_published_class_holds_streaedlp() {
    let class = BoardClass::parse(STREAEDLP_CLASS, None).unwrap();
    let mut plain = Breaker::new(enable2k(), 500);
    plain.start(&class).unwrap();
    plain.run();
    let found = canonical_survivors(plain.take_found(), 3, 3);
    let mut orderly = OrderlyBreaker::new(enable2k(), 500);
    assert_eq!(
        canonical_survivors(broken(&mut orderly, &class), 3, 3),
        found
    );
    assert_eq!(found[0].score, 545);
    assert_eq!(found[0].board, "deslatper"); // streaedlp's canonical form
    let mut solver = Solver::new(enable2k());
    for s in &found {
        let b = boggle::Board::parse(&s.board, None).unwrap();
        assert_eq!(solver.score(&b).unwrap(), s.score);
        assert!(s.score >= 500);
    }
}

/// A class whose bound passes the step limit is refused before its search starts; one within it
/// starts, and its every part bounds within the class's own steps, so the search ends the same.
#[test]
fn a_class_past_the_step_limit_is_refused_before_it_starts() {
    let class = BoardClass::parse(STREAEDLP_CLASS, None).unwrap();
    let mut plain = Breaker::new(enable2k(), 500);
    let err = plain.start_within(&class, 1000).unwrap_err();
    assert_eq!(
        err.to_string(),
        "this class is too big to break here (bounding it passed 1,000 steps): fix some cells to \
         fewer letters, or break it with `boggle break` on the command line"
    );
    assert!(plain.step(100), "nothing left to search once refused");
    assert!(plain.take_found().is_empty());
    plain.start_within(&class, 50_000_000).unwrap();
    plain.run();
    let found = plain.take_found();
    assert_eq!(found.len(), 6);
    assert!(found.iter().any(|s| s.score == 545));
    // The class's bounds, computed to check the limit, serve its first visit: the search is the
    // one `start` makes, node for node.
    let within = *plain.stats();
    let mut fresh = Breaker::new(enable2k(), 500);
    fresh.start(&class).unwrap();
    fresh.run();
    assert_eq!(*fresh.stats(), within);
}

/// The whole 2x2 search with the published partition equals brute force over all 26^4 boards.
#[test]
fn a_whole_2x2_partition_search_finds_every_board() {
    let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
    let search = PartitionClasses::new(p, 2, 2).unwrap();
    assert_eq!(search.assignments(), 256);
    // Burnside for the 8 symmetries of a 2x2 grid: (4^4 + 2*4 + 4^2 + 2*4^2 + 2*4^3) / 8.
    assert_eq!(search.len(), (256 + 8 + 16 + 32 + 128) / 8);
    let target = 10;
    let mut breaker = Breaker::new(enable2k(), target);
    search.break_range(&mut breaker, 0..search.len(), || false);
    let got = canonical_survivors(breaker.take_found(), 2, 2);
    let mut orderly = OrderlyBreaker::new(enable2k(), target);
    search.break_range(&mut orderly, 0..search.len(), || false);
    assert_eq!(canonical_survivors(orderly.take_found(), 2, 2), got);
    let all = BoardClass::parse("* * * *", None).unwrap();
    let mut solver = Solver::new(enable2k());
    let mut expect = BTreeSet::new();
    all.for_each_board(|b| {
        let score = solver.score(b).unwrap();
        if score >= target {
            expect.insert((score, canonical(b).to_string()));
        }
    });
    let got: BTreeSet<(u32, String)> = got.into_iter().map(|s| (s.score, s.board)).collect();
    assert!(!expect.is_empty());
    assert_eq!(got, expect);
}

/// A sample of the 3x3 partition's classes broken at 500: the smallest ones checked against
/// brute force, a spread of others re-scored, and the class holding streaedlp finds it.
#[test]
fn sampled_3x3_partition_classes_agree_with_brute_force() {
    let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
    let search = PartitionClasses::new(p, 3, 3).unwrap();
    let mut breaker = OrderlyBreaker::new(enable2k(), 500);
    let mut solver = Solver::new(enable2k());
    // Classes of at most 5^9 boards (every cell aeiou or lnrsy) are quick to brute-force.
    let small: Vec<usize> = (0..search.len())
        .filter(|&i| search.class(i).board_count().to_u64().unwrap() <= 1_953_125)
        .collect();
    assert!(small.len() > 10);
    for &i in [small[3], small[small.len() / 2]].iter() {
        let class = search.class(i);
        assert_eq!(
            broken(&mut breaker, &class),
            brute_force(&class, 500),
            "{class}"
        );
    }
    // A spread of classes: whatever is reported really scores at least 500.
    for i in (0..search.len()).step_by(4999) {
        for s in broken(&mut breaker, &search.class(i)) {
            let b = boggle::Board::parse(&s.board, None).unwrap();
            assert_eq!(solver.score(&b).unwrap(), s.score);
            assert!(s.score >= 500);
        }
    }
    // The canonical class holding an image of streaedlp reports it.
    let best = boggle::Board::parse("streaedlp", None).unwrap();
    let holds = |class: &BoardClass| {
        boggle::engine::symmetry::symmetries(3, 3)
            .iter()
            .any(|perm| {
                let img = boggle::engine::symmetry::apply(best.cells(), perm);
                img.iter()
                    .enumerate()
                    .all(|(c, &l)| class.mask(c) & 1 << l != 0)
            })
    };
    let i = (0..search.len())
        .find(|&i| holds(&search.class(i)))
        .unwrap();
    let found = canonical_survivors(broken(&mut breaker, &search.class(i)), 3, 3);
    assert_eq!(
        found.first().map(|s| (s.score, s.board.as_str())),
        Some((545, "deslatper"))
    );
}

/// The whole published 3x3 search at target 500 (minutes of CPU: run with `cargo test --release
/// -- --ignored`): the best board is streaedlp, 545, and every board reported really scores at
/// least 500 and is reported once, in canonical form.
#[test]
#[ignore]
fn the_full_3x3_search_proves_streaedlp_best() {
    let p = Partition::parse("bdfgjqvwxz aeiou lnrsy chkmpt").unwrap();
    let search = PartitionClasses::new(p, 3, 3).unwrap();
    let ids: Vec<usize> = (0..search.len()).collect();
    let run = ParallelOptions {
        progress_every: std::time::Duration::from_secs(1),
        ..ParallelOptions::new(500)
    };
    let r = break_partition(
        &search,
        &ids,
        enable2k(),
        &run,
        |_| ControlFlow::Continue(()),
        |_, _| {},
    )
    .expect("threads");
    assert_eq!(r.classes, 34_960);
    assert_eq!(
        r.boards.first().map(|s| (s.score, s.board.as_str())),
        Some((545, "deslatper"))
    );
    let mut solver = Solver::new(enable2k());
    let mut seen = BTreeSet::new();
    for s in &r.boards {
        let b = boggle::Board::parse(&s.board, None).unwrap();
        assert_eq!(solver.score(&b).unwrap(), s.score);
        assert!(s.score >= 500);
        assert_eq!(canonical(&b).to_string(), s.board);
        assert!(seen.insert(s.board.clone()));
    }
    // What this engine finds with ENABLE2K: 42 boards of 500 points or more.
    assert_eq!(r.boards.len(), 42);
}

/// The fast breaker with each of its strategies forced on: merging all the way down (switch
/// 0), never merging (switch infinite), the default, merges that leave pairs one level down
/// or never, and a memory budget so small that every class is split into parts before its
/// tree is built. All must equal brute force, on shapes from 2x2 to 4x4.
#[test]
fn every_breaker_setting_agrees_with_brute_force() {
    let mut rng = Rng::new(2025);
    let settings: [(f64, u32, usize); 6] = [
        (0.0, 3, 1 << 30),
        (f64::INFINITY, 3, 1 << 30),
        (2.0, 3, 1 << 30),
        (2.0, 1, 1 << 30),
        (2.0, 0, 1 << 30),
        (1.5, 3, 2048),
    ];
    let mut checked = 0;
    let mut with_survivors = 0;
    for round in 0..48 {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (3, 3)][round % 6];
        let mut class = random_class(&mut rng, rows, cols);
        if rows * cols == 16 {
            // At most two letters a cell keeps 4x4 classes small enough to enumerate.
            let masks = class
                .masks()
                .iter()
                .map(|&m| m & !(m & m.wrapping_neg()).wrapping_neg() | m & m.wrapping_neg())
                .collect();
            class = BoardClass::new(rows, cols, masks).unwrap();
        }
        if class.board_count().to_u64().unwrap() > 20_000 {
            continue;
        }
        let all = brute_force(&class, 1);
        let best = all.iter().map(|s| s.score).max().unwrap_or(0);
        let target = (best * 3 / 4).max(1);
        let expect = brute_force(&class, target);
        for (switch, shallow, budget) in settings {
            let mut b = OrderlyBreaker::new(enable2k(), target);
            b.set_switch(switch);
            b.set_shallow(shallow);
            b.set_memory_budget(budget);
            let got = broken(&mut b, &class);
            let setting = format!("switch {switch} shallow {shallow} budget {budget}");
            assert_eq!(got, expect, "class {class} target {target} {setting}");
            assert_eq!(
                b.stats().boards_done(),
                class.board_count().to_f64(),
                "{class} {setting}"
            );
        }
        checked += 1;
        with_survivors += usize::from(!expect.is_empty());
    }
    assert!(checked >= 30, "only {checked} classes were small enough");
    assert!(with_survivors >= 15, "only {with_survivors} had survivors");
}

/// Lists where one set of letters spells 16 words, or more (every ordering of `rates` and
/// `lanes`): small entries tell at most 16 apart, so the breaker falls back to bigger ones.
/// Both must equal brute force.
#[test]
fn lists_with_many_anagrams_break_like_brute_force() {
    fn orderings(word: &str) -> Vec<String> {
        if word.len() <= 1 {
            return vec![word.to_string()];
        }
        let mut out = Vec::new();
        for (i, c) in word.char_indices() {
            let rest = format!("{}{}", &word[..i], &word[i + 1..]);
            out.extend(orderings(&rest).into_iter().map(|o| format!("{c}{o}")));
        }
        out
    }
    let mut rng = Rng::new(1651);
    for keep in [16, 120] {
        let mut words = orderings("rates");
        words.truncate(keep);
        words.extend(orderings("lanes").into_iter().take(keep));
        words.extend(["tea", "eat", "sat", "net", "lane", "rest"].map(String::from));
        let dict = Arc::new(Dictionary::from_bytes(words.join("\n").as_bytes()).unwrap());
        let mut with_survivors = 0;
        for round in 0..8 {
            let (rows, cols) = [(3, 3), (3, 4)][round % 2];
            // Mostly one letter a cell, each letter once (`rates` in the top left): then the
            // bound of a board is its exact score, and one that counted two anagrams on the
            // same cells as one would fall below it.
            let letters = b"ratesnlbcdfg";
            let masks = (0..rows * cols)
                .map(|c| {
                    let extra = if rng.below(4) == 0 {
                        b"aelnrst"[rng.below(7)]
                    } else {
                        letters[c]
                    };
                    1 << (letters[c] - b'a') | 1 << (extra - b'a')
                })
                .collect();
            let class = BoardClass::new(rows, cols, masks).unwrap();
            let all = brute_force_with(Arc::clone(&dict), &class, 1);
            let best = all.iter().map(|s| s.score).max().unwrap_or(0);
            let target = best.max(1);
            let expect = brute_force_with(Arc::clone(&dict), &class, target);
            let got = broken(&mut OrderlyBreaker::new(Arc::clone(&dict), target), &class);
            assert_eq!(
                got, expect,
                "{keep} anagrams, class {class} target {target}"
            );
            with_survivors += usize::from(best > 1);
        }
        assert!(
            with_survivors >= 4,
            "only {with_survivors} classes spell words"
        );
    }
}

/// A 3x4 class of 2^12 boards around the best 3x4 board: every board reaching 1500 is found,
/// exactly as scoring all of them finds, and perslatesind (1651) is the best.
#[test]
fn a_3x4_class_around_perslatesind_gives_the_brute_force_survivors() {
    let class = BoardClass::parse(
        "{p,b} {e,a} {r,l} {s,t} / {l,r} {a,e} {t,s} {e,i} / {s,r} {i,e} {n,t} {d,s}",
        None,
    )
    .unwrap();
    assert_eq!(class.board_count().to_u64(), Some(4096));
    let expect = brute_force(&class, 1500);
    assert!(expect.len() >= 2, "{expect:?}");
    let best = expect.iter().max_by_key(|s| s.score).unwrap();
    assert_eq!((best.score, best.board.as_str()), (1651, "perslatesind"));
    for (switch, shallow) in [(0.0, 3), (2.0, 3), (2.0, 1), (f64::INFINITY, 3)] {
        let mut b = OrderlyBreaker::new(enable2k(), 1500);
        b.set_switch(switch);
        b.set_shallow(shallow);
        let got = broken(&mut b, &class);
        assert_eq!(got, expect, "switch {switch} shallow {shallow}");
    }
    let mut plain = Breaker::new(enable2k(), 1500);
    assert_eq!(broken(&mut plain, &class), expect);
}

/// A 3x4 class around `perslatesind` under shrinking memory budgets: the same boards each
/// time, the trees never past the budget, and the smaller budgets split the class.
#[test]
fn the_memory_budget_bounds_the_trees_and_never_the_boards() {
    let class = BoardClass::parse(
        "{p,b,c,d} {e,a,i,o} {r,l,n,s} {s,t,r,n} / {l,r,n,t} {a,e,i,o} {t,s,r,l} {e,i,a,o} / \
         {s,r,t,n} {i,e,a,o} {n,t,r,s} {d,s,t,r}",
        None,
    )
    .unwrap();
    let mut whole = OrderlyBreaker::new(enable2k(), 1500);
    let expect = broken(&mut whole, &class);
    assert!(
        expect.iter().any(|s| s.board == "perslatesind"),
        "{expect:?}"
    );
    assert_eq!(whole.stats().bound_evals, 1, "one tree for the class");
    for mib in [12, 4, 1] {
        let budget = mib << 20;
        let mut b = OrderlyBreaker::new(enable2k(), 1500);
        b.set_memory_budget(budget);
        assert_eq!(broken(&mut b, &class), expect, "budget {mib} MiB");
        let peak = b.stats().peak_bytes;
        assert!(peak <= budget as u64, "{mib} MiB: peak {peak}");
        assert!(b.stats().bound_evals > 1, "{mib} MiB: the class is split");
    }
}

/// The published per-position partitions: corners take their own groups, classes are
/// numbered the same way every time, and ids map back to their classes.
#[test]
fn per_position_partitions_number_their_classes() {
    let p = Partition::parse("aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz")
        .unwrap();
    let s = PartitionClasses::new(p.clone(), 3, 4).unwrap();
    assert_eq!(s.assignments(), 2u64.pow(4) * 3u64.pow(8));
    // Symmetric images of a 3x4 board: 4 symmetries, so a bit over a quarter remain.
    assert!(s.len() > s.assignments() as usize / 4 && s.len() < s.assignments() as usize / 3);
    for i in (0..s.len()).step_by(997) {
        let c = s.class(i);
        for corner in [0, 3, 8, 11] {
            assert!(p
                .groups_for(boggle::breaking::partition::CellKind::Corner)
                .contains(&c.masks()[corner]));
        }
        assert_eq!(s.id_of(&c), Some(i));
    }
    let again = PartitionClasses::new(p, 3, 4).unwrap();
    assert_eq!(again.class(12345).to_string(), s.class(12345).to_string());
}

/// A class most of whose boards reach the target: 262,144 boards of `a`, `e`, `s` and `t`, of
/// which 261,111 score at least 1 (every board counted by brute force below).
fn crowded_class() -> BoardClass {
    BoardClass::parse(&["aest"; 9].join(" "), None).unwrap()
}

/// A search that finds more boards than it keeps stops, says so, and keeps no more than its
/// limit and one group of boards scored together; with room enough it finds every one.
#[test]
fn a_search_stops_past_the_boards_it_keeps() {
    let class = crowded_class();
    let mut solver = Solver::new(enable2k());
    let mut reaching = 0u64;
    class.for_each_board(|b| reaching += u64::from(solver.score(b).unwrap() >= 1));
    assert_eq!(reaching, 261_111);
    let orderly: Box<dyn ClassBreaker> = Box::new(OrderlyBreaker::new(enable2k(), 1));
    for mut breaker in [orderly, Box::new(Breaker::new(enable2k(), 1))] {
        breaker.set_most_found(1000);
        breaker.start(&class).unwrap();
        breaker.run();
        assert!(breaker.is_stopped());
        let kept = breaker.found().len();
        assert!((1001..=1200).contains(&kept), "{kept} boards kept");
        let err = breaker.check_stopped(1).unwrap_err();
        assert_eq!(
            err.to_string(),
            "more than 1,000 boards reach the target 1: raise the target"
        );
        // The limit outlives a reset; a higher one lets the search finish.
        breaker.reset();
        assert!(!breaker.is_stopped());
        breaker.set_most_found(reaching);
        breaker.start(&class).unwrap();
        breaker.run();
        assert!(!breaker.is_stopped() && breaker.check_stopped(1).is_ok());
        assert_eq!(breaker.found().len() as u64, reaching);
    }
}

/// A partition search stops taking classes once its boards pass the limit, and records no class
/// that stopped early.
#[test]
fn a_partition_search_stops_past_the_boards_it_keeps() {
    let search = PartitionClasses::new(Partition::parse("aest").unwrap(), 3, 3).unwrap();
    assert_eq!(search.len(), 1);
    let run = ParallelOptions {
        threads: 1,
        most_found: 1000,
        ..ParallelOptions::new(1)
    };
    let mut records = 0;
    let r = break_partition(
        &search,
        &[0],
        enable2k(),
        &run,
        |_| {
            records += 1;
            ControlFlow::Continue(())
        },
        |_, _| {},
    )
    .expect("threads");
    assert!(r.stats.found > 1000);
    assert_eq!(records, 0, "a class stopped early is not finished");
    // One thread breaks the classes in order: with no room for any board, the first class that
    // finds one stops the search, and only the classes before it are finished.
    let search = PartitionClasses::new(
        Partition::parse("aest bcdfghijklmnopqruvwxyz").unwrap(),
        2,
        2,
    )
    .unwrap();
    let mut one = OrderlyBreaker::new(enable2k(), 1);
    let first = (0..search.len())
        .position(|i| !broken(&mut one, &search.class(i)).is_empty())
        .expect("some class holds a word");
    assert!(
        first + 1 < search.len(),
        "classes follow the first with a board"
    );
    let ids: Vec<usize> = (0..search.len()).collect();
    let run = ParallelOptions {
        most_found: 0,
        ..run
    };
    let mut finished = Vec::new();
    let r = break_partition(
        &search,
        &ids,
        enable2k(),
        &run,
        |c| {
            finished.push(c.id);
            ControlFlow::Continue(())
        },
        |_, _| {},
    )
    .expect("threads");
    assert!(r.stats.found >= 1);
    assert_eq!(finished, (0..first).collect::<Vec<_>>());
}

/// A caller that cannot keep what a run finds (a file it cannot write) stops it at once: no
/// class is handed over after the one it turned down, on one thread or several.
#[test]
fn a_partition_run_stops_when_its_caller_says_so() {
    let search = PartitionClasses::new(
        Partition::parse("aest bcdfghijklmnopqruvwxyz").unwrap(),
        2,
        2,
    )
    .unwrap();
    let ids: Vec<usize> = (0..search.len()).collect();
    assert!(ids.len() > 4);
    for threads in [1, 2] {
        let run = ParallelOptions {
            threads,
            ..ParallelOptions::new(1)
        };
        let mut records = 0;
        let r = break_partition(
            &search,
            &ids,
            enable2k(),
            &run,
            |_| {
                records += 1;
                ControlFlow::Break(())
            },
            |_, _| {},
        )
        .expect("threads");
        assert_eq!(records, 1, "on {threads} threads");
        assert!(r.stats.classes > 0);
    }
}

/// A parallel run's progress counts the class in progress, so one long class shows progress
/// before it ends (and never more than it finally adds up to). The class takes a second or two
/// and updates its progress thousands of times, so the calling thread, which polls all the
/// while, sees it under way even when the test's other threads hold both cores (with a class of
/// 0.4 s it once did not).
#[test]
fn progress_counts_the_class_in_progress() {
    let p = Partition::parse("aeijou bcdfgmpqvwxz hklnrsty, corner:abcdefghijklmnopqrstuvwxyz")
        .unwrap();
    let search = PartitionClasses::new(p, 3, 4).unwrap();
    let class = search.class(50);
    let run = ParallelOptions {
        threads: 1,
        progress_every: std::time::Duration::ZERO,
        ..ParallelOptions::new(1500)
    };
    let mut before_end = 0;
    let mut finished = 0;
    let totals = boggle::breaking::parallel::break_parallel(
        1,
        &|_| class.clone(),
        enable2k(),
        &run,
        |_| {
            finished += 1;
            ControlFlow::Continue(())
        },
        |done, s| {
            if done == 0 {
                before_end = before_end.max(s.classes);
            }
        },
    )
    .expect("threads");
    assert_eq!(finished, 1);
    assert!(totals.classes > 50_000, "a class of many steps: {totals:?}");
    assert!(before_end > 0, "no progress shown before the class ended");
    assert!(before_end <= totals.classes);
}

/// A class of 26 letters on every cell of a 5x5 board: about 2.4e35 boards, far beyond any
/// break.
fn every_letter_5x5() -> BoardClass {
    BoardClass::parse(&["*"; 25].join(" "), None).unwrap()
}

/// A run whose threads could take more memory than the machine gives is refused before it
/// starts, naming both options and what to change, instead of aborting when an allocation
/// fails. Where the machine's memory cannot be read there is nothing to check.
#[test]
fn a_run_asking_for_more_memory_than_the_machine_has_is_refused() {
    let Some((have, _)) = machine_memory() else {
        return;
    };
    let short = check_memory(MAX_THREADS, u32::MAX).unwrap_err();
    assert!(short.need > have && short.have == have, "{short:?}");
    assert_eq!(check_memory(1, MIN_MEMORY_MB), Ok(()));
    let out = common::boggle(
        &[
            "break",
            "--threads",
            "1024",
            "--memory-mb",
            "4294967295",
            "--target",
            "500",
            STREAEDLP_CLASS,
        ],
        "",
    );
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--threads 1024 with --memory-mb 4294967295 can take up to")
            && err.contains("GiB this machine gives (")
            && err.contains("lower --threads or --memory-mb"),
        "{err}"
    );
}

/// A break gives up on a class that passes its limit on forced classes, or that would at the
/// pace it settles boards, with a message saying what to do; a class within the limit is not
/// judged by its pace until it has visited enough to judge by.
#[test]
fn a_break_past_its_node_limit_gives_up_with_what_to_do() {
    let opts = BreakOptions::default();
    assert_eq!(opts.max_nodes, DEFAULT_MAX_NODES);
    let stats = |classes, boards_eliminated| BreakStats {
        classes,
        boards_eliminated,
        ..BreakStats::default()
    };
    // The first 2^24 forced classes are never judged by their pace.
    assert_eq!(
        opts.check_pace(&stats(PACE_AFTER_NODES - 1, 0.0), 1e35),
        Ok(())
    );
    // Past them, a class settled at a pace that would take far too long is given up on.
    let e = opts
        .check_pace(&stats(PACE_AFTER_NODES, 1e16), 2.4e35)
        .unwrap_err();
    assert!(matches!(e, BreakError::TooLong { nodes, .. } if nodes == PACE_AFTER_NODES));
    let text = e.to_string();
    assert!(
        text.starts_with("breaking this class would take about 4.0e26 forced classes, more than its limit of 10,000,000,000,000: after 16,777,216 only 4.2e-18% of its boards are settled.")
            && text.ends_with("Fix some cells to fewer letters, raise the target, or raise the limit (max_nodes)"),
        "{text}"
    );
    // Each front end names the limit its own way, and a partition's class has no cells to fix.
    assert!(
        e.message("--max-nodes", false)
            .ends_with("are settled. Raise the target, or raise the limit (--max-nodes)"),
        "{}",
        e.message("--max-nodes", false)
    );
    // A class at a pace well within the limit goes on.
    assert_eq!(
        opts.check_pace(&stats(PACE_AFTER_NODES, 1e10), 1e12),
        Ok(())
    );
    // The limit itself stops any class.
    let small = BreakOptions {
        max_nodes: 1000,
        ..opts
    };
    assert!(small.check_pace(&stats(1000, 1e12), 1e12).is_err());
    // The largest limit sets none.
    let none = BreakOptions {
        max_nodes: NO_NODE_LIMIT,
        ..opts
    };
    assert_eq!(none.check_pace(&stats(u64::MAX, 0.0), 1e35), Ok(()));

    // A partition run gives up on the class and says which, with what it did until then.
    let search = PartitionClasses::new(
        Partition::parse("aeijou bcdfgmpqvwxz hklnrsty, corner:abcdefghijklmnopqrstuvwxyz")
            .unwrap(),
        3,
        4,
    )
    .unwrap();
    let run = ParallelOptions {
        threads: 1,
        breaker: BreakOptions {
            max_nodes: 10_000,
            ..opts
        },
        ..ParallelOptions::new(1500)
    };
    let r = break_partition(
        &search,
        &[50],
        enable2k(),
        &run,
        |_| ControlFlow::Continue(()),
        |_, _| {},
    )
    .expect("threads");
    let (id, why) = r.given_up.expect("class 50 is given up on");
    assert_eq!(id, 50);
    assert!(r.stats.classes >= 10_000, "{:?}", r.stats);
    let why = why.message("--max-nodes", false);
    assert!(
        why.starts_with("breaking this class passed its limit of 10,000 forced classes")
            && why.ends_with(": raise the target, or raise the limit (--max-nodes)"),
        "{why}"
    );

    // One class on the command line counts its parts together, and stops with the same words.
    let out = common::boggle(
        &[
            "break",
            "--threads",
            "2",
            "--max-nodes",
            "10000",
            "--target",
            "1500",
            "--size",
            "3x4",
            &search.class(50).to_string(),
        ],
        "",
    );
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("passed its limit of 10,000 forced classes with")
            && err.ends_with(
                "fix some cells to fewer letters, raise the target, or raise the \
                 limit (--max-nodes)\n"
            ),
        "{err}"
    );
    // What its parts found before it stopped is printed all the same, and each board is
    // in the class and scores what is printed.
    // A class too big to settle before its limit is first looked at, on any machine, whose
    // boards at the target are too few to reach the most a run keeps.
    let class = "aeiouy bcdfghjklmnpqrstvwxz aeiouy bcdfghjklmnpqrstvwxz aeiouy \
                 bcdfghjklmnpqrstvwxz aeiouy bcdfghjklmnpqrstvwxz aeiouy";
    let out = common::boggle(
        &[
            "break",
            "--threads",
            "2",
            "--max-nodes",
            "1000",
            "--target",
            "150",
            "--size",
            "3x3",
            class,
        ],
        "",
    );
    let err = common::text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("break: stopped: the boards found so far follow")
            && err.contains("passed its limit of 1,000 forced classes"),
        "{err}"
    );
    let class = BoardClass::parse(class, None).unwrap();
    let mut solver = Solver::new(enable2k());
    let printed = common::text(&out.stdout);
    // As many as the totals say were found.
    let found = format!(
        " {} found,",
        boggle::engine::grouped(printed.lines().count())
    );
    assert!(printed.lines().count() > 0 && err.contains(&found), "{err}");
    for line in printed.lines() {
        let (score, board) = line.split_once('\t').expect("score and board");
        let board = boggle::Board::parse(board, None).unwrap();
        let in_class =
            (board.cells().iter().enumerate()).all(|(i, &l)| class.mask(i) >> l & 1 == 1);
        assert!(in_class, "{line}");
        let score: u32 = score.parse().unwrap();
        assert!(
            score >= 50 && solver.score(&board).unwrap() == score,
            "{line}"
        );
    }
    let zero = common::boggle(
        &["break", "--max-nodes", "0", "--target", "9", "a b c d"],
        "",
    );
    assert!(
        common::text(&zero.stderr).contains("--max-nodes 0: must be at least 1"),
        "{}",
        common::text(&zero.stderr)
    );
}

/// Searching a part of a class for its word entries ends a step, so a caller stepping a class
/// far too big for its budget sees its progress and limits between searches rather than never.
#[test]
fn a_parts_search_ends_the_step() {
    let mut b = OrderlyBreaker::new(enable2k(), 3000);
    b.set_memory_budget(16 << 20);
    b.start(&every_letter_5x5()).unwrap();
    for searched in 1..=3 {
        assert!(!b.step(usize::MAX), "a class of 10^35 boards is not done");
        assert_eq!(b.stats().bound_evals, searched);
    }
}

/// A share of boards settled shows its first digits however small it is, so the progress of a
/// huge class moves.
#[test]
fn settled_shares_show_their_first_digits() {
    let cases = [
        (0.0, "0.0%"),
        (0.5, "50.0%"),
        (0.001, "0.1%"),
        (4.2e-5, "0.0042%"),
        (1.7e-20, "1.7e-18%"),
    ];
    for (share, want) in cases {
        assert_eq!(percent(share), want, "{share}");
    }
}

/// What `--memory-mb` keeps a thread's trees to, and how far above it they peak, as its help
/// says: a class split into parts under a small budget stays within [`PEAK_PER_BUDGET`] times
/// it.
#[test]
fn a_threads_trees_peak_within_the_stated_share_of_the_budget() {
    let help = common::text(&common::boggle(&["break", "--help"], "").stdout);
    assert!(
        help.contains(&format!("peak at up to {PEAK_PER_BUDGET} times it")),
        "{help}"
    );
    let budget = 16usize << 20;
    let mut b = OrderlyBreaker::new(enable2k(), 3000);
    b.set_memory_budget(budget);
    b.start(&every_letter_5x5()).unwrap();
    for _ in 0..400 {
        b.step(4096);
    }
    let peak = b.stats().peak_bytes as f64;
    assert!(
        peak > budget as f64 / 2.0,
        "the trees filled the budget: {peak}"
    );
    assert!(peak <= PEAK_PER_BUDGET * budget as f64, "{peak}");
}
