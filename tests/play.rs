//! Rounds against ENABLE2K: the roll's boards, the judge and the review agree with the solver,
//! and `boggle roll` prints what the engine rolls.

mod common;

use boggle::play::{DiceSet, Round, Rules, Verdict};
use boggle::{Board, Solver};
use common::enable2k;

#[test]
fn multiboggle_words_sum_to_the_multiboggle_score() {
    let mut solver = Solver::new(enable2k());
    let best = Board::parse("perslatgsineters", None).unwrap();
    let words = solver.multiboggle_words(&best).unwrap();
    assert_eq!(words.iter().map(|w| w.points).sum::<u32>(), 4732);
    assert_eq!(words.len(), 1045);
    for set in DiceSet::ALL {
        for seed in 0..20 {
            let b = set.roll(seed).board;
            let mb = solver.multiboggle_words(&b).unwrap();
            assert_eq!(
                mb.iter().map(|w| w.points).sum::<u32>(),
                solver.multiboggle_score(&b).unwrap()
            );
            let plain = solver.words(&b).unwrap();
            assert_eq!(mb.len(), plain.len(), "{b}");
        }
    }
}

/// A board's score under a round's rules is the points of the words that count, whether the
/// solver counts it directly (every word counts) or from the words (a longer shortest word),
/// and a round's total is that score.
#[test]
fn the_rules_score_is_the_points_of_the_words_they_count() {
    let mut solver = Solver::new(enable2k());
    for set in DiceSet::ALL {
        for seed in 0..10 {
            let b = set.roll(seed).board;
            for multiboggle in [false, true] {
                for min in 3..=6 {
                    let rules = Rules::new(min, multiboggle).unwrap();
                    let counted = rules.counted(&mut solver, &b).unwrap();
                    assert!(counted.iter().all(|w| w.word.len() >= min));
                    let score = rules.score(&mut solver, &b).unwrap();
                    assert_eq!(counted.iter().map(|w| w.points).sum::<u32>(), score);
                    let round = Round::new(&mut solver, b.clone(), rules).unwrap();
                    assert_eq!(round.total(), score, "{b} {min} {multiboggle}");
                    // The listing shows each counted word once, with its standard points.
                    let listed = rules.words(&mut solver, &b).unwrap();
                    assert_eq!(listed.len(), counted.len());
                    assert!(listed
                        .iter()
                        .all(|w| w.points == boggle::engine::scoring::points(w.word.len())));
                }
            }
        }
    }
}

#[test]
fn every_word_of_a_round_is_accepted_and_the_review_misses_the_rest() {
    let dict = enable2k();
    let mut solver = Solver::new(dict.clone());
    for (seed, min_letters) in [(1, 3), (2, 4), (3, 5)] {
        let rules = Rules {
            min_letters,
            multiboggle: seed == 2,
        };
        let round = Round::new(&mut solver, DiceSet::Big.roll(seed).board, rules).unwrap();
        assert!(!round.words().is_empty());
        for w in round.words() {
            assert!(w.word.len() >= min_letters);
            match round.judge(&dict, &w.word.to_uppercase()) {
                Verdict::Accepted { word, points, path } => {
                    assert_eq!((word.as_str(), points), (w.word.as_str(), w.points));
                    assert_eq!(round.board().spell(&path), w.word);
                }
                v => panic!("{} judged {v:?}", w.word),
            }
        }
        let half: Vec<&str> = round
            .words()
            .iter()
            .step_by(2)
            .map(|w| w.word.as_str())
            .collect();
        let review = round.review(&dict, &half);
        assert_eq!(review.found.len(), half.len());
        assert_eq!(
            review.found.len() + review.missed.len(),
            round.words().len()
        );
        assert_eq!(
            review.score + review.missed.iter().map(|w| w.points).sum::<u32>(),
            round.total()
        );
        assert!(review
            .missed
            .iter()
            .all(|w| !half.contains(&w.word.as_str())));
    }
}

#[test]
fn words_of_the_list_off_the_board_are_told_from_non_words() {
    let dict = enable2k();
    let mut solver = Solver::new(dict.clone());
    let round = Round::new(
        &mut solver,
        Board::parse("perslatgsineters", None).unwrap(),
        Rules::default(),
    )
    .unwrap();
    assert!(matches!(
        round.judge(&dict, "replasters"),
        Verdict::Accepted { points: 11, .. }
    ));
    assert_eq!(round.judge(&dict, "zebra"), Verdict::NotOnBoard);
    assert_eq!(round.judge(&dict, "pelst"), Verdict::NotAWord);
}

#[test]
fn the_cli_rolls_what_the_engine_rolls() {
    for set in DiceSet::ALL {
        let out = common::boggle(&["roll", "--dice", set.name(), "--seed", "7"], "");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.trim(), set.roll(7).board.to_string());
    }
    let out = common::boggle(&["roll", "--dice", "6x6", "--seed", "7", "--json"], "");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["board"], DiceSet::SuperBig.roll(7).board.to_string());
    assert_eq!(v["die"].as_array().unwrap().len(), 36);
    assert_eq!(v["dice"], "6x6");
    let bad = common::boggle(&["roll", "--dice", "3x3", "--seed", "1"], "");
    assert!(!bad.status.success());
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(
        err.starts_with("boggle: ") && err.contains("not a dice set"),
        "{err}"
    );
}
